/// Something the terminal or the operating system tells the app.
package enum TerminalEvent: Sendable, Hashable {
    /// Standard input has bytes: call `NcursesScreen.readKey()` until it returns `nil`.
    case input
    /// The window changed size (SIGWINCH): call `NcursesScreen.handleResize()`, redraw.
    case resize
    /// A signal asked the app to stop (SIGTERM, SIGHUP, SIGINT): close the screen, exit.
    case terminate(signal: Int32)
    /// Standard input reached end of file or hung up (the terminal went away): treat it
    /// like SIGHUP. Input watching stops after this event, so it cannot spin.
    case inputClosed
}
