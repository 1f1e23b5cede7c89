import Testing
import Foundation
@testable import parley
import MockREST

/// Two sites on one host (a multisite in subdirectories) are two sites: their own ids, so
/// their own drafts and filters, and their own names in the header.
@Suite struct RealSiteIdentityTests {
    @Test func twoSitesOnOneHostHaveTheirOwnIdsAndNames() async throws {
        let server = MockServer(MockConfiguration(seed: 1, siteCount: 2, commentsPerSite: 3))
        let configuration = server.sessionConfiguration()
        var ids: [String] = []
        for site in server.sites {
            let settings = SiteSettings(url: site.root, user: nil, applicationPassword: nil, timeout: 5)
            let connection = try await RealSite.connect(settings, configuration: configuration)
            #expect(connection.name == site.name)
            ids.append(connection.id)
        }
        #expect(ids == server.sites.map { $0.restBase.absoluteString })
        #expect(Set(ids).count == 2)
    }

    @Test func aRESTBaseGivenDirectlyIsNormalisedAndNamedByItsIndex() async throws {
        let server = MockServer(MockConfiguration(seed: 1, siteCount: 2, commentsPerSite: 3))
        let site = server.sites[1]
        let spelled = try #require(URL(string: site.restBase.absoluteString.uppercased().replacingOccurrences(of: "/SITE-2/WP-JSON", with: "/site-2/wp-json/")))
        let settings = SiteSettings(url: spelled, user: nil, applicationPassword: nil, timeout: 5)
        let connection = try await RealSite.connect(settings, configuration: server.sessionConfiguration())
        #expect(connection.id == site.restBase.absoluteString)
        #expect(connection.name == site.name)
    }
}
