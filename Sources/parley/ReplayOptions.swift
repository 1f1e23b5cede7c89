import Foundation
import ArgumentParser
import Flux

/// `--replay path`: plays back a session recorded with `PARLEY_RECORD=path` instead of
/// starting one (see ``SessionReplay``).
struct ReplayOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Replay a session recorded with PARLEY_RECORD=path: the same screens, with no network, files or timers; q quits.",
        valueName: "path"))
    var replay: String?
}

/// Why a file cannot be replayed, in one sentence.
enum ReplayError: Error, CustomStringConvertible {
    /// The file cannot be read.
    case unreadable(path: String, reason: String)
    /// The file is not a valid recording.
    case invalid(path: String, RecordingError)
    /// The recording's header describes something parley cannot rebuild.
    case badHeader(path: String, reason: String)

    var description: String {
        switch self {
        case .unreadable(let path, let reason): "Cannot read the recording \(path): \(reason)."
        case .invalid(let path, let error): "\(path), \(error)"
        case .badHeader(let path, let reason): "\(path), line 1: \(reason)."
        }
    }
}
