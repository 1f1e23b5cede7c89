import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Carries one answer of ``MockServer`` to its URLProtocol's client, after the injected latency,
/// on the queue URLSession expects, unless the load was cancelled first.
///
/// Why the queue matters: swift-corelibs-foundation keeps each session's task registry (the
/// tasks and their completion behaviours, plain dictionaries) with the note "This must
/// **only** be accessed on the owning session's work queue", and its URLProtocol client reads
/// that registry in `urlProtocol(_:didReceive:…)`, `urlProtocol(_:didLoad:)` and
/// `urlProtocolDidFinishLoading(_:)`. Its own protocols call the client on the task's work
/// queue, where `startLoading()` and `stopLoading()` are called too. Calling the client from a
/// queue of our own raced with the session adding and removing other tasks (a SIGSEGV in
/// `URLSession.behaviour(for:)`, issue 17) and with cancellation (an answer handed over while
/// a cancel completed the task: "Trying to access a behaviour for a task that in not in the
/// registry"), so on Linux every answer goes out from inside `startLoading()`:
/// - without latency, at once, in the first `startLoading()`;
/// - with latency, a timer marks the answer ready, then suspends and resumes the task. That is
///   public API, and corelibs answers it with `stopLoading()` then `startLoading()` on the work
///   queue (`URLSessionTask.suspend()`/`resume()`); the second `startLoading()` hands the ready
///   answer over. Neither does anything once the task is cancelling or completed, so a cancel
///   that wins the race leaves the answer unsent and corelibs reports the cancellation itself.
///
/// On Darwin the client may be called from any thread, so the timer hands the answer over
/// directly. The URLProtocol itself cannot be Sendable (Foundation forbids it), so this
/// lock-guarded holder is what crosses threads; it drops the protocol once done, which breaks
/// the protocol → holder → protocol cycle.
final class PendingDelivery: @unchecked Sendable {
    /// Where the answer is.
    private enum Stage {
        /// The timer runs (nil before it is scheduled).
        case waiting(DispatchWorkItem?)
        /// The timer fired; the next `startLoading()` hands it over (Linux).
        case ready(Result<MockResponse, URLError>)
        /// Handed over or dropped.
        case over
    }

    private let lock = NSLock()
    private var target: URLProtocol?
    private var stage = Stage.waiting(nil)

    /// Timers of answers with latency share this queue; nothing blocks a thread while waiting.
    /// Serial on purpose: on Linux a due answer holds its thread for a moment in `suspend()` and
    /// `resume()` (each a `sync` onto the task's work queue); a concurrent queue let a burst of
    /// due answers tie up dozens of GCD threads at once, here one thread at a time waits.
    private static let queue = DispatchQueue(label: "parley.mockrest.delivery")

    init(_ target: URLProtocol) {
        self.target = target
    }

    /// Called from the first `startLoading()`: hands `outcome` over at once when `delay` is
    /// zero, else when the delay is over.
    func deliver(_ outcome: Result<MockResponse, URLError>, after delay: Duration) {
        guard delay > .zero else {
            handOver(outcome)
            return
        }
        deliverLater(outcome, after: delay)
    }

    /// Whether the load still waits for an answer: false once it was cancelled (or timed
    /// out). A request cancelled before the server's thread got to it never reached the
    /// server, as one cancelled before it left the client.
    var isAwaited: Bool {
        lock.withLock {
            if case .over = stage { return false }
            return true
        }
    }

    /// Has the timer make `outcome` due `delay` after now (at once for zero), unless the load
    /// was stopped for good meanwhile; on Linux it goes out through a restart of the load.
    /// The way for an answer with latency, and for any answer made outside `startLoading()`
    /// (on the mock's serving thread).
    func deliverLater(_ outcome: Result<MockResponse, URLError>, after delay: Duration) {
        let work = DispatchWorkItem { [self] in answerIsDue(outcome) }
        let scheduled = lock.withLock {
            guard case .waiting = stage else { return false }
            stage = .waiting(work)
            return true
        }
        guard scheduled else { return }
        Self.queue.asyncAfter(deadline: .now() + Self.interval(delay), execute: work)
    }

