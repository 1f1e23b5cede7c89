import Testing
import Foundation
@testable import parley
import CommentsKit

/// `sites.json`, beside the replicas, is the owner's alone (mode 0600) after every write.
@Suite struct KnownSitesFileModeTests {
    @Test func theMemoIsWrittenForItsOwnerOnly() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-known-mode-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let client = try WordPressClient(restBase: try #require(URL(string: "https://example.com/wp-json")))
        var known = KnownSites(directory: directory)
        known.remember(SiteConnection(id: "https://example.com/wp-json", name: "Example", client: client),
                       at: try #require(URL(string: "https://example.com")))
        func mode() throws -> Int {
            let attributes = try FileManager.default.attributesOfItem(atPath: known.file.path)
            return try #require(attributes[.posixPermissions] as? NSNumber).intValue & 0o777
        }
        #expect(try mode() == 0o600)

        known.remember(SiteConnection(id: "https://example.com/wp-json", name: "Renamed", client: client),
                       at: try #require(URL(string: "https://example.com")))
        #expect(try mode() == 0o600)
        #expect(KnownSites(directory: directory).sites["https://example.com"]?.name == "Renamed")
    }
}
