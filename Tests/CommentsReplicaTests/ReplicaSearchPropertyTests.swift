import Foundation
import Testing
import PropertyBased
import CommentsKit
@testable import CommentsReplica

/// The index finds exactly what the in-memory search (CommentSearch) finds over the same
/// fields, for random comments and random queries, short and non-ASCII ones included.
@Suite("Replica: search matches the reference scan")
struct ReplicaSearchPropertyTests {
    /// Few letters, so random queries hit often; cases, accents (composed and not),
    /// expansions (ß), scripts without case, emoji and characters SQL or FTS5 treat specially.
    static let alphabet: [Character] = [
        "a", "A", "b", "e", "E", "é", "É", "e\u{301}", "ß", "s", "S", "ñ", "o", "Ö", "ø", "Σ", "σ", "ς",
        "ı", "İ", "i", "字", "😀", " ", " ", "%", "_", "\"", "*", "'", "&", "<", "(", "1",
    ]

    static let character = Gen<Character?>.element(of: alphabet).map { $0 ?? "a" }
    static let text = character.string(of: 0...24)
    static let query = character.string(of: 1...5)
    static let comments = zip(text, text, text).array(of: 1...20)

    @Test func everyQueryFindsWhatTheReferenceScanFinds() async throws {
        await propertyCheck(count: 60, input: Self.comments, Self.query.array(of: 6)) { fields, queries in
            do {
                try await check(fields, queries)
            } catch {
                Issue.record("replica failed: \(error)")
            }
        }
    }

    private func check(_ fields: [(String, String, String)], _ queries: [String]) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let replica = try Replica.open(site: "s", in: directory.url)
        let comments = fields.enumerated().map { index, field in
            ReplicaFixtures.comment(index + 1, author: field.1, text: field.0, url: field.2)
        }
        try await replica.apply(page: comments)
        for query in queries {
            let pattern = CommentSearch.Pattern(query)
            let search = ReplicaSearchQuery(query)
            #expect((pattern == nil) == (search == nil), "query \(query.debugDescription)")
            guard let pattern, let search else { continue }
            let expected = comments.filter { pattern.matches(CommentEntry($0)) || pattern.contains($0.authorURL) }.map(\.id)
            let found = try await replica.searchIDs(search)
            #expect(Set(found) == Set(expected), "query \(query.debugDescription)")
        }
    }
}
