import Foundation
import Flux
import CommentsKit
import MockREST
import TerminalUI

/// Fresh without `R` (issue 27): what the background refresh of what others change costs a
/// site, and whether keys feel it. Both run the real stores, client and embedded mock; the
/// poll timer and the refresh's ticker sleep on a ``FastClock``, so minutes of polling
/// pass in seconds.
@MainActor
enum SweepBench {
    /// `sweep.requests_per_minute_20k`: the background refresh's requests per minute (the
    /// status check's pages, the rolling re-reads; the poll's own request is beside them)
    /// once a 20,000-comment site is loaded, at the default poll interval (60 s) and budget
    /// (30): one sample per simulated minute from the first poll on.
    static func requestsPerMinute(size: Int, minutes: Int) async -> Measurement {
        let name = "sweep.requests_per_minute_\(Bench.tag(size))"
        let clock = FastClock(speed: 60)
        guard let site = await loadedSite(size: size, clock: clock) else { return Measurement(name: name, unit: "requests", samples: []) }
        var samples: [Double] = []
        var received: [Int] = []
        site.dispatcher.dispatch(CommentsAction.startPolling(site: site.id))
        // The first poll comes a minute in: counted from there.
        try? await clock.sleep(for: .seconds(61))
        for _ in 0..<minutes {
            let sent = site.comments.state.sweeps[site.id]?.requestsSent ?? 0, before = site.server.totalRequestCount
            try? await clock.sleep(for: .seconds(60))
            samples.append(Double((site.comments.state.sweeps[site.id]?.requestsSent ?? 0) - sent))
            received.append(site.server.totalRequestCount - before)
        }
        site.dispatcher.dispatch(CommentsAction.stopPolling)
        progress("\(name) done: \(samples.map { Int($0) }) refresh requests per simulated minute; the site received \(received) (the polls too)")
        return Measurement(name: name, unit: "requests", samples: samples)
    }

    /// `keystroke.move_during_sweep_100k`: while the refresh runs over a loaded
    /// 100,000-comment site (ten times faster than its budget: a tick every 200 ms, each
    /// re-read merging 100 comments, a status check listing every pending, spam and trash
    /// comment at each simulated poll), a cursor move every 20 ms, timed from the byte
    /// written to its frame drawn, as `keystroke.move_during_load_100k` times them.
    static func movesDuringSweep(size: Int, seconds: Int) async -> Measurement {
        let name = "keystroke.move_during_sweep_\(Bench.tag(size))"
        let clock = FastClock(speed: 10)
        guard let site = await loadedSite(size: size, clock: clock) else { return Measurement(name: name, unit: "ms", samples: []) }
        let dispatcher = site.dispatcher
        dispatcher.dispatch(CommentsAction.startPolling(site: site.id))
        let moves = await timedMoves(over: site.comments, showing: site.id, dispatcher: dispatcher) {
            try? await Task.sleep(for: .seconds(seconds))
        }
        dispatcher.dispatch(CommentsAction.stopPolling)
        let sent = site.comments.state.sweeps[site.id]?.requestsSent ?? 0
        progress("\(name) done: \(moves.count) moves while the refresh sent \(sent) requests")
        return Measurement(name: name, unit: "ms", samples: moves)
    }

    /// A mock site of `size` comments, loaded whole through the real client (4 pages in
    /// flight), its login checked and counted, polled every 60 s of `clock`.
    private static func loadedSite(size: Int, clock: FastClock) async -> LoadedSite? {
        let server = MockServer(MockConfiguration(seed: 1, siteCount: 1, commentsPerSite: size))
        guard let mock = server.sites.first,
              let client = try? WordPressClient(restBase: mock.restBase, configuration: server.sessionConfiguration()) else { return nil }
        let dispatcher = Dispatcher()
        let comments = CommentsStore(sites: [SiteConnection(id: mock.id, name: mock.name, client: client)], dispatcher: dispatcher,
                                     pageSize: 100, loadConcurrency: 4, pollInterval: .seconds(60), clock: clock)
        let query = CommentsQuery(site: mock.id)
        let receipt = comments.query(query)
        dispatcher.dispatch(CommentsAction.verifyCredentials(site: mock.id))
        dispatcher.dispatch(CommentsAction.countStatuses(site: mock.id))
        await until(comments) { $0.fetch(query).isComplete && !$0.fetch(query).isLoading || $0.fetch(query).error != nil }
        await until(comments) { $0.currentUsers[mock.id] != nil && $0.counts[mock.id]?.isAsking == false }
        guard comments.state.fetch(query).error == nil else { return nil }
        return LoadedSite(id: mock.id, server: server, dispatcher: dispatcher, comments: comments, receipt: receipt)
    }

    /// A site loaded for a figure, with what keeps it loaded.
    private struct LoadedSite {
        let id: SiteID
        let server: MockServer
        let dispatcher: Dispatcher
        let comments: CommentsStore
        let receipt: Receipt
    }
}

/// A clock whose time passes `speed` times faster than the real one: the bench's minutes
/// of polling in seconds, with the same code the app runs on `ContinuousClock`.
final class FastClock: Clock, Sendable {
    typealias Instant = ContinuousClock.Instant
    private let real = ContinuousClock()
    private let start: ContinuousClock.Instant
    private let speed: Int

    init(speed: Int) {
        self.speed = max(1, speed)
        start = real.now
    }

    var now: Instant { start + (real.now - start) * speed }
    var minimumResolution: Duration { real.minimumResolution }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await real.sleep(until: start + (deadline - start) / speed, tolerance: tolerance)
    }
}
