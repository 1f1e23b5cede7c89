import Foundation

/// Opens links in `$BROWSER` or `xdg-open` (`open` on macOS), never through a shell: the
/// program is found on `PATH` and run with the URL as its one argument, detached, its
/// input and output on /dev/null (a browser's chatter must not land on parley's screen,
/// and a terminal browser would fight parley for the terminal: parley does not wait for it).
///
/// `$BROWSER` may be a list separated by `:` (the convention of `sensible-browser`); the
/// first entry found on `PATH` is used. An entry with arguments or `%s` is not supported:
/// it would need a shell to read it, so it is skipped.
package struct LinkOpener: LinkOpening {
    /// The environment to read `BROWSER` and `PATH` from.
    let environment: [String: String]

    /// An opener for `environment` (the process's by default).
    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// The programs to try, in order.
    package var candidates: [String] {
        let browsers = (environment["BROWSER"] ?? "").split(separator: ":").map(String.init)
            .filter { !$0.isEmpty && !$0.contains(" ") && !$0.contains("%") }
        #if os(macOS)
        return browsers + ["open"]
        #else
        return browsers + ["xdg-open"]
        #endif
    }

    /// The full path of `program`: itself when it names a path, else the first executable
    /// of that name on `PATH`.
    package func resolve(_ program: String) -> String? {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) ? program : nil }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where directory.hasPrefix("/") {
            let candidate = directory + "/" + program
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    package func open(_ url: String) -> Result<String, LinkOpeningProblem> {
        guard let (name, path) = candidates.lazy.compactMap({ name in resolve(name).map { (name, $0) } }).first else {
            return .failure(LinkOpeningProblem(sentence: "No browser to open the link with: set BROWSER or install xdg-open."))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [url]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(LinkOpeningProblem(sentence: "Could not start \(name) to open the link."))
        }
        return .success(name)
    }
}
