import Testing
import Foundation
@testable import parley
import Flux
import CommentsKit
import TerminalUI

/// `PARLEY_RECORD=path`: a private file, one sentence when it cannot be written, and no
/// credentials in it.
@MainActor
@Suite struct SessionRecordingFileTests {
    private func header(restBase: String = "https://example.com/wp-json/", drafts: DraftStore? = nil) throws -> SessionHeader {
        let client = try WordPressClient(restBase: try #require(URL(string: restBase)))
        return SessionRecording.header(sites: [SiteConnection(id: "example.com/wp-json", name: "Example", client: client)],
                                       mock: nil, terminal: (120, 30), filters: nil, drafts: drafts, hint: nil)
    }

    @Test func theRecordingIsCreatedPrivateToTheUserAndStartsWithItsHeader() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parley-record-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        // An existing file readable by all becomes private too.
        try Data("old".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let dispatcher = Dispatcher()
        let header = try header()
        let problem = SessionRecording.start(environment: ["PARLEY_RECORD": file.path], dispatcher: dispatcher, header: header)
        #expect(problem == nil)
        dispatcher.dispatch(CommentsAction.undo)
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix(#"{"app":{"#))
        #expect(lines[1].hasSuffix(#""type":"CommentsAction"}"#))
    }

    @Test func aPathThatCannotBeWrittenIsOneSentenceAndNoRecording() throws {
        let header = try header()
        let problem = SessionRecording.start(environment: ["PARLEY_RECORD": "/nonexistent/dir/session.jsonl"], dispatcher: Dispatcher(), header: header)
        #expect(problem == "Cannot record the session to /nonexistent/dir/session.jsonl (no such file or directory): parley runs without recording.")
    }

    @Test func noRecordingIsAskedForWithoutTheVariable() throws {
        let header = try header()
        #expect(SessionRecording.start(environment: [:], dispatcher: Dispatcher(), header: header) == nil)
    }

    @Test func theHeaderNamesSitesWithoutCredentials() throws {
        let site = try header(restBase: "https://alice:secret@example.com/wp-json/").sites[0]
        #expect(site.restBase == "https://example.com/wp-json/")
    }

    /// The interface store reads drafts from disk, not from an action: the header keeps
    /// those of the recorded sites, and a replay writes them back — under names it checks.
    @Test func theDraftsTheSessionStartedWithAreInTheHeaderAndOnlyThose() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-drafts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = DraftStore(directory: directory)
        try store.save("half a reply", site: "example.com/wp-json", .reply(parent: 12))
        try store.save("another site's", site: "other.example/wp-json", .reply(parent: 12))
        let header = try header(drafts: store)
        #expect(header.draftsOnDisk)
        #expect(Array(header.drafts.values) == ["half a reply"])
        #expect(header.drafts.keys.allSatisfy(SessionReplay.isDraftFileName))
        #expect(!SessionReplay.isDraftFileName("../../.bashrc.txt"))
        #expect(!SessionReplay.isDraftFileName("a/b.txt"))
        var bad = header
        bad.drafts = ["../escape.txt": "x"]
        #expect(SessionReplay.problem(with: bad) == "the draft name \"../escape.txt\" is not one parley writes")
    }
}
