import Foundation

/// A value guarded by an `NSLock` (a pthread mutex underneath).
///
/// Used instead of `Synchronization.Mutex` for process-wide caches: ThreadSanitizer on Linux
/// does not see `Mutex`'s futex as a synchronisation, so every `withLock` on a static `Mutex`
/// is reported as a "Swift access race" (issue 17, defect 5; the proof is
/// `Tests/sanitizers/mutex-false-positive.swift`). TSan intercepts pthread mutexes, so the
/// same accesses through this type are seen as ordered and reports stay meaningful.
final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is only read or written while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value and returns its result.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
