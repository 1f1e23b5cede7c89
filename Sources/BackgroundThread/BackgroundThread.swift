import Foundation

/// A thread of its own that runs CPU work one job at a time, at a lower priority than the
/// rest of the process: work that must get done but must never keep a key waiting.
///
/// Why a thread of its own: on a machine with two cores, a load's decoding (and, on the
/// embedded mock, the server's answering) kept both cores busy, and the main actor's next
/// turn — the key a user just pressed — waited for a core: a keystroke's p99 during a
/// 100,000-comment load was 17–24 ms, nearly all of it waiting. A lower priority lets the
/// scheduler run the main actor first. It has to be a thread we own: GCD's and Swift's
/// worker threads run anything next, the main actor's turns included (under
/// `dispatchMain()` a worker drains the main queue), and a priority set on one of them
/// would stay with whatever ran there later.
///
/// On Linux the priority is the thread's nice value (`setpriority` on the calling thread
/// is per thread there); elsewhere, the thread's quality of service (utility).
///
/// The thread ends once this object is gone and the jobs submitted before are done.
///
/// The type is public only because two products' initialisers take one
/// (`WordPressClient(…decodingOn:)` in CommentsKit, `MockServer(_:answeringOn:)` in MockREST);
/// this module is no product, so what a thread does is the package's business (`package`).
///
/// ```swift
/// let decoding = BackgroundThread(name: "parley.decoding", niceness: 10)
/// let page = try await decoding.run { try JSONDecoder().decode(Page.self, from: data) }
/// ```
public final class BackgroundThread: Sendable {
    private let jobs = JobQueue()

    /// Starts the thread, `name` showing in debuggers and `top -H`, with `niceness` added
    /// to the nice value it starts with — the creating thread's, usually the process's
    /// (at most 19; higher is nicer to everything else).
    package init(name: String, niceness: Int32) {
        let jobs = jobs
        let thread = Thread {
            Self.name(name)
            Self.lowerPriority(by: niceness)
            jobs.work()
        }
        thread.qualityOfService = .utility
        thread.start()
    }

    deinit {
        jobs.close()
    }

    /// Runs `job` on the thread after the jobs submitted before it; returns at once.
    package func submit(_ job: @escaping @Sendable () -> Void) {
        jobs.append(job)
    }

    /// Runs `work` on the thread after the jobs submitted before it and returns what it
    /// returned (or throws what it threw). The caller's task waits without holding a thread.
    package func run<T: Sendable, Failure: Error>(_ work: @escaping @Sendable () throws(Failure) -> T) async throws(Failure) -> T {
        let result: Result<T, Failure> = await withCheckedContinuation { continuation in
            submit { continuation.resume(returning: Result { () throws(Failure) -> T in try work() }) }
        }
        return try result.get()
    }

    /// Names the calling thread. On Linux through `/proc/thread-self/comm` (what `top -H`
    /// and debuggers show, 15 bytes at most): corelibs' `Thread.name` is not applied when
    /// set before `start()`, and set from inside the thread it was lost about once in fifty
    /// (the thread kept its creator's name).
    private static func name(_ name: String) {
        #if os(Linux)
        let descriptor = open("/proc/thread-self/comm", O_WRONLY)
        guard descriptor >= 0 else { return }
        var bytes = Array(name.utf8.prefix(15))
        _ = write(descriptor, &bytes, bytes.count)
        close(descriptor)
        #else
        Thread.current.name = name
        #endif
    }

    /// A thread for work below the keys of an interactive program, niced by 10; nil in any
    /// other process (before ``runningInteractively()``), where the caller does the work
    /// itself. A test process holds hundreds of sites at once, sharing two cores with the
    /// test runner: there, threads of their own fell minutes behind under the sanitizers
    /// (niced, or simply queued behind one another) and clients timed out and asked again.
    package static func belowKeys(name: String) -> BackgroundThread? {
        isInteractive.withLock { $0 } ? BackgroundThread(name: name, niceness: 10) : nil
    }

    /// Says this process is an interactive program (`parley` does at launch, and the bench):
    /// ``belowKeys(name:)`` makes threads from now on.
    package static func runningInteractively() {
        isInteractive.withLock { $0 = true }
    }

    private static let isInteractive = Flag()

    private static func lowerPriority(by niceness: Int32) {
        #if os(Linux)
        // `who` 0 with PRIO_PROCESS is the calling thread on Linux (NPTL threads each have
        // their own nice value). Raising it needs no privilege; failing is harmless.
        let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, min(19, current + niceness))
        #endif
    }
}

/// Whether the process is interactive, behind a lock (an `NSLock`: ThreadSanitizer on
/// Linux does not see `Mutex`'s futex as ordering).
private final class Flag: @unchecked Sendable {
    // @unchecked: `value` is only touched with `lock` held.
    private let lock = NSLock()
    private var value = false

    func withLock<T>(_ body: (inout Bool) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// The jobs waiting for a ``BackgroundThread``, and whether more may come.
private final class JobQueue: @unchecked Sendable {
    // @unchecked: `waiting` and `isClosed` are only touched with `condition` held.
    private let condition = NSCondition()
    private var waiting: [@Sendable () -> Void] = []
    private var isClosed = false

    func append(_ job: @escaping @Sendable () -> Void) {
        condition.withLock {
            waiting.append(job)
            condition.signal()
        }
    }

    /// No more jobs will come: the thread ends once those waiting are done.
    func close() {
        condition.withLock {
            isClosed = true
            condition.signal()
        }
    }

    /// The thread's life: the jobs as they come, until closed and empty.
    func work() {
        while true {
            let batch: [@Sendable () -> Void]? = condition.withLock {
                while waiting.isEmpty && !isClosed { condition.wait() }
                if waiting.isEmpty { return nil }
                defer { waiting.removeAll(keepingCapacity: true) }
                return waiting
            }
            guard let batch else { return }
            for job in batch { job() }
        }
    }
}
