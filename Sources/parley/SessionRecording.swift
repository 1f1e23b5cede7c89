import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Flux
import CommentsKit
import TerminalUI

/// `PARLEY_RECORD=path`: records the session's actions to `path` (JSON Lines, see Flux's
/// `SessionRecorder`), for `parley --replay path` to play back — a bug report anyone can
/// replay, and how the tests under `Tests/replays` are made.
///
/// The file is created private to the user (0600): it holds the comments the session
/// loaded. It holds no credentials: no action carries any, and the header names sites by
/// address only.
@MainActor
enum SessionRecording {
    /// The variable that asks for a recording.
    static let variable = "PARLEY_RECORD"

    /// Keeps the recording file open for the life of the process.
    private static var file: FileHandle?

    /// Starts recording `dispatcher`'s actions to the path in `environment`, if any.
    /// Returns nil when recording (or not asked to), else why not in one sentence: parley
    /// then runs on without recording.
    static func start(environment: [String: String], dispatcher: Dispatcher, header: @autoclosure () -> SessionHeader) -> String? {
        guard let path = environment[variable], !path.isEmpty else { return nil }
        let handle: FileHandle
        do {
            handle = try createPrivateFile(path)
        } catch {
            return "Cannot record the session to \(path) (\(error.reason)): parley runs without recording."
        }
        do {
            let recorder = try SessionRecorder(header: header(), codecs: ParleyActionCodecs.all) { line in
                try? handle.write(contentsOf: line)
            }
            file = handle
            dispatcher.add(recorder)
            return nil
        } catch {
            try? handle.close()
            return "Cannot record the session to \(path) (its header could not be written): parley runs without recording."
        }
    }

    /// Why a file cannot be opened, as the system says it.
    struct OpenError: Error {
        let reason: String
    }

    /// Creates (or empties) `path`, readable and writable by the user only.
    private static func createPrivateFile(_ path: String) throws(OpenError) -> FileHandle {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw OpenError(reason: String(cString: strerror(errno)).lowercased()) }
        // An existing file keeps its mode through O_CREAT: make it private too.
        guard fchmod(descriptor, 0o600) == 0 else {
            let reason = String(cString: strerror(errno)).lowercased()
            close(descriptor)
            throw OpenError(reason: reason)
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// The header of a session on `sites`.
    static func header(
        sites: [SiteConnection], mock: MockOptions?, terminal: (width: Int, height: Int), filters: (any FilterStorage)?,
        drafts: DraftStore?, hint: String?, loadConcurrency: Int = 0
    ) -> SessionHeader {
        var saved: [SiteID: FilterPersistence.Saved] = [:]
        for site in sites {
            if let filters = filters?.load(site: site.id) { saved[site.id] = filters }
        }
        return SessionHeader(
            parleyVersion: SessionHeader.currentVersion,
            mock: mock.map { SessionHeader.Mock(seed: $0.seed, size: $0.mockSize) },
            terminal: SessionHeader.TerminalSize(width: terminal.width, height: terminal.height),
            sites: sites.map { SessionHeader.Site(id: $0.id, name: $0.name, restBase: address($0.client.restBase)) },
            timeZone: TimeZone.current.identifier,
            savedFilters: saved,
            initialHint: hint,
            draftsOnDisk: drafts?.isPersistent ?? false,
            drafts: drafts.map { existingDrafts(in: $0, sites: sites) } ?? [:],
            loadConcurrency: loadConcurrency
        )
    }

    /// The drafts on disk of `sites`, by file name.
    private static func existingDrafts(in store: DraftStore, sites: [SiteConnection]) -> [String: String] {
        guard store.isPersistent, let names = try? FileManager.default.contentsOfDirectory(atPath: store.directory.path) else { return [:] }
        let stems = sites.map { StateDirectory.fileStem(for: $0.id) + "-" }
        var drafts: [String: String] = [:]
        for name in names where name.hasSuffix(".txt") && stems.contains(where: name.hasPrefix) {
            if let data = FileManager.default.contents(atPath: store.directory.appendingPathComponent(name).path) {
                drafts[name] = String(decoding: data, as: UTF8.self)
            }
        }
        return drafts
    }

    /// `url` without a user name or password, should it carry any.
    private static func address(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        components.user = nil
        components.password = nil
        return components.string ?? url.absoluteString
    }
}
