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
public final class TerminalEvents {
    /// The signals watched: SIGWINCH for `.resize`, the others for `.terminate`.
    public static let watchedSignals: [Int32] = [SIGWINCH, SIGTERM, SIGHUP, SIGINT]

    private let handler: @MainActor (TerminalEvent) -> Void
    private let inputDescriptor: Int32
    private var sources: [any DispatchSourceProtocol] = []
    private var inputSource: (any DispatchSourceRead)?

    /// Creates the watcher; nothing happens until `start()`.
    /// `inputDescriptor` is standard input unless a test passes a pipe.
    public init(inputDescriptor: Int32 = STDIN_FILENO, handler: @escaping @MainActor (TerminalEvent) -> Void) {
        self.inputDescriptor = inputDescriptor
        self.handler = handler
    }

    /// Starts watching input and signals. Idempotent.
    public func start() {
        guard sources.isEmpty else { return }
        startInput()
        for signo in Self.watchedSignals {
            signal(signo, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signo, queue: .main)
            let event: TerminalEvent = signo == SIGWINCH ? .resize : .terminate(signal: signo)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated { self?.deliver(event) }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops watching (cancels every source). Signals stay ignored.
    public func stop() {
        for source in sources { source.cancel() }
        sources = []
        inputSource = nil
    }

    private func startInput() {
        let source = DispatchSource.makeReadSource(fileDescriptor: inputDescriptor, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.inputReady() }
        }
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
