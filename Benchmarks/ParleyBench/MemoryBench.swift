import Foundation
import Flux
import CommentsKit
import TerminalUI
import CommentsReplica

/// Peak RSS with N comments loaded and shown, measured in a child process of its own
/// (`parley-bench --memory N`), so earlier benchmarks' allocations do not count.
@MainActor
enum MemoryBench {
    /// Comments per batch: each comes from a mock of its own (a seed and an id range of
    /// its own), made, imported and dropped before the next, so the peak is the stores'.
    static let batchSize = 10_000

    /// The child: load, show one frame, print `{"peak": MB, "after": MB, "baseline": MB}`.
    static func child(size: Int) {
        let baseline = Memory.currentMB ?? 0
        var made = 0
        let batches = AnyIterator<[Comment]> {
            guard made < size else { return nil }
            traceProgress(made)
            let count = min(batchSize, size - made)
            defer { made += count }
            return MockData.comments(count: count, seed: UInt64(made / batchSize + 1), idOffset: made)
        }
        let stores = LoadedStores(batches: batches, withUI: true, width: 200, height: 60)
        let text = stores.comments.state.comments(of: LoadedStores.site).textBytes
        progress("memory: \(Bench.tag(size)) loaded in \(Int(stores.importMilliseconds)) ms: rss \(Int(Memory.currentMB ?? 0)) MB, peak \(Int(Memory.peakMB ?? 0)) MB; text \(text.raw / 1_048_576) MB kept in \(text.stored / 1_048_576) MB")
        if let ui = stores.ui {
            ui.dispatcher.dispatch(UIAction.toggleFilterPanel)
            blackHole(ScreenView.render(ScreenModel(store: ui, now: MockData.now)))
            ui.dispatcher.dispatch(UIAction.toggleHighlightedFilter)
            ui.dispatcher.dispatch(FilterAction.toggle(.status(.hold)))
            blackHole(ScreenView.render(ScreenModel(store: ui, now: MockData.now)))
        }
        let result: [String: Double] = ["peak": Memory.peakMB ?? .nan, "after": Memory.currentMB ?? .nan, "baseline": baseline]
        withExtendedLifetime(stores) {}
        if let json = try? JSONSerialization.data(withJSONObject: result) {
            FileHandle.standardOutput.write(json)
        }
    }

    /// Every 100,000 comments, the RSS so far (on stderr): where the peak comes from.
    private static func traceProgress(_ made: Int) {
        guard made > 0, made % 100_000 == 0 else { return }
        progress("memory: \(made / 1000)k in: rss \(Int(Memory.currentMB ?? 0)) MB, peak \(Int(Memory.peakMB ?? 0)) MB")
    }

    /// Pages written into the replica: what the app's page requests bring.
    static let pageSize = 100
    /// Comments merged into the stores at once by the child with the replica on.
    static let importSize = 1_000

