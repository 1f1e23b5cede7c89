import Testing
import Foundation
import Flux
import FluxTesting
import MockREST
@testable import CommentsKit

@MainActor
@Suite struct AnnotationFilterStoreTests {
    /// A fixture with every comment of one site loaded and the filters showing it.
    static func loaded(persistence: (any FilterStorage)? = nil) async throws -> (StoreFixture, Receipt) {
        let fixture = try StoreFixture(commentsPerSite: 80, persistence: persistence)
        let receipt = try await fixture.loadAll()
        fixture.dispatcher.dispatch(FilterAction.showSite(fixture.site))
        return (fixture, receipt)
    }

    /// Brute force: how many loaded comments pass every group and the search, with
    /// `state`'s selection — the definition the one-pass count must agree with.
    static func bruteCount(_ fixture: StoreFixture, _ state: FilterState, toggling criterion: FilterCriterion? = nil) -> Int {
        var state = state
        if let criterion, let g = state.groups.firstIndex(where: { $0.id == criterion.group }),
           let f = state.groups[g].filters.firstIndex(where: { $0.id == criterion }) {
            // Facet count: this filter alone in its group, the other groups as they are.
            for i in state.groups[g].filters.indices { state.groups[g].filters[i].isEnabled = i == f }
        }
        let matcher = CommentMatcher(state: state, now: fixture.clock.date, calendar: utcCalendar)
        let site = fixture.siteComments
        return site.rows.filter { row in
            guard let entry = site[row.id], !entry.isBeingDeleted else { return false }
            return matcher.matches(entry, row: row)
        }.count
    }

