import GRDB

/// A search of the replica: the needle folded once, and the SQL that finds it.
///
/// Matches what ``CommentsKit/CommentSearch/Pattern`` matches — a substring, ignoring
/// case and accents, surrounding spaces ignored — over the content, author name, email,
/// URL and IP. A needle of three characters or more (after folding) is looked up in the
/// trigram index; a shorter one cannot be (every trigram index entry is three characters
/// long), so it is a scan of the folded text with `instr`, which is exact on folded text
/// where `LIKE` would fold ASCII case only and treat `%` and `_` as wildcards.
package struct ReplicaSearchQuery: Sendable, Hashable {
    /// The needle, folded as the index is (``SearchFolding``).
    let folded: String

    /// The search for `needle`; nil when it is empty or only spaces (nothing to narrow by).
    package init?(_ needle: String) {
        let folded = SearchFolding.fold(needle.trimmingCharacters(in: .whitespaces))
        guard !folded.isEmpty else { return nil }
        self.folded = folded
    }

    /// Whether the trigram index can answer it (three characters or more).
    package var usesIndex: Bool { folded.unicodeScalars.count >= 3 }

    /// Matching comment ids, newest id first.
    var sql: String {
        if usesIndex {
            return "SELECT rowid FROM comment_search WHERE comment_search MATCH ? ORDER BY rowid DESC"
        }
        // The scan reads FTS5's own copy of the text (its `_content` table: id, then the
        // columns as c0…c4) as a plain table: going through the virtual table costs a
        // call per column per row.
        let anyColumn = (0..<5).map { "instr(c\($0), ?1) > 0" }.joined(separator: " OR ")
        return "SELECT id FROM comment_search_content WHERE \(anyColumn) ORDER BY id DESC"
    }

    var arguments: StatementArguments {
        // In an FTS5 query a string in double quotes is one phrase taken literally (its
        // quotes doubled); with the trigram tokenizer a phrase matches as a substring.
        usesIndex ? ["\"" + folded.replacingOccurrences(of: "\"", with: "\"\"") + "\""] : [folded]
    }
}
