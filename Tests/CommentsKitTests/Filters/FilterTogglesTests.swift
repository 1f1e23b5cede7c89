import Testing
import Foundation
import Flux
import FluxTesting
@testable import CommentsKit

/// The filter toggles as the app wires them: ``AnnotationFilterStore`` following
/// ``CommentsStore`` on one dispatcher, tested together with `TestStores`, so each toggle's
/// every change is asserted — which filters are on, every facet count and the order the
/// panel lists authors and posts in, the save it asks for — and that the comments store
/// does not change. Six comments imported by hand, a fixed clock: no mock, no waiting.
@MainActor
@Suite struct FilterTogglesTests {
    let site: SiteID = "site-1"
    let dispatcher = Dispatcher()
    let comments: CommentsStore
    let filters: AnnotationFilterStore

    /// Noon (UTC) of a fixed day: "today" holds the comments of the last 12 hours.
    nonisolated static let now = Date(timeIntervalSinceReferenceDate: 86_400 * 9_000 + 43_200)
    static let hour: TimeInterval = 3_600
    static let day: TimeInterval = 86_400

    /// Two approved (one a reply to the other), one pending, two spam, one in the trash;
    /// by Ann, Bob and Cy, two each; on posts 10 and 20.
    static let site: [CommentsKit.Comment] = [
        comment(1, post: 10, by: "Ann", .approved, age: 1 * hour),
        comment(2, post: 10, parent: 1, by: "Bob", .approved, age: 2 * day),
        comment(3, post: 20, by: "Ann", .hold, age: 10 * day),
        comment(4, post: 20, by: "Cy", .spam, age: 3 * hour),
        comment(5, post: 10, by: "Cy", .spam, age: 20 * day),
        comment(6, post: 20, by: "Bob", .trash, age: 1 * day),
    ]

    static func comment(
        _ id: Int, post: Int, parent: Int = 0, by author: String, _ status: CommentStatus, age: TimeInterval
    ) -> CommentsKit.Comment {
        CommentsKit.Comment(id: id, post: post, parent: parent, authorName: author, date: now.addingTimeInterval(-age),
                            contentHTML: "<p>Comment \(id)</p>", status: status)
    }

    init() {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? utc.timeZone
        comments = CommentsStore(sites: [], dispatcher: dispatcher)
        filters = AnnotationFilterStore(comments: comments, dispatcher: dispatcher, persistence: MemoryFilterStorage(),
                                        now: { Self.now }, calendar: utc)
        dispatcher.dispatch(CommentsImported(site: site, comments: Self.site))
        dispatcher.dispatch(FilterAction.showSite(site))
    }

