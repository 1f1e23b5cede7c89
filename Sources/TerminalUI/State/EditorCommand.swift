/// What a bound key asks of the search prompt, the reply editor or the help's search
/// prompt, named for what it does (`send`), not for the key that does it by default
/// (Ctrl-S): `[keys.compose]` can move it to any key. The raw value is its name in
/// config.toml's `[keys]` (``ActionName``) and in a recorded session, so it never changes.
package enum EditorCommand: String, CaseIterable, Equatable, Sendable, Codable {
    /// Keep the search, find the help's match (Enter).
    case accept = "accept"
    /// Close the prompt, or ask before the reply editor's text is thrown away (Esc).
    case cancel = "cancel"
    /// Send the reply, save the edit (Ctrl-S, the only key that sends).
    case send = "send"
    /// Approve the pending comment replied to and send the reply (``ApproveAndReply``).
    case approveAndSend = "approve-and-send"
    /// The cursor a word left.
    case wordLeft = "word-left"
    /// The cursor a word right.
    case wordRight = "word-right"
    /// Delete the word after the cursor.
    case deleteWordAfter = "delete-word-after"
    /// Delete the word before the cursor.
    case deleteWordBefore = "delete-word-before"
    /// Delete from the start of the line to the cursor.
    case deleteToStart = "delete-to-start"
    /// Delete from the cursor to the end of the line.
    case deleteToEnd = "delete-to-end"
    /// Delete the character under the cursor.
    case deleteChar = "delete-char"
    /// The cursor to the start of the line.
    case lineStart = "line-start"
    /// The cursor to the end of the line.
    case lineEnd = "line-end"

    /// The key the editors (``TextEditor``, ``LineEditor``, the help's prompt) take for
    /// this: they read keys, so a command reaches them as the key they know it by,
    /// whichever key the user pressed.
    var editorKey: Key {
        switch self {
        case .accept: .enter
        case .cancel: .escape
        case .send: .control("s")
        case .approveAndSend: .alt(.character("a"))
        case .wordLeft: .alt(.character("b"))
        case .wordRight: .alt(.character("f"))
        case .deleteWordAfter: .alt(.character("d"))
        case .deleteWordBefore: .control("w")
        case .deleteToStart: .control("u")
        case .deleteToEnd: .control("k")
        case .deleteChar: .delete
        case .lineStart: .home
        case .lineEnd: .end
        }
    }
}
