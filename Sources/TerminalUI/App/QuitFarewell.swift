import CommentsKit

/// What quitting leaves on stderr, after the screen is closed: how far a bulk action that
/// quitting stopped (`q` twice) got. Nil when none ran.
///
/// A view of the state, drawn once, at exit, by ``TerminalApp`` — not an effect: it must
/// land after the screen is closed (written while curses holds the terminal, it would
/// show on the alternate screen and go with it), and that is after the last change was
/// handled and every subscriber told, later than any effect of the reducer runs. The state
/// holds all it says (``CommentsState/bulk``), and a replay never quits this way (a
/// recorded quit is not replayed).
enum QuitFarewell {
    /// The line for `comments`, newline included.
    static func line(_ comments: CommentsState) -> String? {
        guard let run = comments.bulk else { return nil }
        let skipped = run.skipped.isEmpty ? "" : "\(count: run.skipped.count) left as they were, "
        return "parley: \(run.verb) stopped: \(count: run.succeeded.count) of \(count: run.total) done, \(skipped)"
            + "\(count: run.inFlight.count) sent without an answer yet, \(count: run.queue.count) not sent.\n"
    }
}
