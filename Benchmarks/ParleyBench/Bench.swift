import Foundation
import CommentsKit

/// The benchmark driver: runs the groups, gathers the figures, prints and saves them.
@MainActor
enum Bench {
    /// This executable (the memory benchmark starts it again as a child).
    static var executableURL: URL {
        Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    }

    /// `10k`, `100k`, `1m`.
    static func tag(_ size: Int) -> String {
        size >= 1_000_000 ? "\(size / 1_000_000)m" : "\(size / 1000)k"
    }

    static func main(_ arguments: [String]) async {
        func value(_ flag: String) -> String? {
            guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
            return arguments[index + 1]
        }
        let quick = arguments.contains("--quick")
        let groups = Set((value("--only") ?? "dispatch,filter,frame,load,memory,pty,bulk,replica,write,sweep,spam,spam-cost,near-duplicates,spam-keys").split(separator: ",").map(String.init))
        let binDirectory = executableURL.deletingLastPathComponent()
        let parley = value("--parley") ?? binDirectory.appendingPathComponent("parley").path
        let harness = value("--harness") ?? "Benchmarks/pty_harness.py"
        let out = value("--out") ?? "bench-results.json"
        let runs = quick ? 5 : 15
        var results: [Measurement] = []
        let started = nowNanos()

        if groups.contains("dispatch") {
            results += DispatchBench.run(runs: runs)
        }
        if groups.contains("filter") || groups.contains("frame") {
            for size in [10_000, 100_000, 1_000_000] where groups.contains("filter") || size == 100_000 {
                let generationStart = nowNanos()
                let data = MockData.comments(count: size)
                progress("generated \(size) comments in \(Int(Double(nowNanos() - generationStart) / 1e6)) ms")
                if groups.contains("filter") {
                    results += await FilterBench.run(size: size, data: data, runs: size >= 1_000_000 ? Swift.max(3, runs / 3) : runs)
                }
                if groups.contains("frame"), size == 100_000 {
                    results += FrameBench.run(size: size, data: data, runs: runs * 2)
                }
            }
        }
        if groups.contains("bulk") {
            results += await BulkBench.run(data: MockData.comments(count: 100_000), runs: runs)
        }
        if groups.contains("write") {
            results += await WriteBench.run(runs: runs)
        }
        if groups.contains("replica") {
            for size in quick ? [100_000] : [100_000, 1_000_000] {
                let data = MockData.comments(count: size)
                results += await ReplicaBench.run(size: size, data: data, runs: size >= 1_000_000 ? Swift.max(3, runs / 3) : runs)
            }
        }
        if groups.contains("load") {
            results.append(await LoadBench.run(size: 10_000, runs: quick ? 1 : 3))
            // 100k through pages takes minutes (every page rethreads and refilters all that
            // is loaded): 30k shows the trend within the time budget.
            results.append(await LoadBench.run(size: 30_000, runs: 1))
        }
        if groups.contains("load") || groups.contains("site") {
            results.append(await SiteLoadBench.loadAll(size: 100_000, concurrency: 4, runs: quick ? 1 : 3))
            results.append(await SiteLoadBench.loadAll(size: 100_000, concurrency: 4, latency: .milliseconds(80), runs: 1))
            results += await SiteLoadBench.movesDuringLoad(size: 100_000, concurrency: 4)
            results.append(SiteLoadBench.pageMerge(size: 100_000, pages: 40))
        }
        if groups.contains("sweep") {
            results.append(await SweepBench.requestsPerMinute(size: 20_000, minutes: quick ? 2 : 4))
            results.append(await SweepBench.movesDuringSweep(size: 100_000, seconds: quick ? 10 : 20))
        }
        if groups.contains("spam") {
            results += SpamBench.quality(corpus: value("--spam-corpus") ?? "../shared/spam-corpus")
        }
        if groups.contains("spam-cost") {
            results += SpamBench.cost(runs: quick ? 1 : 3)
        }
        if groups.contains("near-duplicates") {
            results += await NearDuplicatesBench.run(data: MockData.comments(count: 100_000), runs: runs)
            results += NearDuplicatesBench.quality(corpus: value("--spam-corpus") ?? "../shared/spam-corpus")
        }
        if groups.contains("spam-keys") {
            results.append(await SpamTrainingKeysBench.movesDuringTraining(size: 100_000, seconds: quick ? 20 : 60))
        }
        if groups.contains("memory") {
            results += MemoryBench.run(size: 100_000, runs: 1)
            results += MemoryBench.run(size: 1_000_000, runs: quick ? 1 : 2)
            results += MemoryBench.run(size: 100_000, runs: 1, replica: false)
            results += MemoryBench.run(size: 1_000_000, runs: 1, replica: false)
        }
        if groups.contains("pty") {
            results += runHarness(python: "python3", harness: harness, parley: parley, quick: quick)
        }
        report(results, to: out)
        progress("finished in \(Int(Double(nowNanos() - started) / 1e9)) s")
    }

    /// Runs the pseudo-terminal harness and turns its samples into measurements.
    private static func runHarness(python: String, harness: String, parley: String, quick: Bool) -> [Measurement] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = [python, harness, "--bin", parley, "--preloaded-bin", executableURL.path]
        if quick { arguments += ["--startup-runs", "3", "--moves", "60", "--toggles", "10", "--rests", "10", "--idle-seconds", "10"] }
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch {
            progress("cannot run \(harness): \(error)")
            return []
        }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let object = try? JSONSerialization.jsonObject(with: output) as? [String: [Double]] else {
            progress("the pty harness failed (status \(process.terminationStatus))")
            return []
        }
        return object.keys.sorted().compactMap { name in
            guard let samples = object[name] else { return nil }
            let unit = name.contains("bytes") ? "bytes" : name.hasPrefix("idle.") ? "ticks" : "ms"
            return Measurement(name: name, unit: unit, samples: samples)
        }
    }

    private static func report(_ results: [Measurement], to path: String) {
        func format(_ value: Double) -> String {
            if value.isNaN { return "-" }
            if value >= 1000 || value == value.rounded() { return String(format: "%.0f", value) }
            return value >= 10 ? String(format: "%.1f", value) : String(format: "%.3f", value)
        }
        let nameWidth = max(38, (results.map(\.name.count).max() ?? 0) + 2)
        func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
            let room = String(repeating: " ", count: max(0, width - text.count))
            return left ? text + room : room + text
        }
        print(pad("figure", nameWidth, left: true) + pad("unit", 7) + pad("min", 12) + pad("median", 12) + pad("p99", 12) + pad("n", 6))
        for result in results {
            print(pad(result.name, nameWidth, left: true) + pad(result.unit, 7) + pad(format(result.min), 12)
                  + pad(format(result.median), 12) + pad(format(result.p99), 12) + pad(String(result.samples.count), 6))
        }
        let json = results.filter { !$0.samples.isEmpty }.map(\.json)
        do {
            let data = try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys])
            try data.write(to: URL(fileURLWithPath: path))
            progress("wrote \(path)")
        } catch {
            progress("could not write \(path): \(error)")
        }
    }
}
