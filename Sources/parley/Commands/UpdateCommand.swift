import Foundation
import ArgumentParser
import CommentsKit

/// `parley comment update ID… --comment_author=NAME …`: wp-cli's `update`, over the REST API.
///
/// Check, then act: each comment is read first (a note is refused, a comment the site does
/// not have is a warning). The fields are sent in one update; `--comment_approved` then goes
/// through the moderation path `approve`, `unapprove`, `spam` and `trash` take. One line per
/// comment: `Success: Updated comment 12.`, or `Warning: Could not update comment. …` as
/// wp-cli says it (exit status 1).
struct UpdateCommand: CommentSubcommand {
    static let configuration = CommandConfiguration(commandName: "update", abstract: "Change any of comments' fields.")

    @Argument(help: ArgumentHelp("The comments to change.", valueName: "id"))
    var ids: [Int]

    @OptionGroup var fields: CommentFieldOptions

    @Flag(help: "Print what would be done, and do nothing.")
    var dryRun = false

    @OptionGroup var target: TargetOptions

    func validate() throws {
        guard !ids.isEmpty, ids.allSatisfy({ $0 > 0 }) else { throw ValidationError("A comment id is 1 or more.") }
        guard !fields.fields.isEmpty || fields.status != nil else { throw ValidationError("Need some fields to update.") }
    }

    func execute(io: CommandIO, environment: [String: String]) async throws -> CommandStatus {
        let site = try await CommandSite.open(target, environment: environment, io: io)
        var status = CommandStatus.success
        for id in ids where !(await update(id, site: site, io: io)) { status = .someFailed }
        return status
    }

    /// Updates comment `id`; whether it was.
    private func update(_ id: Int, site: CommandSite, io: CommandIO) async -> Bool {
        func warn(_ error: CommentsError) -> Bool {
            io.error("Warning: Could not update comment. #\(id): \(WriteBatch.sentence(error))")
            return false
        }
        do {
            guard try await NoteGuard.notes(among: [id], site: site, io: io).isEmpty else { return false }
            _ = try await site.client.comment(id: id, context: .view)
        } catch let error as CommentsError {
            return warn(error)
        } catch {
            io.error("Warning: Could not update comment. #\(id): \(CommandFailure.from(error).description)")
            return false
        }
        if dryRun {
            io.out("Would update comment \(id).\n")
            return true
        }
        let body = fields.fields
        if !body.isEmpty {
            let outcome = await site.client.settledUpdate(id: id, body)
            site.log(id, .textEdited, outcome)
            if case .failure(let error) = outcome { return warn(error) }
        }
        if let status = fields.status {
            let outcome = await site.client.settledStatusChange(id: id, .moderation(Self.moderation(to: status)))
            site.log(id, .status(from: nil, to: (try? outcome.get())?.status ?? status), outcome)
            if case .failure(let error) = outcome { return warn(error) }
        }
        io.out("Success: Updated comment \(id).\n")
        return true
    }

    /// The moderation that ends in `status`.
    static func moderation(to status: CommentStatus) -> Moderation {
        switch status {
        case .approved: .approve
        case .hold: .hold
        case .spam: .spam
        case .trash: .trash
        }
    }
}
