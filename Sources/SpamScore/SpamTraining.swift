/// A history being learned: each example is counted as it comes and kept packed (a bucket
/// and its value in 32 bits, without the words and text only the reasons need), then
/// ``trained(epochs:seed:)`` makes the passes over what was kept.
///
/// Read a large history one comment at a time into it (``add(_:)``): a million comments'
/// features held as ``SpamFeatures`` would take gigabytes, packed they take 4 bytes a
/// feature. The counts (the naive Bayes ratios, the signals' histories) learn from every
/// example; the passes learn from at most ``defaultKeptFeatureLimit`` feature values: past that, an
/// even sample of the examples, each kept by a draw from its place in the history, is what the
/// passes see (the passes' work is bounded anyway: ``SpamModel/epochs(forFeatures:)``). The same
/// examples in the same order with the same seed train the same model.
public struct SpamTraining: Sendable {
    private var model: SpamModel
    /// The kept examples' features, one after another: a bucket in the low ``bucketBits`` bits,
    /// its value (0…1) in the high bits, in steps of 1 / ``valueSteps``.
    private var packed: [UInt32] = []
    /// Where each kept example's features end in ``packed``.
    private var ends: [Int] = []
    /// Whether each kept example is spam.
    private var labels: [Bool] = []
    /// Each kept example's draw: it stays kept while the draw's low ``sampleLevel`` bits are 0.
    private var draws: [UInt64] = []
    /// How many times the sample was halved (each example is kept with chance 2^-level).
    private var sampleLevel = 0
    private var added = 0

    /// At most this many feature values are kept for the passes.
    let keptFeatureLimit: Int

    private static let bucketBits = 18
    private static let bucketMask = UInt32(1 << bucketBits - 1)
    private static let valueSteps: Float = Float(1 << (32 - bucketBits) - 1)

    /// A training that adds to what `model` learned already.
    public init(from model: SpamModel = SpamModel()) {
        self.init(from: model, keptFeatureLimit: Self.defaultKeptFeatureLimit)
    }

    /// A training that keeps at most `keptFeatureLimit` feature values for its passes.
    init(from model: SpamModel, keptFeatureLimit: Int) {
        precondition(SpamFeatureReader.bucketCount <= 1 << Self.bucketBits, "a bucket must fit in its bits")
        self.model = model
        self.keptFeatureLimit = keptFeatureLimit
    }

    /// 2^24 feature values (64 MB): tens of thousands of comments, far more than a logistic
    /// regression over them needs to settle.
    static let defaultKeptFeatureLimit = 1 << 24

    /// How many feature values are kept for the passes.
    var keptFeatures: Int { packed.count }

    /// How many examples were added.
    public var count: Int { added }

    /// Counts `example` and keeps its features for the passes when it is drawn for them.
    public mutating func add(_ example: SpamExample) {
        model.countOnly(example, by: 1)
        var draw = SplitMix64(seed: UInt64(added))
        let number = draw.next()
        added += 1
        guard number & Self.mask(sampleLevel) == 0 else { return }
        let features = example.features
        packed.append(contentsOf: zip(features.buckets, features.values).lazy.map { bucket, value in
            bucket | UInt32((min(max(value, 0), 1) * Self.valueSteps).rounded()) << Self.bucketBits
        })
        ends.append(packed.count)
        labels.append(example.isSpam)
        draws.append(number)
        while packed.count > keptFeatureLimit { halveSample() }
    }

    private static func mask(_ level: Int) -> UInt64 { level >= 64 ? .max : (1 << UInt64(level)) - 1 }

    /// Keeps the half of the kept examples whose draw has one more low bit 0.
    private mutating func halveSample() {
        sampleLevel += 1
        let mask = Self.mask(sampleLevel)
        var kept = 0, written = 0, start = 0
        for example in ends.indices {
            let end = ends[example]
            if draws[example] & mask == 0 {
                for index in start..<end {
                    packed[written] = packed[index]
                    written += 1
                }
                ends[kept] = written
                labels[kept] = labels[example]
                draws[kept] = draws[example]
                kept += 1
            }
            start = end
        }
        packed.removeLast(packed.count - written)
        ends.removeLast(ends.count - kept)
        labels.removeLast(labels.count - kept)
        draws.removeLast(draws.count - kept)
    }

    /// The model: the counts' ratios computed once, then `epochs` AdaGrad passes (by default
    /// more for a small history, fewer for a large one: ``SpamModel/epochs(forFeatures:)``)
    /// in an order shuffled by `seed`.
    public func trained(epochs: Int? = nil, seed: UInt64 = 0x5eed) -> SpamModel {
        var model = model
        model.updateAllRatios()
        let passes = epochs ?? SpamModel.epochs(forFeatures: packed.count)
        let massRatio = model.massRatio
        var bias = model.bias, biasSquare = model.biasGradientSquare
        var order = Array(labels.indices)
        var generator = SplitMix64(seed: seed)
        model.table.withUnsafeMutableBufferPointer { table in
            packed.withUnsafeBufferPointer { packed in
                for _ in 0..<passes {
                    order.shuffle(using: &generator)
                    for example in order {
                        let features = packed[(example == 0 ? 0 : ends[example - 1])..<ends[example]]
                        let error = SpamModel.probability(Self.logOdds(features, table, bias: bias, massRatio: massRatio)) - (labels[example] ? 1 : 0)
                        Self.step(features, table, error: error, massRatio: massRatio)
                        biasSquare += error * error
                        bias -= SpamModel.learningRate * error / biasSquare.squareRoot()
                    }
                }
            }
        }
        model.bias = bias
        model.biasGradientSquare = biasSquare
        return model
    }

    private static func logOdds(_ features: Slice<UnsafeBufferPointer<UInt32>>, _ table: UnsafeMutableBufferPointer<Float>, bias: Float, massRatio: Float) -> Float {
        var sum = bias
        for feature in features {
            let slot = SpamModel.stride * Int(feature & bucketMask)
            sum += table[slot] * Float(feature >> UInt32(bucketBits)) / valueSteps * (table[slot + 1] + massRatio)
        }
        return sum
    }

    /// One AdaGrad step on one example's features (the bias is the caller's).
    private static func step(_ features: Slice<UnsafeBufferPointer<UInt32>>, _ table: UnsafeMutableBufferPointer<Float>, error: Float, massRatio: Float) {
        for feature in features {
            let slot = SpamModel.stride * Int(feature & bucketMask)
            let value = Float(feature >> UInt32(bucketBits)) / valueSteps
            let gradient = error * value * (table[slot + 1] + massRatio) + SpamModel.regularization * table[slot]
            table[slot + 2] += gradient * gradient
            table[slot] -= SpamModel.learningRate * gradient / table[slot + 2].squareRoot()
        }
    }
}
