import Testing
import Foundation
import Flux
import FluxTesting
import MockREST
import SpamScore
@testable import CommentsKit

/// The spam score in the comments store (issue 30): each site's model learned off the main
/// actor from its comments, the scores in the state, moved at once by a moderation the site
/// confirmed, the rules alone while the history is small, and the one comment explained.
@MainActor
@Suite struct SpamScoreStoreTests {
    /// A text no seed comment holds, between the two: words of approved comments and of the spam below.
    static let twinText = "Thanks for writing this. Honestly, the replica watches look nice"

    /// A site of 120 comments where another moderator marked 25 spam (cheap watches), and two
    /// pending comments with the same text: the history is large enough to learn from.
    static func trainedSite() throws -> (fixture: StoreFixture, twins: (Int, Int), spam: [Int]) {
        let fixture = try StoreFixture(commentsPerSite: 120, spamModels: SiteSpamModels(on: nil))
        let site = fixture.site
        let comments = (fixture.server.comments(site: site) ?? []).filter { $0.type == "comment" && $0.parent == 0 }
        try #require(comments.count > 40)
        for (index, comment) in comments.prefix(25).enumerated() {
            fixture.server.changeOutside(site: site, id: comment.id, .content("Cheap replica watches \(index), buy now at https://watches.example/\(index)"))
            fixture.server.changeOutside(site: site, id: comment.id, .status(.spam))
        }
        let twins = (comments[30].id, comments[31].id)
        for id in [twins.0, twins.1] {
            fixture.server.changeOutside(site: site, id: id, .content(twinText))
            fixture.server.changeOutside(site: site, id: id, .status(.hold))
        }
        return (fixture, twins, comments.prefix(25).map(\.id))
    }

    /// Waits until the site's scores are of its comments as they are now.
    static func scored(_ fixture: StoreFixture) async throws -> SiteSpamScores {
        let site = fixture.site
        let state = try await fixture.comments.state { state in
            guard let scores = state.spamScores[site] else { return false }
            return scores.scoring > 0 && scores.scoringRevision == nil && scores.revision == state.comments(of: site).revision
                && state.writesInFlight == 0
        }
        return try #require(state.spamScores[site])
    }

    @Test func everyLoadedCommentIsScoredAndASmallHistoryScoresByTheRulesAlone() async throws {
        let fixture = try StoreFixture(spamModels: SiteSpamModels(on: nil))
        let receipt = try await fixture.loadAll()
        let scores = try await Self.scored(fixture)
        let spam = fixture.siteComments.allEntries.filter { $0.status == .spam }.count
        try #require(spam < SpamModel.minimumHistory, "the seed's site has little spam")
        #expect(scores.isLearning)
        #expect(scores.spamExamples == spam)
        for entry in fixture.siteComments.allEntries where entry.commentType != .note {
            #expect(scores.score(of: entry.id) != nil, "#\(entry.id) is scored")
        }
        _ = receipt
    }

    @Test func aLargeEnoughHistoryIsLearnedAndItsSpamScoresHigh() async throws {
        let (fixture, twins, _) = try Self.trainedSite()
        let receipt = try await fixture.loadAll()
        let scores = try await Self.scored(fixture)
        #expect(!scores.isLearning)
        let spam = fixture.siteComments.allEntries.filter { $0.status == .spam }
        #expect(scores.spamExamples == spam.count)
        #expect(spam.count >= 25)
        let fine = fixture.siteComments.allEntries.filter { $0.status == .approved }
        let spamMean = spam.compactMap { scores.score(of: $0.id) }.reduce(0, +) / spam.count
        let fineMean = fine.compactMap { scores.score(of: $0.id) }.reduce(0, +) / fine.count
        #expect(spamMean >= 65 && fineMean < 35, "spam \(spamMean), approved \(fineMean)")
        #expect(scores.score(of: twins.0) == scores.score(of: twins.1), "the same text and the same kind of author")
        _ = receipt
    }

