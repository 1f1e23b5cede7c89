/// A note's `_wp_note_status` meta, which the block editor sets on the empty note it adds
/// under a note when someone resolves it (or reopens it).
public enum MockNoteStatus: String, Sendable, Hashable, CaseIterable {
    /// The thread was resolved (its top note is then approved).
    case resolved
    /// The thread was opened again (its top note is then held).
    case reopen
}
