import Foundation
import Logging

/// The app's external editor: hands the terminal to `$VISUAL` / `$EDITOR` / `vi` on a
/// temporary file, takes it back, and answers with the text.
@MainActor
package final class TerminalExternalEditor: ExternalEditing {
    private let screen: NcursesScreen
    private let logger: Logger

    /// An editor that suspends `screen` while it runs.
    package init(screen: NcursesScreen, logger: Logger) {
        self.screen = screen
        self.logger = logger
    }

    package func edit(_ text: String) async -> String? {
        let logger = self.logger
        return screen.suspend { ExternalEditor.edit(text, logger: logger) }
    }
}

/// Runs `$VISUAL`, `$EDITOR` or `vi` on a temporary file and reads the result back.
enum ExternalEditor {
    /// The editor command: `$VISUAL`, then `$EDITOR`, then `vi`.
    static func command(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty { return value }
        }
        return "vi"
    }

    /// Edits `text`; returns the new text, or nil when the editor could not run or exited
    /// with a failure (the caller keeps the old text then).
    static func edit(_ text: String, logger: Logger) -> String? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parley-reply-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            try Data(text.utf8).write(to: file, options: .atomic)
            // Words not yet published: readable by the user only.
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            // The command may carry arguments ("code -w"); the shell splits it, and the
            // file name travels as "$1", never spliced into the command text.
            process.arguments = ["-c", command() + " \"$1\"", "parley-editor", file.path]
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                logger.warning("editor exited with status \(process.terminationStatus)")
                return nil
            }
            return String(decoding: try Data(contentsOf: file), as: UTF8.self)
        } catch {
            logger.error("could not run the editor: \(error)")
            return nil
        }
    }
}
