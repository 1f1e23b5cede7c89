import Foundation
import Flux
import CommentsKit
import TerminalUI
import CommentsReplica

/// The visible list (comments × filters): computed from nothing, and after one filter
/// toggle (the store's facet counts plus the list the next frame shows).
@MainActor
enum FilterBench {
    static func run(size: Int, data: [Comment], runs: Int) async -> [Measurement] {
        let tag = Bench.tag(size)
        // A site searched in the background (1M) is kept in a replica, as parley keeps it:
        // its searches go through the replica's index.
        let replica = size >= 1_000_000 ? await SearchBenchReplica.prepare(data, tag: tag) : nil
        let stores = LoadedStores(batches: [data].makeIterator(), withUI: false, cache: replica.map(KeptSiteCache.init),
                                  scanner: SearchScanner.standard.searching(in: replica))
        if replica != nil {
            stores.dispatcher.dispatch(CommentsAction.readCache(site: LoadedStores.site))
            await until(stores.comments) { $0.cache.kept.contains(LoadedStores.site) && $0.cache.reading.isEmpty }
        }
        var results = [Measurement(name: "load.import_\(tag)", unit: "ms", samples: [stores.importMilliseconds])]
        let now = MockData.now
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? utc.timeZone
        let full = timeRuns(runs: runs) {
            let selector = VisibleCommentsSelector(comments: stores.comments, filters: stores.filters, now: { now }, calendar: utc)
            blackHole(selector.rows(site: LoadedStores.site).count)
        }
        results.append(Measurement(name: "filter.full_\(tag)", unit: "ms", samples: full))
        progress("filter.full_\(tag) done")
        // Pending on, pending off, …: every sample is one keystroke's worth of work.
        let toggle = timeRuns(runs: runs * 2) {
            stores.dispatcher.dispatch(FilterAction.toggle(.status(.hold)))
            blackHole(stores.visible.rows(site: LoadedStores.site).count)
        }
        results.append(Measurement(name: "filter.toggle_\(tag)", unit: "ms", samples: toggle))
        progress("filter.toggle_\(tag) done")
        // The first search of a site, once the load has settled: the site's texts are
        // folded (``FoldedTexts``) off the main actor after the import, so this key should
        // cost what every later one does (until the fold is back, a key scans the slow way).
        // One sample of its own.
        await stores.filters.searchFoldSettled()
        // Where the search runs in the background, until the list shows its first results.
        let firstStart = nowNanos()
        stores.dispatcher.dispatch(FilterAction.setSearch("q"))
        blackHole(stores.visible.rows(site: LoadedStores.site).count)
        if stores.filters.state.backgroundSearch != nil {
            await until(stores.filters) { $0.backgroundSearch.map { !$0.found.isEmpty || $0.isComplete } ?? true }
            blackHole(stores.visible.rows(site: LoadedStores.site).count)
        }
        let first = [Double(nowNanos() - firstStart) / 1e6]
        stores.dispatcher.dispatch(FilterAction.setSearch(""))
        results.append(Measurement(name: "filter.search_first_\(tag)", unit: "ms", samples: first))
        // Typing "lovelace" into the search prompt one key at a time, then clearing it:
        // every sample is one keystroke (the first key scans everything, the next ones
        // narrow what the previous matched). Where the search runs in the background (a
        // site too large to keep its texts folded: 1M), a sample runs until the list shows
        // the keystroke's first results (its first batch, or its whole answer when it finds
        // nothing), first key included; the rest of the scan is waited for before the next
        // key, so it narrows as a typist's pause would let it.
        let word = Array("lovelace")
        var search: [Double] = []
        // The same keystrokes in CPU time of the main thread: what they cost when the
        // machine is shared (wall time then counts the waits for a core).
        var searchCPU: [Double] = []
        for _ in 0..<runs {
            for length in 1...word.count {
                let cpuStart = threadCPUNanos()
                let start = nowNanos()
                stores.dispatcher.dispatch(FilterAction.setSearch(String(word.prefix(length))))
                blackHole(stores.visible.rows(site: LoadedStores.site).count)
                guard stores.filters.state.backgroundSearch != nil else {
                    search.append(Double(nowNanos() - start) / 1e6)
                    searchCPU.append(Double(threadCPUNanos() - cpuStart) / 1e6)
                    if ProcessInfo.processInfo.environment["PARLEY_BENCH_VERBOSE"] != nil {
                        progress(String(format: "  %@: %.1f ms, CPU %.1f ms", String(word.prefix(length)), search[search.count - 1],
                                        searchCPU[searchCPU.count - 1]))
                    }
                    continue
                }
                // The main thread's CPU time is not measured across the wait: the main
                // actor may resume on another thread.
                let keystroke = Double(nowNanos() - start) / 1e6
                await until(stores.filters) { $0.backgroundSearch.map { !$0.found.isEmpty || $0.isComplete } ?? true }
                blackHole(stores.visible.rows(site: LoadedStores.site).count)
                search.append(Double(nowNanos() - start) / 1e6)
                await until(stores.filters) { $0.backgroundSearch?.isComplete ?? true }
                if ProcessInfo.processInfo.environment["PARLEY_BENCH_VERBOSE"] != nil {
                    progress(String(format: "  %@: key %.1f ms, first results %.1f ms, complete %.1f ms", String(word.prefix(length)),
                                    keystroke, search[search.count - 1], Double(nowNanos() - start) / 1e6))
                }
            }
            stores.dispatcher.dispatch(FilterAction.setSearch(""))
        }
        results.append(Measurement(name: "filter.search_\(tag)", unit: "ms", samples: search))
        let wall = results[results.count - 1]
        var said = "filter.search_\(tag) done: median \(wall.median) ms, p99 \(wall.p99) ms"
        if !searchCPU.isEmpty {
            let cpu = Measurement(name: "filter.search_cpu_\(tag)", unit: "ms", samples: searchCPU)
            results.append(cpu)
            said += "; CPU median \(cpu.median) ms, p99 \(cpu.p99) ms"
        }
        // Said at once: a run cut short after the size it needs still reports it.
        progress(said)
        if let during = await keysDuringSearch(stores, runs: runs) {
            results.append(Measurement(name: "keystroke.during_search_\(tag)", unit: "ms", samples: during))
            progress("keystroke.during_search_\(tag) done: median \(results[results.count - 1].median) ms, p99 \(results[results.count - 1].p99) ms")
        }
        return results
    }

