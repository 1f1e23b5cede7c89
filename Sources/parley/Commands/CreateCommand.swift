import Foundation
import ArgumentParser
import CommentsKit

/// `parley comment create --comment_post_ID=ID --comment_content=TEXT …`: wp-cli's `create`,
/// over the REST API. Without author fields the comment is the logged-in user's. A lost
/// answer is settled with the site before anything is said: never created twice.
struct CreateCommand: CommentSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a comment.",
        discussion: """
            Differences from wp-cli, which writes to the database: WordPress's REST API refuses \
            a comment without text, a second comment with the same text, author and post \
            (a duplicate), one without an author's name and e-mail when the site requires \
            them, and any type but comment.
            """
    )

    @OptionGroup var fields: CommentFieldOptions

    @Flag(help: "Print only the new comment's id.")
    var porcelain = false

    @Flag(help: "Print what would be done, and do nothing.")
    var dryRun = false

    @OptionGroup var target: TargetOptions

    func execute(io: CommandIO, environment: [String: String]) async throws -> CommandStatus {
        var body = fields.fields
        guard body.content.map({ !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }) == true else {
            throw CommandFailure.failed("WordPress's REST API does not create a comment without text: give --comment_content.")
        }
        body.status = fields.status?.rawValue
        let site = try await CommandSite.open(target, environment: environment, io: io)
        if dryRun {
            io.out("Would create a comment.\n")
            return .success
        }
        let outcome = await site.client.settledCreate(body)
        switch outcome {
        case .success(let comment):
            site.log(comment.id, .replyPosted(reply: comment.id), outcome)
            io.out(porcelain ? "\(comment.id)\n" : "Success: Created comment \(comment.id).\n")
            return .success
        case .failure(let error):
            site.log(body.parent ?? 0, .replyPosted(reply: nil), outcome)
            throw CommandFailure.failed("Could not create comment: \(WriteBatch.sentence(error))")
        }
    }
}
