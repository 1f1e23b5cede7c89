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
    static let learningRate: Float = 0.5
    static let regularization: Float = 1e-6

    var weights = [Float](repeating: 0, count: buckets)
    var gradientSquares = [Float](repeating: 1e-8, count: buckets)
    /// In how many spam / approved comments each bucket occurs.
    private var spamCounts = [Float](repeating: 0, count: buckets)
    private var approvedCounts = [Float](repeating: 0, count: buckets)
    /// log((spam count + 1) / (approved count + 1)) of each bucket, kept with the counts: the
    /// bucket's naive Bayes ratio is this plus ``massRatio``.
    var countRatios = [Float](repeating: 0, count: buckets)
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

    /// About how many bytes the model holds: its five tables of buckets and the signals'
    /// histories (the bench's `spam.model_memory_1m`).
    package var footprint: Int {
        5 * Self.buckets * MemoryLayout<Float>.stride
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
            countRatios[index] = log((spamCounts[index] + 1) / (approvedCounts[index] + 1))
        }
    }

    /// Counts `example` without updating the ratios of its buckets (a training counts a
    /// whole history, then computes every ratio once: ``updateAllRatios()``).
    mutating func countOnly(_ example: SpamExample, by delta: Float) {
        let features = example.features
        if example.isSpam {
            spamExamples += Int(delta)
            spamCounts.withUnsafeMutableBufferPointer { counts in
                for bucket in features.buckets { counts[Int(bucket)] = max(0, counts[Int(bucket)] + delta) }
            }
            spamMass = max(0, spamMass + delta * Float(features.buckets.count))
        } else {
            approvedExamples += Int(delta)
            approvedCounts.withUnsafeMutableBufferPointer { counts in
                for bucket in features.buckets { counts[Int(bucket)] = max(0, counts[Int(bucket)] + delta) }
            }
            approvedMass = max(0, approvedMass + delta * Float(features.buckets.count))
        }
        for signal in features.signals where signal.hasHistory {
            let key = Self.key(signal)
            var history = histories[key] ?? SpamHistory()
            if example.isSpam { history.spam = max(0, history.spam + Int32(delta)) } else { history.approved = max(0, history.approved + Int32(delta)) }
            histories[key] = history.total == 0 ? nil : history
        }
    }

    /// Every bucket's ``countRatios`` from its counts.
    mutating func updateAllRatios() {
        for index in countRatios.indices {
            countRatios[index] = log((spamCounts[index] + 1) / (approvedCounts[index] + 1))
        }
    }

    /// One AdaGrad step on one example.
    private mutating func step(_ example: SpamExample) {
        let features = example.features
        let error = probability(logOdds(features)) - (example.isSpam ? 1 : 0)
        let massRatio = massRatio
        for (bucket, value) in zip(features.buckets, features.values) {
            let index = Int(bucket)
            let gradient = error * value * (countRatios[index] + massRatio) + Self.regularization * weights[index]
            gradientSquares[index] += gradient * gradient
            weights[index] -= Self.learningRate * gradient / gradientSquares[index].squareRoot()
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

    /// The naive Bayes log-count ratio of a bucket: how much likelier in spam than approved.
    private func ratio(_ index: Int) -> Float { countRatios[index] + massRatio }

    private func logOdds(_ features: SpamFeatures) -> Float {
        var sum = bias
        let massRatio = massRatio
        for (bucket, value) in zip(features.buckets, features.values) {
            sum += weights[Int(bucket)] * value * (countRatios[Int(bucket)] + massRatio)
        }
        return sum
    }

    func probability(_ logOdds: Float) -> Float { 1 / (1 + exp(-logOdds)) }

    /// What the history says of `signal`.
    public func history(of signal: SpamSignal) -> SpamHistory {
        histories[Self.key(signal)] ?? SpamHistory()
    }

    /// The score of a comment, with its reasons; the rules' (``SpamRules``) while the history is too small.
    public func score(_ features: SpamFeatures) -> SpamScore {
        guard isTrained else { return SpamRules.score(features, history: history(of:)) }
        let value = Int((probability(logOdds(features)) * 100).rounded())
        return SpamScore(value: value, isLearning: false, reasons: reasons(features, leaningToSpam: value >= 50))
    }

    /// The signals and words that weighed most towards the verdict, in words.
    private func reasons(_ features: SpamFeatures, leaningToSpam: Bool) -> [SpamReason] {
        var found: [SpamReason] = []
        for (offset, signal) in features.signals.enumerated() {
            let index = features.textCount + offset
            let bucket = Int(features.buckets[index])
            let weight = weights[bucket] * features.values[index] * ratio(bucket)
            found.append(SpamReason(SpamRules.sentence(for: signal, history: history(of: signal)), weight: weight))
        }
        let words = features.words.map { word -> (String, Float) in
            let bucket = Int(word.bucket)
            return (word.word, weights[bucket] * ratio(bucket))
        }
        let spammy = words.filter { $0.1 > 0 }.sorted { $0.1 > $1.1 }.prefix(4)
        if leaningToSpam, !spammy.isEmpty {
            found.append(SpamReason("words common in spam here: " + spammy.map { "“\($0.0)”" }.joined(separator: ", "),
                                    weight: spammy.reduce(0) { $0 + $1.1 }))
        }
        let fine = words.filter { $0.1 < 0 }.sorted { $0.1 < $1.1 }.prefix(4)
        if !leaningToSpam, !fine.isEmpty {
            found.append(SpamReason("words common in approved comments here: " + fine.map { "“\($0.0)”" }.joined(separator: ", "),
                                    weight: fine.reduce(0) { $0 + $1.1 }))
        }
        let toward = found.filter { leaningToSpam ? $0.weight > 0.05 : $0.weight < -0.05 }
        return Array(toward.sorted { abs($0.weight) > abs($1.weight) }.prefix(5))
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
