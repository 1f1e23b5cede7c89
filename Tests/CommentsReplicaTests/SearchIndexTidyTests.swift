import Foundation
import Testing
import GRDB
import CommentsKit
@testable import CommentsReplica

/// ``Replica/tidySearchIndex(pages:)``: the idle-time merge of the small segments that page
/// writes leave in the search index.
@Suite("Replica: tidying the search index")
struct SearchIndexTidyTests {
    private func segmentCount(_ replica: Replica) async throws -> Int {
        try await replica.reading { db in try Int.fetchOne(db, sql: "SELECT count(DISTINCT segid) FROM comment_search_idx") ?? 0 }
    }

    @Test func tidyingMergesThePagesSegmentsAndSearchFindsTheSame() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let replica = try Replica.open(site: "s", in: directory.url)
        let words = ["lovely", "lovelace", "plain", "tea", "cafe"]
        // Twelve pages, each its own transaction: twelve segments, none merged on the way.
        for page in 0..<12 {
            try await replica.apply(page: (1...10).map { offset in
                let id = page * 10 + offset
                return ReplicaFixtures.comment(id, author: "A\(id % 4)", text: "\(words[id % 5]) number \(id)")
            })
        }
        let queries = try ["lovel", "tea", "number 1", "a2", "cafe number 7"].map { try #require(ReplicaSearchQuery($0)) }
        var before: [[Int]] = []
        for query in queries { before.append(try await replica.searchIDs(query)) }
        let segments = try await segmentCount(replica)
        #expect(segments >= 12)

        var steps = 0
        while try await replica.tidySearchIndex(pages: 8) {
            steps += 1
            if steps > 1000 { Issue.record("tidying never ends"); break }
        }
        #expect(steps > 0)
        #expect(try await segmentCount(replica) < segments)
        var after: [[Int]] = []
        for query in queries { after.append(try await replica.searchIDs(query)) }
        #expect(after == before)
        #expect(before[0].count == 48)
    }
}
