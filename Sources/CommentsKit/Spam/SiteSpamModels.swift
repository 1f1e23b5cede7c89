import SpamScore
import BackgroundThread

/// Each site's spam model in the app (issue 30), kept beside the comments store as a cache
/// is, never in its state: the state holds the scores (``SiteSpamScores``), cheap to compare.
/// The store's effects hand it a site's comments; it brings the site's model up to date
/// with their labels and scores them all, off the main actor, on ``thread``.
///
/// What the model learned stays in step with the labels the comments have: a comment
/// approved or marked spam — here, once the site confirmed it, or seen changed on the site —
/// is learned, and the label it had before forgotten. A comment with a write on its way
/// keeps the label it was learned with until the site answers. A comment that is no longer
/// loaded stays learned: it was the site's history.
public final class SiteSpamModels: Sendable {
    /// Where the work runs; nil: in the effect's own task (tests).
    let thread: BackgroundThread?
    private let sites = Locked<[SiteID: Learned]>([:])

    /// One site's model and the label it learned each comment with.
    struct Learned: Sendable {
        var model = SpamModel()
        var labels: [Int: Bool] = [:]
        var hasTrained = false
    }

    /// Models whose work runs on `thread` (nil: in the effect's own task).
    public init(on thread: BackgroundThread?) {
        self.thread = thread
    }

    /// Models working on a thread of their own below the keys in an interactive program.
    package static func belowKeys() -> SiteSpamModels {
        SiteSpamModels(on: BackgroundThread.belowKeys(name: "parley.spam"))
    }

    /// `site`'s model brought up to date with `comments`' labels, and every comment scored.
    func score(site: SiteID, comments: SiteComments) async -> SiteSpamScores {
        await run { self.scoreNow(site: site, comments: comments) }
    }

    /// Why `entry` scores as it does, with the site's model as it is now.
    func explain(site: SiteID, entry: CommentEntry, scoring: Int) async -> SpamExplanation {
        await run { self.explainNow(site: site, entry: entry, scoring: scoring) }
    }

    private func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        guard let thread else { return work() }
        return await thread.run(work)
    }

    /// More label changes than this share of the labelled comments (or than
    /// ``retrainAtLeast``) and the model is trained again from them all: a page of a
    /// load is learned in many passes, one moderation in one step.
    static let retrainShare = 4
    static let retrainAtLeast = 32

    func scoreNow(site: SiteID, comments: SiteComments) -> SiteSpamScores {
        var learned = sites.withLock { $0[site] } ?? Learned()
        var reader = SpamFeatureReader()
        var current: [Int: Bool] = [:]
        var changed: [(entry: CommentEntry, was: Bool?, now: Bool?)] = []
        for row in comments.rows {
            guard let entry = comments[row.id], entry.commentType != .note, !entry.isLocal else { continue }
            let before = learned.labels[entry.id]
            // A write on its way is not the site's word yet: the label learned stays.
            let settled = entry.mark == nil && !entry.isBeingDeleted
            let label = settled ? SiteSpamTrainer.label(of: entry) : before
            if let label { current[entry.id] = label }
            if label != before { changed.append((entry, before, label)) }
        }
        if !learned.hasTrained || changed.count > max(Self.retrainAtLeast, current.count / Self.retrainShare) {
            learned = Self.trained(current, comments: comments, reader: &reader)
        } else {
            for change in changed {
                let features = reader.features(of: SiteSpamTrainer.evidence(of: change.entry))
                if let was = change.was { learned.model.forget(SpamExample(features, isSpam: was)) }
                if let now = change.now { learned.model.learn(SpamExample(features, isSpam: now)) }
                learned.labels[change.entry.id] = change.now
            }
        }
        var values: [Int: UInt8] = [:]
        values.reserveCapacity(comments.count)
        for row in comments.rows {
            guard let entry = comments[row.id], entry.commentType != .note, !entry.isLocal else { continue }
            values[entry.id] = UInt8(clamping: learned.model.value(reader.features(of: SiteSpamTrainer.evidence(of: entry))))
        }
        let model = learned.model
        sites.withLock { $0[site] = learned }
        return SiteSpamScores(values: values, isLearning: !model.isTrained, approvedExamples: model.approvedExamples,
                              spamExamples: model.spamExamples, revision: comments.revision)
    }

    /// A model trained from `labels` (the labelled comments, by id), in id order as
    /// ``SiteSpamTrainer`` trains: the same history trains the same model.
    private static func trained(_ labels: [Int: Bool], comments: SiteComments, reader: inout SpamFeatureReader) -> Learned {
        var training = SpamTraining()
        for (id, isSpam) in labels.sorted(by: { $0.key < $1.key }) {
            guard let entry = comments[id] else { continue }
            training.add(SpamExample(reader.features(of: SiteSpamTrainer.evidence(of: entry)), isSpam: isSpam))
        }
        return Learned(model: training.trained(), labels: labels, hasTrained: true)
    }

    func explainNow(site: SiteID, entry: CommentEntry, scoring: Int) -> SpamExplanation {
        let model = sites.withLock { $0[site]?.model } ?? SpamModel()
        var reader = SpamFeatureReader()
        let score = model.score(reader.features(of: SiteSpamTrainer.evidence(of: entry)))
        return SpamExplanation(site: site, id: entry.id, scoring: scoring, value: score.value, isLearning: score.isLearning,
                               reasons: score.reasons.map(\.text),
                               hiddenLinks: HiddenLink.all(in: entry.contentRaw ?? "").map(\.sentence))
    }
}
