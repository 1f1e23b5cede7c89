import Foundation
import GRDB
import CommentsKit

extension Replica {
    /// Stores a page of comments as the site answered it, in one transaction: new ones are
    /// added, known ones replaced (status, content, anything), and the search index follows.
    ///
    /// All or nothing: a kill during the write leaves the replica as it was before.
    package func apply(page: [Comment]) async throws(ReplicaError) {
        guard !page.isEmpty else { return }
        try await writing { db in
            for comment in page { try CommentRow.upsert(comment, in: db) }
        }
    }

    /// Merges the search index's small segments a step at a time (up to `pages` pages
    /// written), in a transaction of its own; returns whether there was anything to merge.
    /// For when the writer is idle: ``ReplicaCache`` calls it while no page waits.
    ///
    /// Each page written adds a small segment to the index and merges nothing (automerge
    /// is off, see ``ReplicaSchema``); once sixteen pile up on one level, FTS5's crisis
    /// merge folds them together inside the next page's transaction, which then took 15–20
    /// ms instead of 4 (`replica.apply_page_100k` p99). Merged here first, they never pile
    /// up. Tiered, unlike ``mergeSearchIndex(pages:)``: it merges only levels holding four
    /// segments or more (FTS5's `usermerge`), so a new page's segment is not merged into
    /// the whole index at once.
    @discardableResult
    package func tidySearchIndex(pages: Int = 64) async throws(ReplicaError) -> Bool {
        try await writing { db in
            let before = db.totalChangesCount
            // A positive 'merge' is FTS5's tiered one; it counts a merge that did work as
            // at least two changes.
            try db.execute(sql: "INSERT INTO comment_search (comment_search, rank) VALUES ('merge', ?)", arguments: [Swift.max(1, pages)])
            return db.totalChangesCount - before >= 2
        }
    }

    /// Removes the comments `ids` (deleted on the site), and their search entries.
    package func remove(ids: [Int]) async throws(ReplicaError) {
        guard !ids.isEmpty else { return }
        try await writing { db in try Self.delete(ids, in: db) }
    }

    /// Removes every comment whose id is not in `ids` (the site was listed in full and
    /// holds only those), and returns how many went.
    @discardableResult
    package func keepOnly(_ ids: Set<Int>) async throws(ReplicaError) -> Int {
        try await writing { db in
            let missing = try Int.fetchAll(db, sql: "SELECT id FROM comment").filter { !ids.contains($0) }
            try Self.delete(missing, in: db)
            return missing.count
        }
    }

    /// Removes every comment dated within `window` whose id is not in `present`, and
    /// returns their ids (newest first).
    ///
    /// `present` is what the site listed for that window (a revalidation walks the site
    /// page by page, newest first; the dates of a page's first and last comments bound
    /// what the site would have shown there), so a comment missing from it is one the site
    /// no longer has.
    @discardableResult
    package func removeMissing(in window: ClosedRange<Date>, present: Set<Int>) async throws(ReplicaError) -> [Int] {
        let bounds = (window.lowerBound.timeIntervalSince1970, window.upperBound.timeIntervalSince1970)
        return try await writing { db in
            let known = try Int.fetchAll(
                db, sql: "SELECT id FROM comment WHERE date BETWEEN ? AND ? ORDER BY date DESC, id DESC",
                arguments: [bounds.0, bounds.1]
            )
            let missing = known.filter { !present.contains($0) }
            try Self.delete(missing, in: db)
            return missing
        }
    }

    /// The site's comments in list order (by date, ties by id; newest first for
    /// ``CommentsKit/SortOrder/desc``), for a first frame before any network answer: all
    /// of them, or the first `limit` (a screenful first, the rest after).
    package func comments(order: CommentsKit.SortOrder = .desc, limit: Int? = nil) async throws(ReplicaError) -> [Comment] {
        let direction = order == .desc ? "DESC" : "ASC"
        let path = path
        return try await reading { db in
            let rows = try Row.fetchCursor(
                db, sql: "SELECT \(CommentRow.selectedColumns) FROM comment ORDER BY date \(direction), id \(direction) LIMIT ?",
                arguments: [limit.map { Swift.max(0, $0) } ?? -1]
            )
            var comments: [Comment] = []
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM comment") ?? 0
            comments.reserveCapacity(limit.map { Swift.min($0, count) } ?? count)
            while let row = try rows.next() { comments.append(try CommentRow.comment(from: row, path: path)) }
            return comments
        }
    }

    /// The comment `id`, or nil when the replica does not have it.
    package func comment(id: Int) async throws(ReplicaError) -> Comment? {
        let path = path
        return try await reading { db in
            try Row.fetchOne(db, sql: "SELECT \(CommentRow.selectedColumns) FROM comment WHERE id = ?", arguments: [id])
                .map { row in try CommentRow.comment(from: row, path: path) }
        }
    }

    /// How many comments the replica holds.
    package func commentCount() async throws(ReplicaError) -> Int {
        try await reading { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM comment") ?? 0 }
    }

    private static func delete(_ ids: [Int], in db: Database) throws {
        let comment = try db.cachedStatement(sql: "DELETE FROM comment WHERE id = ?")
        let search = try db.cachedStatement(sql: "DELETE FROM comment_search WHERE rowid = ?")
        for id in ids {
            try comment.execute(arguments: [id])
            try search.execute(arguments: [id])
        }
    }
}
