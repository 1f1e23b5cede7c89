/// A history being learned: each example is counted as it comes and kept packed (a bucket
/// and its value in 32 bits, without the words and text only the reasons need), then
/// ``trained(epochs:seed:)`` makes the passes over what was kept.
///
/// Read a large history one comment at a time into it (``add(_:)``): a million comments'
/// features held as ``SpamFeatures`` would take gigabytes, packed they take 4 bytes a
/// feature. The same examples in the same order with the same seed train the same model.
public struct SpamTraining: Sendable {
    private var model: SpamModel
    /// The examples' features, one after another: a bucket in the low ``bucketBits`` bits,
    /// its value (0…1) in the high bits, in steps of 1 / ``valueSteps``.
    private var packed: [UInt32] = []
    /// Where each example's features end in ``packed``.
    private var ends: [Int] = []
    /// Whether each example is spam.
    private var labels: [Bool] = []

    private static let bucketBits = 18
    private static let bucketMask = UInt32(1 << bucketBits - 1)
    private static let valueSteps: Float = Float(1 << (32 - bucketBits) - 1)

    /// A training that adds to what `model` learned already.
    public init(from model: SpamModel = SpamModel()) {
        precondition(SpamFeatureReader.bucketCount <= 1 << Self.bucketBits, "a bucket must fit in its bits")
        self.model = model
    }

    /// How many examples were added.
    public var count: Int { labels.count }

    /// Counts `example` and keeps its features for the passes.
    public mutating func add(_ example: SpamExample) {
        model.countOnly(example, by: 1)
        let features = example.features
        for (bucket, value) in zip(features.buckets, features.values) {
            let step = UInt32((min(max(value, 0), 1) * Self.valueSteps).rounded())
            packed.append(bucket | step << Self.bucketBits)
        }
        ends.append(packed.count)
        labels.append(example.isSpam)
    }

    /// The model: the counts' ratios computed once, then `epochs` AdaGrad passes (by default
    /// more for a small history, fewer for a large one: ``SpamModel/epochs(forFeatures:)``)
    /// in an order shuffled by `seed`.
    public func trained(epochs: Int? = nil, seed: UInt64 = 0x5eed) -> SpamModel {
        var model = model
        model.updateAllRatios()
        let passes = epochs ?? SpamModel.epochs(forFeatures: packed.count)
        // Weight, gradient square and ratio of each bucket side by side: one cache line an update.
        var table = [Float](repeating: 0, count: 3 * SpamModel.buckets)
        let massRatio = model.massRatio
        for index in 0..<SpamModel.buckets {
            table[3 * index] = model.weights[index]
            table[3 * index + 1] = model.gradientSquares[index]
            table[3 * index + 2] = model.countRatios[index] + massRatio
        }
        var bias = model.bias, biasSquare = model.biasGradientSquare
        var order = Array(labels.indices)
        var generator = SplitMix64(seed: seed)
        table.withUnsafeMutableBufferPointer { table in
            packed.withUnsafeBufferPointer { packed in
                for _ in 0..<passes {
                    order.shuffle(using: &generator)
                    for example in order {
                        let features = packed[(example == 0 ? 0 : ends[example - 1])..<ends[example]]
                        let error = model.probability(Self.logOdds(features, table, bias: bias)) - (labels[example] ? 1 : 0)
                        Self.step(features, &table, error: error)
                        biasSquare += error * error
                        bias -= SpamModel.learningRate * error / biasSquare.squareRoot()
                    }
                }
            }
        }
        for index in 0..<SpamModel.buckets {
            model.weights[index] = table[3 * index]
            model.gradientSquares[index] = table[3 * index + 1]
        }
        model.bias = bias
        model.biasGradientSquare = biasSquare
        return model
    }

    private static func logOdds(_ features: Slice<UnsafeBufferPointer<UInt32>>, _ table: UnsafeMutableBufferPointer<Float>, bias: Float) -> Float {
        var sum = bias
        for feature in features {
            let slot = 3 * Int(feature & bucketMask)
            sum += table[slot] * Float(feature >> UInt32(bucketBits)) / valueSteps * table[slot + 2]
        }
        return sum
    }

    /// One AdaGrad step on one example's features (the bias is the caller's).
    private static func step(_ features: Slice<UnsafeBufferPointer<UInt32>>, _ table: inout UnsafeMutableBufferPointer<Float>, error: Float) {
        for feature in features {
            let slot = 3 * Int(feature & bucketMask)
            let value = Float(feature >> UInt32(bucketBits)) / valueSteps
            let gradient = error * value * table[slot + 2] + SpamModel.regularization * table[slot]
            table[slot + 1] += gradient * gradient
            table[slot] -= SpamModel.learningRate * gradient / table[slot + 1].squareRoot()
        }
    }
}
