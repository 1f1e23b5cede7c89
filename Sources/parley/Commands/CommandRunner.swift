import Foundation

/// Runs a command's async body from ArgumentParser's synchronous `run()`, on the main
/// queue that `dispatchMain()` serves (as the TUI runs), and exits with its status. A
/// failure is said on stderr as wp-cli says it: `Error: Invalid comment ID.`
enum CommandRunner {
    static func run(_ body: @escaping @Sendable (CommandIO) async throws -> CommandStatus) -> Never {
        let io = CommandIO.standard()
        Task {
            let status: Int32
            do {
                status = try await body(io).rawValue
            } catch {
                let failure = CommandFailure.from(error)
                io.error("Error: \(failure.description)")
                status = failure.status
            }
            exit(status)
        }
        dispatchMain()
    }
}
