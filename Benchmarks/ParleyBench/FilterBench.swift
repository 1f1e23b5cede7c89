import Foundation
import Flux
import CommentsKit

/// The visible list (comments × filters): computed from nothing, and after one filter
/// toggle (the store's facet counts plus the list the next frame shows).
@MainActor
enum FilterBench {
    static func run(size: Int, data: [Comment], runs: Int) async -> [Measurement] {
        let tag = Bench.tag(size)
        let stores = LoadedStores(data, withUI: false)
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
        let first = timeRuns(runs: 1, warmup: 0) {
            stores.dispatcher.dispatch(FilterAction.setSearch("q"))
            blackHole(stores.visible.rows(site: LoadedStores.site).count)
        }
        stores.dispatcher.dispatch(FilterAction.setSearch(""))
        results.append(Measurement(name: "filter.search_first_\(tag)", unit: "ms", samples: first))
        // Typing "lovelace" into the search prompt one key at a time, then clearing it:
        // every sample is one keystroke (the first key scans everything, the next ones
        // narrow what the previous matched).
        let word = Array("lovelace")
        var search: [Double] = []
        // The same keystrokes in CPU time of the main thread, where all of it runs: what
        // they cost when the machine is shared (wall time then counts the waits for a core).
        var searchCPU: [Double] = []
        for _ in 0..<runs {
            for length in 1...word.count {
                let cpuStart = threadCPUNanos()
                search += timeRuns(runs: 1, warmup: 0) {
                    stores.dispatcher.dispatch(FilterAction.setSearch(String(word.prefix(length))))
                    blackHole(stores.visible.rows(site: LoadedStores.site).count)
                }
                searchCPU.append(Double(threadCPUNanos() - cpuStart) / 1e6)
            }
            stores.dispatcher.dispatch(FilterAction.setSearch(""))
        }
        results.append(Measurement(name: "filter.search_\(tag)", unit: "ms", samples: search))
        results.append(Measurement(name: "filter.search_cpu_\(tag)", unit: "ms", samples: searchCPU))
        let (wall, cpu) = (results[results.count - 2], results[results.count - 1])
        // Said at once: a run cut short after the size it needs still reports it.
        progress("filter.search_\(tag) done: median \(wall.median) ms, p99 \(wall.p99) ms; CPU median \(cpu.median) ms, p99 \(cpu.p99) ms")
        return results
    }
}

/// CPU time the calling thread has used, in nanoseconds.
private func threadCPUNanos() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
}
