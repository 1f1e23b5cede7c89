import FluxTesting
import Foundation
import Testing
@testable import CommentsKit
import MockREST

@Suite struct ClientFaultTests {
    @Test func serverErrorsAreRetriedThreeTimesThenReported() async throws {
        let harness = try Harness(faults: MockFaults(failureRate: 1))
        let error = await Harness.error { () async throws(CommentsError) in try await harness.client.list(CommentListRequest()) }
        guard case .http(500, "internal_server_error", let message) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(message?.hasPrefix("There has been a critical error on this website.") == true)
        #expect(message?.contains("<p>") == false)
        #expect(harness.server.requestCount(.listComments) == 3)
    }

    @Test func aRetryCanSucceed() async throws {
        // failureRate 0.5 with this seed fails the first request and serves the second.
        let harness = try Harness(faults: MockFaults(failureRate: 0.5, seed: 4))
        var attempts = 0
        for _ in 0..<10 {
            harness.server.resetRequestLog()
            if (try? await harness.client.list(CommentListRequest(perPage: 1))) != nil,
               harness.server.requestCount(.listComments) > 1 {
                attempts = harness.server.requestCount(.listComments)
                break
            }
        }
        #expect(attempts >= 2)
    }

    @Test func writesAreNeverRetried() async throws {
        let harness = try Harness(faults: MockFaults(failureRate: 1))
        let comment = try #require(harness.first(.approved))
        let error = await Harness.error { () async throws(CommentsError) in try await harness.client.trash(id: comment.id) }
        #expect(error.map { if case .http(500, _, _) = $0 { true } else { false } } == true)
        #expect(harness.server.requestCount(.deleteComment) == 1)
        #expect(harness.server.comment(site: "site-1", id: comment.id)?.status == .approved)
        let reply = await Harness.error { () async throws(CommentsError) in try await harness.client.reply(post: comment.post, parent: 0, content: "x") }
        #expect(reply != nil)
        #expect(harness.server.requestCount(.createComment) == 1)
    }

    @Test func noRetryPolicyTriesOnce() async throws {
        let harness = try Harness(faults: MockFaults(failureRate: 1), retry: .none)
        _ = await Harness.error { () async throws(CommentsError) in try await harness.client.list(CommentListRequest()) }
        #expect(harness.server.requestCount(.listComments) == 1)
    }

    @Test func droppedConnectionIsConnectionLostAfterRetries() async throws {
        let harness = try Harness(faults: MockFaults(failureRate: 1, failureKind: .droppedConnection))
        let error = await Harness.error { () async throws(CommentsError) in try await harness.client.list(CommentListRequest()) }
        #expect(error == .transport(.connectionLost))
        #expect(error?.description == "Could not reach the site: the connection was lost.")
        #expect(harness.server.requestCount(.listComments) == 3)
    }

    @Test func offlineIsOffline() async throws {
        let harness = try Harness(faults: MockFaults(offline: true), retry: .none)
        let error = await Harness.error { () async throws(CommentsError) in try await harness.client.currentUser() }
        #expect(error == .transport(.offline))
    }

    @Test func malformedJSONIsADecodingErrorNamingTheBodyAndRoute() async throws {
        let harness = try Harness(faults: MockFaults(malformedRoutes: [.listComments, .getComment]))
        let error = await Harness.error { () async throws(CommentsError) in try await harness.client.list(CommentListRequest()) }
        guard case .decoding(let field, let detail) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(field == "body")
        #expect(detail.contains("GET /wp/v2/comments"))
        #expect(harness.server.requestCount(.listComments) == 1)  // a 200 is not retried
        let comment = try #require(harness.first(.approved))
        let single = await Harness.error { () async throws(CommentsError) in try await harness.client.comment(id: comment.id) }
        #expect(single.map { if case .decoding = $0 { true } else { false } } == true)
    }

    @Test func timeoutWhenTheServerIsSlowerThanTheClient() async throws {
        // The answer would take a minute; the client gives up after 100 ms. Had it waited for
        // the answer, the list would have succeeded: the timeout error is the proof. (No
        // wall-clock bound: with the machine's load at 12 on 2 cores the runner itself took
        // over a minute to report it.)
        let harness = try Harness(faults: MockFaults(latency: .seconds(60)), timeout: .milliseconds(100), retry: .none)
        let error = await Harness.error { () async throws(CommentsError) in try await harness.client.list(CommentListRequest()) }
        #expect(error == .transport(.timeout))
        #expect(error?.description == "Could not reach the site: the connection timed out.")
    }

    @Test func cancellingTheTaskCancelsTheRequest() async throws {
        // Only the cancel ends the request: its answer would take an hour, and the client
        // waits as long as the safety net of every wait here, once. With the default client
        // (15 s, then a retry) a loaded ThreadSanitizer run could time out between the
        // request's arrival and the cancel.
        let harness = try Harness(faults: MockFaults(latency: .seconds(3600)), timeout: .safetyNet, retry: .none)
        let client = harness.client
        let task = Task { () async throws(CommentsError) -> CommentPage in try await client.list(CommentListRequest()) }
        await harness.server.requests(.listComments, reach: 1)
        task.cancel()
        let result = await task.result
        // Cancelled, not answered: the hour-long answer never reached the caller.
        #expect(throws: CommentsError.cancelled) { try result.get() }
        #expect(harness.server.requestCount(.listComments) == 1)
    }

    @Test func cancelledBeforeStartingSendsNothing() async throws {
        let harness = try Harness()
        let client = harness.client
        let task = Task { () async throws(CommentsError) -> WordPressUser in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.currentUser()
        }
        let result = await task.result
        #expect(throws: CommentsError.cancelled) { try result.get() }
        #expect(harness.server.totalRequestCount == 0)
    }
}
