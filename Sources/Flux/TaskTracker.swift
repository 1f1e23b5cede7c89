/// The tasks some effects run in: counted while they run, cancellable one by one, and
/// awaitable until none is left. What a ``FluxStore``'s effect runner keeps its work in.
@MainActor
final class TaskTracker {
    private var running: [Int: Task<Void, Never>] = [:]
    private var nextSerial = 0
    private var idleWaiters: [@MainActor () -> Void] = []
    /// Told the serial of each task that ends.
    var onFinish: (@MainActor (Int) -> Void)?

    /// How many tasks run (a cancelled one counts until it ends).
    var count: Int { running.count }

    /// Runs `work` off the main actor in a new task (at `priority`, or the caller's), and
    /// returns its serial and task.
    func start(priority: TaskPriority? = nil, _ work: @escaping @Sendable () async -> Void) -> (serial: Int, task: Task<Void, Never>) {
        nextSerial += 1
        let serial = nextSerial
        // The task reaches the main actor only after this returns, so it is on the books
        // before it can end.
        let task = Task(priority: priority) { @MainActor [weak self] in
            await work()
            self?.finished(serial)
        }
        running[serial] = task
        return (serial, task)
    }

    func cancel(_ serial: Int) {
        running[serial]?.cancel()
    }

    func cancelAll() {
        for task in running.values { task.cancel() }
    }

    /// Waits until no task runs, for at most `timeout`; returns whether that happened.
    func waitUntilIdle(timeout: Duration) async -> Bool {
        if running.isEmpty { return true }
        let answer = OneShotAnswer()
        idleWaiters.append { answer.resume(true) }
        let deadline = Task { @MainActor in
            try? await Task.sleep(for: timeout)
            answer.resume(false)
        }
        defer { deadline.cancel() }
        return await answer.wait()
    }

    private func finished(_ serial: Int) {
        guard running.removeValue(forKey: serial) != nil else { return }
        onFinish?(serial)
        guard running.isEmpty, !idleWaiters.isEmpty else { return }
        let waiters = idleWaiters
        idleWaiters.removeAll()
        for waiter in waiters { waiter() }
    }
}

/// A one-shot yes or no: the first answer wins, later ones are ignored. `package`: FluxTesting
/// waits with it too.
@MainActor
package final class OneShotAnswer {
    private var continuation: CheckedContinuation<Bool, Never>?
    private var answer: Bool?

    package init() {}

    package func wait() async -> Bool {
        if let answer { return answer }
        return await withCheckedContinuation { continuation = $0 }
    }

    package func resume(_ value: Bool) {
        guard answer == nil else { return }
        answer = value
        continuation?.resume(returning: value)
        continuation = nil
    }
}
