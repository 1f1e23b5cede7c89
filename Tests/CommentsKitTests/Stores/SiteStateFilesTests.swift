import Testing
import Foundation
@testable import CommentsKit

/// Filter files are named from the whole site id, so two REST bases on one host never share
/// one, and a file from before (named by host) is never applied to a site.
@Suite struct SiteStateFilesTests {
    let siteA = "http://127.0.0.1:8080/site-1/wp-json"
    let siteB = "http://127.0.0.1:8080/site-2/wp-json"

    func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("parley-state-\(UUID().uuidString)")
    }

    @Test func twoRESTBasesOnOneHostKeepTheirOwnFilters() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let persistence = FilterPersistence(directory: directory)
        #expect(persistence.file(for: siteA) != persistence.file(for: siteB))
        try persistence.save(FilterPersistence.Saved(enabled: ["status.spam"], selectedGroup: nil), site: siteB)
        #expect(persistence.load(site: siteB)?.enabled == ["status.spam"])
        #expect(persistence.load(site: siteA) == nil)
    }

    @Test func idsWhoseSlugsAgreeStillGetTwoFiles() {
        let persistence = FilterPersistence(directory: temporaryDirectory())
        #expect(persistence.file(for: "https://example.com/blog-a") != persistence.file(for: "https://example.com/blog_a"))
        #expect(StateDirectory.fileStem(for: "site-1") == StateDirectory.fileStem(for: "site-1"), "stable")
    }

    @Test func aFileKeyedByHostFromAnEarlierVersionIsNotApplied() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let legacy = #"{"enabled": ["status.spam"]}"#
        try Data(legacy.utf8).write(to: directory.appendingPathComponent("127.0.0.1.json"))
        let persistence = FilterPersistence(directory: directory)
        #expect(persistence.load(site: siteA) == nil)
        #expect(persistence.load(site: "127.0.0.1") == nil, "without the site's own id in it, not even for the host")
    }

    @Test func aFileThatNamesAnotherSiteIsNotApplied() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let persistence = FilterPersistence(directory: directory)
        try persistence.save(FilterPersistence.Saved(enabled: ["status.spam"], selectedGroup: nil), site: siteB)
        try FileManager.default.copyItem(at: persistence.file(for: siteB), to: persistence.file(for: siteA))
        #expect(persistence.load(site: siteA) == nil)
    }

    @Test func noSiteIdNamesAPathOutsideTheDirectory() {
        let directory = temporaryDirectory()
        let persistence = FilterPersistence(directory: directory)
        for id in ["../../etc/passwd", "..", ".", "", "/", "a/../../b"] {
            let file = persistence.file(for: id)
            #expect(file.deletingLastPathComponent().path == directory.path, "\(id)")
            #expect(!file.lastPathComponent.hasPrefix("."), "\(id)")
        }
    }

    @Test func aStateDirectoryThatIsAFileIsSaidInWords() throws {
        let file = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("x".utf8).write(to: file)
        let reason = try #require(StateDirectory.prepare(file.appendingPathComponent("parley/filters")))
        #expect(reason == "\(file.path) is a file, not a directory")
        #expect(StateDirectory.prepare(temporaryDirectory().appendingPathComponent("ok")) == nil)
    }
}
