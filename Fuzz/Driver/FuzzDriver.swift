import Foundation
import CLibFuzzer
import FuzzChecks

/// `parley-fuzz <target> [arguments]`: one binary for every fuzz target.
///
/// Built by `make fuzz` (`-sanitize=fuzzer -DPARLEY_FUZZING -use-ld=lld`), it hands the
/// arguments to libFuzzer, which calls the target's check on every input it makes and
/// stops at the first trap. Built plainly (`swift build`), it replays files instead:
/// `parley-fuzz editors Fuzz/Crashes/editors/*` runs each through the same check.
///
/// Why our own `main` calls `LLVMFuzzerRunDriver` instead of letting libFuzzer's `main`
/// run: SwiftPM renames an executable's entry point to `<module>_main` and links it with
/// `--defsym main=<module>_main`, so an executable without one (`-parse-as-library`, the
/// usual recipe) fails to link (`undefined symbol 'parley_fuzz_main'`). Keeping a real
/// entry point satisfies SwiftPM; lld lets that alias win over the `main` in libFuzzer's
/// archive (gold crashes on the clash, hence `-use-ld=lld`); and running libFuzzer as a
/// library lets one binary pick its target from the command line.
@main
enum FuzzDriver {
    static func main() {
        var arguments = CommandLine.arguments
        let named = arguments.count > 1 ? FuzzTarget(rawValue: arguments[1]) : nil
        if named != nil { arguments.remove(at: 1) }
        // libFuzzer starts copies of this program (-merge=1, -fork) with the arguments it
        // was given, which no longer name the target: the environment carries it to them.
        let environment = ProcessInfo.processInfo.environment["PARLEY_FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:))
        guard let target = named ?? environment else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("usage: parley-fuzz <target> [arguments]; targets: \(names)\n".utf8))
            exit(2)
        }
        setenv("PARLEY_FUZZ_TARGET", target.rawValue, 1)
        #if PARLEY_FUZZING
        exit(runLibFuzzer(arguments))
        #else
        exit(Replay.run(target, paths: Array(arguments.dropFirst())))
        #endif
    }

    #if PARLEY_FUZZING
    /// Runs libFuzzer with `arguments` (program name first); returns its exit status.
    private static func runLibFuzzer(_ arguments: [String]) -> Int32 {
        var argc = Int32(arguments.count)
        // libFuzzer keeps pointers into argv for the whole run: these copies are never freed.
        let argv = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: arguments.count + 1)
        for (index, argument) in arguments.enumerated() { argv[index] = strdup(argument) }
        argv[arguments.count] = nil
        var argvPointer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
        return LLVMFuzzerRunDriver(&argc, &argvPointer, fuzzOneInput)
    }
    #endif
}

#if PARLEY_FUZZING
/// One input from libFuzzer through the target chosen at start-up; a violation traps,
/// which libFuzzer reports as a crash and saves the input.
private func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        try selectedTarget.check(input)
    } catch {
        fatalError("parley-fuzz \(selectedTarget.rawValue): \(error.description)")
    }
    return 0
}

/// The target `main` chose, read once (it set the variable before starting libFuzzer).
private let selectedTarget: FuzzTarget = {
    ProcessInfo.processInfo.environment["PARLEY_FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:)) ?? .sanitize
}()

/// libFuzzer's archive holds a `main` of its own that refers to this symbol: it is never
/// called (our `main` runs instead, see `FuzzDriver`) but must exist for the link.
@_cdecl("LLVMFuzzerTestOneInput")
public func llvmFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzOneInput(data, size)
}
#endif
