import Foundation

/// "Now" during a replay: the recorded time of the action being replayed, so that what a
/// store or a view computes from the time (a reply's date, "4d", "Today") is what it was
/// when the session was recorded. ``SessionReplayer`` moves it; stores and views read
/// ``now`` through the clock closure they are given (`{ clock.now }`).
public final class ReplayClock: @unchecked Sendable {
    // @unchecked: `current` is only read or written while `lock` is held.
    private let lock = NSLock()
    private var current: Date

    /// A clock that reads `start` until moved.
    public init(start: Date) {
        current = start
    }

    /// The replayed time.
    public var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// Moves the clock to `date`.
    public func set(_ date: Date) {
        lock.lock()
        defer { lock.unlock() }
        current = date
    }
}
