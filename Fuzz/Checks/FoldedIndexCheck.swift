import Foundation
import CommentsKit

/// A site searched through its folded-text index (``FoldedTexts``, kept up to date page by
/// page and edit by edit, folded whole or in part) finds, row for row, what a plain scan
/// of each comment's text, author name and URL finds with the same folding as the search
/// target (``SearchCheck/plainFolded(_:)``) (issue 29; the fuzzing twin of
/// `aSiteSearchedThroughItsFoldedTextsFindsWhatThePlainScanFinds`).
///
/// The input: a byte giving how many slots a partial update folds at most (0–40), a byte
/// giving how many of the texts make the first page and how long a needle taken from the
/// first text is, then fields split at NUL bytes (UTF-8, invalid bytes as U+FFFD): the
/// needle, the author names (split at `|`), then up to 50 texts. The first page is folded,
/// then a second page arrives with edits of texts already folded (every fifth from the
/// second on takes the second page's first text), and both needles are searched three
/// ways: through the index folded in part, folded whole, and without an index.
enum FoldedIndexCheck {
    static func run(_ input: [UInt8]) throws(FuzzViolation) {
        guard input.count >= 2 else { return }
        let limit = Int(input[0]) % 41
        let split = Int(input[1])
        let fields = input.dropFirst(2).split(separator: 0, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        let needle = fields.first ?? ""
        let authors = fields.count > 1 ? fields[1].split(separator: "|").map(String.init) : []
        let texts = Array(fields.dropFirst(2).prefix(50))
        let firstCount = texts.isEmpty ? 0 : split % texts.count + 1
        let first = Array(texts.prefix(firstCount)), second = Array(texts.dropFirst(firstCount))

        var site = SiteComments()
        var index = FoldedTexts()
        site.merge(comments(first, authors: authors, firstID: 1))
        index.update(from: site)
        var edited = comments(first, authors: authors, firstID: 1)
        for position in edited.indices where position % 5 == 1 { edited[position].contentHTML = second.first ?? "" }
        site.merge(comments(second, authors: authors, firstID: 1_000) + edited)

        let fromText = String((first.first ?? "").prefix(split % 30 + 1))
        for needle in [needle, fromText] {
            guard let pattern = CommentSearch.Pattern(needle) else { continue }
            let expected = plainRows(of: site, matching: needle)
            let shown = TerminalSafety.show(needle)
            var partial = index
            partial.update(from: site, foldingAtMost: limit)
            let throughPartial = site.rows(matching: pattern, folded: partial)
            try require(throughPartial == expected, "\(shown), index folded in part (\(limit)): \(throughPartial), the plain scan \(expected)")
            var whole = index
            whole.update(from: site)
            let throughWhole = site.rows(matching: pattern, folded: whole)
            try require(throughWhole == expected, "\(shown), index folded whole: \(throughWhole), the plain scan \(expected)")
            let withoutIndex = site.rows(matching: pattern)
            try require(withoutIndex == expected, "\(shown), no index: \(withoutIndex), the plain scan \(expected)")
        }
    }

    /// Comments of one site, some replies, some with an author URL, authors taken in turn.
    static func comments(_ texts: [String], authors: [String], firstID: Int) -> [CommentsKit.Comment] {
        texts.enumerated().map { index, text in
            CommentsKit.Comment(
                id: firstID + index, post: 1, parent: index % 3 == 2 ? firstID + index - 1 : 0,
                authorName: authors.isEmpty ? "anon" : authors[index % authors.count],
                authorURL: index % 4 == 0 ? "https://example.com/\(index)" : "",
                date: Date(timeIntervalSinceReferenceDate: Double(firstID + index) * 60),
                contentHTML: text)
        }
    }

    /// The site's rows the plain way: each entry's fields, folded and scanned.
    static func plainRows(of site: SiteComments, matching needle: String) -> [Bool] {
        let folded = SearchCheck.plainFolded(needle.trimmingCharacters(in: .whitespaces)).filter { $0 != 0 }
        return site.allEntries.map { entry in
            [entry.text, entry.authorName, entry.authorURL, entry.facts?.email ?? "", entry.facts?.ip ?? ""]
                .contains { SearchCheck.contains(folded, in: SearchCheck.plainFolded($0)) }
        }
    }
}
