import ArgumentParser

/// wp-cli's `comment` subcommands a REST client cannot offer: each says why and exits 1.
protocol UnavailableCommand: CommentSubcommand {
    /// Why it cannot be done over the REST API.
    static var reason: String { get }
}

extension UnavailableCommand {
    func execute(io: CommandIO, environment: [String: String]) async throws -> CommandStatus {
        throw CommandFailure.failed("wp comment \(Self.configuration.commandName ?? "") is not available in parley: \(Self.reason)")
    }
}

/// `wp comment recount`: not over REST.
struct RecountCommand: UnavailableCommand {
    static let reason = "WordPress's REST API cannot recalculate a post's comment count (wp_update_comment_count runs on the server only)."
    static let configuration = CommandConfiguration(commandName: "recount", abstract: "Not available: \(reason)")
    @Argument(parsing: .allUnrecognized) var arguments: [String] = []
}

/// `wp comment meta`: not over REST.
struct MetaCommand: UnavailableCommand {
    static let reason = "WordPress's REST API reads and writes only the comment meta a site registers for it, and lists none by key."
    static let configuration = CommandConfiguration(commandName: "meta", abstract: "Not available: \(reason)")
    @Argument(parsing: .allUnrecognized) var arguments: [String] = []
}
