import FluxTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import CommentsKit
import MockREST

@Suite struct ClientCommentsTests {
    @Test func listPagesThroughEverything() async throws {
        let harness = try Harness(comments: 150)
        var seen: [Int] = []
        var page = 1
        var totalPages = 1
        repeat {
            let result = try await harness.client.list(CommentListRequest(statuses: Set(CommentStatus.allCases), page: page, perPage: 40))
            #expect(result.total == harness.snapshot.filter { $0.type == "comment" }.count)
            totalPages = result.totalPages
            seen += result.comments.map(\.id)
            page += 1
        } while page <= totalPages
        #expect(seen == harness.snapshot.filter { $0.type == "comment" }.map(\.id).reversed())
        let past = try await harness.client.list(CommentListRequest(page: totalPages + 5))
        #expect(past.comments.isEmpty)
        #expect(past.total > 0)
    }

    @Test func listFiltersMapToWordPressParameters() async throws {
        let harness = try Harness(comments: 120)
        let held = try await harness.client.list(CommentListRequest(statuses: [.hold]))
        #expect(!held.comments.isEmpty && held.comments.allSatisfy { $0.status == .hold })
        let visible = try await harness.client.list(CommentListRequest(statuses: [.approved, .hold]))
        #expect(Set(visible.comments.map(\.status)) == [.approved, .hold])
        let junk = try await harness.client.list(CommentListRequest(statuses: [.spam, .trash]))
        #expect(!junk.comments.isEmpty && junk.comments.allSatisfy { $0.status == .spam || $0.status == .trash })
        let post = try #require(harness.server.posts(site: "site-1").first).id
        let onPost = try await harness.client.list(CommentListRequest(post: post, parent: 0, order: .asc))
        #expect(onPost.comments.allSatisfy { $0.post == post && $0.parent == 0 })
        #expect(onPost.comments.map(\.date) == onPost.comments.map(\.date).sorted())
        let search = try await harness.client.list(CommentListRequest(search: "grandmother"))
        #expect(search.comments.allSatisfy { $0.contentHTML.lowercased().contains("grandmother") || $0.authorName.lowercased().contains("grandmother") })
        let edit = try await harness.client.list(CommentListRequest(perPage: 5, context: .edit))
        #expect(edit.comments.allSatisfy { $0.contentRaw != nil })
        let pings = try await harness.client.list(CommentListRequest(statuses: Set(CommentStatus.allCases), type: "pings"))
        #expect(pings.comments.allSatisfy { $0.type != "comment" })
    }

    @Test func searchWithPlusAndAmpersandSurvivesTheQueryString() async throws {
        let harness = try Harness(comments: 10)
        let post = try #require(harness.server.posts(site: "site-1").first).id
        let reply = try await harness.client.reply(post: post, parent: 0, content: "C++ & Rust = fun")
        let found = try await harness.client.list(CommentListRequest(search: "C++ & Rust"))
        #expect(found.comments.map(\.id) == [reply.id])
    }

    @Test func getOneAndMissingOne() async throws {
        let harness = try Harness()
        let expected = try #require(harness.first(.approved))
        let comment = try await harness.client.comment(id: expected.id)
        #expect(comment.id == expected.id && comment.authorName == expected.authorName && comment.date == expected.date)
        #expect(comment.contentRaw == nil)  // no credentials: the view context, no raw content
        let missing = await Harness.error { () async throws(CommentsError) in try await harness.client.comment(id: 987_654) }
        #expect(missing == .http(status: 404, code: "rest_comment_invalid_id", message: "Invalid comment ID."))
        #expect(missing?.description == "Invalid comment ID.")
    }

