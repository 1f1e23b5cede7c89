import ArgumentParser
import CommentsKit

/// Why a `parley comment` command stops, with the exit status it ends with: 2 for a usage
/// mistake (nothing was done), 1 for anything else.
struct CommandFailure: Error, CustomStringConvertible {
    /// The sentence for stderr.
    let description: String
    /// The exit status.
    let status: Int32

    /// A usage mistake: exit status 2.
    static func usage(_ sentence: String) -> CommandFailure { CommandFailure(description: sentence, status: 2) }

    /// A failure: exit status 1.
    static func failed(_ sentence: String) -> CommandFailure { CommandFailure(description: sentence, status: 1) }

    /// Any error as a failure of its own kind, in words (never an `NSError` dump).
    static func from(_ error: any Error) -> CommandFailure {
        switch error {
        case let failure as CommandFailure: failure
        case let error as ValidationError: .usage(error.message)
        default: .failed(ErrorSentence.of(error))
        }
    }
}

/// How a command ended: every item done (0), some failed (1).
enum CommandStatus: Int32, Sendable {
    case success = 0
    case someFailed = 1
}
