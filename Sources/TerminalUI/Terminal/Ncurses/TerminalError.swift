/// Why the terminal could not be opened.
package enum TerminalError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Standard input or output is not a terminal (piped, redirected, or run by a service).
    case notATerminal
    /// `TERM` is unset, empty or `dumb`: no cursor addressing to draw with.
    case dumbTerminal
    /// ncurses refused to start; the associated text says what was attempted.
    case ncursesFailed(String)

    /// A sentence for the user.
    package var description: String {
        switch self {
        case .notATerminal:
            return "parley needs an interactive terminal (standard input and output must both be a terminal)"
        case .dumbTerminal:
            return "parley needs an interactive terminal (TERM=dumb is not enough; set TERM, e.g. TERM=xterm-256color)"
        case .ncursesFailed(let what):
            return "parley could not start the terminal: \(what)"
        }
    }
}
