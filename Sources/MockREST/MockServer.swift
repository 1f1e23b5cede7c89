import Foundation
import BackgroundThread
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An in-memory WordPress site host speaking the `wp/v2/comments` contract, reached through
/// URLSession with ``sessionConfiguration()``.
///
/// Thread-safe: one lock guards the data, the faults and the request log, so any number of
/// requests may run at once. A request is carried out when it arrives and its answer is
/// delivered after the injected latency: a slow list started before a fast delete answers
/// with the data as it was before the delete, which is the race a client must survive.
public final class MockServer: @unchecked Sendable {
    let lock = NSLock()
    var backend: MockBackend
    var faultSettings: MockFaults
    var faultRandom: SplitMix64
    private var log: [MockRequestRecord] = []
    private var counts: [MockRoute: Int] = [:]
    /// Who waits in ``requests(_:reach:)``, and for what.
    private var countWaiters: [(route: MockRoute, count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private let host: String
    /// The sites, fixed at creation.
    public let sites: [MockSite]

    /// The request log keeps this many most recent entries (counts are never capped).
    public static let requestLogCapacity = 10_000

    /// Where requests through ``MockURLProtocol`` are answered: in `parley`, on a thread
    /// niced below its keys, as a real server's work happens on another machine (answering
    /// at the client's priority took a core from the main actor during a load:
    /// `keystroke.move_during_load_100k`); nil elsewhere, where `startLoading()` answers.
    let serving: BackgroundThread?

    /// The thread every server of an interactive program answers on (one for all: hundreds
    /// of threads meeting the same lazy global for the first time hung in the Swift
    /// runtime's `swift_once` under ThreadSanitizer).
    public static let servingBelowKeys = BackgroundThread.belowKeys(name: "parley.mock")

    /// Builds the data of `configuration` and starts answering on its host, on `serving`
    /// when there is one, else in the URLProtocol's `startLoading()`.
    public init(_ configuration: MockConfiguration = .init(), answeringOn serving: BackgroundThread? = MockServer.servingBelowKeys) {
        self.serving = serving
        faultSettings = configuration.faults
        faultRandom = SplitMix64(seed: configuration.faults.seed)
        host = ServerRegistry.shared.claim(configuration.host)
        backend = MockBackend(configuration, host: host)
        sites = backend.sites.map(\.site)
        ServerRegistry.shared.attach(self, to: host)
    }

    deinit {
        ServerRegistry.shared.release(host)
    }

    /// The faults applied to requests from now on. Setting new faults with a different seed
    /// restarts the fault sequence from that seed.
    public var faults: MockFaults {
        get { lock.withLock { faultSettings } }
        set {
            lock.withLock {
                if newValue.seed != faultSettings.seed { faultRandom = SplitMix64(seed: newValue.seed) }
                faultSettings = newValue
            }
        }
    }

    /// An ephemeral configuration whose first protocol class is ``MockURLProtocol``: sessions
    /// made from it reach this server (and other live mock servers) by host, nothing else.
    public func sessionConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [MockURLProtocol.self] + (configuration.protocolClasses ?? [])
        // No URL cache: on Linux a cancel during corelibs' cache lookup traps
        // (``WordPressClient``'s session says why); a mock's answers are never cached anyway.
        configuration.urlCache = nil
        return configuration
    }

    /// Answers a request at once, without latency or faults. The request is logged and counted.
    public func respond(to request: URLRequest) -> MockResponse {
        let incoming = IncomingRequest(request)
        return lock.withLock { serve(incoming) }
    }

    /// Carries out a request under the lock and logs it.
    private func serve(_ incoming: IncomingRequest) -> MockResponse {
        let response = backend.respond(to: incoming)
        record(incoming, status: response.status)
        return response
    }

    func record(_ incoming: IncomingRequest, status: Int?) {
        if let route = incoming.route {
            counts[route, default: 0] += 1
            wakeCountWaiters(on: route)
        }
        if log.count >= Self.requestLogCapacity { log.removeFirst(log.count / 2) }
        log.append(MockRequestRecord(method: incoming.method, target: incoming.target, route: incoming.route, status: status))
    }

    /// The URLProtocol path: faults, then the answer, then the delay. Returns what to deliver
    /// and when; the caller schedules it.
    func handle(_ request: URLRequest) -> (outcome: Result<MockResponse, URLError>, delay: Duration) {
        let incoming = IncomingRequest(request)
        return lock.withLock {
            if incoming.route == .batch { return handleBatch(incoming) }
            switch FaultPlan.draw(faultSettings, route: incoming.route, random: &faultRandom) {
            case .fail(let code, let delay):
                record(incoming, status: nil)
                return (.failure(URLError(code)), delay)
            case .applyThenFail(let code, let delay):
                _ = backend.respond(to: incoming)
                record(incoming, status: nil)
                return (.failure(URLError(code)), delay)
            case .serverError(let delay):
                record(incoming, status: 500)
                return (.success(FaultPlan.serverErrorResponse), delay)
            case .serve(let delay, let malformed):
                let response = serve(incoming)
                return (.success(malformed ? FaultPlan.malformed(response) : response), delay)
            }
        }
    }

    /// How many requests reached `route` (through URLSession or ``respond(to:)``), faults included.
    public func requestCount(_ route: MockRoute) -> Int {
        lock.withLock { counts[route, default: 0] }
    }

    /// Returns once `count` requests have reached `route` (counted as ``requestCount(_:)``
    /// counts them): requests through URLSession are answered on the mock's own thread, so
    /// a test that must know one arrived waits for it here.
    public func requests(_ route: MockRoute, reach count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.withLock {
                if counts[route, default: 0] >= count {
                    continuation.resume()
                } else {
                    countWaiters.append((route, count, continuation))
                }
            }
        }
    }

