import Foundation
import ArgumentParser

/// A `parley comment` subcommand: its work is `execute`, which tests call with their own
/// I/O and environment; `run` (ArgumentParser's entry) gives it the process's.
protocol CommentSubcommand: ParsableCommand, Sendable {
    /// Does the command's work; throws a ``CommandFailure`` (or a site's error) when it cannot.
    func execute(io: CommandIO, environment: [String: String]) async throws -> CommandStatus
}

extension CommentSubcommand {
    func run() throws {
        let command = self
        CommandRunner.run { io in try await command.execute(io: io, environment: ProcessInfo.processInfo.environment) }
    }
}