    static var utcCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }

    @Test func aToggleTestsEveryCommentOnceForTheCountsAndTheList() async throws {
        let (fixture, receipt) = try await Self.loaded()
        _ = fixture.visible.rows(site: fixture.site)
        let passes = fixture.filters.rowMasks.computeCount
        fixture.dispatcher.dispatch(FilterAction.toggle(.status(.spam)))
        let rows = fixture.visible.rows(site: fixture.site)
        #expect(fixture.filters.rowMasks.computeCount == passes + 1)
        #expect(rows.count == fixture.filters.state.matchCount)
        _ = receipt
    }

    @Test func groupsAreBuiltFromTheSitesComments() async throws {
        let (fixture, receipt) = try await Self.loaded()
        let state = fixture.filters.state
        #expect(state.groups.map(\.id) == [.status, .thread, .author, .post, .date, .type])
        #expect(state.group(.type)?.filters.map(\.title) == ["Comments", "Pings"])
        #expect(state.group(.status)?.filters.map(\.title) == ["Approved", "Pending", "Spam", "Trash"])
        #expect(state.group(.thread)?.filters.map(\.title) == ["Top-level", "Replies", "Needs reply"])
        #expect(state.group(.date)?.filters.map(\.title) == ["Today", "Last 7 days", "Older"])
        let authors = try #require(state.group(.author)?.filters)
        #expect(authors.last?.id == .otherAuthors)
        #expect(authors.count == AnnotationFilterStore.listedAuthorCount + 1)
        let counts = authors.dropLast().map(\.count)
        #expect(counts.first ?? 0 > 1, "authors repeat in the seed data")
        #expect(!(state.group(.post)?.filters.isEmpty ?? true))
        #expect(!state.isFiltering)
        _ = receipt
    }

    @Test func withNothingOnTheListShowsApprovedAndPendingOnly() async throws {
        let (fixture, receipt) = try await Self.loaded()
        let expected = fixture.siteComments.allEntries.filter { [.approved, .hold].contains($0.status) }.count
        #expect(fixture.filters.state.matchCount == expected)
        #expect(fixture.visible.rows(site: fixture.site).count == expected)
        _ = receipt
    }

    @Test func togglingSpamShowsOnlySpamAndMarksFiltering() async throws {
        let (fixture, receipt) = try await Self.loaded()
        fixture.dispatcher.dispatch(FilterAction.toggle(.status(.spam)))
        let state = fixture.filters.state
        #expect(state.isFiltering)
        #expect(state.filter(.status(.spam))?.isEnabled == true)
        let rows = fixture.visible.rows(site: fixture.site)
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { fixture.siteComments[$0.id]?.status == .spam })
        #expect(state.matchCount == rows.count)
        fixture.dispatcher.dispatch(FilterAction.toggle(.status(.spam)))
        #expect(!fixture.filters.state.isFiltering)
        _ = receipt
    }

    @Test func filtersInAGroupCombineWithOrAndGroupsWithAnd() async throws {
        let (fixture, receipt) = try await Self.loaded()
        fixture.dispatcher.dispatch(FilterAction.toggle(.status(.spam)))
        fixture.dispatcher.dispatch(FilterAction.toggle(.status(.trash)))
        let either = fixture.siteComments.allEntries.filter { [.spam, .trash].contains($0.status) }.count
        #expect(fixture.filters.state.matchCount == either)
        fixture.dispatcher.dispatch(FilterAction.toggle(.topLevel))
        let both = fixture.siteComments.allEntries.filter { [.spam, .trash].contains($0.status) && $0.parent == 0 }.count
        #expect(fixture.filters.state.matchCount == both)
        _ = receipt
    }

    @Test func countsAreFacetCountsForEveryFilterUnderManySelections() async throws {
        let (fixture, receipt) = try await Self.loaded()
        var random = SplitMix64(seed: 42)
        for _ in 0..<12 {
            let all = fixture.filters.state.groups.flatMap(\.filters)
            let pick = all[random.below(all.count)]
            fixture.dispatcher.dispatch(FilterAction.toggle(pick.id))
            let state = fixture.filters.state
            for filter in state.groups.flatMap(\.filters) {
                #expect(filter.count == Self.bruteCount(fixture, state, toggling: filter.id), "count of \(filter.id) with \(state.enabled)")
            }
            #expect(state.matchCount == Self.bruteCount(fixture, state))
        }
        _ = receipt
    }

    @Test func needsReplyTurnsSpamAndTrashOff() async throws {
        let (fixture, receipt) = try await Self.loaded()
        fixture.dispatcher.dispatch(FilterAction.toggle(.status(.spam)))
        fixture.dispatcher.dispatch(FilterAction.toggle(.status(.trash)))
        fixture.dispatcher.dispatch(FilterAction.toggle(.status(.hold)))
        fixture.dispatcher.dispatch(FilterAction.toggle(.needsReply))
        let state = fixture.filters.state
        #expect(state.enabled == [.status(.hold), .needsReply])
        #expect(fixture.visible.rows(site: fixture.site).allSatisfy { row in
            fixture.siteComments[row.id]?.status == .hold && !row.hasReplies
        })
        _ = receipt
    }

    @Test func clearAllAndResetToDefaults() async throws {
        let (fixture, receipt) = try await Self.loaded()
        fixture.dispatcher.dispatch(FilterAction.toggle(.replies))
        fixture.dispatcher.dispatch(FilterAction.setSearch("the"))
        fixture.dispatcher.dispatch(FilterAction.selectGroup(.thread))
        fixture.dispatcher.dispatch(FilterAction.clearAll)
        #expect(fixture.filters.state.enabled.isEmpty)
        #expect(fixture.filters.state.searchText.isEmpty)
        #expect(!fixture.filters.state.isFiltering)
        #expect(fixture.filters.state.selectedGroup == .thread, "clearing keeps the panel where it is")
        fixture.dispatcher.dispatch(FilterAction.resetToDefaults)
        #expect(fixture.filters.state.selectedGroup == nil)
        _ = receipt
    }

    @Test func searchMatchesAuthorAndTextIgnoringCaseAndAccents() async throws {
        let (fixture, receipt) = try await Self.loaded()
        let author = try #require(fixture.siteComments.allEntries.first { $0.status == .approved }?.authorName)
        fixture.dispatcher.dispatch(FilterAction.setSearch(author.uppercased()))
        #expect(fixture.filters.state.isFiltering)
        let rows = fixture.visible.rows(site: fixture.site)
        #expect(rows.contains { fixture.siteComments[$0.id]?.authorName == author })
        fixture.dispatcher.dispatch(FilterAction.setSearch("zzzz-no-such-text-zzzz"))
        #expect(fixture.visible.rows(site: fixture.site).isEmpty)
        #expect(fixture.filters.state.matchCount == 0)
        _ = receipt
    }

    @Test func typingAndErasingASearchAgreesWithAFullScanAtEveryKey() async throws {
        let (fixture, receipt) = try await Self.loaded()
        let typed = ["t", "th", "the", "ther", "the", "th", "tH", "T", "", "na", "naï", "naïv"]
        for text in typed {
            fixture.dispatcher.dispatch(FilterAction.setSearch(text))
            let state = fixture.filters.state
            #expect(state.matchCount == Self.bruteCount(fixture, state), "after typing “\(text)”")
            #expect(fixture.visible.rows(site: fixture.site).count == state.matchCount)
        }
        _ = receipt
    }

    @Test func countsFollowTheCommentsInTheSameDispatch() async throws {
        let (fixture, receipt) = try await Self.loaded()
        let before = try #require(fixture.filters.state.filter(.status(.trash))?.count)
        let target = try #require(fixture.entry { $0.status == .approved })
        fixture.dispatcher.dispatch(CommentsAction.trash(site: fixture.site, id: target.id))
        #expect(fixture.filters.state.filter(.status(.trash))?.count == before + 1)
        try await fixture.settled()
        _ = receipt
    }

    @Test func aReplyWhoseParentIsFilteredOutIsShownOutOfContext() async throws {
        let (fixture, receipt) = try await Self.loaded()
        fixture.dispatcher.dispatch(FilterAction.toggle(.replies))
        let rows = fixture.visible.rows(site: fixture.site)
        #expect(!rows.isEmpty)
        for row in rows where row.depth == 0 {
            #expect(row.isOutOfContext, "a reply shown without its (top-level) parent")
        }
        _ = receipt
    }

    @Test func theVisibleListIsMemoised() async throws {
        let (fixture, receipt) = try await Self.loaded()
        let first = fixture.visible.rows(site: fixture.site)
        let computed = fixture.visible.computeCount
        _ = fixture.visible.rows(site: fixture.site)
        fixture.dispatcher.dispatch(FilterAction.selectGroup(.status))
        _ = fixture.visible.rows(site: fixture.site)
        #expect(fixture.visible.computeCount == computed + 1, "panel state is part of FilterState; a new state recomputes once")
        _ = fixture.visible.rows(site: fixture.site)
        #expect(fixture.visible.computeCount == computed + 1)
        fixture.dispatcher.dispatch(FilterAction.toggle(.status(.spam)))
        #expect(fixture.visible.rows(site: fixture.site) != first)
        _ = receipt
    }

    @Test func filtersPersistPerSiteAcrossRestarts() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-filters-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let persistence = FilterPersistence(directory: directory)
        do {
            let (fixture, receipt) = try await Self.loaded(persistence: persistence)
            fixture.dispatcher.dispatch(FilterAction.toggle(.status(.spam)))
            fixture.dispatcher.dispatch(FilterAction.toggle(.needsReply))
            fixture.dispatcher.dispatch(FilterAction.selectGroup(.thread))
            fixture.filters.flushSaves()
            _ = receipt
        }
        let (restarted, receipt) = try await Self.loaded(persistence: persistence)
        #expect(restarted.filters.state.enabled == [.needsReply])
        #expect(restarted.filters.state.selectedGroup == .thread)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(leftovers == [persistence.file(for: restarted.site).lastPathComponent], "one file per site, no temporary files left")
        _ = receipt
    }

    @Test func aDamagedFiltersFileMeansDefaults() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-filters-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let persistence = FilterPersistence(directory: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let fixture = try StoreFixture(persistence: persistence)
        try Data("{ not json".utf8).write(to: persistence.file(for: fixture.site))
        fixture.dispatcher.dispatch(FilterAction.showSite(fixture.site))
        #expect(fixture.filters.state.enabled.isEmpty)
    }
}
