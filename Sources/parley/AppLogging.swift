import Foundation
import Logging
import CommentsKit

/// Sends swift-log's output to a file under parley's state directory, never to the
/// screen (the screen belongs to ncurses).
enum AppLogging {
    static func bootstrap(environment: [String: String]) throws -> Logger {
        let directory = StateDirectory.url(environment: environment)
        let file = directory.appendingPathComponent("parley.log")
        let handle = try FileLogHandler.openFile(file)
        LoggingSystem.bootstrap { label in FileLogHandler(label: label, file: handle) }
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

    static func openFile(_ url: URL) throws -> FileHandle {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: url.path) {
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        }
        let handle = try FileHandle(forWritingTo: url)
        handle.seekToEndOfFile()
        return handle
    }

    func log(event: LogEvent) {
        let stamp = ISO8601DateFormatter().string(from: Date())
        let line = "\(stamp) \(event.level) \(label): \(event.message)\n"
        file.write(Data(line.utf8))
    }
}
