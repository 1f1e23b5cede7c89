import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import BackgroundThread
@testable import MockREST

/// How ``MockURLProtocol`` hands its answers to URLSession: on the queue URLSession expects,
/// once, and never after a cancellation. FoundationNetworking keeps each session's task
/// registry unguarded for its work queue only, so an answer handed over from another queue is
/// a data race (issue 17, defect 4).
@Suite struct ProtocolDeliveryTests {
    /// What one data task ended with.
    private enum Outcome: Equatable {
        case status(Int)
        case failed(Int)
    }

    /// Sends `request` on `session`; cancels the task `cancelAfter` later when given (zero:
    /// right after `resume()`, before the mock may even have seen it).
    private func send(
        _ request: URLRequest, on session: URLSession, cancelAfter: Duration? = nil, tasks: TaskTracker? = nil
    ) async -> Outcome {
        await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            // A second answer for one task would resume the continuation twice and trap.
            let task = session.dataTask(with: request) { _, response, error in
                if let error {
                    continuation.resume(returning: .failed((error as NSError).code))
                } else {
                    continuation.resume(returning: .status((response as? HTTPURLResponse)?.statusCode ?? -1))
                }
            }
            tasks?.track(task)
            task.resume()
            guard let cancelAfter else { return }
            if cancelAfter <= .zero {
                task.cancel()
            } else {
                let microseconds = Int(cancelAfter / .microseconds(1))
                DispatchQueue.global().asyncAfter(deadline: .now() + .microseconds(microseconds)) { task.cancel() }
            }
        }
    }

    private func get(_ server: MockServer, _ route: String) throws -> URLRequest {
        let url = try #require(URL(string: server.sites[0].restBase.absoluteString + route))
        return URLRequest(url: url)
    }

    /// Before the fix this crashed in 10 runs of 13: SIGSEGV in `URLSession.behaviour(for:)` under
    /// `PendingDelivery.deliver` (each fresh session's registry grows, and so reallocates, while
    /// answers read it from the mock's queue), or corelibs' fatal error for a task missing from
    /// the registry (an answer handed over while a cancel completed the task). ThreadSanitizer
    /// does not see this race, since FoundationNetworking is not instrumented: the crash is the
    /// evidence.
    @Test func manyConcurrentRequestsWithRandomLatencyPerSession() async throws {
        let server = smallServer(comments: 20)
        let approved = try #require(server.comments(site: server.sites[0].id)?.filter { $0.status == .approved }.map(\.id))
        try #require(!approved.isEmpty)
        // Lists wait 0–2 ms at random, single comments answer at once: deliveries with and
        // without delay interleave with tasks being added to and removed from the session.
        // Many small sessions rather than one big one: a registry reallocates as it grows.
        server.faults = MockFaults(jitter: .milliseconds(2), routeLatency: [.getComment: .zero], seed: 17)
        let (rounds, perSession) = (30, 60)
        var served = 0
        let tasks = TaskTracker()
        for _ in 0..<rounds {
            server.resetRequestLog()
            let plans = try requestPlans(perSession, server: server, approved: approved)
            let ending = SessionEnding()
            let session = URLSession(configuration: server.sessionConfiguration(), delegate: ending, delegateQueue: nil)
            let outcomes = await withTaskGroup(of: (Int, Outcome).self) { group in
                for (index, plan) in plans.enumerated() {
                    group.addTask { (index, await send(plan.request, on: session, cancelAfter: plan.cancelAfter, tasks: tasks)) }
                }
                var outcomes: [Int: Outcome] = [:]
                for await (index, outcome) in group { outcomes[index] = outcome }
                return outcomes
            }
            #expect(outcomes.count == perSession)
            for (index, plan) in plans.enumerated() {
                let outcome = outcomes[index]
                if plan.cancelAfter == nil {
                    #expect(outcome == .status(200), "request \(index)")
                } else {
                    #expect(outcome == .status(200) || outcome == .failed(URLError.cancelled.rawValue), "request \(index): \(String(describing: outcome))")
                }
            }
            let count = server.requestCount(.listComments) + server.requestCount(.getComment)
            #expect(count <= perSession, "a request answered after a restart is not carried out again")
            #expect(count >= plans.count { $0.cancelAfter == nil })
            served += count
            session.finishTasksAndInvalidate()
            await ending.finished()
        }
        #expect(served > 0)
        // Every task is released once its session is gone: an answer the timer made ready for
        // a task cancelled meanwhile must not keep the protocol, its task and its session alive.
        #expect(await tasks.allReleased(within: .seconds(5)), "tasks still alive: \(tasks.alive)")
    }

    /// `count` GETs, a third of them for single comments; every fourth is cancelled at a random
    /// moment: before the mock sees it, while its answer waits, or as the answer is handed over.
    private func requestPlans(_ count: Int, server: MockServer, approved: [Int]) throws -> [(request: URLRequest, cancelAfter: Duration?)] {
        var random = SystemRandomNumberGenerator()
        return try (0..<count).map { index in
            let route = index.isMultiple(of: 3)
                ? "/wp/v2/comments/\(approved[index % approved.count])"
                : "/wp/v2/comments?per_page=2&page=\(1 + index % 5)"
            let cancelAfter: Duration? = index.isMultiple(of: 4) ? .microseconds(Int.random(in: 0...3_000, using: &random)) : nil
            return (try get(server, route), cancelAfter)
        }
    }

    @Test func aDelayedAnswerArrivesOnceAndTheRequestRunsOnce() async throws {
        let server = smallServer(comments: 10)
        server.faults = MockFaults(latency: .milliseconds(20))
        let request = try get(server, "/wp/v2/comments?per_page=1")
        let ending = SessionEnding()
        let session = URLSession(configuration: server.sessionConfiguration(), delegate: ending, delegateQueue: nil)
        let outcomes = await withTaskGroup(of: Outcome.self) { group in
            for _ in 0..<10 { group.addTask { await send(request, on: session) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        session.finishTasksAndInvalidate()
        await ending.finished()
        #expect(outcomes == Array(repeating: .status(200), count: 10))
        #expect(server.requestCount(.listComments) == 10)
    }

    @Test func cancellingAWaitingAnswerEndsCancelledAndKeepsTheSessionWorking() async throws {
        let server = smallServer(comments: 10)
        server.faults = MockFaults(latency: .seconds(3_600), routeLatency: [.getComment: .zero])
        let request = try get(server, "/wp/v2/comments?per_page=1")
        let id = try #require(server.comments(site: server.sites[0].id)?.first { $0.status == .approved }?.id)
        let second = try get(server, "/wp/v2/comments/\(id)")
        let ending = SessionEnding()
        let session = URLSession(configuration: server.sessionConfiguration(), delegate: ending, delegateQueue: nil)
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            let task = session.dataTask(with: request) { _, response, error in
                continuation.resume(returning: error.map { .failed(($0 as NSError).code) }
                    ?? .status((response as? HTTPURLResponse)?.statusCode ?? -1))
            }
            task.resume()
            // Cancel once the server has carried the request out, so stopLoading drops an
            // answer whose timer is running (an hour: it cannot have fired).
            Task {
                for _ in 0..<100_000 where server.requestCount(.listComments) == 0 { await Task.yield() }
                task.cancel()
            }
        }
        #expect(outcome == .failed(URLError.cancelled.rawValue))
        #expect(server.requestCount(.listComments) == 1)
        #expect(await send(second, on: session) == .status(200))
        session.invalidateAndCancel()
        await ending.finished()
    }

    @Test func anAnswerWithoutLatencyIsHandedOverInsideStartLoading() throws {
        let server = smallServer(comments: 10)
        let client = RecordingClient()
        let url = try #require(URL(string: server.sites[0].restBase.absoluteString + "/wp/v2/comments?per_page=1"))
        let loader = MockURLProtocol(request: URLRequest(url: url), cachedResponse: nil, client: client)
        loader.startLoading()
        // startLoading runs on the task's work queue: answering there, on the same thread and
        // before it returns, is what keeps the client on the queue URLSession expects.
        #expect(client.events == ["response 200", "data", "finished"])
        #expect(client.threads.allSatisfy { pthread_equal($0, pthread_self()) != 0 })
    }

    /// A server with a thread of its own (as in `parley`) answers there, not in
    /// `startLoading()`: with a task, the answer goes out through a restart of the load on
    /// the task's queue, as a delayed one does (the cases above); a protocol without a task
    /// gets it from the delivery queue, once.
    @Test func anAnswerMadeOnTheServersThreadReachesAProtocolWithoutATaskOnce() async throws {
        let thread = BackgroundThread(name: "test.mock", niceness: 0)
        let server = MockServer(MockConfiguration(seed: 7, siteCount: 1, commentsPerSite: 10), answeringOn: thread)
        let client = RecordingClient()
        let url = try #require(URL(string: server.sites[0].restBase.absoluteString + "/wp/v2/comments?per_page=1"))
        let loader = MockURLProtocol(request: URLRequest(url: url), cachedResponse: nil, client: client)
        client.watchingStartLoading { loader.startLoading() }
        await client.finished()
        #expect(client.events == ["response 200", "data", "finished"])
        // Not "on another thread than the test's": on Linux the delivery queue and Swift's
        // concurrency share Dispatch's worker threads, so the test may resume on the very
        // thread that delivered. What matters is that nothing came from inside startLoading.
        #expect(client.eventsInsideStartLoading == [])
        #expect(server.requestCount(.listComments) == 1)
    }

    /// Through a real session too: every answer of a threaded server arrives, each once.
    @Test func aSessionGetsEveryAnswerOfAThreadedServerOnce() async throws {
        let thread = BackgroundThread(name: "test.mock", niceness: 0)
        let server = MockServer(MockConfiguration(seed: 7, siteCount: 1, commentsPerSite: 30), answeringOn: thread)
        let session = URLSession(configuration: server.sessionConfiguration())
        let url = try #require(URL(string: server.sites[0].restBase.absoluteString + "/wp/v2/comments?per_page=5"))
        let outcomes = await withTaskGroup(of: Outcome.self) { group in
            for _ in 0..<20 {
                group.addTask { await send(URLRequest(url: url), on: session) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes == Array(repeating: .status(200), count: 20))
        #expect(server.requestCount(.listComments) == 20)
        session.invalidateAndCancel()
    }
}

/// Records what a URLProtocol tells its client, in order.
private final class RecordingClient: NSObject, URLProtocolClient, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [(event: String, thread: pthread_t)] = []
    private var startLoadingThread: pthread_t?
    private var insideStartLoading: [String] = []

    /// What the client was told, in order.
    var events: [String] { lock.withLock { recorded.map(\.event) } }
    /// The thread of each event.
    var threads: [pthread_t] { lock.withLock { recorded.map(\.thread) } }

    private let (ended, end) = AsyncStream.makeStream(of: Never.self)

    /// The events told from inside `startLoading()` while ``watchingStartLoading(_:)`` ran it.
    var eventsInsideStartLoading: [String] { lock.withLock { insideStartLoading } }

    /// Runs `startLoading` (a call to the protocol's `startLoading()`), noting which events
    /// the protocol tells from inside that call: on its thread, before it returns.
    func watchingStartLoading(_ startLoading: () -> Void) {
        lock.withLock { startLoadingThread = pthread_self() }
        startLoading()
        lock.withLock { startLoadingThread = nil }
    }

    private func record(_ event: String) {
        lock.withLock {
            let thread = pthread_self()
            recorded.append((event, thread))
            if let startLoadingThread, pthread_equal(startLoadingThread, thread) != 0 { insideStartLoading.append(event) }
        }
        if event == "finished" || event.hasPrefix("failed") { end.finish() }
    }

    /// Returns once the protocol has finished or failed.
    func finished() async {
        for await _ in ended {}
    }

    func urlProtocol(_ protocol: URLProtocol, wasRedirectedTo request: URLRequest, redirectResponse: URLResponse) {
        record("redirect")
    }

    func urlProtocol(_ protocol: URLProtocol, cachedResponseIsValid cachedResponse: CachedURLResponse) {
        record("cached")
    }

    func urlProtocol(_ protocol: URLProtocol, didReceive response: URLResponse, cacheStoragePolicy policy: URLCache.StoragePolicy) {
        record("response \((response as? HTTPURLResponse)?.statusCode ?? -1)")
    }

    func urlProtocol(_ protocol: URLProtocol, didLoad data: Data) {
        record("data")
    }

    func urlProtocolDidFinishLoading(_ protocol: URLProtocol) {
        record("finished")
    }

    func urlProtocol(_ protocol: URLProtocol, didFailWithError error: any Error) {
        record("failed \((error as NSError).code)")
    }

    func urlProtocol(_ protocol: URLProtocol, didReceive challenge: URLAuthenticationChallenge) {
        record("challenge")
    }

    func urlProtocol(_ protocol: URLProtocol, didCancel challenge: URLAuthenticationChallenge) {
        record("challenge cancelled")
    }
}

/// Lets a test wait until its session has finished invalidating, so that no session is still
/// being taken apart on FoundationNetworking's queues when the test process ends: LeakSanitizer
/// reported such a half-dismantled session (its task registry, behind a weak-reference side
/// table made by `finishTasksAndInvalidate`) as leaked in about one run in three.
private final class SessionEnding: NSObject, URLSessionDelegate, Sendable {
    private let (ended, end) = AsyncStream.makeStream(of: Never.self)

    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
        end.finish()
    }

    /// Returns once the session has become invalid.
    func finished() async {
        for await _ in ended {}
    }
}

/// Weak references to the tasks a test made, to check that none outlives its session.
private final class TaskTracker: @unchecked Sendable {
    private struct Weak { weak var task: URLSessionTask? }
    private let lock = NSLock()
    private var tracked: [Weak] = []  // guarded by lock

    func track(_ task: URLSessionTask) { lock.withLock { tracked.append(Weak(task: task)) } }

    /// How many tracked tasks are still alive.
    var alive: Int { lock.withLock { tracked.count { $0.task != nil } } }

    /// Whether every tracked task has been released, waiting up to `limit` for the session
    /// queues to finish taking them apart (polling, no sleep: each pass yields).
    func allReleased(within limit: Duration) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while alive > 0 {
            guard ContinuousClock.now < deadline else { return false }
            await Task.yield()
        }
        return true
    }
}