    /// Called from every later `startLoading()`: hands over an answer the timer made ready.
    /// Nothing to do if the timer has not fired yet (someone else suspended and resumed the
    /// task): it will still restart the load when it does.
    func startLoadingAgain() {
        let outcome: Result<MockResponse, URLError>? = lock.withLock {
            guard case .ready(let outcome) = stage else { return nil }
            return outcome
        }
        if let outcome { handOver(outcome) }
    }

    /// `stopLoading()`: on a cancel (or timeout, which is a cancel) the answer must never reach
    /// the client. On Linux a suspension, the timer's own included, also stops the load; then
    /// the answer is kept for the `startLoading()` that follows the resume.
    func stop() {
        #if canImport(FoundationNetworking)
        if let task = lock.withLock({ target?.task }), !Self.isEnding(task) { return }
        #endif
        drop()
    }

    /// Forgets the answer and the protocol; stops the timer.
    private func drop() {
        let work: DispatchWorkItem? = lock.withLock {
            defer { stage = .over; target = nil }
            guard case .waiting(let work) = stage else { return nil }
            return work
        }
        work?.cancel()
    }

    /// The timer fired.
    private func answerIsDue(_ outcome: Result<MockResponse, URLError>) {
        #if canImport(FoundationNetworking)
        let (isDue, task) = lock.withLock { () -> (Bool, URLSessionTask?) in
            guard case .waiting = stage else { return (false, nil) }  // dropped meanwhile
            stage = .ready(outcome)
            return (true, target?.task)
        }
        guard isDue else { return }
        guard let task else {
            // A protocol made without a task (tests drive it directly): nobody restarts it.
            handOver(outcome)
            return
        }
        // Back onto the task's work queue: corelibs stops and restarts the load there. Both
        // calls do nothing once the task is cancelling or completed.
        task.suspend()
        task.resume()
        // A cancel that reached the task while it was suspended calls no `stopLoading()` (the
        // load was already stopped) and, cancelled, it is never restarted: nobody would take
        // the ready answer, and this holder would keep the protocol, so the task and its
        // session, alive for good (the cycle protocol → holder → protocol). Drop it.
        if Self.isEnding(task) { drop() }
        #else
        handOver(outcome)
        #endif
    }

    /// Hands `outcome` to the client, once; nothing once the task is cancelling, because
    /// corelibs then reports the cancellation itself right after `stopLoading()`.
    private func handOver(_ outcome: Result<MockResponse, URLError>) {
        guard let target = lock.withLock({ () -> URLProtocol? in
            defer { self.target = nil; stage = .over }
            return self.target
        }) else { return }
        if let task = target.task, Self.isEnding(task) { return }
        guard let client = target.client else { return }
        switch outcome {
        case .failure(let error):
            client.urlProtocol(target, didFailWithError: error)
        case .success(let response):
            guard let url = target.request.url,
                  let http = HTTPURLResponse(url: url, statusCode: response.status, httpVersion: "HTTP/1.1",
                                             headerFields: response.headers)
            else {
                client.urlProtocol(target, didFailWithError: URLError(.badServerResponse))
                return
            }
            client.urlProtocol(target, didReceive: http, cacheStoragePolicy: .notAllowed)
            if !response.body.isEmpty { client.urlProtocol(target, didLoad: response.body) }
            client.urlProtocolDidFinishLoading(target)
        }
    }

    /// A cancelled task is `.canceling` from the moment its cancel reaches the work queue.
    private static func isEnding(_ task: URLSessionTask) -> Bool {
        let state = task.state
        return state == .canceling || state == .completed
    }

    private static func interval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(Int(min(seconds, Int64(Int.max / 1_000_000_000 - 1))) * 1_000_000_000
            + Int(attoseconds / 1_000_000_000))
    }
}
