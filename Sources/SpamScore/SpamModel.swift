import Foundation

/// One site's spam model, learned from its history: the comments a moderator approved (not
/// spam) and marked spam. Pending and trashed comments teach it nothing.
///
/// The model is a logistic regression whose features are first scaled by their naive Bayes
/// log-count ratios (NB-LR, Wang and Manning 2012: strong on short texts with little
/// history), trained by AdaGrad over hashed features. It is small and plain on purpose:
/// no Swift machine-learning library runs on Linux, and a moderator must be able to ask why.
/// Its size does not grow with the history (1 MB of weights, five such tables: ``footprint``) except for
/// the per-signal history behind the reasons.
///
/// A value type: train a copy off the main actor, hand it back, score with it anywhere.
public struct SpamModel: Sendable {
    /// Below this many examples of either kind the model does not score: the rules do (``SpamRules``).
    public static let minimumHistory = 20

    static let buckets = SpamFeatureReader.bucketCount
    /// AdaGrad's step and the L2 penalty, from the middle of the range where every file of
    /// the labelled corpus meets its targets (steps 0.1–0.5 × penalties 3e-5–3e-4): with a
    /// few hundred comments and 2^18 buckets a weaker penalty lets the model learn the history
    /// by heart, and its precision on what comes next drops.
    static let learningRate: Float = 0.25
    static let regularization: Float = 1e-4

    /// What the model knows of each bucket, side by side (scoring a comment looks up hundreds
    /// of buckets: one cache line each, not one per table): at ``stride`` × bucket its weight,
    /// then its count ratio — log((spam count + 1) / (approved count + 1)), the bucket's naive
    /// Bayes ratio being this plus ``massRatio`` — then the sum of its squared gradients (AdaGrad).
    var table: [Float] = SpamModel.emptyTable()
    static let stride = 3

    /// No weight, no ratio, and gradient sums just above zero (AdaGrad divides by their root).
    private static func emptyTable() -> [Float] {
        var table = [Float](repeating: 0, count: stride * buckets)
        for bucket in 0..<buckets { table[stride * bucket + 2] = 1e-8 }
        return table
    }
    /// In how many spam / approved comments each bucket occurs.
    private var spamCounts = [Float](repeating: 0, count: buckets)
    private var approvedCounts = [Float](repeating: 0, count: buckets)
    private var spamMass: Float = 0
    private var approvedMass: Float = 0
    var bias: Float = 0
    var biasGradientSquare: Float = 1e-8
    /// The history of each signal worth telling (``SpamSignal/hasHistory``), by its key's hash.
    private var histories: [UInt64: SpamHistory] = [:]

    /// Spam comments learned from.
    public private(set) var spamExamples = 0
    /// Approved comments learned from.
    public private(set) var approvedExamples = 0

    public init() {}

    /// Whether the history is large enough to score by (``minimumHistory`` of each kind).
    public var isTrained: Bool {
        spamExamples >= Self.minimumHistory && approvedExamples >= Self.minimumHistory
    }

    /// About how many bytes the model holds: five numbers a bucket and the signals'
    /// histories (the bench's `spam.model_memory_1m`).
    package var footprint: Int {
        (Self.stride + 2) * Self.buckets * MemoryLayout<Float>.stride
            + histories.capacity * (MemoryLayout<UInt64>.stride + MemoryLayout<SpamHistory>.stride)
    }

    // MARK: Learning

    /// Learns a whole history at once: counts first, then the passes (``SpamTraining``).
    public mutating func train(_ examples: [SpamExample], epochs: Int? = nil, seed: UInt64 = 0x5eed) {
        var training = SpamTraining(from: self)
        for example in examples { training.add(example) }
        self = training.trained(epochs: epochs, seed: seed)
    }

    /// Learns one comment just labelled (approved or marked spam, here or on the site).
    public mutating func learn(_ example: SpamExample) {
        count(example, by: 1)
        step(example)
    }

    /// Unlearns the counts of a comment whose label is gone (its spam undone, its approval
    /// taken back): the evidence it gave no longer stands. The weights keep what they
    /// learned, as they would from any other comment.
    public mutating func forget(_ example: SpamExample) {
        count(example, by: -1)
    }

