import Foundation
import ArgumentParser
import CommentsKit

/// `parley comment status ID`: the comment's status in `wp_get_comment_status`'s words:
/// `approved`, `unapproved`, `spam` or `trash`.
struct CommentStatusCommand: CommentSubcommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Print a comment's status (approved, unapproved, spam, trash).")

    @Argument(help: "The comment id.")
    var id: Int

    @OptionGroup var target: TargetOptions

    func execute(io: CommandIO, environment: [String: String]) async throws -> CommandStatus {
        let site = try await CommandSite.open(target, environment: environment, io: io)
        guard id > 0, let snapshot = try await site.client.snapshot(id: id) else {
            throw CommandFailure.failed("Could not check status of comment \(id).")
        }
        io.out(Self.word(snapshot.status) + "\n")
        return .success
    }

    /// `wp_get_comment_status`'s word for `status`.
    static func word(_ status: CommentStatus) -> String {
        switch status {
        case .approved: "approved"
        case .hold: "unapproved"
        case .spam: "spam"
        case .trash: "trash"
        }
    }
}
