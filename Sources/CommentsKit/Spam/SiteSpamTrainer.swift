import SpamScore
import BackgroundThread

/// One site's history made into its spam model (issue 30): the comments a moderator
/// approved teach it what is not spam, those marked spam what is; pending and trashed
/// comments teach it nothing, and the block editor's notes are not comments at all.
///
/// One step for every caller: the command line hands it the history it read from the
/// replica or the site, and the app can hand it what its replica holds. The same history
/// trains the same model, wherever it was read: the labelled comments are learned in id
/// order, in passes shuffled by ``seed``.
///
/// Reading a large history's features and learning them takes seconds, so training never
/// runs on the main actor: on ``thread`` when there is one (the app's thread below the
/// keys), else on the concurrency pool (``train(_:)`` is a nonisolated async function).
package struct SiteSpamTrainer: Sendable {
    /// The seed of the training order.
    package var seed: UInt64
    /// Where the work runs; nil: the concurrency pool.
    package var thread: BackgroundThread?

    /// A trainer with `seed`, working on `thread` (nil: the concurrency pool).
    package init(seed: UInt64 = 0x5eed, on thread: BackgroundThread? = nil) {
        self.seed = seed
        self.thread = thread
    }

    /// What `comment` teaches: true spam, false not spam, nil nothing (pending, in the
    /// trash, or a note).
    package static func label(of comment: Comment) -> Bool? {
        guard comment.commentType != .note else { return nil }
        switch comment.status {
        case .spam: return true
        case .approved: return false
        case .hold, .trash: return nil
        }
    }

    /// What the score reads of `comment`: its text as written (`content.raw` when the site
    /// sent it, else the rendered HTML) and who wrote it.
    package static func evidence(of comment: Comment) -> SpamEvidence {
        SpamEvidence(html: comment.contentRaw ?? comment.contentHTML, authorName: comment.authorName,
                     authorEmail: comment.authorEmail, authorURL: comment.authorURL.isEmpty ? nil : comment.authorURL,
                     authorIP: comment.authorIP)
    }

    /// The model learned from `history` (any comments: those without a label are skipped).
    package func train(_ history: [Comment]) async -> SpamModel {
        let seed = seed
        let work: @Sendable () -> SpamModel = { Self.trained(history, seed: seed) }
        guard let thread else { return work() }
        return await thread.run(work)
    }

    static func trained(_ history: [Comment], seed: UInt64) -> SpamModel {
        let labelled = history.compactMap { comment in label(of: comment).map { (comment, $0) } }.sorted { $0.0.id < $1.0.id }
        // One comment's features at a time, packed into the training: a large history's
        // features held whole would take gigabytes.
        var reader = SpamFeatureReader()
        var training = SpamTraining()
        for (comment, isSpam) in labelled { training.add(SpamExample(reader.features(of: evidence(of: comment)), isSpam: isSpam)) }
        return training.trained(seed: seed)
    }
}
