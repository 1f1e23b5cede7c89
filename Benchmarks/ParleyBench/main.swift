import Foundation
import CommentsKit
import BackgroundThread

// parley-bench: what users feel at 10k, 100k and 1M comments. Run by `make bench`
// (release build); never part of `make test`.
//
//   parley-bench [--parley PATH] [--harness PATH] [--out PATH] [--only GROUPS] [--quick]
//
// GROUPS is a comma-separated subset of dispatch,filter,frame,load,memory,pty,bulk,replica,write,sweep,
// spam, spam-cost, near-duplicates, spam-keys, and
// site (only the background loading figures, also part of load).
// Prints a table on stdout and writes every figure as JSON to --out
// (default bench-results.json): [{"name", "unit", "min", "median", "p99", "n"}].

AllocatorTuning.returnLargeBlocksToTheSystem()
BackgroundThread.runningInteractively()  // as parley does: decoding and the mock below the keys
let arguments = Array(CommandLine.arguments.dropFirst())

if let index = arguments.firstIndex(of: "--memory"), index + 1 < arguments.count, let size = Int(arguments[index + 1]) {
    MainActor.assumeIsolated { MemoryBench.child(size: size) }
    exit(0)
}

if let index = arguments.firstIndex(of: "--memory-replica"), index + 1 < arguments.count, let size = Int(arguments[index + 1]) {
    Task { @MainActor in
        await MemoryBench.replicaChild(size: size)
        exit(0)
    }
    dispatchMain()
}

if let index = arguments.firstIndex(of: "--tty-app"), index + 1 < arguments.count, let size = Int(arguments[index + 1]) {
    MainActor.assumeIsolated { TTYApp.start(size: size) }
    dispatchMain()
}

Task { @MainActor in
    await Bench.main(arguments)
    exit(0)
}
dispatchMain()
