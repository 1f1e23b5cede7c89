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
///
/// The fold off the main actor is an effect of the filter store, like any other work: the
/// memo only says which fold it wants (``takeFoldRequest()``), the reducer returns it as a
/// `.run` (``FoldRequest/effect``), and the folded texts come back in an action
/// (``FilterAction/searchTextsFolded(_:)``) that hands them here (``receive(_:)``), taken at
/// the next update. A replay runs no effect: its searches scan the slow way, with the same
/// result. Nothing in the filter state depends on the fold, only how fast a search is.
@MainActor
final class SearchMemo {
    /// The most slots folded on the main actor at once: a few pages (~0.3 MB of text, a
    /// few milliseconds); more goes to the background.
    static let inlineFoldLimit = 1_000

    private var revision: Int?
    private var pattern: CommentSearch.Pattern?
    private var matches: [Bool] = []
    private(set) var folded = FoldedTexts()
    /// Where the fold off the main actor stands.
    private var fold = BackgroundFold.idle
    /// A fold that came back, taken at the next update.
    private var foldedInBackground: FoldedTexts?
    /// Who waits for the fold under way to come back (``foldSettled()``).
    private var foldWaiters: [CheckedContinuation<Void, Never>] = []

    /// The fold off the main actor: none wanted, one wanted (the reducer has not taken
    /// it yet), or one asked of an effect and not back yet.
    private enum BackgroundFold {
        case idle
        case wanted(FoldRequest)
        case running
    }

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

    /// The fold the memo wants run off the main actor, if any, for the reducer to return
    /// as an effect; from now on it counts as running, until ``receive(_:)``.
    func takeFoldRequest() -> FoldRequest? {
        guard case .wanted(let request) = fold else { return nil }
        fold = .running
        return request
    }

    /// What a fold off the main actor brought back (``FilterAction/searchTextsFolded(_:)``):
    /// kept to be taken at the next update. Empty when replayed from a recording.
    func receive(_ result: FoldedSearchTexts) {
        if let texts = result.take() { foldedInBackground = texts }
        fold = .idle
        let waiters = foldWaiters
        foldWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    /// Waits for the fold asked of an effect, if one is under way (for tests and the
    /// benchmark: "once the load has settled"); the next ``mask(for:searchText:)`` takes
    /// its result. The caller knows effects run (a replay runs none).
    func foldSettled() async {
        guard case .running = fold else { return }
        await withCheckedContinuation { foldWaiters.append($0) }
    }

    /// Brings ``folded`` up to `site` (consistent with it whatever happens): takes the
    /// background fold's result when it is back, folds a few pages' worth here, and asks
    /// for a larger gap to be folded off the main actor (``takeFoldRequest()``).
    private func prepareFold(for site: SiteComments) {
        if let done = foldedInBackground.take() {
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
        guard case .idle = fold else { return }
        fold = .wanted(FoldRequest(start: folded, site: site))
    }
}

extension Optional {
    /// The value, leaving nil behind: moved out, so the one who takes it holds the only
    /// reference to its buffers, and changing it copies nothing.
    fileprivate mutating func take() -> Wrapped? {
        defer { self = nil }
        return self
    }
}
