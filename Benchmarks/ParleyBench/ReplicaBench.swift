import Foundation
import CommentsKit
import CommentsReplica
import Flux
import TerminalUI

/// The replica (issue 14): writing a page into a replica of `size` comments, searching its
/// trigram index, and the first frame of a start that finds the site in it.
@MainActor
enum ReplicaBench {
    static func run(size: Int, data: [Comment], runs: Int) async -> [Measurement] {
        let tag = Bench.tag(size)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-bench-replica-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let replica = try Replica.open(site: "bench-\(tag)", in: directory)
            let buildStart = nowNanos()
            for start in stride(from: 0, to: data.count, by: 1000) {
                try await replica.apply(page: Array(data[start..<min(start + 1000, data.count)]))
            }
            progress("built a replica of \(size) comments in \(Int(Double(nowNanos() - buildStart) / 1e6)) ms")
            let mergeStart = nowNanos()
            while try await replica.mergeSearchIndex() {}
            progress("merged its search index in \(Int(Double(nowNanos() - mergeStart) / 1e6)) ms")
            var results: [Measurement] = []
            if size == 100_000 {
                results.append(try await applyPage(replica, data: data, runs: Swift.max(100, runs * 2), tag: tag))
            }
            results += try await search(replica, runs: runs, tag: tag)
            results.append(try await readAll(replica, runs: Swift.max(1, runs / 5), tag: tag))
            results += await firstFrameCached(site: replica.site, directory: directory, runs: Swift.max(1, runs / 5), tag: tag)
            return results
        } catch {
            progress("replica bench at \(size) failed: \(error)")
            return []
        }
    }

    /// One page of 100 comments, each sample awaited from the main actor (the write
    /// itself runs on GRDB's writer queue): half new ids, half known ones changed. At
    /// least 100 of them, so the p99 is not just the slowest of a handful. Between two,
    /// the index is tidied as ``ReplicaCache`` does when its queue drains.
    private static func applyPage(_ replica: Replica, data: [Comment], runs: Int, tag: String) async throws -> Measurement {
        let maxID = data.map(\.id).max() ?? 0
        var samples: [Double] = []
        for run in 0...runs {
            var page = (0..<50).map { offset in
                var comment = data[(run * 50 + offset) % data.count]
                comment.status = comment.status == .approved ? .hold : .approved
                return comment
            }
            page += (0..<50).map { offset in
                var comment = data[offset]
                comment.id = maxID + 1 + run * 50 + offset
                return comment
            }
            let start = nowNanos()
            try await replica.apply(page: page)
            if run > 0 { samples.append(Double(nowNanos() - start) / 1e6) }  // run 0 warms up
            // The idle moment the app's pages leave the writer (they come from the network),
            // in which ReplicaCache merges the index's new segments: not timed.
            while try await replica.tidySearchIndex() {}
        }
        progress("replica.apply_page_\(tag) done; slowest: " + samples.sorted().suffix(5).map { String(format: "%.1f", $0) }.joined(separator: ", ") + " ms")
        return Measurement(name: "replica.apply_page_\(tag)", unit: "ms", samples: samples)
    }

    /// `startup.first_frame_cached_<size>`: a start that finds the site in its replica, from
    /// opening the replica (a new connection, as a new process would) to the first frame
    /// drawn with the cached comments, through the app's stores (``ReplicaCache``, the
    /// comments store reading a screenful first). The rest of the replica is read after;
    /// each run waits for it before the next, and that wait is `startup.all_cached_<size>`:
    /// from opening the replica to every cached comment in the list.
    private static func firstFrameCached(site: SiteID, directory: URL, runs: Int, tag: String) async -> [Measurement] {
        var samples: [Double] = [], all: [Double] = []
        for _ in 0..<runs {
            let start = nowNanos()
            let dispatcher = Dispatcher()
            // A client that is never answered in time: only the replica can draw the frame.
            let sites = (try? WordPressClient(restBase: URL(fileURLWithPath: "/bench/wp-json")))
                .map { [SiteConnection(id: site, name: "Bench", client: $0)] } ?? []
            let comments = CommentsStore(sites: sites, dispatcher: dispatcher, cache: ReplicaCache(directory: directory))
            // Before the site is shown: its loading waits for the replica, as in the app.
            dispatcher.dispatch(CommentsAction.readCache(site: site))
            let ui = interfaceStore(over: comments, showing: site)
            await until(comments) { !$0.comments(of: site).isEmpty || $0.cache.reading.isEmpty }
            let frame = ScreenView.render(ScreenModel(store: ui))
            samples.append(Double(nowNanos() - start) / 1e6)
            precondition(frame.canvas.line(1).contains(" "), "no row drawn")
            await until(comments) { $0.cache.reading.isEmpty }
            all.append(Double(nowNanos() - start) / 1e6)
            withExtendedLifetime(ui) {}
        }
        progress("startup.first_frame_cached_\(tag) done")
        return [Measurement(name: "startup.first_frame_cached_\(tag)", unit: "ms", samples: samples),
                Measurement(name: "startup.all_cached_\(tag)", unit: "ms", samples: all)]
    }

    /// Every comment read back in list order, as an instant start would (the first frame
    /// needs only a screenful: `comments(limit:)`; this is the rest).
    private static func readAll(_ replica: Replica, runs: Int, tag: String) async throws -> Measurement {
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = nowNanos()
            blackHole(try await replica.comments().count)
            samples.append(Double(nowNanos() - start) / 1e6)
        }
        progress("replica.read_all_\(tag) done")
        return Measurement(name: "replica.read_all_\(tag)", unit: "ms", samples: samples)
    }

    /// Typing "lovelace" one key at a time, as `filter.search_*` does: every sample is one
    /// keystroke's query run to its last id (the index cannot narrow from the previous
    /// answer as the memory search does, so each key is a fresh query); and the time to
    /// the first batch of 100 ids, what a list streaming the results would show first.
    private static func search(_ replica: Replica, runs: Int, tag: String) async throws -> [Measurement] {
        let word = Array("lovelace")
        var whole: [Double] = []
        var firstBatch: [Double] = []
        for _ in 0..<runs {
            for length in 1...word.count {
                guard let query = ReplicaSearchQuery(String(word.prefix(length))) else { continue }
                var start = nowNanos()
                blackHole(try await replica.searchIDs(query).count)
                whole.append(Double(nowNanos() - start) / 1e6)
                start = nowNanos()
                for try await batch in replica.search(query, batchSize: 100) {
                    blackHole(batch.count)
                    break
                }
                firstBatch.append(Double(nowNanos() - start) / 1e6)
            }
        }
        progress("replica.search_\(tag) done")
        return [
            Measurement(name: "replica.search_\(tag)", unit: "ms", samples: whole),
            Measurement(name: "replica.search_first_batch_\(tag)", unit: "ms", samples: firstBatch),
        ]
    }
}
