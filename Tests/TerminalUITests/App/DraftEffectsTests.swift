import Foundation
import Testing
import Flux
import FluxTesting
import CommentsKit
@testable import TerminalUI

/// Drafts live in the interface's state, read from disk once at start; every save and
/// removal goes to disk as an effect whose answer says whether it got there. Nothing
/// typed is lost: a draft that could not be written stays in the state, and quitting asks.
@MainActor
@Suite struct DraftEffectsTests {
    private func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("parley-draft-effects-\(UUID().uuidString)")
    }

    /// A drafts directory that exists as a regular file: every write to it fails.
    private func blockedDrafts() throws -> DraftStore {
        let file = directory()
        try Data("not a directory".utf8).write(to: file)
        return DraftStore(directory: file.appendingPathComponent("drafts"))
    }

    private func editorText(_ app: UIHarness) -> String? {
        guard case .compose(let composer) = app.ui.state.mode else { return nil }
        return composer.editor.text
    }

    @Test func theDraftsOnDiskAreReadOnceAtStartForEverySite() async throws {
        let drafts = DraftStore(directory: directory())
        defer { try? FileManager.default.removeItem(at: drafts.directory) }
        try drafts.save("a reply", site: "site-1", .reply(parent: 7))
        try drafts.save("an edit", site: "site-1", .edit(id: 9))
        try drafts.save("on the other site", site: "site-2", .reply(parent: 7))
        try drafts.save("of a site not configured", site: "elsewhere", .reply(parent: 7))
        try Data("no draft".utf8).write(to: drafts.directory.appendingPathComponent("stray.txt"))
        let app = try UIHarness(drafts: drafts)
        #expect(app.ui.state.drafts.texts == [
            DraftRef(site: "site-1", .reply(parent: 7)): "a reply",
            DraftRef(site: "site-1", .edit(id: 9)): "an edit",
            DraftRef(site: "site-2", .reply(parent: 7)): "on the other site",
        ])
        #expect(app.ui.state.drafts.unwritten.isEmpty)
    }

    @Test func theNewestWriteOfADraftWinsOnDiskWhateverOrderTheWritesRun() throws {
        let drafts = DraftStore(directory: directory())
        defer { try? FileManager.default.removeItem(at: drafts.directory) }
        try drafts.write(nil, site: "s", .reply(parent: 1), revision: 2)
        try drafts.write("older, arriving late", site: "s", .reply(parent: 1), revision: 1)
        #expect(drafts.load(site: "s", .reply(parent: 1)) == nil, "the removal was asked for last")
        try drafts.write("newer", site: "s", .reply(parent: 1), revision: 3)
        #expect(drafts.load(site: "s", .reply(parent: 1)) == "newer")
    }

    @Test func sendingAReplyKeptAsADraftRemovesItsFile() async throws {
        let app = try UIHarness()
        try await app.start()
        let site = try #require(app.ui.state.site)
        let parent = try #require(app.selected).id
        app.press(.character("r"))
        app.type("first thoughts")
        app.press(.escape, .control("x"))
        app.press(.character("r"))
        #expect(editorText(app) == "first thoughts")
        app.press(.control("s"))
        #expect(app.ui.state.drafts[DraftRef(site: site, .reply(parent: parent))] == nil)
        try await app.draftsWritten()
        let drafts = DraftStore(directory: app.stateDirectory.appendingPathComponent("drafts"))
        #expect(drafts.load(site: site, .reply(parent: parent)) == nil)
    }

    @Test func aDraftThatCannotBeWrittenStaysInMemoryAndQuittingAsksFirst() async throws {
        let app = try UIHarness(drafts: try blockedDrafts())
        try await app.start()
        let site = try #require(app.ui.state.site)
        let parent = try #require(app.selected).id
        app.press(.character("r"))
        app.type("nowhere to write this")
        app.press(.escape, .control("x"))
        #expect(app.ui.state.hint == "Reply discarded: r brings it back.")
        let state = try await app.ui.state { $0.drafts.writesInFlight.isEmpty }
        #expect(state.drafts.unwritten == [DraftRef(site: site, .reply(parent: parent))])
        #expect(state.hint?.hasPrefix("A draft could not be written under") == true)
        app.press(.character("r"))
        #expect(editorText(app) == "nowhere to write this", "kept in memory")
        app.press(.escape, .control("x"), .character("q"))
        _ = try await app.ui.state { !$0.isQuitPending }
        #expect(!app.ui.state.isQuitting)
        #expect(app.ui.state.hint?.contains("quitting would lose text") == true)
        app.press(.character("q"))
        _ = try await app.ui.state { $0.isQuitting }
    }

    @Test func quittingWritesAgainTheDraftsThatFailedOnceTheDirectoryIsFixed() async throws {
        let blocker = directory()
        try Data("not a directory".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let drafts = DraftStore(directory: blocker.appendingPathComponent("drafts"))
        let app = try UIHarness(drafts: drafts)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let parent = try #require(app.selected).id
        app.press(.character("r"))
        app.type("written at last")
        app.press(.escape, .control("x"))
        _ = try await app.ui.state { !$0.drafts.unwritten.isEmpty }
        try FileManager.default.removeItem(at: blocker)
        app.press(.character("q"))
        let state = try await app.ui.state { !$0.isQuitPending }
        #expect(state.isQuitting, "quits without asking: the draft is on disk now")
        #expect(state.drafts.unwritten.isEmpty)
        #expect(drafts.load(site: site, .reply(parent: parent)) == "written at last")
    }

    @Test func discardingAReplyWithNowhereToKeepItThenQuittingAsksFirst() async throws {
        let memory = DraftStore.memoryOnly(tried: URL(fileURLWithPath: "/nowhere/drafts"))
        let app = try UIHarness(drafts: memory)
        try await app.start()
        app.press(.character("r"))
        app.type("only in this session")
        app.press(.escape, .control("x"))
        #expect(app.ui.state.mode == .normal)
        app.press(.character("q"))
        #expect(!app.ui.state.isQuitting, "the discarded reply lives in memory only")
        #expect(app.ui.state.hint?.contains("/nowhere/drafts") == true)
        app.press(.character("q"))
        #expect(app.ui.state.isQuitting)
    }

    @Test func keysPressedWhileQuittingWaitsForTheDraftsChangeNothing() async throws {
        let app = try UIHarness()
        try await app.start()
        let site = try #require(app.ui.state.site)
        let parent = try #require(app.selected).id
        app.press(.character("r"))
        app.type("as it was at q")
        app.press(.control("c"))
        #expect(app.ui.state.isQuitPending, "its write is an effect: it cannot have answered yet")
        app.type(" and more")
        #expect(editorText(app) == "as it was at q")
        _ = try await app.ui.state { $0.isQuitting }
        let drafts = DraftStore(directory: app.stateDirectory.appendingPathComponent("drafts"))
        #expect(drafts.load(site: site, .reply(parent: parent)) == "as it was at q")
    }
}
