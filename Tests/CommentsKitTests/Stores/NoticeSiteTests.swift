import Testing
import Foundation
import Flux
import FluxTesting
import MockREST
@testable import CommentsKit

/// Notices belong to a site and a moment: they carry their site, and a success clears the
/// error it answers.
@MainActor
@Suite struct NoticeSiteTests {
    @Test func aSuccessfulLoadClearsTheLoadErrorOfItsSite() async throws {
        let fixture = try StoreFixture()
        fixture.server.faults.offline = true
        let receipt = try await fixture.load()
        let failed = try #require(fixture.comments.state.notice)
        #expect(failed.message.hasPrefix("Could not load comments:"))
        #expect(failed.site == fixture.site)
        fixture.server.faults.offline = false
        fixture.dispatcher.dispatch(CommentsAction.refresh(fixture.query))
        _ = try await fixture.comments.state { $0.fetch(fixture.query).phase == .loaded }
        #expect(fixture.comments.state.notice == nil, "the error it answered is gone")
        _ = receipt
    }

    @Test func aLoadOfAnotherSiteDoesNotClearTheError() async throws {
        let fixture = try StoreFixture(sites: 2)
        let other = try #require(fixture.server.sites.last).id
        fixture.server.faults.offline = true
        do {
            // Released at once: the failed query is not asked again when the other loads.
            let receipt = try await fixture.load()
            _ = receipt
        }
        fixture.server.faults.offline = false
        let otherReceipt = try await fixture.load(CommentsQuery(site: other))
        #expect(fixture.comments.state.fetch(CommentsQuery(site: other)).phase == .loaded)
        #expect(fixture.comments.state.notice?.message.hasPrefix("Could not load comments:") == true)
        #expect(fixture.comments.state.notice?.site == fixture.site)
        _ = otherReceipt
    }

    @Test func aSuccessfulWriteClearsTheFailureOfTheSameComment() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let target = try #require(fixture.entry { $0.status == .approved })
        fixture.server.faults.failureRate = 1
        fixture.dispatcher.dispatch(CommentsAction.trash(site: fixture.site, id: target.id))
        try await fixture.settled()
        #expect(fixture.comments.state.notice?.topic == .comment(target.id))
        #expect(fixture.comments.state.notice?.kind == .error)
        fixture.server.faults.failureRate = 0
        fixture.dispatcher.dispatch(CommentsAction.trash(site: fixture.site, id: target.id))
        try await fixture.settled()
        #expect(fixture.comments.state.notice?.kind == .info)
        #expect(fixture.comments.state.notice?.site == fixture.site)
        _ = receipt
    }

    @Test func aLoginCheckThatFailsNamesItsSiteAsData() async throws {
        let fixture = try StoreFixture(sites: 2)
        let second = try #require(fixture.server.sites.last)
        fixture.server.faults.offline = true
        fixture.dispatcher.dispatch(CommentsAction.verifyCredentials(site: second.id))
        let state = try await fixture.comments.state { $0.notice != nil }
        #expect(state.notice?.site == second.id)
        #expect(state.notice?.topic == .login)
        fixture.server.faults.offline = false
        fixture.dispatcher.dispatch(CommentsAction.verifyCredentials(site: second.id))
        _ = try await fixture.comments.state { $0.currentUsers[second.id] != nil }
        #expect(fixture.comments.state.notice == nil, "a login check that works clears it")
    }
}
