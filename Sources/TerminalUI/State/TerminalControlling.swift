/// Job control for Ctrl-Z, as the interface's suspend effect asks for it (``TerminalReducer``):
/// the app's screen (`ScreenJobControl`) or a test's double.
@MainActor
package protocol TerminalControlling: AnyObject {
    /// Gives the terminal back to the shell and stops the job, as the terminal's own
    /// suspend character would in cooked mode; returns once the shell continues it (`fg`),
    /// with the terminal's size then (it may have changed meanwhile) and the whole screen
    /// due to be painted again.
    func suspendJob() -> (width: Int, height: Int)
}
