import Foundation
import Testing
import PropertyBased
import CommentsKit
@testable import CommentsReplica

/// Issue 14: the index searches where WordPress's search does — the author's e-mail and IP
/// too, when the edit context brought them — and finds exactly what the in-memory search
/// (CommentSearch over the same comment) finds. A comment read again without them (the
/// view context) keeps them in the index.
@Suite("Replica: search finds e-mail and IP as the reference scan does")
struct ReplicaSearchFactsPropertyTests {
    static let alphabet: [Character] = ["a", "B", "é", "@", ".", "1", "9", ":", "x", "ß", " ", "%", "_"]
    static let character = Gen<Character?>.element(of: alphabet).map { $0 ?? "a" }
    static let text = character.string(of: 0...12)
    static let query = character.string(of: 1...4)
    /// Text, e-mail and IP of each comment (the e-mail and IP of some missing).
    static let comments = zip(text, text.optional, text.optional).array(of: 1...16)

    @Test func everyQueryFindsWhatTheReferenceScanFindsInEmailAndIP() async throws {
        await propertyCheck(count: 50, input: Self.comments, Self.query.array(of: 6)) { fields, queries in
            do {
                try await check(fields, queries)
            } catch {
                Issue.record("replica failed: \(error)")
            }
        }
    }

    @Test func aCommentReadWithoutItsFactsKeepsThemInTheIndex() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let replica = try Replica.open(site: "s", in: directory.url)
        try await replica.apply(page: [ReplicaFixtures.comment(1, text: "Hello", email: "Zoë@Example.org", ip: "203.0.113.9")])
        let email = try #require(ReplicaSearchQuery("zoe@example"))
        let ip = try #require(ReplicaSearchQuery("113.9"))
        #expect(try await replica.searchIDs(email) == [1])
        #expect(try await replica.searchIDs(ip) == [1])
        // Read again in the view context, with a new text: the facts stay searchable.
        let viewed = ReplicaFixtures.comment(1, text: "Hello again")
        try await replica.apply(page: [viewed])
        #expect(try await replica.searchIDs(email) == [1])
        #expect(try await replica.searchIDs(ip) == [1])
        #expect(try await replica.searchIDs(try #require(ReplicaSearchQuery("again"))) == [1])
        // A new address from the edit context replaces the old one.
        var moved = viewed
        moved.authorIP = "198.51.100.7"
        try await replica.apply(page: [moved])
        #expect(try await replica.searchIDs(ip).isEmpty)
        #expect(try await replica.searchIDs(try #require(ReplicaSearchQuery("100.7"))) == [1])
    }

    private func check(_ fields: [(String, String?, String?)], _ queries: [String]) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let replica = try Replica.open(site: "s", in: directory.url)
        let comments = fields.enumerated().map { index, field in
            ReplicaFixtures.comment(index + 1, text: field.0, email: field.1, ip: field.2)
        }
        try await replica.apply(page: comments)
        for query in queries {
            let pattern = CommentSearch.Pattern(query)
            let search = ReplicaSearchQuery(query)
            #expect((pattern == nil) == (search == nil), "query \(query.debugDescription)")
            guard let pattern, let search else { continue }
            let expected = comments.filter { pattern.matches(CommentEntry($0)) }.map(\.id)
            let found = try await replica.searchIDs(search)
            #expect(Set(found) == Set(expected), "query \(query.debugDescription)")
        }
    }
}
