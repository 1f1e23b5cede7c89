import Foundation
import CommentsKit

/// Everything one frame shows, gathered from the stores: the views are functions of it.
package struct ScreenModel: Sendable {
    /// The interface state.
    package var ui: UIState
    /// The list lines.
    package var rows: [ListRow]
    /// The current site's comments.
    package var comments: SiteComments
    /// Everything the comments store knows (post titles, users, …).
    package var commentsState: CommentsState
    /// The current site.
    package var site: SiteInfo?
    /// Its position among the sites, from 1, and how many there are.
    package var sitePosition: (index: Int, count: Int)
    /// How loading the current site stands.
    package var fetch: FetchState
    /// The filters.
    package var filters: FilterState
    /// The last outcome, in words, if the status bar should show it: news since the site
    /// was shown, named after its site when it is about another one.
    package var notice: Notice?
    /// What `z` would undo next ("trash of Maggie Holloway's comment"), nil when nothing.
    package var nextUndo: String?
    /// Whether anything is loading or being written.
    package var isBusy: Bool
    /// Now, for relative dates.
    package var now: Date
    /// The keys, for the help overlay and the status bar hints.
    package var keyMap: KeyMap
    /// The user's time zone, for dates (UTC unless told).
    package var timeZone: TimeZone = RelativeDate.utc
    /// The styles to draw with (the store's: theme and `[colors]`).
    package var theme: ThemeStyles

    /// Gathers a frame from the stores.
    @MainActor
    package init(store: UIStore, keyMap: KeyMap = .standard, now: Date = Date(), timeZone: TimeZone = RelativeDate.utc) {
        let ui = store.state
        let commentsState = store.comments.state
        self.ui = ui
        rows = store.rows
        comments = ui.site.map { commentsState.comments(of: $0) } ?? SiteComments()
        self.commentsState = commentsState
        let sites = commentsState.sites
        let index = sites.firstIndex { $0.id == ui.site }
        site = index.map { sites[$0] }
        sitePosition = ((index ?? 0) + 1, sites.count)
        var fetch = store.currentQuery.map { commentsState.fetch($0) } ?? FetchState()
        // The site's pings load beside its comments (issue 28): "of N" counts both.
        for query in store.currentQueries where query.kind == .pings {
            let pings = commentsState.fetch(query)
            guard let total = pings.total else { continue }
            fetch.total = (fetch.total ?? 0) + total
            fetch.loadedCount += pings.loadedCount
        }
        self.fetch = fetch
        filters = store.filters.state
        notice = Self.notice(commentsState, ui: ui, sites: sites)
        nextUndo = Self.nextUndo(commentsState, shownSite: ui.site, sites: sites)
        isBusy = commentsState.isBusy
        self.now = now
        self.keyMap = keyMap
        self.timeZone = timeZone
        theme = store.theme
    }

    /// The notice to show: only one newer than the last site switch; one about another
    /// site starts with that site's name.
    static func notice(_ state: CommentsState, ui: UIState, sites: [SiteInfo]) -> Notice? {
        guard let notice = state.notice, notice.sequence > ui.noticeFloor else { return nil }
        guard let site = notice.site, site != ui.site,
              let name = sites.first(where: { $0.id == site })?.name, !notice.message.contains(name) else { return notice }
        return Notice(sequence: notice.sequence, kind: notice.kind, message: "\(name): \(notice.message)",
                      site: notice.site, topic: notice.topic, nextStep: notice.nextStep, detail: notice.detail)
    }

    /// The next undo step in words, with its site's name when it is not the one shown.
    static func nextUndo(_ state: CommentsState, shownSite: SiteID?, sites: [SiteInfo]) -> String? {
        guard let step = state.undoable else { return nil }
        let author = state.comments[step.site]?[step.id].map { TextSanitizer.singleLine($0.authorName) }
        var words = step.describe(author: author)
        if let batch = step.batch {
            // A bulk action is undone whole: "spam of 212 comments".
            let count = state.undoStack.reversed().prefix { $0.batch == batch }.count
            words = "\(step.changeName) of \(count: count) comment\(count == 1 ? "" : "s")"
        }
        guard step.site != shownSite else { return words }
        return words + " on " + (sites.first { $0.id == step.site }?.name ?? step.site)
    }
}
