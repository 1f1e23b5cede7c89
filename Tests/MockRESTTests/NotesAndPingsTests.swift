import Foundation
import Testing
@testable import MockREST

/// Comment types as WordPress 7.1 has them: pings listed by `type`, notes kept out of every
/// list but `type=note` and `type=all`, and shown only to who may edit their post.
@Suite struct NotesAndPingsTests {
    static let password = "pass word"
    let server = MockServer(MockConfiguration(
        seed: 7, siteCount: 1, commentsPerSite: 60, credentials: moderator,
        accounts: MockRole.allCases.map { MockAccount(user: "the-\($0.rawValue)", applicationPassword: password, role: $0) }
    ))

    private func call(_ role: MockRole?, _ route: String) -> MockResponse {
        guard let role else { return server.call("GET", route) }
        return server.call("GET", route, user: "the-\(role.rawValue)", password: Self.password)
    }

    private var all: [MockComment] { server.comments(site: "site-1") ?? [] }

    private func seeded(_ type: MockCommentType, _ status: MockCommentStatus) throws -> MockComment {
        try #require(all.last { $0.type == type.rawValue && $0.status == status })
    }

    private func total(_ query: String) -> Int? {
        call(.administrator, "/wp/v2/comments?status=all&\(query)").header("X-WP-Total").flatMap { Int($0) }
    }

    @Test func theSeedEndsWithANoteOfEachKindAndAPingOfEachType() throws {
        let added = all.suffix(SeedData.notesAndPingsCount)
        #expect(added.map(\.type) == ["note", "pingback", "note", "note", "trackback", "note"])
        #expect(added.map(\.status) == [.hold, .approved, .approved, .approved, .hold, .trash])
        let marker = try #require(added.first { $0.noteStatus == .resolved })
        let resolved = try #require(added.first { $0.id == marker.parent })
        #expect(marker.content.isEmpty && resolved.type == "note" && resolved.status == .approved)
        // Dated after the generated comments, in id order, and never after the reference date.
        #expect(all.map(\.date) == all.map(\.date).sorted())
        #expect(added.allSatisfy { $0.date <= MockConfiguration().referenceDate })
        let exact = MockServer(MockConfiguration(seed: 7, siteCount: 1, commentsPerSite: 60))
        #expect(exact.commentCount(site: "site-1") == 60 + SeedData.notesAndPingsCount)
        var without = MockConfiguration(seed: 7, siteCount: 1, commentsPerSite: 60)
        without.seedsNotesAndPings = false
        #expect(MockServer(without).comments(site: "site-1")?.allSatisfy { $0.type != "note" } == true)
        #expect(MockServer(without).commentCount(site: "site-1") == 60)
    }

    @Test func typeSelectsAsWordPressDoesAndNotesOnlyByNameOrAll() {
        let live = all.filter { $0.status == .approved || $0.status == .hold }
        func count(_ types: Set<String>) -> Int { live.filter { types.contains($0.type) }.count }
        #expect(total("per_page=1") == count(["comment"]))
        #expect(total("type=comment") == count(["comment"]))
        #expect(total("type=comments") == count(["comment"]))
        #expect(total("type=pingback") == count(["pingback"]))
        #expect(total("type=trackback") == count(["trackback"]))
        #expect(total("type=pings") == count(["pingback", "trackback"]))
        #expect(total("type=PINGS") == count(["pingback", "trackback"]), "sanitize_key lowers the case")
        #expect(total("type=note") == count(["note"]))
        #expect(total("type=all") == live.count, "all means every type, notes included")
        #expect(total("type=") == count(["comment", "pingback", "trackback"]), "empty means every type but notes")
        #expect(total("type=nothing") == 0)
        #expect(count(["note"]) == 3 && count(["pingback"]) >= 1 && count(["trackback"]) >= 1)
        let listed = call(.administrator, "/wp/v2/comments?type=pings&status=all&per_page=100").array
        #expect(Set(listed.compactMap { $0["type"] as? String }) == ["pingback", "trackback"])
    }

