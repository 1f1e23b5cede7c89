import Foundation
import Flux

/// The filter toggles over a site's comments, after PlanGrid's AnnotationFilterStore:
/// state = groups of filters + the expanded group + `isFiltering`, changed only by its
/// reducer (``FilterReducer``: one handler per action, one shared step that recomputes
/// the counts), which handles every action after ``CommentsStore``. Nothing outside
/// CommentsKit can write it (`Tests/compile-fail` proves it).
///
/// Filters are saved per site (``FilterStorage``) by effects the reducer returns.
@MainActor
public final class AnnotationFilterStore: FluxStore<FilterState, FilterAction> {
    /// How many of a site's most frequent authors get a toggle of their own.
    public static let listedAuthorCount = 6
    /// How many of a site's most commented posts get a toggle of their own.
    public static let listedPostCount = 8

    /// The search's answer per row, shared by the reducer and the visible list (same
    /// module).
    let searchMemo = SearchMemo()
    /// The filters' answer per row, shared by the reducer and ``VisibleCommentsSelector``.
    let rowMasks = RowMaskMemo()
    private let saves: FilterSaveWriter?

    /// Creates the store over `comments`.
    /// - Parameters:
    ///   - persistence: where filters are saved per site; nil saves nothing.
    ///   - now: the clock for the Date group.
    ///   - scanner: which sites are searched off the main actor, and how.
    public init(
        comments: CommentsStore,
        dispatcher: Dispatcher = .shared,
        persistence: (any FilterStorage)? = nil,
        now: @escaping @Sendable () -> Date = { Date() },
        calendar: Calendar = .current,
        scanner: SearchScanner = .standard
    ) {
        let saves = persistence.map(FilterSaveWriter.init(storage:))
        let reducer = FilterReducer(commentsView: StateView(comments), saves: saves,
                                    now: now, calendar: calendar, searchMemo: searchMemo, rowMasks: rowMasks,
                                    scanner: scanner)
        self.saves = saves
        var initial = FilterState()
        if let persistence {
            for site in comments.state.sites {
                initial.savedAtStart[site.id] = persistence.load(site: site.id)
            }
        }
        super.init(initialState: initial, dispatcher: dispatcher, handling: { state, action in
            reducer.reduce(&state, action)
        })
    }

    /// Per row of `site` (thread order): whether it matches the search text; nil with no
    /// search. The scan the filters made is reused (one per comments revision and text).
    public func searchMatches(in site: SiteComments) -> [Bool]? {
        searchMemo.mask(for: site, filters: state)
    }

    /// Returns once the site's texts folded for the search in the background (after a
    /// large load) are back, so the next search uses them: for tests and benchmarks that
    /// measure a search once the load has settled. At once in a replay, which folds nothing.
    public func searchFoldSettled() async {
        guard dispatcher.effectPolicy == .run else { return }
        await searchMemo.foldSettled()
    }

    /// Writes the newest save asked for of every site, now (before the process exits),
    /// whether or not its effect has run yet.
    public func flushSaves() {
        guard let saves else { return }
        for (site, saved) in state.requestedSaves { saves.write(saved, site: site) }
    }
}
