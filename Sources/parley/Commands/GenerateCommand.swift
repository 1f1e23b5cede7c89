import Foundation
import ArgumentParser
import CommentsKit

/// `parley comment generate --count=N [--post_id=ID]`: wp-cli's dummy comments, `Comment N`
/// numbered on from the site's comment total, created one after the other as the logged-in
/// user (each settled like `create`). A progress line on a terminal, nothing into a pipe (as
/// wp-cli's progress bar); `--format=ids` prints the new ids on one line.
struct GenerateCommand: CommentSubcommand {
    static let configuration = CommandConfiguration(commandName: "generate", abstract: "Create dummy comments.")

    @Option(help: ArgumentHelp("How many.", valueName: "number"))
    var count = 100

    @Option(name: .customLong("post_id"), help: ArgumentHelp("The post they go on (default: none, 0).", valueName: "id"))
    var postID = 0

    @Option(help: "progress (the default) or ids.")
    var format: GenerateFormat = .progress

    @Flag(help: "No progress line.")
    var quiet = false

    @OptionGroup var target: TargetOptions

    /// What `generate` prints.
    enum GenerateFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
        case progress, ids
    }

    func validate() throws {
        guard count >= 0 else { throw ValidationError("--count must be 0 or more.") }
        guard postID >= 0 else { throw ValidationError("--post_id must be a post id.") }
    }

    func execute(io: CommandIO, environment: [String: String]) async throws -> CommandStatus {
        let site = try await CommandSite.open(target, environment: environment, io: io)
        // wp_count_comments()'s total_comments: approved, pending and spam.
        let counts = try await site.client.countsByStatus()
        let first = (counts[.approved] ?? 0) + (counts[.hold] ?? 0) + (counts[.spam] ?? 0)
        let progress = format == .progress && !quiet && io.terminalWidth != nil
        var ids: [Int] = []
        for index in first..<(first + count) {
            var fields = CommentFields()
            fields.post = postID
            fields.content = "Comment \(index)"
            let outcome = await site.client.settledCreate(fields)
            let id = try? outcome.get().id
            site.log(id ?? 0, .replyPosted(reply: id), outcome)
            if case .failure(let error) = outcome {
                if progress { io.out("\n") }
                throw CommandFailure.failed("Could not create comment \(index - first + 1) of \(count): \(WriteBatch.sentence(error))")
            }
            ids += id.map { [$0] } ?? []
            if progress { io.out("\rGenerating comments  \(ids.count)/\(count)") }
        }
        if progress { io.out("\n") }
        if format == .ids, !ids.isEmpty { io.out(ids.map(String.init).joined(separator: " ") + "\n") }
        return .success
    }
}
