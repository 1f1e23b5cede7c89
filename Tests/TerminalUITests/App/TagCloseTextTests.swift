import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Flux
import FluxTesting
import MockREST
import CommentsKit
@testable import TerminalUI

/// `~` (issue 30): the cursor's comment and every comment shown whose text is close to its
/// are tagged — a flood that varies its words, numbers and links — found off the main actor;
/// the hint counts those the filters hide, and `~` again tags them too; `~ s y` spams a flood.
@MainActor
@Suite struct TagCloseTextTests {
    /// A flood's copies: a word, a number and the domain vary.
    static let flood = [
        "Cheap pills at pillz.example, offer 17, order now while stocks last",
        "Cheap pills at <a href=\"https://pills.example/?ref=2\">pills.example</a>: offer 3 - order now while the stocks last!",
        "cheap PILLS at meds.example, offer 254, order today while stocks last",
        "Cheap pills at pillz.example - offer 9, order now while stock lasts!!",
        "Cheap pills at pilz.example, offer 5, order now while stocks last",
    ]

    /// Posts the flood to the harness's first site, as guests, held; the last copy as spam.
    /// Returns the ids, in the order of ``flood``.
    private func postFlood(_ app: UIHarness) throws -> [Int] {
        try post(Self.flood, app, spamLast: true)
    }

    /// Posts `texts` to the harness's first site, as guests, held (the last one as spam when
    /// `spamLast`); returns their ids.
    private func post(_ texts: [String], _ app: UIHarness, spamLast: Bool = false) throws -> [Int] {
        let site = try #require(app.server.sites.first)
        let post = try #require(app.server.comments(site: site.id)?.first?.post)
        return try texts.enumerated().map { index, text in
            var request = URLRequest(url: site.restBase.appendingPathComponent("wp/v2/comments"))
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONSerialization.data(withJSONObject: [
                "post": post, "content": text, "author_name": "Pill Bot \(index)", "author_email": "bot\(index)@pillz.example",
                "status": spamLast && index == texts.count - 1 ? "spam" : "hold",
            ] as [String: Any])
            let response = app.server.respond(to: request)
            try #require(response.status == 201, "the flood could not be posted")
            let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
            return try #require(object["id"] as? Int)
        }
    }

    /// Moves the cursor down until it is on comment `id`.
    private func moveCursor(to id: Int, _ app: UIHarness) throws {
        for _ in 0..<500 where app.selected?.id != id { app.press(.character("j")) }
        try #require(app.selected?.id == id)
    }

    private static func isFound(_ action: UIAction, ids expected: Set<Int>) -> Bool {
        guard case .closeTextFound(_, _, let ids) = action else { return false }
        return Set(ids) == expected
    }

    @Test func theKeyTagsTheCopiesShownCountsThoseHiddenAndAgainTagsThemToo() async throws {
        let app = try UIHarness(width: 132, height: 40)
        let ids = try postFlood(app)
        try await app.start()
        let site = try #require(app.ui.state.site)
        // The list shows Approved and Pending: the copy in Spam is hidden.
        try moveCursor(to: ids[0], app)
        // The detail pane rests on it, and the histories of its addresses are read first.
        app.rest()
        #expect(await app.comments.effectsFinished(timeout: .safetyNet))
        let shown = Set(ids.dropLast()), all = Set(ids)
        let ui = app.ui
        let stores = TestStores(ui)

        await stores.send(UIAction.tagCloseText) {
            $0[ui].hint = "Looking for comments whose text is close to this one's…"
        }
        await stores.receive(UIAction.self, where: { Self.isFound($0, ids: all) }) {
            let tags = $0.actual(ui).tags
            #expect(tags.ids(on: site) == shown)
            $0[ui].tags = tags
            $0[ui].tagWidening = TagWidening(site: site, match: .closeText(id: ids[0]), filters: app.filters.state)
            $0[ui].hint = "Tagged the 4 comments shown close to this one's text; 1 more in Spam is hidden by the filters — ~ again tags them too."
        }
        await stores.send(UIAction.tagCloseText) {
            $0[ui].hint = "Looking for comments whose text is close to this one's…"
        }
        await stores.receive(UIAction.self, where: { Self.isFound($0, ids: all) }) {
            let tags = $0.actual(ui).tags
            #expect(tags.ids(on: site) == all)
            $0[ui].tags = tags
            $0[ui].tagWidening = nil
            $0[ui].hint = "Tagged all 5 comments close to this one's text, hidden by the filters or not — 5 tagged."
        }
        await stores.finish()
    }

    @Test func spammingAFloodIsThreeKeys() async throws {
        let app = try UIHarness(width: 132, height: 40)
        let ids = try post(Self.flood, app)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let before = Set(app.server.comments(site: site)?.filter { $0.status == .spam }.map(\.id) ?? [])
        try moveCursor(to: ids[1], app)
        app.press(.character("~"))
        _ = try await app.ui.state { $0.tags.ids(on: site) == Set(ids) }
        #expect(app.ui.state.hint == "Tagged the 5 comments close to this one's text — 5 tagged.")
        app.press(.character("s"), .character("y"))
        try await app.settled()
        let after = Set(app.server.comments(site: site)?.filter { $0.status == .spam }.map(\.id) ?? [])
        #expect(after == before.union(ids), "the flood is spam, and nothing else became spam")
    }

    @Test func aCommentWithoutCopiesIsTaggedAloneAndTheHintSaysSo() async throws {
        let app = try UIHarness(width: 132, height: 40)
        let unique = try post(["Odd question: does the 1972 carburettor float need new jets before winter, or after?"], app)[0]
        try await app.start()
        let site = try #require(app.ui.state.site)
        try moveCursor(to: unique, app)
        app.press(.character("~"))
        _ = try await app.ui.state { !$0.tags.ids(on: site).isEmpty }
        #expect(app.ui.state.tags.ids(on: site) == [unique])
        #expect(app.ui.state.hint == "No other comment's text is close to this one's — 1 tagged.")
    }
}
