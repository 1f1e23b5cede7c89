import Foundation

/// Runs saved inputs through a target's check without libFuzzer (`parley-fuzz` built
/// plainly, and the corpus replay test).
package enum Replay {
    /// The files of `directory` (not recursive, hidden files skipped), sorted by name;
    /// empty when it does not exist.
    package static func inputFiles(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
            .filter { url in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
    }

    /// Checks every file named in `paths` (a directory stands for its files); prints each
    /// violation and returns the exit status: 0 when every input passed.
    package static func run(_ target: FuzzTarget, paths: [String]) -> Int32 {
        var files: [URL] = []
        for path in paths {
            let url = URL(fileURLWithPath: path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                print("\(path): no such file")
                return 2
            }
            files += isDirectory.boolValue ? inputFiles(in: url) : [url]
        }
        var failures = 0
        for file in files {
            guard let data = FileManager.default.contents(atPath: file.path) else {
                print("\(file.path): cannot be read")
                failures += 1
                continue
            }
            do {
                try target.check(Array(data))
            } catch {
                print("\(file.path): \(error.description)")
                failures += 1
            }
        }
        print("\(target.rawValue): \(files.count) inputs, \(failures) failed")
        return failures == 0 ? 0 : 1
    }
}