    /// How many passes a history of `features` feature values in all is learned in: 40 for a
    /// small one, fewer as it grows (the work bounded near ``workPerTraining`` steps), never
    /// fewer than two.
    static func epochs(forFeatures features: Int) -> Int {
        max(2, min(40, workPerTraining / max(features, 1)))
    }

    /// About how many feature updates a training may make in all (a second or so).
    static let workPerTraining = 100_000_000

    private mutating func count(_ example: SpamExample, by delta: Float) {
        countOnly(example, by: delta)
        for bucket in example.features.buckets {
            let index = Int(bucket)
            table[Self.stride * index + 1] = log((spamCounts[index] + 1) / (approvedCounts[index] + 1))
        }
    }

    /// Counts `example` without updating the ratios of its buckets (a training counts a
    /// whole history, then computes every ratio once: ``updateAllRatios()``).
    mutating func countOnly(_ example: SpamExample, by delta: Float) {
        let features = example.features
        if example.isSpam {
            spamExamples += Int(delta)
            Self.count(features.buckets, in: &spamCounts, by: delta)
            spamMass = max(0, spamMass + delta * Float(features.buckets.count))
        } else {
            approvedExamples += Int(delta)
            Self.count(features.buckets, in: &approvedCounts, by: delta)
            approvedMass = max(0, approvedMass + delta * Float(features.buckets.count))
        }
        for signal in features.signals where signal.hasHistory {
            let key = Self.key(signal)
            if delta > 0 {
                // One look-up in place: a large history counts an address or two per comment.
                if example.isSpam { histories[key, default: SpamHistory()].spam += Int32(delta) } else { histories[key, default: SpamHistory()].approved += Int32(delta) }
                continue
            }
            var history = histories[key] ?? SpamHistory()
            if example.isSpam { history.spam = max(0, history.spam + Int32(delta)) } else { history.approved = max(0, history.approved + Int32(delta)) }
            histories[key] = history.total == 0 ? nil : history
        }
    }

    /// Adds `delta` to the counts of `buckets`, never below 0.
    private static func count(_ buckets: [UInt32], in counts: inout [Float], by delta: Float) {
        counts.withUnsafeMutableBufferPointer { counts in
            if delta > 0 {
                for bucket in buckets { counts[Int(bucket)] += delta }
            } else {
                for bucket in buckets { counts[Int(bucket)] = max(0, counts[Int(bucket)] + delta) }
            }
        }
    }

    /// Every bucket's count ratio from its counts.
    mutating func updateAllRatios() {
        for index in 0..<Self.buckets {
            table[Self.stride * index + 1] = log((spamCounts[index] + 1) / (approvedCounts[index] + 1))
        }
    }

    /// One AdaGrad step on one example.
    private mutating func step(_ example: SpamExample) {
        let features = example.features
        let error = Self.probability(logOdds(features)) - (example.isSpam ? 1 : 0)
        let massRatio = massRatio
        for (bucket, value) in zip(features.buckets, features.values) {
            let slot = Self.stride * Int(bucket)
            let gradient = error * value * (table[slot + 1] + massRatio) + Self.regularization * table[slot]
            table[slot + 2] += gradient * gradient
            table[slot] -= Self.learningRate * gradient / table[slot + 2].squareRoot()
        }
        biasGradientSquare += error * error
        bias -= Self.learningRate * error / biasGradientSquare.squareRoot()
    }

    // MARK: Scoring

    /// The part of every bucket's naive Bayes log-count ratio that depends on the totals
    /// (each count smoothed by one over every bucket).
    var massRatio: Float {
        let buckets = Float(Self.buckets)
        return log((approvedMass + buckets) / (spamMass + buckets))
    }

    /// What a bucket weighs in the log-odds for each unit of its value: its weight times its
    /// naive Bayes log-count ratio (how much likelier in spam than approved).
    private func weight(_ bucket: UInt32, massRatio: Float) -> Float {
        let slot = Self.stride * Int(bucket)
        return table[slot] * (table[slot + 1] + massRatio)
    }

    private func logOdds(_ features: SpamFeatures) -> Float {
        var sum = bias
        let massRatio = massRatio
        table.withUnsafeBufferPointer { table in
            for (bucket, value) in zip(features.buckets, features.values) {
                let slot = Self.stride * Int(bucket)
                sum += table[slot] * value * (table[slot + 1] + massRatio)
            }
        }
        return sum
    }

