import Foundation
import Testing
@testable import MockREST

/// The list route remembers each query's ordered matches until a write
/// (``MockBackend/list(site:_:)``): the pages must still answer as if every request
/// filtered the site afresh.
@Suite struct ListOrderCacheTests {
    let server = smallServer(comments: 120)

    private func ids(_ query: String) -> [Int] {
        server.call("GET", "/wp/v2/comments?per_page=100&status=any&type=all" + query).ids
    }

    private func total() -> Int? {
        server.call("GET", "/wp/v2/comments?per_page=5&status=any&type=all").header("X-WP-Total").flatMap { Int($0) }
    }

    @Test func aWriteBetweenPagesShowsInTheNextPage() throws {
        let before = ids("")
        let count = try #require(total())
        let trashed = before[3]
        #expect(server.call("DELETE", "/wp/v2/comments/\(trashed)").status == 200)
        #expect(total() == count)
        let trashedAgain = server.call("GET", "/wp/v2/comments?per_page=100&status=trash&type=all").ids
        #expect(trashedAgain.contains(trashed))
        #expect(server.call("DELETE", "/wp/v2/comments/\(trashed)?force=true").status == 200)
        #expect(!ids("").contains(trashed))
        #expect(total() == count - 1)
    }

    @Test func aNewCommentShowsOnPageOneAtOnce() throws {
        let count = try #require(total())
        let post = try #require(server.comments(site: "site-1")?.first?.post)
        let created = server.call("POST", "/wp/v2/comments", json: ["post": post, "content": "A fresh comment"])
        #expect(created.status == 201)
        let id = try #require(created.object["id"] as? Int)
        #expect(ids("").first == id)
        #expect(total() == count + 1)
    }

    @Test func queriesThatDifferOnlyInWhatTheySelectAreNotConfused() {
        let held = server.call("GET", "/wp/v2/comments?per_page=5&status=hold&type=all")
        let approved = server.call("GET", "/wp/v2/comments?per_page=5&status=approve&type=all")
        let heldIDs = Set(server.comments(site: "site-1")?.filter { $0.status == .hold }.map(\.id) ?? [])
        #expect(!held.ids.isEmpty)
        #expect(held.ids.allSatisfy(heldIDs.contains))
        #expect(approved.ids.allSatisfy { !heldIDs.contains($0) })
        // Same selection, another page and size: one remembered order, sliced two ways.
        let first = ids("&order=asc").prefix(20)
        let pageTwo = server.call("GET", "/wp/v2/comments?per_page=10&page=2&status=any&type=all&order=asc").ids
        #expect(Array(first.suffix(10)) == pageTwo)
    }
}
