import Foundation
import ArgumentParser
import CommentsKit

/// `parley comment edit ID --content TEXT|-`: new text for a comment.
struct EditCommand: CommentSubcommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a comment's text.")

    @Argument(help: "The comment to change.")
    var id: Int

    @Option(help: ArgumentHelp("The new text; - reads it from stdin.", valueName: "text"))
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
        guard try await NoteGuard.notes(among: [id], site: site, io: io).isEmpty else { return .someFailed }
        if dryRun {
            io.out("Would update comment \(id).\n")
            return .success
        }
        let outcome = await site.client.settledEdit(id: id, content: text)
        site.log(id, .textEdited, outcome)
        switch outcome {
        case .success:
            io.out("Success: Updated comment \(id).\n")
            return .success
        case .failure(let error):
            io.error("Error: Could not update comment \(id): \(WriteBatch.sentence(error))")
            return .someFailed
        }
    }
}
