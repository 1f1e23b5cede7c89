import Foundation

/// A `password_command`: a program whose first line of output is the application password
/// (`pass show wp/blog`, `secret-tool lookup site blog`).
///
/// It runs without a shell — the words are split here, `"…"` and `'…'` keep spaces — so
/// nothing in the file is interpreted twice; the program is looked up in `PATH` unless it
/// names a path. It gets a time limit: a prompt nobody answers must not hang parley.
package struct PasswordCommand: Sendable, Equatable {
    /// The program and its arguments.
    package let words: [String]

    /// How long the command may take by default.
    package static let defaultTimeout: Double = 10

    /// The command of `text`; throws when it is empty or a quote is left open.
    package init(_ text: String) throws {
        words = try Self.split(text)
        guard !words.isEmpty else { throw LaunchError("password_command is empty.") }
    }

    /// Runs the command and returns the first line of its output. Errors are sentences: the
    /// program not found, its exit status with the first line of its stderr, no output, or
    /// the time limit passed (the command is then terminated).
    package func password(environment: [String: String], timeout: Double = defaultTimeout) throws -> String {
        let process = Process()
        process.executableURL = try executable(environment: environment)
        process.arguments = Array(words.dropFirst())
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw LaunchError("password_command \(words[0]) could not be started: \((error as NSError).localizedDescription).")
        }
        // Waited for on a thread of its own, not with a `terminationHandler`: on Linux a
        // Process given one is never freed (with its pipes: 4 KB a run, seen by LeakSanitizer).
        let finished = ProcessEnd(process)
        // Read while it runs: a command writing more than a pipe holds would never finish.
        let stdout = PipeReader(output.fileHandleForReading)
        let stderr = PipeReader(errors.fileHandleForReading)
        let deadline = DispatchTime.now() + timeout
        guard finished.wait(until: deadline) else {
            process.terminate()
            throw LaunchError("password_command \(words[0]) did not finish within \(Self.seconds(timeout)); it was stopped.")
        }
        // A program that left a child holding its pipes open still gets only the time limit.
        let firstErrorLine = Self.firstLine(stderr.text(until: deadline))
        guard process.terminationStatus == 0 else {
            let said = firstErrorLine.map { ": \($0)" } ?? ""
            throw LaunchError("password_command \(words[0]) failed (exit status \(process.terminationStatus))\(said)")
        }
        guard let password = Self.firstLine(stdout.text(until: deadline)) else {
            throw LaunchError("password_command \(words[0]) printed no password.")
        }
        return password
    }

    /// The program's path: as written when it holds a `/`, else the first match in `PATH`.
    private func executable(environment: [String: String]) throws -> URL {
        let program = words[0]
        if program.contains("/") { return URL(fileURLWithPath: program) }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = String(directory) + "/" + program
            if FileManager.default.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
        }
        throw LaunchError("password_command \(program) was not found in PATH.")
    }

    /// The first line without its line break, trimmed of trailing blanks; nil when empty.
    private static func firstLine(_ text: String) -> String? {
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let trimmed = line.trimmingCharacters(in: CharacterSet(charactersIn: "\r \t"))
        return trimmed.isEmpty ? nil : trimmed
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) seconds" : "\(value) seconds"
    }

    /// Shell-like words: blanks separate, quotes group, no other interpretation.
    static func split(_ text: String) throws -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if quote != nil { throw LaunchError("password_command has an unclosed quote.") }
        if inWord { words.append(current) }
        return words
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class PipeReader: @unchecked Sendable {
    // Written once by the reading thread before `done` is signalled, read after.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// What was read, as text, once the pipe has ended; empty when it has not by `deadline`.
    func text(until deadline: DispatchTime) -> String {
        guard done.wait(timeout: deadline) == .success else { return "" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Signals when a running process has exited, waiting for it on a thread of its own.
private final class ProcessEnd: @unchecked Sendable {
    // The process is only waited for on the one thread below, then left alone.
    private let process: Process
    private let done = DispatchSemaphore(value: 0)

    init(_ process: Process) {
        self.process = process
        Thread.detachNewThread { [self] in
            self.process.waitUntilExit()
            done.signal()
        }
    }

    /// Whether the process exited by `deadline`.
    func wait(until deadline: DispatchTime) -> Bool {
        done.wait(timeout: deadline) == .success
    }
}