    @Test func replyUpdateTrashAndDelete() async throws {
        let harness = try Harness()
        let parent = try #require(harness.first(.approved))
        let reply = try await harness.client.reply(post: parent.post, parent: parent.id, content: "Thanks — noted.")
        #expect(reply.parent == parent.id && reply.post == parent.post && reply.status == .approved)
        #expect(reply.contentRaw == "Thanks — noted.")
        let duplicate = await Harness.error { () async throws(CommentsError) in
            try await harness.client.reply(post: parent.post, parent: parent.id, content: "Thanks — noted.")
        }
        #expect(duplicate?.description == "Duplicate comment detected; it looks as though you’ve already said that!")

        let edited = try await harness.client.updateContent(id: reply.id, content: "Edited")
        #expect(edited.contentHTML == "<p>Edited</p>\n")
        let held = try await harness.client.updateStatus(id: reply.id, to: .hold)
        #expect(held.status == .hold)
        #expect(try await harness.client.updateStatus(id: reply.id, to: .approve).status == .approved)
        #expect(try await harness.client.updateStatus(id: reply.id, to: .spam).status == .spam)
        #expect(try await harness.client.updateStatus(id: reply.id, to: .unspam).status == .approved)
        #expect(try await harness.client.updateStatus(id: reply.id, to: .trash).status == .trash)
        #expect(try await harness.client.updateStatus(id: reply.id, to: .untrash).status == .approved)

        let trashed = try await harness.client.trash(id: reply.id)
        #expect(trashed.status == .trash)
        let again = await Harness.error { () async throws(CommentsError) in try await harness.client.trash(id: reply.id) }
        #expect(again == .http(status: 410, code: "rest_already_trashed", message: "The comment has already been trashed."))

        let previous = try await harness.client.deletePermanently(id: reply.id)
        #expect(previous.id == reply.id && previous.status == .trash)
        #expect(harness.server.comment(site: "site-1", id: reply.id) == nil)
    }

    @Test func currentUserOnOpenMock() async throws {
        let harness = try Harness()
        let user = try await harness.client.currentUser()
        #expect(user == WordPressUser(id: 1, name: "admin", slug: "admin"))
    }

    @Test func hundredConcurrentRequests() async throws {
        let harness = try Harness(comments: 300)
        let client = harness.client
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<100 {
                group.addTask { try await client.list(CommentListRequest(page: index % 10 + 1, perPage: 20)).comments.count }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(counts.count == 100)
        #expect(counts.allSatisfy { $0 <= 20 })
        #expect(harness.server.requestCount(.listComments) == 100)
    }

    @Test func slowListRacingFastDeleteAnswersWithTheOldData() async throws {
        let harness = try Harness(faults: MockFaults(routeLatency: [.listComments: .milliseconds(300)]))
        let newest = try #require(harness.snapshot.last { $0.status == .approved && $0.type == "comment" })
        let client = harness.client
        let list = Task { try await client.list(CommentListRequest(perPage: 100)) }
        await harness.server.requests(.listComments, reach: 1)
        _ = try await client.trash(id: newest.id)
        let stale = try await list.value
        #expect(stale.comments.contains { $0.id == newest.id && $0.status == .approved })
    }

    @Test func discoveryFindsBothForms() async throws {
        let harness = try Harness()
        let site = harness.server.sites[0]
        let found = try await WordPressClient.discoverRESTBase(siteRoot: site.root, configuration: harness.server.sessionConfiguration())
        #expect(found.address.restBase == site.restBase)
        #expect(found.name == site.name)
        let nowhere = try #require(URL(string: "http://\(site.root.host ?? "")/site-77"))
        let missing = await Harness.error { () async throws(CommentsError) in
            try await WordPressClient.discoverRESTBase(siteRoot: nowhere, configuration: harness.server.sessionConfiguration())
        }
        #expect(missing != nil)

        // A site served only through ?rest_route= works with the client too.
        let queryBase = try #require(URL(string: site.root.absoluteString + "/?rest_route="))
        let client = try WordPressClient(restBase: queryBase, configuration: harness.server.sessionConfiguration(), timeout: .safetyNet)
        let page = try await client.list(CommentListRequest(perPage: 3))
        #expect(page.comments.count == 3)
        let one = try await client.comment(id: page.comments[0].id)
        #expect(one.id == page.comments[0].id)
    }
}