    /// Resumes the waiters on `route` whose count is reached; called with the lock held.
    private func wakeCountWaiters(on route: MockRoute) {
        let reached = counts[route, default: 0]
        countWaiters.removeAll { waiter in
            guard waiter.route == route, reached >= waiter.count else { return false }
            waiter.continuation.resume()
            return true
        }
    }

    /// All requests counted so far, on every route.
    public var totalRequestCount: Int {
        lock.withLock { counts.values.reduce(0, +) }
    }

    /// The most recent requests, oldest first (at most ``requestLogCapacity``).
    public var requestLog: [MockRequestRecord] {
        lock.withLock { log }
    }

    /// Forgets the log and the counts (the data stays as it is).
    public func resetRequestLog() {
        lock.withLock {
            log.removeAll()
            counts.removeAll()
        }
    }

    /// Snapshots of a site's comments in id order, deleted ones left out; nil for an unknown site.
    /// Regenerates every text, so keep it for test-sized data.
    public func comments(site: String) -> [MockComment]? {
        lock.withLock {
            guard let state = backend.site(site) else { return nil }
            return state.comments.filter { !$0.isDeleted }.map { snapshot($0) }
        }
    }

    /// One comment's snapshot; nil when the site or comment does not exist (or was deleted).
    public func comment(site: String, id: Int) -> MockComment? {
        lock.withLock { backend.site(site)?.comment(id: id).map { snapshot($0) } }
    }

    /// How many comments a site holds, every status, deleted ones left out.
    public func commentCount(site: String) -> Int {
        lock.withLock { backend.site(site)?.comments.reduce(0) { $0 + ($1.isDeleted ? 0 : 1) } ?? 0 }
    }

    /// The posts of a site (the UI shows their titles); empty for an unknown site.
    public func posts(site: String) -> [MockPost] {
        lock.withLock { backend.site(site)?.posts ?? [] }
    }

    /// Adds one comment to every site, as a visitor would write it (approved or held, now
    /// and then a reply), dated `now`: what `--new-every` does on each tick
    /// (``addVisitorComments(every:clock:)``). Returns them, one per site, in site order.
    @discardableResult
    public func addVisitorComments(now: Date = Date()) -> [(site: String, comment: MockComment)] {
        let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
        return lock.withLock {
            backend.sites.indices.map { position in
                let added = backend.addVisitorComment(site: position, now: seconds)
                return (backend.sites[position].site.id, snapshot(added))
            }
        }
    }

    func snapshot(_ comment: StoredComment) -> MockComment {
        let author = backend.authors.authors[comment.authorIndex]
        return MockComment(
            id: comment.id, post: comment.post, parent: comment.parent, author: author.userID,
            authorName: author.name, authorEmail: author.email, authorURL: author.url,
            status: comment.status, content: comment.content.text,
            date: Date(timeIntervalSince1970: TimeInterval(comment.dateGMT)), type: comment.type.rawValue,
            noteStatus: comment.noteStatus
        )
    }
}
