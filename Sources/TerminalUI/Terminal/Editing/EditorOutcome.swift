/// What a key did to an editor.
package enum EditorOutcome: Sendable, Hashable {
    /// The text or the cursor changed: redraw.
    case edited
    /// The user asked to submit (Enter in a `LineEditor`; Ctrl-S, and only Ctrl-S, in a `TextEditor`).
    case submitted
    /// The user asked to cancel (Esc).
    case cancelled
    /// The key means nothing to the editor (the app may use it); nothing changed.
    case ignored
}
