import Foundation
@testable import parley

/// A ``CommandIO`` in memory: what a command printed, and the stdin it is given.
final class RecordedIO: Sendable {
    private let stdout = TextBuffer()
    private let stderr = TextBuffer()
    let io: CommandIO

    init(stdin: String = "", inputIsTerminal: Bool = false, terminalWidth: Int? = nil) {
        let stdout = self.stdout, stderr = self.stderr
        io = CommandIO(
            out: { stdout.append($0) }, error: { stderr.append($0) },
            input: { stdin }, inputIsTerminal: inputIsTerminal, terminalWidth: terminalWidth
        )
    }

    var out: String { stdout.text }
    var error: String { stderr.text }
}

/// Text appended from any thread.
final class TextBuffer: @unchecked Sendable {
    // Guarded by `lock`.
    private var contents = ""
    private let lock = NSLock()

    func append(_ text: String) { lock.withLock { contents += text } }
    var text: String { lock.withLock { contents } }
}

/// An environment with no config file, so commands run on the embedded mock.
func mockEnvironment() -> [String: String] {
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("parley-noconfig-\(UUID().uuidString)")
    return ["XDG_CONFIG_HOME": empty.path, "HOME": empty.path]
}
