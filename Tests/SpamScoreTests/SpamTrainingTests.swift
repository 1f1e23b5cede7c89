import Testing
import PropertyBased
@testable import SpamScore

/// Learning a history one comment at a time, packed, and how the reader's fast paths for
/// ASCII read what the Unicode paths read.
@Suite struct SpamTrainingTests {
    @Test func aHistoryAddedOneAtATimeTrainsTheModelTheWholeHistoryTrains() {
        let history = SpamModelTests.history(30)
        var training = SpamTraining()
        for example in history { training.add(example) }
        #expect(training.count == 60)
        let streamed = training.trained(seed: 7)
        var whole = SpamModel()
        whole.train(history, seed: 7)
        var reader = SpamFeatureReader()
        for text in ["Cheap pills, order now", "Thanks, the migration step helped me too"] {
            let features = reader.features(of: SpamEvidence(html: text))
            #expect(streamed.score(features) == whole.score(features), "\(text)")
        }
        #expect(streamed.spamExamples == 30 && streamed.approvedExamples == 30)
    }

    @Test func theModelDoesNotGrowWithAHistoryOfText() {
        func footprint(_ count: Int) -> Int {
            var reader = SpamFeatureReader()
            var training = SpamTraining()
            for index in 0..<count {
                training.add(SpamExample(reader.features(of: SpamEvidence(html: "comment number \(index) says hello")), isSpam: index % 2 == 0))
            }
            return training.trained(epochs: 1).footprint
        }
        #expect(footprint(2_000) == footprint(40))
    }

    @Test func passesAreFewerAsTheHistoryGrowsButNeverFewerThanTwo() {
        #expect(SpamModel.epochs(forFeatures: 1_000) == 40)
        #expect(SpamModel.epochs(forFeatures: 10_000_000) == 10)
        #expect(SpamModel.epochs(forFeatures: 400_000_000) == 2)
    }

    static let text = Gen<Character?>.element(of: Array("aZq09 \t\n\r\u{0B}\u{0C}.,-éÉ東😀İДΣ’\u{A0}\u{3000}\u{2028}")).map { $0 ?? "a" }.string(of: 0...40)

    @Test func normalizingLowercasesAndCollapsesWhitespaceAsciiOrNot() async {
        await propertyCheck(count: 300, input: Self.text) { text in
            let expected = text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(SpamFeatureReader.normalized(text) == expected, "\(text.debugDescription)")
        }
    }

    @Test func wordsAreTheNormalizedTextSplitAtWhatIsNeitherLetterNorDigit() async {
        await propertyCheck(count: 300, input: Self.text) { text in
            var reader = SpamFeatureReader()
            let features = reader.features(of: SpamEvidence(html: text))
            var expected: [String] = []
            for word in features.normalizedText.split(whereSeparator: { !($0.isLetter || $0.isNumber) }) where !expected.contains(String(word)) {
                expected.append(String(word))
            }
            #expect(features.words.map(\.word) == expected, "\(text.debugDescription)")
        }
    }

    @Test func pastItsLimitATrainingPassesOverAnEvenSampleButCountsEveryExample() {
        let history = SpamModelTests.history(200)
        var training = SpamTraining(from: SpamModel(), keptFeatureLimit: 4_000)
        for example in history { training.add(example) }
        #expect(training.count == 400)
        #expect(training.keptFeatures <= 4_000 && training.keptFeatures > 1_000, "\(training.keptFeatures)")
        let model = training.trained(seed: 7)
        #expect(model.spamExamples == 200 && model.approvedExamples == 200)
        #expect(model.history(of: .fromAddress("203.0.113.9")) == SpamHistory(spam: 200))
        var reader = SpamFeatureReader()
        #expect(model.score(reader.features(of: SpamEvidence(html: "Cheap pills, order at <a href=\"http://pills.example/x\">shop</a>"))).leansToSpam)
        #expect(!model.score(reader.features(of: SpamEvidence(html: "Thanks, the migration step helped me too"))).leansToSpam)
        var again = SpamTraining(from: SpamModel(), keptFeatureLimit: 4_000)
        for example in history { again.add(example) }
        #expect(again.keptFeatures == training.keptFeatures, "the sample is drawn from each example's place, not at random")
    }

    @Test func entitiesDecodeOnceAndAnEscapedEntityStaysOne() {
        let markup = SpamMarkup(html: "a &amp;lt; b &lt;i&gt; it&#8217;s &quot;x&quot;&nbsp;&unknown; &")
        #expect(markup.visibleText == "a &lt; b <i> it’s \"x\" &unknown; &")
    }
}
