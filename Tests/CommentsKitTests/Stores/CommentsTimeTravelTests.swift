import FluxTesting
import Testing
import Foundation
import Flux
import MockREST
@testable import CommentsKit

/// Everything ``CommentsStore`` knows is in its state, so a ``RecorderMiddleware`` that
/// puts a state back puts back the requests in flight with it: going back in time is going
/// back.
@MainActor
@Suite struct CommentsTimeTravelTests {
    @Test func aWriteUndoneByTimeTravelIsNotAppliedWhenItsAnswerArrives() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let target = try #require(fixture.entry { $0.status == .approved })
        let recorder = RecorderMiddleware(stores: [fixture.comments])
        fixture.dispatcher.add(recorder)
        fixture.dispatcher.dispatch(CommentsAction.trash(site: fixture.site, id: target.id))
        #expect(fixture.comments.state.writesInFlight == 1)
        // Back to before the trash, while its request is on its way.
        #expect(recorder.back())
        #expect(fixture.comments.state.writesInFlight == 0)
        #expect(await fixture.comments.effectsFinished(timeout: .safetyNet))
        // The site did trash it (the request left); the state travelled back to before the
        // trash, which waits for no write: the answer changes nothing, and counts nothing.
        #expect(fixture.serverStatus(target.id) == .trash)
        #expect(fixture.siteComments[target.id]?.status == .approved)
        #expect(fixture.siteComments[target.id]?.mark == nil)
        #expect(fixture.comments.state.writesInFlight == 0)
        #expect(fixture.comments.state.notice == nil)
        #expect(fixture.comments.state.undoStack.isEmpty)
        _ = receipt
    }

    @Test func forwardAgainWaitsForTheWriteAndTakesItsAnswer() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let target = try #require(fixture.entry { $0.status == .approved })
        let recorder = RecorderMiddleware(stores: [fixture.comments])
        fixture.dispatcher.add(recorder)
        fixture.dispatcher.dispatch(CommentsAction.trash(site: fixture.site, id: target.id))
        #expect(recorder.back())
        #expect(recorder.forward())
        // The restored state waits for the write again: its answer confirms the trash.
        let state = try await fixture.comments.state { $0.writesInFlight == 0 }
        #expect(state.comments(of: fixture.site)[target.id]?.status == .trash)
        #expect(state.comments(of: fixture.site)[target.id]?.mark == nil)
        _ = receipt
    }

    @Test func theRequestsInFlightAreInTheState() async throws {
        let fixture = try StoreFixture()
        let receipt = fixture.comments.query(fixture.query)
        #expect(fixture.comments.state.requests.fetches[fixture.query] != nil, "the page request is in the state")
        _ = try await fixture.comments.state { $0.fetch(fixture.query).phase == .loaded }
        #expect(fixture.comments.state.requests.fetches.isEmpty)
        _ = receipt
    }
}