    @Test func markingACommentSpamRaisesItAndItsTwinOnceTheSiteConfirms() async throws {
        let (fixture, twins, _) = try Self.trainedSite()
        let receipt = try await fixture.loadAll()
        let before = try await Self.scored(fixture)
        let (one, twin) = (try #require(before.score(of: twins.0)), try #require(before.score(of: twins.1)))
        fixture.dispatcher.dispatch(CommentsAction.moderate(site: fixture.site, id: twins.0, to: .spam))
        try await fixture.settled()
        let after = try await Self.scored(fixture)
        #expect(after.spamExamples == before.spamExamples + 1)
        #expect(try #require(after.score(of: twins.0)) > one, "\(one) → \(after.score(of: twins.0) ?? -1)")
        #expect(try #require(after.score(of: twins.1)) > twin, "the comment with the same text rises too: \(twin) → \(after.score(of: twins.1) ?? -1)")
        // Approved back: the spam label is forgotten and the approval learned.
        fixture.dispatcher.dispatch(CommentsAction.moderate(site: fixture.site, id: twins.0, to: .approve))
        try await fixture.settled()
        let approved = try await Self.scored(fixture)
        #expect(approved.spamExamples == before.spamExamples)
        #expect(approved.approvedExamples == before.approvedExamples + 1)
        let (twinApproved, twinSpam) = (try #require(approved.score(of: twins.1)), try #require(after.score(of: twins.1)))
        #expect(twinApproved < twinSpam)
        _ = receipt
    }

    @Test func theCommentAskedAboutIsExplainedInTheWordsOfTheReasons() async throws {
        let (fixture, _, spam) = try Self.trainedSite()
        let receipt = try await fixture.loadAll()
        let scores = try await Self.scored(fixture)
        let id = try #require(spam.first)
        fixture.dispatcher.dispatch(CommentsAction.explainSpam(site: fixture.site, id: id))
        let state = try await fixture.comments.state { $0.spamExplanation?.id == id }
        let explanation = try #require(state.spamExplanation)
        #expect(explanation.value == scores.score(of: id))
        #expect(explanation.scoring == scores.scoring)
        #expect(!explanation.isLearning)
        #expect(explanation.band == .likelySpam)
        // A known spam domain says so, in the words `parley comment explain` prints.
        #expect(explanation.reasons.contains("links to watches.example — seen in 25 spam here"), "\(explanation.reasons)")
        #expect(explanation.hiddenLinks.isEmpty)
        _ = receipt
    }

    @Test func theScoreGroupCountsEachBandExactlyAndItsFiltersNarrowTheList() async throws {
        let (fixture, _, _) = try Self.trainedSite()
        fixture.dispatcher.dispatch(FilterAction.showSite(fixture.site))
        let receipt = try await fixture.loadAll()
        let scores = try await Self.scored(fixture)
        // The filter store counted with the action that brought the scores.
        let group = try #require(fixture.filters.state.group(.score))
        #expect(group.filters.map(\.title) == ["Likely spam", "Unsure", "Likely fine"])
        let shown = fixture.siteComments.allEntries.filter { [.approved, .hold].contains($0.status) && $0.commentType != .note }
        for band in SpamBand.allCases {
            let filter = try #require(group.filters.first { $0.id == .spamScore(band) })
            #expect(filter.count == shown.filter { scores.band(of: $0.id) == band }.count, "\(band)")
            #expect(!filter.isLowerBound, "the site is loaded and the scores are of its comments")
        }
        fixture.dispatcher.dispatch(FilterAction.toggle(.spamScore(.likelySpam)))
        fixture.dispatcher.dispatch(FilterAction.toggle(.status(.spam)))
        let rows = fixture.visible.rows(site: fixture.site)
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { scores.band(of: $0.id) == .likelySpam })
        #expect(rows.count == fixture.filters.state.matchCount)
        _ = receipt
    }
}
