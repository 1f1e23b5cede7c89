import Testing
import SpamScore
@testable import CommentsKit

/// A property of learning, over seeded random histories (issue 30): marking a comment spam
/// never lowers the score of a comment with the same text, whoever wrote either, whether
/// the site's model is trained or still learning (the rules alone).
@Suite struct SpamLearningPropertyTests {
    static let spamWords = ["cheap", "pills", "casino", "bonus", "replica", "watches", "loans", "free", "winner", "click"]
    static let fineWords = ["garden", "bees", "thanks", "photos", "recipe", "trip", "family", "article", "spring", "question"]

    static func text(_ words: [String], _ random: inout SplitMix64, link: Bool) -> String {
        let body = (0..<(4 + Int(random.next() % 6))).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
        return link ? body + " <a href=\"https://\(words[0]).example/\(random.next() % 50)\">here</a>" : body
    }

    static func evidence(_ html: String, _ random: inout SplitMix64) -> SpamEvidence {
        let who = random.next() % 40
        return SpamEvidence(html: html, authorName: "Reader \(who)", authorEmail: "r\(who)@mail.example", authorIP: "198.51.100.\(who)")
    }

    @Test(arguments: [5, 30])
    func markingSpamNeverLowersTheScoreOfTheSameText(historyPerKind: Int) {
        for seed in UInt64(1)...40 {
            var random = SplitMix64(seed: seed)
            var reader = SpamFeatureReader()
            var examples: [SpamExample] = []
            for _ in 0..<historyPerKind {
                let spam = Self.text(Self.spamWords, &random, link: random.next() % 2 == 0)
                examples.append(SpamExample(reader.features(of: Self.evidence(spam, &random)), isSpam: true))
                let fine = Self.text(Self.fineWords, &random, link: random.next() % 5 == 0)
                examples.append(SpamExample(reader.features(of: Self.evidence(fine, &random)), isSpam: false))
            }
            var model = SpamModel()
            model.train(examples, seed: seed)
            let mixed = Self.text(Self.spamWords + Self.fineWords, &random, link: random.next() % 2 == 0)
            let marked = reader.features(of: Self.evidence(mixed, &random))
            let other = reader.features(of: Self.evidence(mixed, &random))
            let before = model.score(other).value
            model.learn(SpamExample(marked, isSpam: true))
            let after = model.score(other).value
            #expect(after >= before, "seed \(seed): \(before) → \(after) for “\(mixed)”")
        }
    }
}
