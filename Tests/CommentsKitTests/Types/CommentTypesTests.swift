import Testing
import Foundation
import Flux
import MockREST
@testable import CommentsKit

/// Comment types as wp-admin has them (issue 28): comments and pings (pingbacks,
/// trackbacks) are listed, counted and moderated together; every request names the types it
/// means, one a request, and never `type=all`, which brings the block editor's notes.
@MainActor
@Suite struct CommentTypesTests {
    /// The list requests the mock received (`GET /wp/v2/comments?…`), as sent.
    func listTargets(_ fixture: StoreFixture) -> [String] {
        fixture.server.requestLog.filter { $0.method == "GET" && $0.route == .listComments }.map(\.target)
    }

    /// Holds the site's queries of comments and of pings, as the interface does, and loads
    /// every page of both.
    func loadedInFull(_ fixture: StoreFixture) async throws -> [Receipt] {
        let pings = CommentsQuery(site: fixture.site, kind: .pings)
        let receipts = [fixture.comments.query(pings), try await fixture.loadAll()]
        _ = try await fixture.comments.state { state in
            fixture.query.everyKind.allSatisfy { state.fetch($0).phase == .loaded && !state.fetch($0).hasMore }
                && state.fetch(pings).pagesLoaded > 0
        }
        return receipts
    }

    @Test func aCommentKindTellsCommentsFromPingsAndKnowsNoNote() {
        #expect(CommentKind.comments.contains(.comment))
        #expect(!CommentKind.comments.contains(.pingback))
        #expect(CommentKind.pings.contains(.pingback) && CommentKind.pings.contains(.trackback))
        #expect(CommentKind.allCases.allSatisfy { !$0.contains(.note) })
        #expect(CommentType(wordPress: "") == .comment)
        #expect(CommentType(wordPress: "note") == .note)
        #expect(CommentType(wordPress: "review") == .other("review"))
    }

    @Test func aSitesListHoldsItsPingsBesideItsComments() async throws {
        let fixture = try StoreFixture(commentsPerSite: 200)
        let receipt = try await loadedInFull(fixture)
        let onSite = try #require(fixture.server.comments(site: fixture.site)).filter { $0.type != "note" }
        #expect(onSite.contains { $0.type == "pingback" || $0.type == "trackback" }, "the mock's seed has pings")
        let loaded = Set(fixture.siteComments.allEntries.filter { !$0.isLocal }.map(\.id))
        #expect(loaded == Set(onSite.map(\.id)))
        let pings = fixture.siteComments.allEntries.filter { $0.commentType.isPing }
        #expect(pings.count == onSite.filter { $0.type != "comment" }.count)
        _ = receipt
    }

    @Test func everyListRequestOfALoadACountAndAnEmptyNamesItsTypeAndNeverAll() async throws {
        let fixture = try StoreFixture(commentsPerSite: 200)
        fixture.dispatcher.dispatch(CommentsAction.countStatuses(site: fixture.site))
        let receipt = try await loadedInFull(fixture)
        fixture.dispatcher.dispatch(CommentsAction.countToEmpty(site: fixture.site, status: .spam))
        _ = try await fixture.comments.state { !($0.counts[fixture.site]?.isAsking ?? true) }
        let targets = listTargets(fixture)
        #expect(!targets.isEmpty)
        for target in targets {
            #expect(target.contains("type=comment") || target.contains("type=pings"), "\(target)")
            #expect(!target.contains("type=all"), "\(target)")
        }
        #expect(targets.contains { $0.contains("type=pings") })
        _ = receipt
    }

    @Test func theTypeGroupCountsCommentsAndPingsAndNarrowsTheList() async throws {
        let fixture = try StoreFixture(commentsPerSite: 200)
        let receipt = try await loadedInFull(fixture)
        fixture.dispatcher.dispatch(FilterAction.showSite(fixture.site))
        // With no Status filter on, the list is approved and pending, as are the counts.
        let shown = fixture.siteComments.allEntries.filter { !$0.isLocal && ($0.status == .approved || $0.status == .hold) }
        let group = try #require(fixture.filters.state.group(.type))
        #expect(group.filters.map(\.title) == ["Comments", "Pings"])
        #expect(fixture.filters.state.filter(.kind(.comments))?.count == shown.filter { $0.commentType == .comment }.count)
        #expect(fixture.filters.state.filter(.kind(.pings))?.count == shown.filter { $0.commentType.isPing }.count)
        #expect(fixture.filters.state.filter(.kind(.pings))?.isLowerBound == false, "every page of both kinds is in")
        fixture.dispatcher.dispatch(FilterAction.toggle(.kind(.pings)))
        let visible = fixture.visible.rows(site: fixture.site)
        #expect(!visible.isEmpty)
        #expect(visible.allSatisfy { fixture.siteComments[$0.id]?.commentType.isPing == true })
        #expect(FilterCriterion(key: FilterCriterion.kind(.pings).key) == .kind(.pings))
        _ = receipt
    }

    @Test func emptyTrashAndEmptySpamCountWhatTheirStatusCountShowsPingsIncluded() async throws {
        let fixture = try StoreFixture(commentsPerSite: 200)
        fixture.dispatcher.dispatch(CommentsAction.countStatuses(site: fixture.site))
        _ = try await fixture.comments.state { $0.statusCounts(of: fixture.site) != nil && !($0.counts[fixture.site]?.isAsking ?? true) }
        let counts = try #require(fixture.comments.state.statusCounts(of: fixture.site))
        let onSite = try #require(fixture.server.comments(site: fixture.site)).filter { $0.type != "note" }
        for status in [CommentStatus.spam, .trash] {
            fixture.dispatcher.dispatch(CommentsAction.countToEmpty(site: fixture.site, status: status))
            let answer = try await fixture.log.first(CommentsAction.self) {
                if case .countedToEmpty(_, status, .success) = $0 { return true } else { return false }
            }
            guard case .countedToEmpty(_, _, .success(let count)) = answer else { Issue.record("no count"); continue }
            #expect(count == counts[status], "the question's number is the \(status) count")
            #expect(count == onSite.filter { $0.status.rawValue == status.rawValue }.count)
        }
    }
}
