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

    static let text = Gen<Character?>.element(of: Array("aZq09 \t\n\r\u{0B}\u{0C}.,-éÉ東😀")).map { $0 ?? "a" }.string(of: 0...40)

    @Test func normalizingLowercasesAndCollapsesWhitespaceAsciiOrNot() async {
        await propertyCheck(count: 300, input: Self.text) { text in
            let expected = text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(SpamFeatureReader.normalized(text) == expected, "\(text.debugDescription)")
        }
    }

    @Test func entitiesDecodeOnceAndAnEscapedEntityStaysOne() {
        let markup = SpamMarkup(html: "a &amp;lt; b &lt;i&gt; it&#8217;s &quot;x&quot;&nbsp;&unknown; &")
        #expect(markup.visibleText == "a &lt; b <i> it’s \"x\" &unknown; &")
    }
}