    static func probability(_ logOdds: Float) -> Float { 1 / (1 + exp(-logOdds)) }

    /// What the history says of `signal`.
    public func history(of signal: SpamSignal) -> SpamHistory {
        histories[Self.key(signal)] ?? SpamHistory()
    }

    /// The score of a comment, with its reasons; the rules' (``SpamRules``) while the history is too small.
    public func score(_ features: SpamFeatures) -> SpamScore {
        guard isTrained else { return SpamRules.score(features, history: history(of:)) }
        let value = value(features)
        return SpamScore(value: value, isLearning: false, reasons: reasons(features, leaningToSpam: value >= 50))
    }

    /// The score's value alone, 0–100, as ``score(_:)`` gives it: what a list shows and sorts
    /// by. The reasons' words (the text read again for its telling words, the sentences) are
    /// most of a trained score's cost, and only the comment a moderator looks at needs them.
    public func value(_ features: SpamFeatures) -> Int {
        guard isTrained else { return SpamRules.score(features, history: history(of:)).value }
        return Int((Self.probability(logOdds(features)) * 100).rounded())
    }

    /// The signals and words that weighed most towards the verdict, in words: the weights
    /// first, the sentences only for the few that are told.
    private func reasons(_ features: SpamFeatures, leaningToSpam: Bool) -> [SpamReason] {
        enum Candidate { case signal(SpamSignal), words([String]) }
        let massRatio = massRatio
        var found: [(candidate: Candidate, weight: Float)] = []
        for (offset, signal) in features.signals.enumerated() {
            let index = features.textCount + offset
            found.append((.signal(signal), weight(features.buckets[index], massRatio: massRatio) * features.values[index]))
        }
        let words = tellingWords(features, leaningToSpam: leaningToSpam, massRatio: massRatio)
        if !words.isEmpty { found.append((.words(words.map(\.word)), words.reduce(0) { $0 + $1.weight })) }
        let toward = found.filter { leaningToSpam ? $0.weight > 0.05 : $0.weight < -0.05 }
        return toward.sorted { abs($0.weight) > abs($1.weight) }.prefix(5).map { reason in
            switch reason.candidate {
            case .signal(let signal):
                return SpamReason(SpamRules.sentence(for: signal, history: history(of: signal)), weight: reason.weight)
            case .words(let words):
                let heading = leaningToSpam ? "words common in spam here: " : "words common in approved comments here: "
                return SpamReason(heading + words.map { "“\($0)”" }.joined(separator: ", "), weight: reason.weight)
            }
        }
    }

    /// The four distinct words of the text that weigh most towards the verdict, the
    /// weightiest first (the first met among equals); a string made only of those.
    private func tellingWords(_ features: SpamFeatures, leaningToSpam: Bool, massRatio: Float) -> [(word: String, weight: Float)] {
        var top: [(range: Range<Int>, bucket: UInt32, weight: Float)] = []
        let scalars = features.normalizedText.unicodeScalars.map(\.value)
        scalars.withUnsafeBufferPointer { scalars in
            SpamFeatureReader.forEachWord(of: scalars, text: .shared) { range, bucket, _ in
                let weight = weight(bucket, massRatio: massRatio)
                guard leaningToSpam ? weight > 0 : weight < 0, !top.contains(where: { $0.bucket == bucket }) else { return }
                let place = top.firstIndex { leaningToSpam ? weight > $0.weight : weight < $0.weight } ?? top.count
                guard place < 4 else { return }
                top.insert((range, bucket, weight), at: place)
                if top.count > 4 { top.removeLast() }
            }
        }
        return top.map { word in
            (String(String.UnicodeScalarView(scalars[word.range].compactMap(Unicode.Scalar.init))), word.weight)
        }
    }

    private static func key(_ signal: SpamSignal) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in signal.key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}

/// A labelled comment: its features, and whether the site holds it as spam (else approved).
public struct SpamExample: Sendable {
    public let features: SpamFeatures
    public let isSpam: Bool

    public init(_ features: SpamFeatures, isSpam: Bool) {
        self.features = features
        self.isSpam = isSpam
    }
}

/// A small, seeded generator (SplitMix64): the same history trains the same model (and the
/// bench draws the same splits).
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
