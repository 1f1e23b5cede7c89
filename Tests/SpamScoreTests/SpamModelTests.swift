import Testing
import PropertyBased
@testable import SpamScore

/// The model learned from a site's history: scores, reasons in words, the rules before there
/// is history, and how a moderation moves scores.
@Suite struct SpamModelTests {
    static let spamTexts = [
        "Cheap pills online, best price", "Buy pills now no prescription", "Best casino bonus, win big today",
        "Cheap replica watches for sale", "Earn money fast from home, click", "Pills at discount, order today",
    ]
    static let fineTexts = [
        "Thanks for the clear write-up, it helped", "I disagree with the second point about caching",
        "Great post, the diagram made it click", "Could you say more about the migration step?",
        "This worked for me on version 6.1 too", "Typo in the third paragraph: recieve",
    ]

    /// A site with `count` spam comments linking to pills.example from 203.0.113.9, and `count` approved ones.
    static func history(_ count: Int) -> [SpamExample] {
        var reader = SpamFeatureReader()
        var examples: [SpamExample] = []
        for index in 0..<count {
            let spam = SpamEvidence(html: "\(spamTexts[index % spamTexts.count]) <a href=\"https://pills.example/\(index)\">here</a>",
                                    authorName: "Deals \(index)", authorIP: "203.0.113.9")
            let fine = SpamEvidence(html: "<p>\(fineTexts[index % fineTexts.count]) (\(index))</p>", authorName: "Reader \(index)",
                                    authorIP: "198.51.100.\(index % 200)")
            examples.append(SpamExample(reader.features(of: spam), isSpam: true))
            examples.append(SpamExample(reader.features(of: fine), isSpam: false))
        }
        return examples
    }

    /// A site with 30 of each, trained once for the suite.
    static let site = trained(30)

    static func trained(_ count: Int) -> SpamModel {
        var model = SpamModel()
        model.train(history(count))
        return model
    }

    static func score(_ model: SpamModel, _ evidence: SpamEvidence) -> SpamScore {
        var reader = SpamFeatureReader()
        return model.score(reader.features(of: evidence))
    }

    @Test func aCommentLikeTheSitesSpamScoresHighAndSaysWhy() throws {
        let model = Self.site
        let score = Self.score(model, SpamEvidence(html: "Cheap pills, order at <a href=\"http://pills.example/x\">shop</a>", authorIP: "203.0.113.9"))
        #expect(score.value >= 65)
        #expect(score.verdict == .likelySpam)
        #expect(!score.isLearning)
        let reasons = score.reasons.map(\.text)
        #expect(reasons.contains("links to pills.example — seen in 30 spam here"), "\(reasons)")
        #expect(reasons.contains("30 earlier comments from 203.0.113.9, all spam"), "\(reasons)")
    }

    @Test func aCommentLikeTheSitesApprovedOnesScoresLow() {
        let model = Self.site
        let score = Self.score(model, SpamEvidence(html: "Thanks, the migration step helped me too", authorIP: "192.0.2.1"))
        #expect(score.value < 35)
        #expect(score.verdict == .likelyFine)
        #expect(score.reasons.contains { $0.text.hasPrefix("words common in approved comments here: ") })
    }

    @Test func withTooLittleHistoryTheRulesScoreAndSaySo() {
        let model = Self.trained(SpamModel.minimumHistory - 1)
        #expect(!model.isTrained)
        let hidden = Self.score(model, SpamEvidence(html: #"Nice post<a href="http://x.example"></a><a href="http://y.example">y</a>"#))
        #expect(hidden.isLearning)
        #expect(hidden.leansToSpam)
        #expect(hidden.reasons.map(\.text).contains("a link hidden from readers"))
        #expect(!Self.score(model, SpamEvidence(html: "Thanks, that helped")).leansToSpam)
    }

    /// A list's score (the value alone, without the reasons' words) is the detail pane's.
    @Test func theValueAloneIsTheScoresValue() {
        var reader = SpamFeatureReader()
        let texts = Self.spamTexts + Self.fineTexts + ["<a href=\"https://pills.example/x\" style=\"display:none\">x</a> hello"]
        for model in [Self.site, Self.trained(3)] {
            for text in texts {
                let features = reader.features(of: SpamEvidence(html: text, authorName: "Someone", authorIP: "203.0.113.9"))
                #expect(model.value(features) == model.score(features).value, "\(text), trained: \(model.isTrained)")
            }
        }
    }

    @Test func forgettingACommentTakesItsHistoryBack() {
        var model = Self.site
        var reader = SpamFeatureReader()
        let evidence = SpamEvidence(html: "hello", authorIP: "192.0.2.7")
        model.learn(SpamExample(reader.features(of: evidence), isSpam: true))
        #expect(model.history(of: .fromAddress("192.0.2.7")) == SpamHistory(spam: 1))
        model.forget(SpamExample(reader.features(of: evidence), isSpam: true))
        #expect(model.history(of: .fromAddress("192.0.2.7")) == SpamHistory())
        #expect(model.spamExamples == 30)
    }

    @Test func theSameHistoryTrainsTheSameModel() {
        let comment = SpamEvidence(html: "Great casino post, thanks")
        #expect(Self.score(Self.trained(30), comment) == Self.score(Self.site, comment))
    }

    // MARK: Moderation moves the score of similar comments the right way

    static let word = Gen<Character?>.element(of: Array("abcdefghijklmnopqrstuvwxyz")).map { $0 ?? "a" }.string(of: 3...8)
    static let text = word.array(of: 3...12).map { $0.joined(separator: " ") }

    @Test func markingACommentSpamRaisesTheScoreOfItsCopiesAndApprovingLowersIt() async {
        let base = Self.site
        await propertyCheck(count: 100, input: Self.text, Self.word) { text, extra in
            var reader = SpamFeatureReader()
            let comment = reader.features(of: SpamEvidence(html: text))
            let copy = reader.features(of: SpamEvidence(html: text + " " + extra))
            let before = base.score(copy).value
            var spammed = base, approved = base
            for _ in 0..<3 {
                spammed.learn(SpamExample(comment, isSpam: true))
                approved.learn(SpamExample(comment, isSpam: false))
            }
            #expect(spammed.score(copy).value >= before, "\(text)")
            #expect(approved.score(copy).value <= before, "\(text)")
            #expect(spammed.score(copy).value > approved.score(copy).value, "\(text)")
        }
    }
}