    /// `keystroke.during_search_1m`: while a background search scans the whole site (a
    /// needle found nowhere, so no narrowing), a cursor move every 10 ms, each timed from
    /// the moment it was due to its frame drawn: the wait for the main actor (a batch being
    /// applied) is part of what a user feels. Nil where searches run on the main actor.
    private static func keysDuringSearch(_ stores: LoadedStores, runs: Int) async -> [Double]? {
        let ui = UIStore(comments: stores.comments, filters: stores.filters, visible: stores.visible, dispatcher: stores.dispatcher)
        stores.dispatcher.dispatch(UIAction.resize(width: 120, height: 40))
        stores.dispatcher.dispatch(UIAction.showSite(LoadedStores.site))
        var moves: [Double] = []
        for run in 0..<max(2, runs) {
            stores.dispatcher.dispatch(FilterAction.setSearch(run % 2 == 0 ? "zqxj" : "jxqz"))
            guard stores.filters.state.backgroundSearch != nil else { return nil }
            while !(stores.filters.state.backgroundSearch?.isComplete ?? true) {
                let due = nowNanos() + 10_000_000
                try? await Task.sleep(for: .milliseconds(10))
                stores.dispatcher.dispatch(UIAction.move(moves.count % 100 < 50 ? .down : .up))
                blackHole(ScreenView.render(ScreenModel(store: ui)))
                moves.append(Double(nowNanos() - min(due, nowNanos())) / 1e6)
            }
        }
        stores.dispatcher.dispatch(FilterAction.setSearch(""))
        return moves
    }
}

/// CPU time the calling thread has used, in nanoseconds.
private func threadCPUNanos() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
}
