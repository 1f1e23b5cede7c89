/// Which rows of a site match the search text, remembered between keystrokes.
///
/// The facet counts and the visible list both need the search's answer for every row; the
/// memo computes it once per (comments revision, search text) for both. Typing narrows a
/// search ("na" → "nai"): every match of the longer text also matched the shorter one, so
/// only the previous matches are tested again.
///
/// The site's texts are kept folded (``FoldedTexts``) so a scan does not fold them again at
/// every keystroke, and they are folded before the first search is typed, so no keystroke
/// pays for it (issue 12: at 100,000 comments, folding them all cost the first key a
/// second): each time the comments change, a few pages' worth of new slots are folded on
/// the spot (a page merged while loading), and more than that (a site opened from its
/// replica, another site) is folded off the main actor. Until that fold is back, a search
/// scans the slots it lacks the slow way, with the same result.
@MainActor
final class SearchMemo {
    /// The most slots folded on the main actor at once: a few pages (~0.3 MB of text, a
    /// few milliseconds); more goes to the background.
    static let inlineFoldLimit = 1_000

    private var revision: Int?
    private var pattern: CommentSearch.Pattern?
    private var matches: [Bool] = []
    private(set) var folded = FoldedTexts()
    /// The fold running in the background, if any, and where it leaves its result.
    private var backgroundFold: Task<Void, Never>?
    private let foldedInBackground = Locked<FoldedTexts?>(nil)

    /// One flag per row of `site` (thread order), or nil when there is no search: from
    /// the state's background search when there is one (``BackgroundSearch``), else from a
    /// scan here.
    func mask(for site: SiteComments, filters state: FilterState) -> [Bool]? {
        guard let search = state.backgroundSearch, search.text == state.searchText else {
            return mask(for: site, searchText: state.searchText)
        }
        let key = BackgroundKey(progress: search.progress, revision: site.revision)
        if key == backgroundKey { return backgroundMatches }
        backgroundMatches = site.rows(amongSlots: search.shown, lineage: search.lineage)
        backgroundKey = key
        return backgroundMatches
    }

    /// What a background search's mask was made from: its ticket, how much of it was in,
    /// and the comments it was laid over.
    private struct BackgroundKey: Equatable {
        var progress: BackgroundSearch.Progress, revision: Int
    }
    private var backgroundKey: BackgroundKey?
    private var backgroundMatches: [Bool] = []

    /// One flag per row of `site` (thread order), or nil when there is no search.
    ///
    /// Called for every change of the shown site (the filter store applies itself), so
    /// it also keeps the folded texts up to `site` when there is no search.
    func mask(for site: SiteComments, searchText: String) -> [Bool]? {
        guard let new = CommentSearch.Pattern(searchText) else {
            prepareFold(for: site)
            return nil
        }
        if revision == site.revision, let pattern, pattern == new { return matches }
        let narrowing = revision == site.revision && pattern.map { new.includes($0) } == true && matches.count == site.rows.count
        prepareFold(for: site)
        let result = site.rows(matching: new, among: narrowing ? matches : nil, folded: folded)
        revision = site.revision
        pattern = new
        matches = result
        return result
    }

    /// Waits for the background fold, if one runs (for tests and the benchmark: "once the
    /// load has settled"); the next ``mask(for:searchText:)`` takes its result.
    func foldSettled() async {
        await backgroundFold?.value
    }

    /// Brings ``folded`` up to `site` (consistent with it whatever happens): takes the
    /// background fold's result when it is back, folds a few pages' worth here, and hands
    /// a larger gap to a background fold.
    private func prepareFold(for site: SiteComments) {
        if let done = foldedInBackground.withLock({ result in defer { result = nil }; return result }) {
            backgroundFold = nil
            // Folded from an earlier revision of the site: the update below catches up
            // (or starts over, for another table).
            if done.unfoldedCount(in: site) < folded.unfoldedCount(in: site) {
                folded = done
            }
        }
        guard folded.unfoldedCount(in: site) > Self.inlineFoldLimit else {
            folded.update(from: site)
            return
        }
        // Consistent with the site (changed slots noted), the new slots left for later.
        folded.update(from: site, foldingAtMost: 0)
        guard backgroundFold == nil else { return }
        let start = folded, box = foldedInBackground
        backgroundFold = Task.detached(priority: .utility) {
            var texts = start
            texts.update(from: site)
            box.withLock { $0 = texts }
        }
    }
}
