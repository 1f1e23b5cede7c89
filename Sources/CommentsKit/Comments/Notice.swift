/// The outcome of the last thing the user did, in words, for the status bar.
public struct Notice: Equatable, Sendable {
    /// How the status bar should present it.
    public enum Kind: Equatable, Sendable { case info, error }

    /// Increases with every notice, so the same words twice still count as news.
    public let sequence: Int
    /// Info or error.
    public let kind: Kind
    /// One sentence: "Reply posted", "Trash failed: … — restored".
    public let message: String

    /// Makes a notice.
    public init(sequence: Int, kind: Kind, message: String) {
        self.sequence = sequence
        self.kind = kind
        self.message = message
    }
}
