import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import MockREST

/// Faults only apply on the URLSession path; these tests go through it.
@Suite struct FaultTests {
    private func fetch(_ server: MockServer, _ route: String = "/wp/v2/comments?per_page=2") async -> Result<(Int, Data), URLError> {
        let session = URLSession(configuration: server.sessionConfiguration())
        defer { session.finishTasksAndInvalidate() }
        guard let url = URL(string: server.sites[0].restBase.absoluteString + route) else { return .failure(URLError(.badURL)) }
        do {
            let (data, response) = try await session.data(from: url)
            return .success(((response as? HTTPURLResponse)?.statusCode ?? -1, data))
        } catch let error as URLError {
            return .failure(error)
        } catch {
            return .failure(URLError(.unknown))
        }
    }

    private func outcomes(seed: UInt64) async -> [Int] {
        let server = smallServer(comments: 10)
        server.faults = MockFaults(failureRate: 0.5, seed: seed)
        var statuses: [Int] = []
        for _ in 0..<20 {
            if case .success(let (status, _)) = await fetch(server) { statuses.append(status) }
        }
        return statuses
    }

    @Test func sameSeedSameFaultSequence() async {
        let first = await outcomes(seed: 9)
        let second = await outcomes(seed: 9)
        #expect(first == second)
        #expect(first.contains(500) && first.contains(200))
        #expect(await outcomes(seed: 10) != first)
    }

    @Test func serverErrorHasWordPressBodyAndChangesNothing() async throws {
        let server = smallServer(comments: 10)
        server.faults = MockFaults(failureRate: 1)
        guard case .success(let (status, data)) = await fetch(server) else { Issue.record("no answer"); return }
        #expect(status == 500)
        let body = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(body["code"] as? String == "internal_server_error")
        #expect(server.requestCount(.listComments) == 1)
    }

    @Test func droppedConnectionAndOffline() async {
        let server = smallServer(comments: 10)
        server.faults = MockFaults(failureRate: 1, failureKind: .droppedConnection)
        guard case .failure(let dropped) = await fetch(server) else { Issue.record("expected failure"); return }
        #expect(dropped.code == .networkConnectionLost)
        server.faults = MockFaults(offline: true)
        guard case .failure(let offline) = await fetch(server) else { Issue.record("expected failure"); return }
        #expect(offline.code == .notConnectedToInternet)
        #expect(server.requestCount(.listComments) == 2)
        #expect(server.requestLog.allSatisfy { $0.status == nil })
    }

    @Test func malformedRouteTruncatesJSON() async {
        let server = smallServer(comments: 10)
        server.faults = MockFaults(malformedRoutes: [.listComments])
        guard case .success(let (status, data)) = await fetch(server) else { Issue.record("no answer"); return }
        #expect(status == 200)
        #expect((try? JSONSerialization.jsonObject(with: data)) == nil)
        guard case .success(let (_, usersMe)) = await fetch(server, "/wp/v2/users/me") else { Issue.record("no answer"); return }
        #expect((try? JSONSerialization.jsonObject(with: usersMe)) != nil)
    }

    @Test func latencyDelaysWithoutBlockingAndRouteLatencyOverrides() async {
        let server = smallServer(comments: 10)
        server.faults = MockFaults(latency: .seconds(3), routeLatency: [.usersMe: .zero, .listComments: .milliseconds(500)])
        // The route override wins over the default: users/me (no latency) answers before
        // a post (3 s default) sent at the same moment. Order, not wall-clock bounds, so a
        // busy machine cannot flip it.
        let order = await withTaskGroup(of: String.self) { group in
            group.addTask { _ = await fetch(server, "/wp/v2/posts/1"); return "slow" }
            group.addTask { _ = await fetch(server, "/wp/v2/users/me"); return "fast" }
            var finished: [String] = []
            for await name in group { finished.append(name) }
            return finished
        }
        #expect(order == ["fast", "slow"])
        // Forty slow requests at once all wait together: every one has reached the mock
        // before the first answer comes back (were each to hold a thread for its latency,
        // the later ones would arrive only as earlier ones end). Counted, not timed: under
        // AddressSanitizer on a loaded machine the forty took 11.8 s.
        let clock = ContinuousClock()
        let start = clock.now
        let receivedAtFirstAnswer = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<40 { group.addTask { _ = await fetch(server); return server.requestCount(.listComments) } }
            var first: Int?
            for await count in group where first == nil { first = count }
            return first ?? 0
        }
        #expect(clock.now - start >= .milliseconds(500))
        #expect(receivedAtFirstAnswer == 40)
        #expect(server.requestCount(.listComments) == 40)
    }

    @Test func requestLogRecordsRoutesAndResets() {
        let server = smallServer(comments: 10)
        _ = server.call("GET", "/wp/v2/comments")
        _ = server.call("GET", "/wp/v2/users/me")
        _ = server.call("GET", "/")
        #expect(server.requestCount(.listComments) == 1)
        #expect(server.requestCount(.usersMe) == 1)
        #expect(server.requestLog.count == 3)
        #expect(server.requestLog.last?.route == nil)
        #expect(server.requestLog.first?.target.hasSuffix("/wp-json/wp/v2/comments") == true)
        server.resetRequestLog()
        #expect(server.totalRequestCount == 0 && server.requestLog.isEmpty)
    }
}

@Suite struct FailingRouteTests {
    @Test func failuresCanBeLimitedToWrites() {
        var faults = MockFaults(failureRate: 1)
        faults.failingRoutes = MockRoute.writes
        var random = SplitMix64(seed: 1)
        for route in MockRoute.allCases {
            let plan = FaultPlan.draw(faults, route: route, random: &random)
            switch plan {
            case .serverError: #expect(MockRoute.writes.contains(route), "\(route) failed")
            case .serve: #expect(!MockRoute.writes.contains(route), "\(route) served")
            case .fail, .applyThenFail: Issue.record("no connection failure expected for \(route)")
            }
        }
    }
}
