import Foundation
import ArgumentParser
import CommentsKit

/// `parley comment reply ID --content TEXT|-`: a reply as the logged-in user, posted once
/// even when the answer is lost (the site is asked before telling).
struct ReplyCommand: CommentSubcommand {
    static let configuration = CommandConfiguration(commandName: "reply", abstract: "Reply to a comment.")

    @Argument(help: "The comment to answer.")
    var id: Int

    @Option(help: ArgumentHelp("The reply's text; - reads it from stdin.", valueName: "text"))
    var content: String

    @Flag(help: "Print what would be done, and do nothing.")
    var dryRun = false

    @OptionGroup var target: TargetOptions

    func validate() throws {
        guard id > 0 else { throw ValidationError("A comment id is 1 or more.") }
    }

    func execute(io: CommandIO, environment: [String: String]) async throws -> CommandStatus {
        let text = try ContentArgument.read(content, io: io)
        let site = try await CommandSite.open(target, environment: environment, io: io)
        let parent = try await site.client.comment(id: id, context: .view)
        // A reply to a note would be a comment under an editorial note, seen by nobody.
        if parent.commentType == .note {
            io.error("Error: \(NoteGuard.refusal(id))")
            return .someFailed
        }
        // Check, then act: a reply under a comment in the trash or the spam is seen by nobody.
        if parent.status == .trash || parent.status == .spam {
            io.error("Error: Could not reply to comment \(id): it is \(parent.status.displayName) on the site; nothing was posted.")
            return .someFailed
        }
        // A dry run reads what the run reads, and refuses what it refuses: it only sends nothing.
        if dryRun {
            io.out("Would reply to comment \(id).\n")
            return .success
        }
        let outcome = await site.client.settledReply(post: parent.post, parent: parent.id, content: text, author: site.userID)
        site.log(id, .replyPosted(reply: try? outcome.get().id), outcome)
        switch outcome {
        case .success(let reply):
            io.out("Success: Created comment \(reply.id).\n")
            return .success
        case .failure(let error):
            io.error("Error: Could not reply to comment \(id): \(WriteBatch.sentence(error))")
            return .someFailed
        }
    }
}
