import Foundation

/// A clock whose time moves only when the test says so: effects sleep on it, the test
/// calls ``advance(by:)``, and exactly the sleeps that are due end. No real waiting.
///
/// A test first waits with ``sleepers(atLeast:)`` until the effect is asleep (the effect
/// runs on its own task), then advances.
///
/// It tells the date too (``date``): code that reads the time of day rather than sleeping
/// (`now: @Sendable () -> Date`) is given `{ clock.date }`, and moves with the same
/// ``advance(by:)``.
public final class TestClock: Clock, @unchecked Sendable {
    // Unchecked: every mutable field is guarded by `lock`.

    /// A point on the test clock: the time advanced since it was made.
    public struct Instant: InstantProtocol, Sendable {
        /// Time since the clock's start.
        public let offset: Duration

        /// Makes the instant `offset` after the clock's start.
        public init(offset: Duration) { self.offset = offset }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Whether `lhs` comes first.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []
    private var nextID = 0
    private var countWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// The date at the clock's start.
    public let startDate: Date

    /// A clock at its start, which is `startDate` for ``date`` (the reference date,
    /// 2001-01-01, by default).
    public init(startDate: Date = Date(timeIntervalSinceReferenceDate: 0)) {
        self.startDate = startDate
    }

    /// The time now: the sum of every ``advance(by:)``.
    public var now: Instant { lock.withLock { current } }

    /// The date now: ``startDate`` moved on by every ``advance(by:)``.
    public var date: Date {
        let offset = now.offset.components
        return startDate.addingTimeInterval(Double(offset.seconds) + Double(offset.attoseconds) / 1e18)
    }

    /// The smallest step: one nanosecond.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// How many sleeps are waiting for the time to move.
    public var sleeperCount: Int { lock.withLock { sleepers.count } }

    /// Ends when `deadline` is reached by ``advance(by:)``; throws `CancellationError`
    /// when its task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = lock.withLock { () -> Int in
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Checked under the lock `onCancel` takes: a cancel either is seen here or
                // finds the sleeper to resume.
                let (cancelled, due): (Bool, Bool) = lock.withLock {
                    if Task.isCancelled { return (true, false) }
                    if deadline <= current { return (false, true) }
                    sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    wakeCountWaiters()
                    return (false, false)
                }
                if cancelled {
                    continuation.resume(throwing: CancellationError())
                } else if due {
                    continuation.resume()
                }
            }
        } onCancel: {
            let cancelled = lock.withLock { () -> Sleeper? in
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the time on by `duration` and ends every sleep now due, earliest first.
    public func advance(by duration: Duration) {
        let due: [Sleeper] = lock.withLock {
            current = current.advanced(by: duration)
            let now = current
            let due = sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Returns once at least `count` sleeps wait on this clock: how a test knows the
    /// effect it started has reached its sleep before it advances the time.
    public func sleepers(atLeast count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready: Bool = lock.withLock {
                if sleepers.count >= count { return true }
                countWaiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Resumes the ``sleepers(atLeast:)`` now satisfied (the caller holds `lock`).
    private func wakeCountWaiters() {
        let satisfied = countWaiters.filter { $0.count <= sleepers.count }
        countWaiters.removeAll { $0.count <= sleepers.count }
        for waiter in satisfied { waiter.continuation.resume() }
    }
}
