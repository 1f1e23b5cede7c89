import Foundation
import Testing
import GRDB
import CommentsKit
@testable import CommentsReplica

@Suite("Replica: search")
struct ReplicaSearchTests {
    /// A replica holding `texts`, comment `i + 1` with text `texts[i]`.
    private func replica(_ texts: [String], in directory: TemporaryDirectory) async throws -> Replica {
        let replica = try Replica.open(site: "s", in: directory.url)
        try await replica.apply(page: texts.enumerated().map { ReplicaFixtures.comment($0.offset + 1, author: "Ada", text: $0.element) })
        return replica
    }

    @Test func caseAndAccentsAreIgnoredInTheIndexAsInTheMemorySearch() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let replica = try await replica(["Un CAFÉ crème", "naïve Zoë", "Straße", "nothing"], in: directory)
        let query = try #require(ReplicaSearchQuery("cafe"))
        #expect(query.usesIndex)
        #expect(try await replica.searchIDs(query) == [1])
        #expect(try await replica.searchIDs(#require(ReplicaSearchQuery("  NAIVE zoe "))) == [2])
        #expect(try await replica.searchIDs(#require(ReplicaSearchQuery("strasse"))) == [3])
        #expect(try await replica.searchIDs(#require(ReplicaSearchQuery("ada"))) == [4, 3, 2, 1])
    }

    @Test func oneAndTwoCharacterQueriesScanTheFoldedText() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let replica = try await replica(["café", "cafe", "tea", "Œuvre"], in: directory)
        let accent = try #require(ReplicaSearchQuery("É"))
        #expect(accent.usesIndex == false)
        #expect(try await replica.searchIDs(accent) == [4, 3, 2, 1])  // "Œuvre" has an e too
        #expect(try await replica.searchIDs(#require(ReplicaSearchQuery("fe"))) == [2, 1])
        #expect(try await replica.searchIDs(#require(ReplicaSearchQuery("z"))) == [])
        #expect(ReplicaSearchQuery("   ") == nil)
    }

    @Test func querySyntaxIsTakenLiterally() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let replica = try await replica(["50% off_now", "say \"hi\" AND go", "NEAR(a b)", "plain words"], in: directory)
        #expect(try await replica.searchIDs(#require(ReplicaSearchQuery("%"))) == [1])
        #expect(try await replica.searchIDs(#require(ReplicaSearchQuery("_"))) == [1])
        #expect(try await replica.searchIDs(#require(ReplicaSearchQuery("f_n"))) == [1])
        #expect(try await replica.searchIDs(#require(ReplicaSearchQuery("\"hi\" and"))) == [2])
        #expect(try await replica.searchIDs(#require(ReplicaSearchQuery("near(a"))) == [3])
        #expect(try await replica.searchIDs(#require(ReplicaSearchQuery("wor*"))) == [])
    }

    @Test func mergingTheIndexEndsAndKeepsEveryAnswer() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let replica = try Replica.open(site: "s", in: directory.url)
        for page in 0..<5 {  // one index segment per transaction
            try await replica.apply(page: (1...20).map { ReplicaFixtures.comment(page * 20 + $0, text: "page \(page) body") })
        }
        let segments = { @Sendable (db: Database) throws -> Int in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM comment_search_data WHERE id > 10") ?? 0
        }
        let before = try await replica.pool.read(segments)
        var merges = 0
        while try await replica.mergeSearchIndex(pages: 4) {
            merges += 1
            try #require(merges < 100, "the merge never says it is done")
        }
        #expect(merges >= 1)
        #expect(try await replica.pool.read(segments) < before)
        #expect(try await replica.searchIDs(#require(ReplicaSearchQuery("page 3 body"))) == Array((61...80).reversed()))
        #expect(try await replica.mergeSearchIndex() == false)
        try await replica.pool.write { db in
            try db.execute(sql: "INSERT INTO comment_search(comment_search) VALUES('integrity-check')")
        }
    }

    @Test func resultsStreamInBatchesNewestIDFirst() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let replica = try await replica((1...30).map { $0 % 6 == 0 ? "other" : "match \($0)" }, in: directory)
        var batches: [[Int]] = []
        for try await batch in replica.search(try #require(ReplicaSearchQuery("match")), batchSize: 10) {
            batches.append(batch)
        }
        #expect(batches.map(\.count) == [10, 10, 5])
        let matching: [Int] = (1...30).reversed().filter { $0 % 6 != 0 }
        #expect(batches.flatMap { $0 } == matching)
    }

    @Test func aCancelledSearchEndsWithCancelled() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let replica = try await replica(["match"], in: directory)
        let query = try #require(ReplicaSearchQuery("match"))
        let outcome = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                return "found \(try await replica.searchIDs(query))"
            } catch {
                return "\(error)"
            }
        }.value
        #expect(outcome == ReplicaError.cancelled.description)
    }
}
