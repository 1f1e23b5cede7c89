import Foundation

/// One benchmark figure: every sample of it, folded into min / median / p99 for the report.
struct Measurement {
    let name: String
    let unit: String
    let samples: [Double]

    var sorted: [Double] { samples.sorted() }
    var min: Double { sorted.first ?? .nan }
    /// The middle sample (the mean of the two middle ones for an even count).
    var median: Double {
        let s = sorted
        guard !s.isEmpty else { return .nan }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
    /// Nearest-rank 99th percentile: with fewer than 100 samples, the largest.
    var p99: Double {
        let s = sorted
        guard !s.isEmpty else { return .nan }
        let rank = Int((0.99 * Double(s.count)).rounded(.up))
        return s[Swift.min(s.count, Swift.max(1, rank)) - 1]
    }

    /// The samples' mean (the spam score's quality figures are means over their seeds).
    var mean: Double { samples.isEmpty ? .nan : samples.reduce(0, +) / Double(samples.count) }

    var json: [String: Any] {
        ["name": name, "unit": unit, "min": min, "median": median, "mean": mean, "p99": p99, "n": samples.count]
    }
}

/// Monotonic time in nanoseconds.
@inline(__always) func nowNanos() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Runs `body` `runs` times (after `warmup` unmeasured runs) and returns each run's
/// duration in milliseconds.
@MainActor
func timeRuns(runs: Int, warmup: Int = 1, _ body: () -> Void) -> [Double] {
    for _ in 0..<warmup { body() }
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    for _ in 0..<runs {
        let start = nowNanos()
        body()
        samples.append(Double(nowNanos() - start) / 1e6)
    }
    return samples
}

/// Keeps the optimiser from deleting work whose result is otherwise unused.
@inline(never) func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Prints progress to stderr, so stdout stays the table.
func progress(_ text: String) {
    FileHandle.standardError.write(Data("bench: \(text)\n".utf8))
}