    @Test func pingsCarryTheirSourceAndExcerptAsWordPressStoresThem() throws {
        let pingback = try seeded(.pingback, .approved)
        let trackback = try seeded(.trackback, .hold)
        for ping in [pingback, trackback] {
            #expect(ping.author == 0 && ping.authorEmail.isEmpty && ping.authorURL.hasPrefix("https://"))
            #expect(!ping.authorName.isEmpty)
        }
        #expect(pingback.content.hasPrefix("[&#8230;] ") && pingback.content.hasSuffix(" [&#8230;]"))
        #expect(trackback.content.hasPrefix("<strong>") && trackback.content.contains("</strong>\n\n"))
        // The generated pings too.
        let generated = all.dropLast(SeedData.notesAndPingsCount).filter { $0.type == "pingback" }
        #expect(generated.allSatisfy { $0.content.hasPrefix("[&#8230;] ") && $0.authorEmail.isEmpty })
        let json = try #require(call(.administrator, "/wp/v2/comments/\(pingback.id)").object as [String: Any]?)
        #expect(json["type"] as? String == "pingback")
        #expect(json["author_name"] as? String == pingback.authorName && json["author_url"] as? String == pingback.authorURL)
    }

    @Test func metaCarriesTheNoteStatusAndNullForEveryOtherComment() throws {
        let marker = try #require(all.first { $0.noteStatus == .resolved })
        let markerJSON = call(.administrator, "/wp/v2/comments/\(marker.id)").object
        #expect((markerJSON["meta"] as? [String: Any])?["_wp_note_status"] as? String == "resolved")
        let comment = call(.administrator, "/wp/v2/comments?per_page=1").array.first ?? [:]
        let meta = try #require(comment["meta"] as? [String: Any])
        #expect(meta.count == 1 && meta["_wp_note_status"] is NSNull)
        // A note's replies are listed by type: its children link says so.
        let thread = call(.administrator, "/wp/v2/comments/\(marker.parent)").object
        let children = ((thread["_links"] as? [String: Any])?["children"] as? [[String: Any]])?.first?["href"] as? String
        #expect(children?.hasSuffix("/wp/v2/comments?parent=\(marker.parent)&type=note&status=all") == true)
    }

    @Test func aNoteIsReadOnlyByWhoMayEditItsPostEvenResolved() throws {
        let resolved = try seeded(.note, .approved)
        #expect(call(nil, "/wp/v2/comments/\(resolved.id)").code == "rest_cannot_read")
        #expect(call(nil, "/wp/v2/comments/\(resolved.id)").status == 401)
        for role in [MockRole.subscriber, .contributor, .author] {
            let answer = call(role, "/wp/v2/comments/\(resolved.id)")
            #expect(answer.status == 403 && answer.code == "rest_cannot_read", "\(role)")
        }
        for role in [MockRole.editor, .administrator] {
            #expect(call(role, "/wp/v2/comments/\(resolved.id)?context=edit").status == 200, "\(role)")
        }
        // A plain approved comment stays public.
        let approved = try seeded(.comment, .approved)
        #expect(call(nil, "/wp/v2/comments/\(approved.id)").status == 200)
    }

    @Test func listsOfNotesCountForWhoMayAskButShowOnlyWhatTheyMayRead() throws {
        let post = try seeded(.note, .hold).post
        #expect(call(.subscriber, "/wp/v2/comments?type=note").code == "rest_forbidden_param")
        #expect(call(nil, "/wp/v2/comments?type=all").code == "rest_forbidden_param")
        // A contributor may filter by type (edit_posts) but reads none of the notes.
        let contributor = call(.contributor, "/wp/v2/comments?type=note&status=all")
        #expect(contributor.status == 200 && contributor.array.isEmpty && contributor.header("X-WP-Total") == "3")
        let editor = call(.editor, "/wp/v2/comments?type=note&status=all")
        #expect(editor.array.count == 3 && editor.array.allSatisfy { $0["type"] as? String == "note" })
        // The edit context of a post's notes needs edit_post, not moderate_comments.
        let author = call(.author, "/wp/v2/comments?type=note&post=\(post)&context=edit")
        #expect(author.status == 403 && author.code == "rest_forbidden_context")
        #expect(call(.editor, "/wp/v2/comments?type=note&post=\(post)&context=edit").status == 200)
        #expect(call(.author, "/wp/v2/comments?type=comment&post=\(post)&context=edit").code == "rest_forbidden_context")
    }

