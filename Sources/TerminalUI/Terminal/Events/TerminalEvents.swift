#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CNcurses
import Dispatch

/// Watches standard input and the signals a terminal app cares about, delivering
/// `TerminalEvent`s on the main queue with zero polling.
///
/// Everything is a `DispatchSource` on the main queue, so the app must run the main
/// queue (`dispatchMain()` or the main RunLoop) — a blocking `getch` loop would starve
/// the main actor. Each watched signal's default action is disabled first
/// (`signal(SIG, SIG_IGN)`) so that the source receives it instead of the process dying.
///
/// ```swift
/// let events = TerminalEvents { event in
///     switch event {
///     case .input: while let key = screen.readKey() { handle(key) }
///     case .resize: screen.handleResize(); redraw()
///     case .terminate, .inputClosed: screen.close(); exit(0)
///     }
/// }
/// events.start()
/// dispatchMain()
/// ```
@MainActor
package final class TerminalEvents {
    /// The signals watched: SIGWINCH for `.resize`, the others for `.terminate`.
    package static let watchedSignals: [Int32] = [SIGWINCH, SIGTERM, SIGHUP, SIGINT]

    private let handler: @MainActor (TerminalEvent) -> Void
    private let inputDescriptor: Int32
    private var sources: [any DispatchSourceProtocol] = []
    private var inputSource: (any DispatchSourceRead)?

    /// Creates the watcher; nothing happens until `start()`.
    /// `inputDescriptor` is standard input unless a test passes a pipe.
    package init(inputDescriptor: Int32 = STDIN_FILENO, handler: @escaping @MainActor (TerminalEvent) -> Void) {
        self.inputDescriptor = inputDescriptor
        self.handler = handler
    }

    /// Starts watching input and signals. Idempotent.
    ///
    /// `ready` runs on the main queue once every source is registered with the kernel;
    /// a signal sent before that may be lost (tests wait for it; apps rarely need to).
    package func start(ready: (@MainActor () -> Void)? = nil) {
        guard sources.isEmpty else { return }
        var pending = 1 + Self.watchedSignals.count
        let registered: @MainActor () -> Void = {
            pending -= 1
            if pending == 0 { ready?() }
        }
        startInput(registered: registered)
        for signo in Self.watchedSignals {
            Self.disableDefaultAction(signo)
            let source = DispatchSource.makeSignalSource(signal: signo, queue: .main)
            let event: TerminalEvent = signo == SIGWINCH ? .resize : .terminate(signal: signo)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated { self?.deliver(event) }
            }
            source.setRegistrationHandler {
                MainActor.assumeIsolated { registered() }
            }
            track(source)
            source.resume()
            sources.append(source)
        }
    }

    /// Signals whose default action was already disabled in this process.
    private static var preparedSignals: Set<Int32> = []

    /// Ignores `signo` so it cannot kill the process before the source sees it — only
    /// once per process: on Linux, libdispatch installs its own handler when the first
    /// source for a signal registers, and ignoring the signal again later would replace
    /// that handler and silently drop the signal for every later source.
    private static func disableDefaultAction(_ signo: Int32) {
        guard !preparedSignals.contains(signo) else { return }
        preparedSignals.insert(signo)
        signal(signo, SIG_IGN)
    }

    /// Stops watching (cancels every source). Call it before dropping the watcher: a
    /// resumed dispatch source lives until cancelled. Signals stay ignored.
    package func stop() {
        for source in sources { source.cancel() }
        sources = []
        inputSource = nil
    }

    /// Stops watching and returns once every source's cancellation has been processed.
    /// Only then may the input descriptor be closed: libdispatch still watches it until
    /// the cancellation completes, and a descriptor closed earlier can crash its event
    /// loop (tests that use a pipe for input close it after this).
    package func stopAndWait() async {
        stop()
        guard liveSources > 0 else { return }
        await withCheckedContinuation { cancellationWaiters.append($0) }
    }

    /// Sources created and not yet through their cancellation.
    private var liveSources = 0
    private var cancellationWaiters: [CheckedContinuation<Void, Never>] = []

    /// Counts `source` until libdispatch has processed its cancellation.
    private func track(_ source: any DispatchSourceProtocol) {
        liveSources += 1
        source.setCancelHandler { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.liveSources -= 1
                guard self.liveSources == 0 else { return }
                let waiters = self.cancellationWaiters
                self.cancellationWaiters = []
                for waiter in waiters { waiter.resume() }
            }
        }
    }

    private func startInput(registered: @escaping @MainActor () -> Void) {
        let source = DispatchSource.makeReadSource(fileDescriptor: inputDescriptor, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.inputReady() }
        }
        source.setRegistrationHandler {
            MainActor.assumeIsolated { registered() }
        }
        track(source)
        source.resume()
        inputSource = source
        sources.append(source)
    }

    /// stdin became readable. A readable descriptor with nothing to read is end of file
    /// or a hang-up; reporting it as input would make the source fire forever.
    private func inputReady() {
        guard let source = inputSource else { return }
        if source.data > 0 {
            deliver(.input)
            return
        }
        var poller = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, 0)
        if ready > 0 && poller.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            source.cancel()
            inputSource = nil
            deliver(.inputClosed)
        } else if ready > 0 && poller.revents & Int16(POLLIN) != 0 {
            if hasPendingBytes() {
                deliver(.input)
            } else {
                source.cancel()
                inputSource = nil
                deliver(.inputClosed)
            }
        }
        // Otherwise someone (ncurses) already read the bytes: nothing to do.
    }

    /// Whether the descriptor has unread bytes, as opposed to being at end of file.
    private func hasPendingBytes() -> Bool {
        var count: Int32 = 0
        return parley_pending_bytes(inputDescriptor, &count) == 0 && count > 0
    }

    private func deliver(_ event: TerminalEvent) {
        handler(event)
    }
}
