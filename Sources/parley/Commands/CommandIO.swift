import Foundation

/// Where a `parley comment` command reads and writes: data on stdout, sentences on stderr,
/// IDs and text from stdin. The standard streams in a run; memory in tests.
final class CommandIO: @unchecked Sendable {
    // Guarded by `lock`: writes come from concurrent tasks (a batch of writes).
    private let lock = NSLock()
    private let writeOut: @Sendable (String) -> Void
    private let writeError: @Sendable (String) -> Void
    private let readInput: @Sendable () -> String
    /// Whether stdin is a terminal (a person could answer a question).
    let inputIsTerminal: Bool
    /// The width of the terminal stdout writes to; nil when stdout is not a terminal.
    let terminalWidth: Int?

    init(out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void,
         input: @escaping @Sendable () -> String, inputIsTerminal: Bool, terminalWidth: Int?) {
        writeOut = out
        writeError = error
        readInput = input
        self.inputIsTerminal = inputIsTerminal
        self.terminalWidth = terminalWidth
    }

    /// The process's standard streams.
    static func standard() -> CommandIO {
        CommandIO(
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            error: { FileHandle.standardError.write(Data($0.utf8)) },
            input: { String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) },
            inputIsTerminal: isatty(STDIN_FILENO) == 1,
            terminalWidth: isatty(STDOUT_FILENO) == 1 ? Self.columns() : nil
        )
    }

    /// Writes `text` to stdout as it is (callers end lines themselves).
    func out(_ text: String) {
        lock.withLock { writeOut(text) }
    }

    /// Writes one line to stderr.
    func error(_ line: String) {
        lock.withLock { writeError(line + "\n") }
    }

    /// All of stdin, as text.
    func input() -> String {
        readInput()
    }

    /// The terminal's columns (TIOCGWINSZ), 80 when it does not say.
    private static func columns() -> Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
