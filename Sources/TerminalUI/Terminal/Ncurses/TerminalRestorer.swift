#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CNcurses

/// Last-resort terminal restore for paths where `NcursesScreen.close()` cannot run.
///
/// The normal path is `NcursesScreen.close()` (ncurses `endwin`), which the app calls on
/// quit, on Ctrl-C (a key in raw mode), and when `TerminalEvents` reports SIGTERM, SIGHUP
/// or SIGINT. This type covers the rest: `exit()` from anywhere (an `atexit` hook) and
/// crashes (`fatalError`, a failed precondition, a segfault). It restores the terminal
/// modes saved before ncurses started and writes "bracketed paste off" and the terminal's
/// own "leave full-screen, show cursor, reset attributes" strings — only `tcsetattr` and `write`, both
/// async-signal-safe, so it may run inside a signal handler.
///
/// `NcursesScreen.open()` arms it and `close()` disarms it; apps need nothing more than
/// calling `installHandlers()` once at start-up:
/// ```swift
/// TerminalRestorer.installHandlers()
/// let screen = try NcursesScreen.open()
/// defer { screen.close() }
/// ```
package enum TerminalRestorer {
    // Signal handlers cannot take locks, so the armed state is plain memory written only
    // on the main actor (arm/disarm) and read by `restoreNow()`. Allocated once, never freed.
    nonisolated(unsafe) private static var isArmed = false
    nonisolated(unsafe) private static var hasSavedModes = false
    nonisolated(unsafe) private static let savedModes = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    nonisolated(unsafe) private static let sequence = UnsafeMutablePointer<UInt8>.allocate(capacity: sequenceCapacity)
    nonisolated(unsafe) private static var sequenceLength = 0
    nonisolated(unsafe) private static var handlersInstalled = false
    private static let sequenceCapacity = 256

    /// The signals that mean "crashing": the handler restores, then lets the signal kill
    /// the process as it would have (so core dumps and exit statuses are unchanged).
    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]

    /// Installs the `atexit` hook and crash-signal handlers. Idempotent; call once early,
    /// from the main thread, before other threads start.
    ///
    /// Deliberately not main-actor isolated: closures formed in an isolated function
    /// inherit its isolation, and the runtime would then trap when `exit()` runs the hook
    /// on another thread.
    package static func installHandlers() {
        guard !handlersInstalled else { return }
        handlersInstalled = true
        atexit { TerminalRestorer.restoreNow() }
        for signo in crashSignals {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { signo in
                TerminalRestorer.restoreNow()
                signal(signo, SIG_DFL)
                raise(signo)
            }
            #else
            action.__sigaction_u.__sa_handler = { signo in
                TerminalRestorer.restoreNow()
                signal(signo, SIG_DFL)
                raise(signo)
            }
            #endif
            sigemptyset(&action.sa_mask)
            sigaction(signo, &action, nil)
        }
    }

    /// Saves the current modes of standard input; call before ncurses changes them.
    @MainActor
    static func saveModes() {
        hasSavedModes = tcgetattr(STDIN_FILENO, savedModes) == 0
    }

    /// Arms the restore with the terminal's own reset strings; call after ncurses started
    /// (the strings come from its terminfo entry).
    @MainActor
    static func arm() {
        // Bracketed paste and mouse reports off first: a shell that gets pastes wrapped in
        // markers, or clicks as reports, shows them. (Turning off reports never asked for
        // does nothing.)
        var bytes = Array((BracketedPaste.disable + MouseReporting.disable).utf8)
        for capability in ["sgr0", "cnorm", "rmkx", "rmcup"] {
            guard let value = parley_tigetstr(capability) else { continue }
            bytes += Array(String(cString: value).utf8)
        }
        bytes += Array("\r\n".utf8)
        let count = min(bytes.count, sequenceCapacity)
        for index in 0..<count {
            sequence[index] = bytes[index]
        }
        sequenceLength = count
        isArmed = true
    }

    /// Disarms: the terminal was restored the normal way (`endwin`).
    @MainActor
    static func disarm() {
        isArmed = false
    }

    /// Restores the terminal if a screen is still open. Async-signal-safe; runs once.
    package static func restoreNow() {
        guard isArmed else { return }
        isArmed = false
        if hasSavedModes {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, savedModes)
        }
        _ = write(STDOUT_FILENO, sequence, sequenceLength)
    }
}