    @Test func togglingOneStatusThenAnotherChangesTheFiltersAndEveryCount() async {
        // Nothing on: approved and pending (1, 2, 3) are shown and counted.
        let shown = filters.state
        #expect(!shown.isFiltering && shown.matchCount == 3)
        #expect(shown.counts(.status) == [.status(.approved): 2, .status(.hold): 1, .status(.spam): 2, .status(.trash): 1])
        #expect(shown.counts(.thread) == [.topLevel: 2, .replies: 1, .needsReply: 2])
        #expect(shown.counts(.author) == [.author("Ann"): 2, .author("Bob"): 1, .author("Cy"): 0, .otherAuthors: 0])
        #expect(shown.counts(.post) == [.post(10): 2, .post(20): 1])
        #expect(shown.counts(.date) == [.today: 1, .lastSevenDays: 2, .older: 1])
        #expect(shown.counts(.type) == [.kind(.comments): 3, .kind(.pings): 0])

        let stores = TestStores(comments, filters)
        // Spam on: the spam (4, 5) is shown, and every other group counts within it. A
        // status's own count does not change (a facet counts as if its group were
        // only it); Cy, with both, now leads the authors.
        await stores.send(FilterAction.toggle(.status(.spam))) {
            $0[filters].turn(.status(.spam), on: true)
            $0[filters].isFiltering = true
            $0[filters].matchCount = 2
            $0[filters].show(.thread, [.topLevel: 2, .replies: 0, .needsReply: 2])
            $0[filters].show(.author, [.author("Cy"): 2, .author("Ann"): 0, .author("Bob"): 0, .otherAuthors: 0])
            $0[filters].show(.post, [.post(10): 1, .post(20): 1])
            $0[filters].show(.date, [.today: 1, .lastSevenDays: 1, .older: 1])
            $0[filters].show(.type, [.kind(.comments): 2, .kind(.pings): 0])
            $0[filters].requestedSaves[site] = saved([.status(.spam)])
        }
        // Trash on too: spam or trash (4, 5, 6); Bob's trashed comment joins, post 20 leads.
        await stores.send(FilterAction.toggle(.status(.trash))) {
            $0[filters].turn(.status(.trash), on: true)
            $0[filters].matchCount = 3
            $0[filters].show(.thread, [.topLevel: 3, .replies: 0, .needsReply: 3])
            $0[filters].show(.author, [.author("Cy"): 2, .author("Bob"): 1, .author("Ann"): 0, .otherAuthors: 0])
            $0[filters].show(.post, [.post(20): 2, .post(10): 1])
            $0[filters].show(.date, [.today: 1, .lastSevenDays: 2, .older: 1])
            $0[filters].show(.type, [.kind(.comments): 3, .kind(.pings): 0])
            $0[filters].requestedSaves[site] = saved([.status(.spam), .status(.trash)])
        }
        // Needs reply turns spam and trash off again: back to approved and pending without
        // replies (2, 3), and the status counts now count within "needs reply".
        await stores.send(FilterAction.toggle(.needsReply)) {
            $0[filters].turn(.needsReply, on: true)
            $0[filters].turn(.status(.spam), on: false)
            $0[filters].turn(.status(.trash), on: false)
            $0[filters].matchCount = 2
            $0[filters].show(.status, [.status(.approved): 1, .status(.hold): 1, .status(.spam): 2, .status(.trash): 1])
            $0[filters].show(.thread, [.topLevel: 2, .replies: 1, .needsReply: 2])
            $0[filters].show(.author, [.author("Ann"): 1, .author("Bob"): 1, .author("Cy"): 0, .otherAuthors: 0])
            $0[filters].show(.post, [.post(10): 1, .post(20): 1])
            $0[filters].show(.date, [.today: 0, .lastSevenDays: 1, .older: 1])
            $0[filters].show(.type, [.kind(.comments): 2, .kind(.pings): 0])
            $0[filters].requestedSaves[site] = saved([.needsReply])
        }
        await stores.finish()
    }

    @Test func aToggleOfAFilterTheSiteDoesNotListChangesNothing() async {
        let stores = TestStores(comments, filters)
        await stores.send(FilterAction.toggle(.author("Dee")))
        await stores.finish()
    }

    private func saved(_ enabled: [FilterCriterion]) -> FilterPersistence.Saved {
        FilterPersistence.Saved(enabled: enabled.map(\.key).sorted(), selectedGroup: nil)
    }
}

extension FilterState {
    /// The count each filter of `group` shows, in the panel's order.
    func counts(_ group: FilterGroupID) -> PanelCounts {
        PanelCounts(shown: (self.group(group)?.filters ?? []).map { ($0.id, $0.count) })
    }

    /// Turns `criterion` on or off, where the panel lists it.
    mutating func turn(_ criterion: FilterCriterion, on: Bool) {
        guard let g = groups.firstIndex(where: { $0.id == criterion.group }),
              let f = groups[g].filters.firstIndex(where: { $0.id == criterion }) else { return }
        groups[g].filters[f].isEnabled = on
    }

    /// Lists `group`'s filters in the order of `counts`, each showing its count there.
    mutating func show(_ group: FilterGroupID, _ counts: KeyValuePairs<FilterCriterion, Int>) {
        guard let g = groups.firstIndex(where: { $0.id == group }) else { return }
        let filters = groups[g].filters
        groups[g].filters = counts.compactMap { criterion, count in
            guard var filter = filters.first(where: { $0.id == criterion }) else { return nil }
            filter.count = count
            return filter
        }
    }
}

/// A group's filters in the panel's order with the count each shows, written as a
/// dictionary literal (whose order it keeps).
struct PanelCounts: Equatable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    let shown: [(criterion: FilterCriterion, count: Int)]

    init(shown: [(criterion: FilterCriterion, count: Int)]) {
        self.shown = shown
    }

    init(dictionaryLiteral elements: (FilterCriterion, Int)...) {
        shown = elements.map { ($0, $1) }
    }

    static func == (lhs: PanelCounts, rhs: PanelCounts) -> Bool {
        lhs.shown.map(\.criterion) == rhs.shown.map(\.criterion) && lhs.shown.map(\.count) == rhs.shown.map(\.count)
    }

    var description: String {
        shown.map { "\($0.criterion.key): \($0.count)" }.joined(separator: ", ")
    }
}
