import Foundation
import Testing
import Flux
import CommentsKit
@testable import TerminalUI

/// Drafts belong to one site (its REST base), and live in memory when the state directory
/// cannot be written — with quitting asking before it loses one.
@MainActor
@Suite struct DraftStoreSitesTests {
    func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("parley-drafts-\(UUID().uuidString)")
    }

    @Test func twoRESTBasesOnOneHostNeverShareADraft() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let drafts = DraftStore(directory: directory)
        try drafts.save("for site two", site: "http://127.0.0.1:8080/site-2/wp-json", .reply(parent: 7))
        #expect(drafts.load(site: "http://127.0.0.1:8080/site-1/wp-json", .reply(parent: 7)) == nil)
        #expect(drafts.load(site: "http://127.0.0.1:8080/site-2/wp-json", .reply(parent: 7)) == "for site two")
    }

    @Test func aDraftKeyedByHostFromAnEarlierVersionIsNotOffered() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("written on site two".utf8).write(to: directory.appendingPathComponent("127_0_0_1-7.txt"))
        let drafts = DraftStore(directory: directory)
        #expect(drafts.load(site: "http://127.0.0.1:8080/site-1/wp-json", .reply(parent: 7)) == nil)
    }

    /// The interface keeps such drafts in its state (`aDraftKeptOnlyInMemoryStillCountsAsKept`).
    @Test func aStoreInMemoryWritesNothingAndSaysTheDraftsAreNotOnDisk() throws {
        let drafts = DraftStore.memoryOnly(tried: URL(fileURLWithPath: "/nowhere/drafts"))
        #expect(!drafts.isPersistent)
        #expect(throws: DraftsNotOnDisk.self) { try drafts.save("kept for now", site: "s", .reply(parent: 1)) }
        #expect(drafts.load(site: "s", .reply(parent: 1)) == nil)
        #expect(drafts.loadAll(sites: ["s"]).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: "/nowhere"))
        #expect(DraftStore(directory: temporaryDirectory()).isPersistent)
    }

    @Test func quittingWithAReplyThatCannotBeKeptOnDiskAsksFirst() async throws {
        let app = try UIHarness()
        try await app.start()
        let parent = try #require(app.selected)
        let drafts = DraftStore.memoryOnly(tried: URL(fileURLWithPath: "/nowhere/drafts"))
        let ui = UIStore(comments: app.comments, filters: app.filters, visible: app.visible, drafts: drafts,
                         dispatcher: app.dispatcher, initialState: app.ui.state)
        app.dispatcher.dispatch(UIAction.reply)
        app.type("words with nowhere to go")
        app.dispatcher.dispatch(UIAction.quit)
        #expect(!ui.state.isQuitting)
        #expect(ui.state.hint?.contains("/nowhere/drafts") == true)
        #expect(ui.state.drafts[DraftRef(site: app.ui.state.site ?? "", .reply(parent: parent.id))] == "words with nowhere to go")
        app.dispatcher.dispatch(UIAction.quit)
        #expect(ui.state.isQuitting)
    }
}