    @Test func testsAddPingsAndNotesAsWordPressStoresThem() throws {
        let post = try #require(server.posts(site: "site-1").last).id
        let pingback = try #require(server.addPingback(
            site: "site-1", post: post, sourceTitle: "Elsewhere &raquo; A post", sourceURL: "https://elsewhere.example/post/",
            excerpt: "as discussed here", status: .approved))
        #expect(pingback.type == "pingback" && pingback.post == post && pingback.status == .approved)
        #expect(pingback.content == "[&#8230;] as discussed here [&#8230;]" && pingback.authorURL == "https://elsewhere.example/post/")
        let trackback = try #require(server.addTrackback(
            site: "site-1", blogName: "Weekly", url: "https://weekly.example/1/", title: "Round-up", excerpt: "Read this."))
        #expect(trackback.type == "trackback" && trackback.status == .hold && trackback.authorName == "Weekly")
        #expect(trackback.content == "<strong>Round-up</strong>\n\nRead this.")
        let note = try #require(server.addNote(site: "site-1", content: "Check the date."))
        let marker = try #require(server.addNote(site: "site-1", parent: note.id, content: "", status: .approved, noteStatus: .resolved))
        #expect(note.type == "note" && note.author == 1 && note.status == .hold && marker.parent == note.id)
        #expect([pingback.id, trackback.id, note.id, marker.id] == Array(pingback.id...pingback.id + 3))
        #expect(total("type=pings&include=\(pingback.id),\(trackback.id)") == 2)
        #expect(total("type=comment&include=\(note.id),\(marker.id)") == 0)
        #expect(server.addNote(site: "nowhere", content: "x") == nil)
    }

    @Test func theBlockEditorsRequestsWriteNotesOnSevenOne() throws {
        let post = try seeded(.note, .hold).post
        func create(_ role: MockRole, _ json: [String: Any]) -> MockResponse {
            server.call("POST", "/wp/v2/comments", json: ["post": post].merging(json) { $1 },
                        user: "the-\(role.rawValue)", password: Self.password)
        }
        let note = create(.editor, ["type": "note", "content": "Check the caption."])
        #expect(note.status == 201 && note.object["type"] as? String == "note" && note.object["status"] as? String == "approved")
        let id = try #require(note.object["id"] as? Int)
        let marker = create(.editor, ["type": "note", "parent": id, "content": "", "meta": ["_wp_note_status": "resolved"]])
        #expect(marker.status == 201 && (marker.object["meta"] as? [String: Any])?["_wp_note_status"] as? String == "resolved")
        #expect(create(.editor, ["type": "note", "content": "Check the caption.", "status": "hold"]).object["status"] as? String == "hold",
                "a note is never a duplicate, and who may edit the post sets its status")
        #expect(create(.editor, ["type": "note", "content": ""]).code == "rest_comment_content_invalid")
        #expect(create(.author, ["type": "note", "content": "Mine?"]).code == "rest_cannot_create_note")
        #expect(create(.editor, ["type": "pingback", "content": "Ping"]).code == "rest_invalid_comment_type")
        #expect(create(.editor, ["type": "NOTE", "content": "Upper"]).code == "rest_invalid_comment_type")
        let before = all.count
        let bogus = create(.editor, ["type": "note", "content": "Bogus", "meta": ["_wp_note_status": "done"]])
        #expect(bogus.status == 400 && bogus.code == "rest_not_in_enum")
        #expect(all.count == before + 1 && all.last?.type == "note", "WordPress keeps the note it inserted before refusing the meta")
        var old = MockConfiguration(seed: 7, siteCount: 1, commentsPerSite: 20)
        old.wordPressVersion = .v6_1
        let sixOne = MockServer(old).call("POST", "/wp/v2/comments", json: ["post": post, "type": "note", "content": "Note"])
        #expect(sixOne.status == 400 && sixOne.code == "rest_invalid_comment_type", "no notes before 6.9")
    }

    @Test func anotherModeratorNeverTouchesANote() {
        let notes = all.filter { $0.type == "note" }
        var random = SplitMix64(seed: 5)
        for _ in 0..<300 { server.changeOneOutsideAtRandom(&random) }
        let after = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
        #expect(notes.allSatisfy { after[$0.id] == $0 })
    }
}
