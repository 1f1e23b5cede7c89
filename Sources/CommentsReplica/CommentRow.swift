import Foundation
import GRDB
import CommentsKit

/// How a ``CommentsKit/Comment`` is stored: the columns of table `comment` and of its
/// search index, and the way back.
enum CommentRow {
    /// The columns read back into a comment, in the order ``comment(from:path:)`` reads them.
    static let selectedColumns = """
        id, post, parent, author, author_name, author_url, date, content_html, content_raw, link, status, type,
        author_email, author_ip, author_user_agent
        """

    static let upsertSQL = """
        INSERT INTO comment (
            id, post, parent, author, author_name, author_url, date,
            content_html, content_raw, content_text, link, status, type,
            author_email, author_ip, author_user_agent
        ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET
            post = excluded.post, parent = excluded.parent, author = excluded.author,
            author_name = excluded.author_name, author_url = excluded.author_url, date = excluded.date,
            content_html = excluded.content_html, content_raw = excluded.content_raw,
            content_text = excluded.content_text, link = excluded.link, status = excluded.status,
            type = excluded.type,
            author_email = CASE WHEN excluded.author_email = '' THEN comment.author_email ELSE excluded.author_email END,
            author_ip = CASE WHEN excluded.author_ip = '' THEN comment.author_ip ELSE excluded.author_ip END,
            author_user_agent = COALESCE(excluded.author_user_agent, comment.author_user_agent)
        """

    static let indexSQL = """
        INSERT INTO comment_search (rowid, content_text, author_name, author_email, author_url, author_ip)
        VALUES (?, ?, ?, ?, ?, ?)
        """

    /// Writes `comment` (and its search entry, folded) into the open transaction of `db`.
    ///
    /// The search entry is rewritten only when its text changed: a revalidation mostly
    /// brings comments back unchanged or with a new status, and an FTS5 rewrite (delete,
    /// tokenize, insert) costs tens of times what the row itself does.
    ///
    /// The entry holds the author's e-mail and IP when the comment brings them (the edit
    /// context, for moderators), as WordPress's own search looks there too; a comment read
    /// without them (the view context) keeps those the entry already holds.
    static func upsert(_ comment: Comment, in db: Database) throws {
        let text = HTMLText.plainText(fromHTML: comment.contentHTML)
        let indexed = try Row.fetchOne(
            try db.cachedStatement(sql: "SELECT content_text, author_name, author_url FROM comment WHERE id = ?"),
            arguments: [comment.id]
        )
        let searchUnchanged = try indexed.map { row in
            try row.decode(String.self, atIndex: 0) == text && row.decode(String.self, atIndex: 1) == comment.authorName
                && row.decode(String.self, atIndex: 2) == comment.authorURL
        } ?? false
        let values: [(any DatabaseValueConvertible)?] = [
            comment.id, comment.post, comment.parent, comment.author, comment.authorName, comment.authorURL,
            comment.date.timeIntervalSince1970, comment.contentHTML, comment.contentRaw, text, comment.link,
            comment.status.rawValue, comment.type,
            // The facts as sent (the index holds them folded); a comment read without them
            // (the view context) leaves those stored in place.
            comment.authorEmail ?? "", comment.authorIP ?? "", comment.authorUserAgent,
        ]
        try db.cachedStatement(sql: upsertSQL).execute(arguments: StatementArguments(values))
        let email = comment.authorEmail.map(SearchFolding.fold), ip = comment.authorIP.map(SearchFolding.fold)
        // The facts indexed already: needed to compare with the comment's, or to keep.
        var indexedFacts: (email: String, ip: String)?
        if indexed != nil, !searchUnchanged || email != nil || ip != nil {
            indexedFacts = try Row.fetchOne(
                try db.cachedStatement(sql: "SELECT author_email, author_ip FROM comment_search WHERE rowid = ?"),
                arguments: [comment.id]
            ).map { row in (try row.decode(String?.self, atIndex: 0) ?? "", try row.decode(String?.self, atIndex: 1) ?? "") }
        }
        let newEmail = email ?? indexedFacts?.email ?? "", newIP = ip ?? indexedFacts?.ip ?? ""
        if searchUnchanged, indexedFacts.map({ $0.email == newEmail && $0.ip == newIP }) ?? true { return }
        if indexed != nil {
            try db.cachedStatement(sql: "DELETE FROM comment_search WHERE rowid = ?").execute(arguments: [comment.id])
        }
        let search: [(any DatabaseValueConvertible)?] = [
            comment.id, SearchFolding.fold(text), SearchFolding.fold(comment.authorName), newEmail,
            SearchFolding.fold(comment.authorURL), newIP,
        ]
        try db.cachedStatement(sql: indexSQL).execute(arguments: StatementArguments(search))
    }

    /// The comment in `row` (selected with ``selectedColumns``); a row that cannot be one
    /// (an unknown status, a wrong type) throws ``ReplicaError/damagedRow(path:reason:)``.
    static func comment(from row: Row, path: String) throws -> Comment {
        let id: Int = try row.decode(atIndex: 0)
        let statusText: String = try row.decode(atIndex: 10)
        guard let status = CommentStatus(rawValue: statusText) else {
            throw ReplicaError.damagedRow(path: path, reason: "comment \(id) has an unknown status")
        }
        var comment = Comment(
            id: id, post: try row.decode(atIndex: 1), parent: try row.decode(atIndex: 2),
            author: try row.decode(atIndex: 3), authorName: try row.decode(atIndex: 4),
            authorURL: try row.decode(atIndex: 5),
            date: Date(timeIntervalSince1970: try row.decode(Double.self, atIndex: 6)),
            contentHTML: try row.decode(atIndex: 7), contentRaw: try row.decode(String?.self, atIndex: 8),
            link: try row.decode(atIndex: 9), status: status, type: try row.decode(atIndex: 11)
        )
        comment.authorEmail = try row.decode(String?.self, atIndex: 12).flatMap { $0.isEmpty ? nil : $0 }
        comment.authorIP = try row.decode(String?.self, atIndex: 13).flatMap { $0.isEmpty ? nil : $0 }
        comment.authorUserAgent = try row.decode(String?.self, atIndex: 14)
        return comment
    }
}
