/// What is happening to a comment locally that the server has not confirmed yet.
public enum LocalMark: Equatable, Sendable {
    /// A reply written here, on its way to the server.
    case sending
    /// A reply that the server refused or never got; its text is kept for a retry.
    case failed(CommentsError)
    /// A status change or an edit on its way to the server.
    case updating
    /// A write kept in the outbox: the site could not be reached; it is sent when it answers.
    case queued
}
