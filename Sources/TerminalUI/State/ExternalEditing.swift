/// Runs an editor outside parley on a text and gives back what the user saved: the
/// effect behind `E`. The app's is ``TerminalExternalEditor`` (`$VISUAL`, `$EDITOR`,
/// `vi`, with the terminal handed over); tests give their own, so no process runs.
package protocol ExternalEditing: Sendable {
    /// The edited text, or nil when the editor could not run or failed (the caller keeps
    /// the old text then).
    func edit(_ text: String) async -> String?
}
