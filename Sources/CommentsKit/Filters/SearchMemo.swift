/// Which rows of a site match the search text, remembered between keystrokes.
///
/// The facet counts and the visible list both need the search's answer for every row; the
/// memo computes it once per (comments revision, search text) for both. Typing narrows a
/// search ("na" → "nai"): every match of the longer text also matched the shorter one, so
/// only the previous matches are tested again. The site's texts are kept folded
/// (``FoldedTexts``) so a scan does not fold them again at every keystroke.
@MainActor
final class SearchMemo {
    private var revision: Int?
    private var pattern: CommentSearch.Pattern?
    private var matches: [Bool] = []
    private(set) var folded = FoldedTexts()

    /// One flag per row of `site` (thread order), or nil when there is no search.
    func mask(for site: SiteComments, searchText: String) -> [Bool]? {
        guard let new = CommentSearch.Pattern(searchText) else { return nil }
        if revision == site.revision, let pattern, pattern == new { return matches }
        let narrowing = revision == site.revision && pattern.map { new.includes($0) } == true && matches.count == site.rows.count
        folded.update(from: site)
        let result = site.rows(matching: new, among: narrowing ? matches : nil, folded: folded)
        revision = site.revision
        pattern = new
        matches = result
        return result
    }
}
