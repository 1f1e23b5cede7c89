import Testing
import Foundation
import MockREST
@testable import CommentsKit

/// A site is its REST base, normalised: two spellings of one site are one site, two sites on
/// one host are two.
@Suite struct SiteAddressTests {
    func id(_ text: String) -> String? {
        URL(string: text).flatMap { SiteAddress(restBase: $0) }?.id
    }

    @Test func schemeAndHostAreLowercasedAndTheDefaultPortDropped() {
        #expect(id("HTTPS://Example.COM:443/wp-json") == "https://example.com/wp-json")
        #expect(id("http://example.com:80/wp-json") == "http://example.com/wp-json")
        #expect(id("http://example.com:8080/wp-json") == "http://example.com:8080/wp-json")
        #expect(id("https://example.com:80/wp-json") == "https://example.com:80/wp-json", "80 is not https's default")
    }

    @Test func trailingSlashesCredentialsAndFragmentsAreNotPartOfTheSite() {
        #expect(id("https://example.com/wp-json/") == "https://example.com/wp-json")
        #expect(id("https://example.com/wp-json//") == "https://example.com/wp-json")
        #expect(id("https://alice:secret@example.com/wp-json#top") == "https://example.com/wp-json")
        #expect(id("https://example.com/Blog/wp-json") == "https://example.com/Blog/wp-json", "paths keep their case")
    }

    @Test func theRestRouteFormStaysThatForm() {
        #expect(id("https://example.com/?rest_route=/") == "https://example.com/?rest_route=")
        #expect(id("https://example.com?rest_route=") == "https://example.com/?rest_route=")
        #expect(id("https://example.com/blog/?rest_route=%2F") == "https://example.com/blog/?rest_route=")
        #expect(id("https://example.com/?rest_route=/") != id("https://example.com/wp-json"))
    }

    @Test func subdirectoryMultisitesOnOneHostAreTwoSites() {
        let a = id("https://example.com/blog-a/wp-json")
        let b = id("https://example.com/blog-b/wp-json")
        #expect(a != nil && b != nil && a != b)
        #expect(id("http://127.0.0.1:8080/site-1/wp-json") != id("http://127.0.0.1:8080/site-2/wp-json"))
    }

    @Test func anIPv6LiteralKeepsItsBrackets() {
        #expect(id("http://[::1]:8080/site-1/wp-json/") == "http://[::1]:8080/site-1/wp-json")
        #expect(id("http://[FD00::5]/wp-json") == "http://[fd00::5]/wp-json")
    }

    @Test func onlyWebAddressesWithAHostAreSites() {
        #expect(id("ftp://example.com/wp-json") == nil)
        #expect(id("file:///etc/passwd") == nil)
    }

    @Test func theFallbackNameIsHostAndPathWithoutTheAPIPart() {
        func name(_ text: String) -> String? { URL(string: text).flatMap { SiteAddress(restBase: $0) }?.fallbackName }
        #expect(name("http://127.0.0.1:8080/site-2/wp-json") == "127.0.0.1:8080/site-2")
        #expect(name("https://example.com/wp-json") == "example.com")
        #expect(name("https://example.com/blog/?rest_route=/") == "example.com/blog")
        #expect(name("http://[::1]:9000/site-1/wp-json") == "[::1]:9000/site-1")
    }

    @Test func ipv6LoopbackIsLoopbackInEverySpelling() throws {
        #expect(PlainHTTPPolicy.isIPv6Loopback("::1"))
        #expect(PlainHTTPPolicy.isIPv6Loopback("[::1]"))
        #expect(PlainHTTPPolicy.isIPv6Loopback("0:0:0:0:0:0:0:0001"))
        #expect(!PlainHTTPPolicy.isIPv6Loopback("[fd00::1]"))
        #expect(!PlainHTTPPolicy.isIPv6Loopback("127.0.0.1"))
        #expect(PlainHTTPPolicy.allowsCredentials(to: try #require(URL(string: "http://[::1]:8080/wp-json"))))
    }

    /// The root cause of "network error -1000" for `http://[::1]:PORT/`: FoundationNetworking
    /// rejects IPv6 literal hosts, so every request URL is built without one.
    @Test func requestURLsForTheIPv6LoopbackCarryNoLiteral() throws {
        let endpoint = RESTEndpoint(base: try #require(URL(string: "http://[::1]:8080/site-1/wp-json")))
        let url = try #require(endpoint.url("/wp/v2/comments", query: [("page", "2")]))
        #if canImport(FoundationNetworking)
        #expect(url.absoluteString == "http://localhost:8080/site-1/wp-json/wp/v2/comments?page=2")
        #expect(SiteAddress.unreachableReason(try #require(URL(string: "http://[fd00::5]/"))) != nil)
        #else
        #expect(url.absoluteString == "http://[::1]:8080/site-1/wp-json/wp/v2/comments?page=2")
        #endif
        #expect(SiteAddress.unreachableReason(try #require(URL(string: "http://[::1]:8080/"))) == nil)
    }

    @Test func theIndexOfAGivenRESTBaseNamesTheSite() async throws {
        let server = MockServer(MockConfiguration(seed: 1, siteCount: 2, commentsPerSite: 3))
        let second = server.sites[1]
        let address = try #require(SiteAddress(restBase: second.restBase))
        let index = try await WordPressClient.index(of: address, configuration: server.sessionConfiguration())
        #expect(index.name == second.name)
        let queryURL = try #require(URL(string: second.root.absoluteString + "/?rest_route=/"))
        let query = try #require(SiteAddress(restBase: queryURL))
        #expect(try await WordPressClient.index(of: query, configuration: server.sessionConfiguration()).name == second.name)
    }
}

/// A site's name is untrusted text on its way to the header and the log.
@Suite struct SiteNameTests {
    @Test func theNameIsOneLineWithoutControlsOrBidiOverrides() {
        #expect(WordPressClient.oneLine("Tom\u{1B}[31m\nJerry\u{202E}") == "Tom [31m Jerry")
        #expect(WordPressClient.oneLine("  Field Notes ") == "Field Notes")
    }
}
