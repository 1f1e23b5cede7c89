import Foundation
import CommentsKit
import SpamScore

/// The spam score (issue 30): its quality on labelled real comments, and its cost.
///
/// Quality follows `../shared/spam-corpus/README.md`: per file, each class split at random
/// (five seeds), 70 % learned as the site's history (spam as Spam, the rest as Approved),
/// 30 % scored as if pending; precision, F1 at the score's own threshold (50) and ROC AUC
/// on the 30 %, one sample per seed.
@MainActor
enum SpamBench {
    static func quality(corpus directory: String) -> [Measurement] {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".csv") }.sorted()
        guard !files.isEmpty else {
            progress("spam: no labelled comments in \(directory) (--spam-corpus PATH): the quality figures are skipped")
            return []
        }
        var results: [Measurement] = []
        for file in files {
            guard let text = try? String(contentsOfFile: directory + "/" + file, encoding: .utf8) else { continue }
            let rows = LabelledComment.rows(fromCSV: text)
            let name = String(file.dropLast(4))
            var precision: [Double] = [], f1: [Double] = [], auc: [Double] = []
            for seed in 0..<5 {
                let (history, pending) = split(rows, seed: UInt64(seed))
                var reader = SpamFeatureReader()
                var model = SpamModel()
                model.train(history.map { SpamExample(reader.features(of: $0.evidence), isSpam: $0.isSpam) })
                let scored = pending.map { (model.score(reader.features(of: $0.evidence)).value, $0.isSpam) }
                let figures = Figures(scored)
                precision.append(figures.precision)
                f1.append(figures.f1)
                auc.append(figures.auc)
            }
            progress("spam \(name): precision \(mean(precision)), F1 \(mean(f1)), AUC \(mean(auc)) (means of 5 seeds)")
            results.append(Measurement(name: "spam.precision_\(name)", unit: "ratio", samples: precision))
            results.append(Measurement(name: "spam.f1_\(name)", unit: "ratio", samples: f1))
            results.append(Measurement(name: "spam.auc_\(name)", unit: "ratio", samples: auc))
        }
        return results
    }

    /// `spam.train_1m`: a model learned from a 1,000,000-comment history (features read and
    /// trained, as the app does off the main actor); `spam.score_page`: 100 comments scored
    /// (features read and scored), in milliseconds; `spam.model_memory_1m`: what the model
    /// learned from that history holds (``SpamModel/footprint``), in MB.
    static func cost(runs: Int, size: Int = 1_000_000) -> [Measurement] {
        let comments = MockData.comments(count: size, editContext: true)
        let examples = comments.map { comment in
            (SpamEvidence(html: comment.contentHTML, authorName: comment.authorName, authorEmail: comment.authorEmail,
                          authorURL: comment.authorURL, authorIP: comment.authorIP), comment.status == .spam)
        }
        var model = SpamModel()
        var training: [Double] = []
        for run in 0..<max(1, runs) {
            let start = nowNanos()
            var reader = SpamFeatureReader()
            var learning = SpamTraining()
            for example in examples { learning.add(SpamExample(reader.features(of: example.0), isSpam: example.1)) }
            let trained = learning.trained()
            training.append(Double(nowNanos() - start) / 1e9)
            if run == 0 { model = trained }
            progress("spam.train_\(Bench.tag(size)) run \(run + 1): \(training.last ?? 0) s")
        }
        var page: [Double] = []
        var reader = SpamFeatureReader()
        for run in 0..<200 {
            let slice = examples[(run * 100) % (size - 100)..<((run * 100) % (size - 100) + 100)]
            let start = nowNanos()
            for example in slice { blackHole(model.value(reader.features(of: example.0))) }
            page.append(Double(nowNanos() - start) / 1e6)
        }
        return [Measurement(name: "spam.train_\(Bench.tag(size))", unit: "s", samples: training),
                Measurement(name: "spam.score_page", unit: "ms", samples: page),
                Measurement(name: "spam.model_memory_\(Bench.tag(size))", unit: "MB", samples: [Double(model.footprint) / 1_048_576])]
    }

    /// Each class shuffled by `seed`, its first 70 % the history, the rest pending.
    private static func split(_ rows: [LabelledComment], seed: UInt64) -> (history: [LabelledComment], pending: [LabelledComment]) {
        var generator = SplitMix64(seed: seed &+ 0x5EED)
        var history: [LabelledComment] = [], pending: [LabelledComment] = []
        for isSpam in [false, true] {
            let shuffled = rows.filter { $0.isSpam == isSpam }.shuffled(using: &generator)
            let cut = Int((Double(shuffled.count) * 0.7).rounded())
            history += shuffled[..<cut]
            pending += shuffled[cut...]
        }
        return (history, pending)
    }

    private static func mean(_ values: [Double]) -> String {
        String(format: "%.3f", values.reduce(0, +) / Double(max(1, values.count)))
    }

    /// Precision and F1 at 50, and the ROC AUC, of scores against labels.
    struct Figures {
        let precision: Double
        let f1: Double
        let auc: Double

        init(_ scored: [(value: Int, isSpam: Bool)]) {
            let flagged = scored.filter { $0.value >= 50 }
            let truePositives = Double(flagged.filter(\.isSpam).count)
            let spam = Double(scored.filter(\.isSpam).count)
            precision = flagged.isEmpty ? 0 : truePositives / Double(flagged.count)
            let recall = spam == 0 ? 0 : truePositives / spam
            f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
            let spamScores = scored.filter(\.isSpam).map(\.value), fineScores = scored.filter { !$0.isSpam }.map(\.value)
            var wins = 0.0
            for s in spamScores { for f in fineScores { wins += s > f ? 1 : s == f ? 0.5 : 0 } }
            auc = spamScores.isEmpty || fineScores.isEmpty ? 0 : wins / Double(spamScores.count * fineScores.count)
        }
    }
}

/// One row of the corpus: `COMMENT_ID, AUTHOR, DATE, CONTENT, CLASS`.
struct LabelledComment {
    let evidence: SpamEvidence
    let isSpam: Bool

    /// The rows of a CSV file with a header line (RFC 4180 quoting); malformed rows skipped.
    static func rows(fromCSV text: String) -> [LabelledComment] {
        var records: [[String]] = []
        var record: [String] = [], field = "", quoted = false
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            if quoted {
                if character == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" { field.append("\"") } else {
                            quoted = false
                            if next == "," { record.append(field); field = "" } else if next.isNewline { record.append(field); records.append(record); record = []; field = "" } else { field.append(next) }
                        }
                    } else { quoted = false }
                } else { field.append(character) }
            } else if character == "\"" { quoted = true
            } else if character == "," { record.append(field); field = ""
            } else if character.isNewline { record.append(field); records.append(record); record = []; field = ""
            } else { field.append(character) }
        }
        if !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        return records.dropFirst().compactMap { row in
            guard row.count >= 5, let label = Int(row[4].trimmingCharacters(in: .whitespaces)) else { return nil }
            return LabelledComment(evidence: SpamEvidence(html: row[3], authorName: row[1]), isSpam: label == 1)
        }
    }
}
