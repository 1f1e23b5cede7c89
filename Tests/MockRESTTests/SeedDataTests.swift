import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import MockREST

@Suite struct SeedDataTests {
    @Test func sameSeedSameDataDifferentSeedDifferentData() {
        let first = smallServer(seed: 42)
        let second = smallServer(seed: 42)
        let other = smallServer(seed: 43)
        #expect(first.comments(site: "site-1") == second.comments(site: "site-1"))
        #expect(first.posts(site: "site-2") == second.posts(site: "site-2"))
        #expect(first.comments(site: "site-1") != other.comments(site: "site-1"))
        let page = { (server: MockServer) in
            server.call("GET", "/wp/v2/comments?per_page=50").array.map { ($0["id"] as? Int, ($0["content"] as? [String: Any])?["rendered"] as? String) }
        }
        #expect(page(first).elementsEqual(page(second)) { $0 == $1 })
    }

    @Test func defaultConfigurationHasThreeDistinctSitesOnThePrettyHostWhenFree() {
        let server = MockServer()
        #expect(server.sites.count == 3)
        #expect(Set(server.sites.map(\.name)).count == 3)
        #expect(server.sites.map(\.id) == ["site-1", "site-2", "site-3"])
        #expect(server.sites[0].restBase.absoluteString.hasSuffix(".parley/site-1/wp-json"))
        #expect(server.comments(site: "site-1")?.count == 300 + SeedData.notesAndPingsCount)
    }

    @Test func twoLiveServersGetDifferentHosts() {
        let first = MockServer(MockConfiguration(siteCount: 1, commentsPerSite: 5))
        let second = MockServer(MockConfiguration(siteCount: 1, commentsPerSite: 5))
        #expect(first.sites[0].restBase.host != second.sites[0].restBase.host)
        #expect(second.sites[0].restBase.host?.hasSuffix("mock.parley") == true)
    }

    @Test func dataHasWhatTheUINeeds() throws {
        let server = MockServer(MockConfiguration(seed: 3, siteCount: 1, commentsPerSite: 400))
        let comments = try #require(server.comments(site: "site-1"))
        #expect(Set(comments.map(\.status)) == Set(MockCommentStatus.allCases))
        #expect(comments.filter { $0.status == .approved }.count > comments.count / 2)
        // Threads up to depth 6 and no deeper.
        let parents = Dictionary(uniqueKeysWithValues: comments.map { ($0.id, $0.parent) })
        func depth(_ id: Int) -> Int { (parents[id] ?? 0) == 0 ? 1 : 1 + depth(parents[id] ?? 0) }
        let depths = comments.map { depth($0.id) }
        #expect(depths.max() ?? 0 >= 4)
        #expect(depths.max() ?? 0 <= 6)
        // Replies are newer than their parents; ids grow with dates.
        #expect(comments.map(\.date) == comments.map(\.date).sorted())
        // A few authors recur a lot.
        let counts = Dictionary(grouping: comments, by: \.authorName).mapValues(\.count).values.sorted(by: >)
        #expect(counts.count > 10)
        #expect(counts[0] > counts[counts.count / 2] * 3)
        // Texts: multi-paragraph, non-ASCII, ZWJ emoji, RTL, links, hostile ones.
        let text = comments.map(\.content).joined(separator: "\n")
        #expect(comments.contains { $0.content.contains("\n\n") })
        #expect(text.contains("👩‍💻") && text.contains("é") && text.contains("日本") || text.contains("東京"))
        #expect(text.unicodeScalars.contains { (0x0590...0x06FF).contains($0.value) })
        #expect(text.contains("<a href="))
        #expect(text.contains("\u{1B}[2J") || text.contains("\u{1B}]0;pwned") || text.contains("\u{202E}"))
        let both = comments + (MockServer(MockConfiguration(seed: 3, siteCount: 2, commentsPerSite: 400)).comments(site: "site-2") ?? [])
        #expect(both.contains { $0.type == "pingback" || $0.type == "trackback" })
        // Dates lie in the two years before the reference date.
        let reference = MockConfiguration().referenceDate
        #expect(comments.allSatisfy { $0.date <= reference && $0.date > reference.addingTimeInterval(-731 * 86_400) })
    }

    @Test func everySiteHasTitledPosts() {
        let server = smallServer()
        for site in server.sites {
            let posts = server.posts(site: site.id)
            #expect(posts.count >= 4)
            #expect(posts.allSatisfy { !$0.title.isEmpty && !$0.slug.isEmpty })
        }
        #expect(server.posts(site: "nope").isEmpty)
    }

    // How fast this is belongs to `make bench`; here, that it works at that size.
    @Test func hundredThousandCommentsBuildAndList() throws {
        let server = MockServer(MockConfiguration(siteCount: 1, commentsPerSite: 100_000))
        #expect(server.commentCount(site: "site-1") == 100_000 + SeedData.notesAndPingsCount)
        let page = server.call("GET", "/wp/v2/comments?per_page=100&page=3")
        #expect(page.status == 200)
        #expect(page.headers["X-WP-Total"].flatMap(Int.init) ?? 0 > 0)
    }

    @Test func gmtTimeRoundTrips() {
        #expect(GMTTime.format(1_795_262_400) == "2026-11-21T12:00:00")
        #expect(GMTTime.parse("2026-11-21T12:00:00") == 1_795_262_400)
        #expect(GMTTime.parse("2026-11-21T13:00:00+01:00") == 1_795_262_400)
        #expect(GMTTime.parse("2026-11-21T12:00:00.250Z") == 1_795_262_400)
        #expect(GMTTime.parse("2026-13-21T12:00:00") == nil)
        #expect(GMTTime.parse("21/11/2026") == nil)
        #expect(GMTTime.format(0) == "1970-01-01T00:00:00")
    }
}
