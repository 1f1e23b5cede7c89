import Foundation
import Flux
import CommentsKit
import TerminalUI

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

    /// Runs the child for `size` `runs` times; returns peak and after-load RSS figures.
    static func run(size: Int, runs: Int) -> [Measurement] {
        var peak: [Double] = [], after: [Double] = []
        for _ in 0..<runs {
            let process = Process()
            process.executableURL = Bench.executableURL
            process.arguments = ["--memory", String(size)]
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
        let tag = Bench.tag(size)
        progress("memory.rss_\(tag) done")
        return [Measurement(name: "memory.rss_\(tag)", unit: "MB", samples: peak),
                Measurement(name: "memory.rss_after_load_\(tag)", unit: "MB", samples: after)]
    }
}

