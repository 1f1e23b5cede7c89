import Foundation
import Logging
import TerminalUI

/// Sends swift-log's output to a file under parley's state directory, never to the
/// screen (the screen belongs to ncurses); without a file, nowhere.
enum AppLogging {
    /// Bootstraps swift-log once for the process, writing to `file` when there is one.
    static func bootstrap(file: FileHandle?, environment: [String: String]) -> Logger {
        LoggingSystem.bootstrap { label in
            guard let file else { return SwiftLogNoOpLogHandler(label) }
            return FileLogHandler(label: label, file: file)
        }
        var logger = Logger(label: "parley")
        logger.logLevel = environment["PARLEY_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
        return logger
    }
}

/// A swift-log handler that appends lines to an open file.
struct FileLogHandler: LogHandler {
    let label: String
    let file: FileHandle
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes one line per event. The message is escaped like the screen is sanitised
    /// (`TextSanitizer.escapingControls`): messages quote what a site sent, and raw C1 or
    /// bidi controls in `parley.log` would act on the terminal that shows it.
    func log(event: LogEvent) {
        let stamp = ISO8601DateFormatter().string(from: Date())
        let message = TextSanitizer.escapingControls("\(event.message)")
        let line = "\(stamp) \(event.level) \(label): \(message)\n"
        // A full disk or a log removed under us loses the line, not the session.
        try? file.write(contentsOf: Data(line.utf8))
    }
}
