import Testing
import Foundation
@testable import parley
@testable import ParleyConfiguration

/// parley starts with a state directory it cannot write, and says so once, in words.
@Suite struct StateStorageTests {
    @Test func aStateDirectoryThatIsAFileLeavesDraftsInMemoryAndSaysWhereInWords() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parley-state-file-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("x".utf8).write(to: file)
        let storage = StateStorage.open(environment: ["XDG_STATE_HOME": file.path])
        #expect(!storage.drafts.isPersistent)
        #expect(storage.filters == nil)
        #expect(storage.log == nil)
        #expect(storage.problem == "Cannot keep drafts, filters and the log (\(file.path) is a file, not a directory): drafts and filters last until you quit.")
    }

    @Test func aHomeThatCannotBeWrittenIsNoError() {
        let storage = StateStorage.open(environment: ["HOME": "/proc/nonexistent"])
        #expect(!storage.drafts.isPersistent)
        let problem = storage.problem ?? ""
        #expect(problem.contains("/proc/nonexistent/.local/state/parley"))
        #expect(!problem.contains("Error Domain"))
    }

    @Test func aWritableStateDirectoryKeepsEverythingAndSaysNothing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = StateStorage.open(environment: ["XDG_STATE_HOME": directory.path])
        #expect(storage.problem == nil)
        #expect(storage.drafts.isPersistent)
        #expect(storage.filters != nil)
        #expect(storage.log != nil)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("parley/parley.log").path))
    }

    @Test func foundationErrorsAtStartAreSentencesNotDumps() {
        let error = NSError(domain: NSCocoaErrorDomain, code: 512)
        #expect(!Launch.sentence(error).contains("Error Domain"))
        #expect(Launch.sentence(LaunchError("No site.")) == "No site.")
    }
}