    /// The child with the replica on: load `size` comments as a moderator sees them (with
    /// e-mail, IP and user agent) into the stores, a thousand at a time with a frame after
    /// each, and write every page of 100 into a ``ReplicaCache`` (in a temporary directory,
    /// removed after); then search (the prompt, "love" typed, Enter; each key's background
    /// search through the replica's index waited for) and
    /// scroll (`G`, `g`, PgDn) with the search on and off, a frame after each key and the
    /// detail pane opened; print `{"peak": MB, "after": MB, "baseline": MB, "replica": MB}`.
    static func replicaChild(size: Int) async {
        let baseline = Memory.currentMB ?? 0
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-bench-memory-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = ReplicaCache(directory: directory)
        // Searched as the app searches a site kept in its replica: through the index.
        let stores = LoadedStores(batches: [[Comment]]().makeIterator(), withUI: true, width: 200, height: 60, cache: cache,
                                  scanner: SearchScanner.standard.searching(in: cache))
        guard let ui = stores.ui else { return }
        stores.dispatcher.dispatch(CommentsAction.readCache(site: LoadedStores.site))
        await until(stores.comments) { !$0.cache.reading.contains(LoadedStores.site) }
        func frame() { blackHole(ScreenView.render(ScreenModel(store: ui, now: MockData.now))) }
        var made = 0, sequence = 0
        let start = nowNanos()
        while made < size {
            traceProgress(made)
            let count = min(batchSize, size - made)
            let batch = MockData.comments(count: count, seed: UInt64(made / batchSize + 1), idOffset: made, editContext: true)
            made += count
            // A thousand at a time: pages of 100 as they come, merged a few at once between
            // frames, as the app's load does (more at once would fold the texts in the
            // background, copying what is folded already: not what a user's load costs).
            for start in stride(from: 0, to: batch.count, by: importSize) {
                stores.dispatcher.dispatch(CommentsImported(site: LoadedStores.site, comments: Array(batch[start..<min(start + importSize, batch.count)])))
                frame()
            }
            sequence = await write(batch, after: sequence, to: cache)
        }
        let text = stores.comments.state.comments(of: LoadedStores.site).textBytes
        progress("memory (replica on): \(Bench.tag(size)) loaded and written in \(Int(Double(nowNanos() - start) / 1e6)) ms: rss \(Int(Memory.currentMB ?? 0)) MB, peak \(Int(Memory.peakMB ?? 0)) MB; text \(text.raw / 1_048_576) MB kept in \(text.stored / 1_048_576) MB")
        let keys: [UIAction] = [.startSearch] + "love".map { .editorKey(.character($0)) } + [.editorKey(.enter)]
        let scroll: [UIAction] = [.move(.bottom), .move(.top), .move(.pageDown), .move(.pageDown), .open, .close]
        for action in keys + scroll {
            ui.dispatcher.dispatch(action)
            frame()
            // A search of a million comments runs in the background: its whole answer
            // (and what the index holds for it) is part of what searching costs.
            await until(stores.filters) { $0.backgroundSearch?.isComplete ?? true }
            frame()
        }
        stores.dispatcher.dispatch(FilterAction.setSearch(""))
        for action in scroll {
            ui.dispatcher.dispatch(action)
            frame()
            await Task.yield()
        }
        let bytes = ReplicaFile.all(in: directory).reduce(Int64(0)) { $0 + $1.bytes }
        progress("memory (replica on): searched and scrolled: rss \(Int(Memory.currentMB ?? 0)) MB, peak \(Int(Memory.peakMB ?? 0)) MB; replica \(bytes / 1_048_576) MB on disk")
        let result: [String: Double] = ["peak": Memory.peakMB ?? .nan, "after": Memory.currentMB ?? .nan, "baseline": baseline,
                                        "replica": Double(bytes) / 1_048_576]
        withExtendedLifetime(stores) {}
        if let json = try? JSONSerialization.data(withJSONObject: result) {
            FileHandle.standardOutput.write(json)
        }
    }

    /// Writes `batch` into the replica a page at a time, as the store's effects do (all of
    /// them under way at once, applied in sequence after `sequence`); returns the last
    /// sequence number used.
    private static func write(_ batch: [Comment], after sequence: Int, to cache: ReplicaCache) async -> Int {
        var next = sequence
        await withTaskGroup(of: String?.self) { group in
            for start in stride(from: 0, to: batch.count, by: pageSize) {
                next += 1
                let write = CacheWrite(sequence: next, site: LoadedStores.site, comments: Array(batch[start..<min(start + pageSize, batch.count)]))
                group.addTask { await cache.write(write) }
            }
            for await problem in group {
                if let problem { progress("memory: a replica write failed: \(problem)") }
            }
        }
        return next
    }

    /// Runs the child for `size` `runs` times (with the replica on: `memory.rss_<size>`;
    /// without, the stores alone: `memory.rss_stores_only_<size>`); returns peak and
    /// after-load RSS figures.
    static func run(size: Int, runs: Int, replica: Bool = true) -> [Measurement] {
        var peak: [Double] = [], after: [Double] = []
        for _ in 0..<runs {
            let process = Process()
            process.executableURL = Bench.executableURL
            process.arguments = [replica ? "--memory-replica" : "--memory", String(size)]
            let pipe = Pipe()
            process.standardOutput = pipe
            do { try process.run() } catch { progress("cannot run the memory child: \(error)"); return [] }
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard let object = try? JSONSerialization.jsonObject(with: output) as? [String: Double],
                  let p = object["peak"], let a = object["after"] else { continue }
            peak.append(p)
            after.append(a)
        }
        let name = "memory.rss_" + (replica ? "" : "stores_only_") + Bench.tag(size)
        let afterName = "memory.rss_after_" + (replica ? "" : "stores_only_") + Bench.tag(size)
        progress("\(name) done")
        return [Measurement(name: name, unit: "MB", samples: peak),
                Measurement(name: afterName, unit: "MB", samples: after)]
    }
}
