import Foundation
import Testing
@testable import MockREST

/// The spam of the seed data (issue 30): what a newcomer's `make run` must show the spam
/// score working on — campaigns with links and markup tricks, a flood, spam-like pending
/// comments, spammers who reuse their addresses — drawn without changing other comments.
@Suite struct SeedSpamTests {
    /// The default `make run` sites (300 comments each), as the edit context shows them.
    static let server = MockServer()

    /// The first site's comments of `status`, as the edit context shows them.
    static func comments(status: String) -> [[String: Any]] {
        (1...4).flatMap { page in
            server.call("GET", "/wp/v2/comments?status=\(status)&per_page=100&page=\(page)&context=edit").array
        }
    }

    static func raw(_ comment: [String: Any]) -> String {
        ((comment["content"] as? [String: Any])?["raw"] as? String) ?? ""
    }

    @Test func everyDefaultSiteHasSpamEnoughForTheModelToLeaveLearning() throws {
        for site in Self.server.sites {
            let spam = try #require(Self.server.comments(site: site.id)).filter { $0.status == .spam }
            #expect(spam.count >= 25, "\(site.id): \(spam.count) spam")
        }
    }

    @Test func spamLinksToSpamDomainsWithTheTricksSpamUses() throws {
        let spam = try #require(Self.server.comments(site: "site-1")).filter { $0.status == .spam && $0.type == "comment" }
        let texts = spam.map(\.content)
        #expect(texts.allSatisfy { $0.contains(".example") }, "every spam text links somewhere")
        let all = texts.joined(separator: "\n")
        #expect(all.contains("[url"), "BBCode")
        #expect(all.contains("display:none") || all.contains("\"></a>"), "a hidden link")
        #expect(Set(spam.map(\.authorEmail)).count < spam.count, "spammers send more than once")
    }

    @Test func aFloodIsOneTextNearlyUnderManyNamesFromFewAddresses() throws {
        let flood = Self.comments(status: "spam").filter { Self.raw($0).contains(SpamCorpus.floodDomain) }
        #expect(flood.count >= 5)
        let names = Set(flood.compactMap { $0["author_name"] as? String })
        let addresses = Set(flood.compactMap { $0["author_ip"] as? String })
        #expect(names.count >= 5)
        #expect(addresses.count <= 3)
        #expect(flood.allSatisfy { Self.raw($0).hasPrefix("Make $500") })
    }

    @Test func someHeldCommentsLookLikeSpamAndMostDoNot() throws {
        let held = try #require(Self.server.comments(site: "site-1")).filter { $0.status == .hold && $0.type == "comment" }
        let spamLike = held.filter { $0.content.contains(".example/") || $0.content.contains("[url") }
        #expect(spamLike.count >= 3)
        #expect(spamLike.count < held.count / 2)
    }

    @Test func onlySpamAndHeldCommentsChangeAndTheSameSeedGivesTheSameSpam() throws {
        let comments = try #require(Self.server.comments(site: "site-1"))
        let approved = comments.filter { $0.status == .approved && $0.type == "comment" }
        #expect(!approved.contains { comment in SpamCorpus.campaigns.contains { comment.content.contains($0.domain) } })
        #expect(MockServer().comments(site: "site-1") == comments)
    }
}
