import Testing
import Foundation
import FuzzChecks

/// Every input the fuzzers keep — the seed corpora and every crash they ever found — goes
/// through the same checks libFuzzer runs, on every `swift test` (no mutation, no libFuzzer).
/// On the main actor, as under libFuzzer: the `subscriptions` target runs Flux stores.
@MainActor
@Suite struct FuzzReplayTests {
    /// The repository's `Fuzz/` folder, found from this file's path.
    static let fuzzDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    static func inputs(of target: FuzzTarget, in folder: String) -> [URL] {
        Replay.inputFiles(in: fuzzDirectory.appendingPathComponent(folder).appendingPathComponent(target.rawValue))
    }

    @Test(arguments: FuzzTarget.allCases)
    func everySeedOfTheCorpusPasses(_ target: FuzzTarget) throws {
        let files = Self.inputs(of: target, in: "Corpus")
        #expect(!files.isEmpty, "Fuzz/Corpus/\(target.rawValue) has no seeds")
        for file in files {
            try checkPasses(target, file)
        }
    }

    @Test(arguments: FuzzTarget.allCases)
    func everyCrashEverFoundPassesNow(_ target: FuzzTarget) throws {
        for file in Self.inputs(of: target, in: "Crashes") {
            try checkPasses(target, file)
        }
    }

    private func checkPasses(_ target: FuzzTarget, _ file: URL) throws {
        let data = try Data(contentsOf: file)
        do {
            try target.check(Array(data))
        } catch {
            Issue.record("\(target.rawValue)/\(file.lastPathComponent): \(error.description)")
        }
    }
}
