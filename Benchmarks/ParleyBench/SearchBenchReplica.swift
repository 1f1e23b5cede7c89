import Foundation
import CommentsKit
import CommentsReplica

/// The replica `filter.search_1m` searches through (issue 14): the benchmark's site written
/// into a replica once, as the app writes it — pages of 100, the index tidied (FTS5's
/// tiered merge) a step after each page as the writer's idle moments do, and until nothing
/// is left once the load is over — never merged into one segment, which the app never
/// does; kept under the temporary directory for the next run: building one of a million
/// comments takes minutes.
@MainActor
enum SearchBenchReplica {
    /// A cache over a replica holding exactly `data`, built when no complete one is kept;
    /// nil (the search then scans, and says so) when it cannot be built.
    static func prepare(_ data: [Comment], tag: String) async -> ReplicaCache? {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("parley-bench-fixtures", isDirectory: true)
            .appendingPathComponent("search-replica-tidied-\(tag)-\(fingerprint(of: data))", isDirectory: true)
        let done = directory.appendingPathComponent("complete")
        if !FileManager.default.fileExists(atPath: done.path) {
            do {
                try? FileManager.default.removeItem(at: directory)
                let start = nowNanos()
                let replica = try Replica.open(site: LoadedStores.site, in: directory)
                for first in stride(from: 0, to: data.count, by: 100) {
                    try await replica.apply(page: Array(data[first..<min(first + 100, data.count)]))
                    try await replica.tidySearchIndex()
                }
                while try await replica.tidySearchIndex() {}
                try Data().write(to: done)
                progress("built the search replica of \(data.count) comments in \(Int(Double(nowNanos() - start) / 1e6)) ms")
            } catch {
                progress("could not build the search replica (\(error)); filter.search_\(tag) scans")
                return nil
            }
        }
        return ReplicaCache(directory: directory)
    }

    /// What tells one data set from another: its size and a hash of some of its comments
    /// (the mock data is generated the same way each run; a change of generator shows).
    private static func fingerprint(of data: [Comment]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for comment in data.prefix(64) + data.suffix(64) {
            for byte in "\(comment.id)\(comment.authorName)\(comment.contentHTML)".utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        return "\(data.count)-\(String(hash, radix: 16))"
    }
}

/// The comments store's cache in the filter benchmark: the site counts as kept (its
/// searches may go through the replica), but its copy reads as empty — the comments are
/// imported already — and nothing is written.
struct KeptSiteCache: CommentsCache {
    let replica: ReplicaCache

    init(_ replica: ReplicaCache) { self.replica = replica }

    func comments(site: SiteID, limit: Int?) async throws -> [Comment] { [] }
    func posts(site: SiteID) async throws -> [WordPressPost] { [] }
    func write(_ write: CacheWrite) async -> String? { nil }
    func searchIDs(site: SiteID, matching needle: String, through sequence: Int) async throws -> [Int]? {
        try await replica.searchIDs(site: site, matching: needle, through: sequence)
    }
}
