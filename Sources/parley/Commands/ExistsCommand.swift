import Foundation
import ArgumentParser
import CommentsKit

/// `parley comment exists ID`: `Success: Comment with ID 12 exists.` and exit status 0, or
/// nothing and 1 when the site has no such comment (wp-cli's `comment exists` exits 0 either
/// way; its `post exists` and `user exists` exit 1, which is what a script's `if` needs).
struct ExistsCommand: CommentSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "exists", abstract: "Say whether a comment exists (exit status 1 when it does not)."
    )

    @Argument(help: "The comment id.")
    var id: Int

    @OptionGroup var target: TargetOptions

    func execute(io: CommandIO, environment: [String: String]) async throws -> CommandStatus {
        let site = try await CommandSite.open(target, environment: environment, io: io)
        guard id > 0, try await site.client.snapshot(id: id) != nil else { return .someFailed }
        io.out("Success: Comment with ID \(id) exists.\n")
        return .success
    }
}
