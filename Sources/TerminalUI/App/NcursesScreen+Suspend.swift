#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CNcurses
import Synchronization

extension NcursesScreen {
    /// Hands the terminal to another program (an editor) for the duration of `body`, then
    /// takes it back and repaints everything.
    ///
    /// ncurses' own pair: `def_prog_mode` + `endwin` leave curses mode; `reset_prog_mode`
    /// + a refresh with `clearok(curscr)` restore it and redraw what the other program
    /// overwrote. Bracketed paste and mouse reporting are off while the other program runs
    /// (it did not ask for them) and on again after. A closed screen just runs `body`.
    ///
    /// The terminal may have changed size meanwhile (its SIGWINCH went to the other
    /// program's process group). The size is re-read before anything is painted: the old
    /// picture is redrawn only when it still fits, otherwise the next `present` paints the
    /// new size from scratch, so a picture laid out for the old size never shows.
    package func suspend<T>(_ body: () -> T) -> T {
        suspendReportingResize(body).result
    }

    private func suspendReportingResize<T>(_ body: () -> T) -> (result: T, resized: Bool) {
        guard !closed else { return (body(), false) }
        def_prog_mode()
        setInputModes(false)
        endwin()
        let result = body()
        reset_prog_mode()
        setInputModes(true)
        let resized = handleResize()
        if !resized {
            clearok(parley_curscr(), true)
            wrefresh(parley_stdscr())
        }
        return (result, resized)
    }

    /// Ctrl-Z: gives the terminal back to the shell and stops the job, as the terminal's
    /// own suspend character would in cooked mode; returns once the shell continues it
    /// (`fg`), with curses mode restored and the screen to be repainted at the terminal's
    /// current size (re-read here: it may have changed while parley was stopped).
    ///
    /// The stop happens inside `stopJob`, on this thread, with the terminal already in
    /// the shell's modes (`endwin`), so nothing runs until `fg` — in particular the tty is
    /// not put back in raw mode under the shell's feet. The default, ``stopJobWithSIGTSTP()``,
    /// is what the kernel does for a Ctrl-Z typed in cooked mode; a headless screen stops
    /// nothing by default (SIGTSTP would stop the test runner), and tests pass their own.
    /// Returns whether the terminal size changed while stopped.
    @discardableResult
    package func suspendJob(stopJob: (() -> Void)? = nil) -> Bool {
        guard !closed else { return false }
        return suspendReportingResize(stopJob ?? (isHeadless ? {} : NcursesScreen.stopJobWithSIGTSTP)).resized
    }

    /// Stops the whole job with SIGTSTP and returns when it is continued.
    ///
    /// The signal goes to the process group (`kill(0, …)`), like a Ctrl-Z from the
    /// terminal: when parley runs under a wrapper (`make run`, `swift run`), the wrapper
    /// stops too and the shell sees the whole job stopped. SIGTSTP's default action (stop)
    /// is restored around the call: ncurses installs a handler of its own at `newterm`,
    /// and a signal that a dispatch source watches is ignored by the process; either would
    /// keep it running.
    ///
    /// A signal sent to the process group is taken by whichever thread the kernel picks,
    /// so the stop may land a moment after `kill` returns: going on at once could put the
    /// tty back in raw mode and repaint over the shell's prompt, or restore ncurses'
    /// handler before the signal is taken. So this returns only once a SIGCONT has been
    /// seen (the job was stopped and continued). If no SIGCONT comes while parley runs for
    /// a second — the kernel drops SIGTSTP for an orphaned process group, which no shell
    /// can continue — it gives up and carries on, not stopped.
    nonisolated package static func stopJobWithSIGTSTP() {
        let continuedBefore = JobContinuation.count
        let previousContinue = signal(SIGCONT) { _ in JobContinuation.noteContinued() }
        let previousStop = signal(SIGTSTP, SIG_DFL)
        kill(0, SIGTSTP)
        var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
        // Counts turns, not time: time spent stopped does not use any up.
        var turnsLeft = 200
        while JobContinuation.count == continuedBefore, turnsLeft > 0 {
            nanosleep(&pause, nil)
            turnsLeft -= 1
        }
        signal(SIGTSTP, previousStop)
        signal(SIGCONT, previousContinue)
    }
}

/// How many SIGCONTs the process has received while a suspend waited for one; written by
/// the signal handler (an atomic add is async-signal-safe).
private enum JobContinuation {
    private static let counter = Atomic<Int>(0)

    static var count: Int { counter.load(ordering: .acquiring) }

    static func noteContinued() {
        counter.add(1, ordering: .releasing)
    }
}
