import Foundation
import CommentsKit
import TerminalUI

/// Where this run keeps drafts, filters and its log — or, where the state directory cannot
/// be written, what it keeps in memory instead and the one sentence that says so.
///
/// State is a convenience, not a requirement: a state directory that is a file, a HOME that
/// cannot be read or a read-only disk must not stop parley from starting.
struct StateStorage: Sendable {
    /// Drafts on disk, or in memory for the session.
    let drafts: DraftStore
    /// Filters on disk; nil keeps them for the session only.
    let filters: FilterPersistence?
    /// The log file; nil logs nothing (never to the screen).
    let log: FileHandle?
    /// What cannot be kept and where parley tried, in words; nil when everything can.
    let problem: String?

    /// Prepares the state directories of `environment` and opens the log.
    static func open(environment: [String: String]) -> StateStorage {
        let root = StateDirectory.url(environment: environment)
        let draftsDirectory = root.appendingPathComponent("drafts")
        let filtersDirectory = root.appendingPathComponent("filters")
        if let reason = StateDirectory.prepare(root) {
            return StateStorage(
                drafts: .memoryOnly(tried: draftsDirectory), filters: nil, log: nil,
                problem: sentence(lost: ["drafts", "filters", "the log"], reasons: [reason])
            )
        }
        var lost: [String] = []
        var reasons: [String] = []
        func note(_ what: String, _ reason: String) {
            lost.append(what)
            if !reasons.contains(reason) { reasons.append(reason) }
        }
        let draftsProblem = StateDirectory.prepare(draftsDirectory)
        if let draftsProblem { note("drafts", draftsProblem) }
        let filtersProblem = StateDirectory.prepare(filtersDirectory)
        if let filtersProblem { note("filters", filtersProblem) }
        let logFile = root.appendingPathComponent("parley.log")
        let log = try? openLog(logFile)
        if log == nil { note("the log", "cannot write \(logFile.path)") }
        return StateStorage(
            drafts: draftsProblem == nil ? DraftStore(directory: draftsDirectory) : .memoryOnly(tried: draftsDirectory),
            filters: filtersProblem == nil ? FilterPersistence(directory: filtersDirectory) : nil,
            log: log,
            problem: sentence(lost: lost, reasons: reasons)
        )
    }

    /// "Cannot keep drafts, filters and the log (/x is a file, not a directory): drafts and
    /// filters last until you quit." — nil when nothing is lost.
    static func sentence(lost: [String], reasons: [String]) -> String? {
        guard !lost.isEmpty else { return nil }
        let list = lost.count == 1 ? lost[0] : lost.dropLast().joined(separator: ", ") + " and " + lost[lost.count - 1]
        let kept = lost.filter { $0 != "the log" }
        let tail = kept.isEmpty ? "nothing is logged." : "\(kept.joined(separator: " and ")) last until you quit."
        return "Cannot keep \(list) (\(reasons.joined(separator: "; "))): \(tail)"
    }

    /// Opens `url` for appending, creating it private to the user.
    static func openLog(_ url: URL) throws -> FileHandle {
        if !FileManager.default.fileExists(atPath: url.path) {
            _ = FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        let handle = try FileHandle(forWritingTo: url)
        _ = try handle.seekToEnd()
        return handle
    }
}
