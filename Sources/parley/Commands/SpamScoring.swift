import Foundation
import CommentsKit
import CommentsReplica
import SpamScore

/// The spam score on the command line (issue 30): the site's model, learned from its
/// history — the local replica's when the terminal interface keeps one for the site and
/// login, else the site's own lists — and the scores of comments by it. It only reads:
/// nothing is sent but the site's lists, and no comment changes.
struct SpamScoring: Sendable {
    /// Where the history was read.
    enum Source: String, Sendable {
        /// The local replica of the site.
        case replica
        /// The site, through its REST API.
        case site
    }

    /// The model learned from the history.
    let model: SpamModel
    /// Where its history came from.
    let source: Source

    /// The model of `site`, trained off the main actor. A replica that cannot be read is
    /// said on stderr and the site is asked instead.
    static func learn(_ site: CommandSite, io: CommandIO, environment: [String: String]) async throws -> SpamScoring {
        if let key = site.replicaKey {
            do {
                let history = try await replicaHistory(key: key, directory: ReplicaDirectory.url(environment: environment))
                if let history, !history.isEmpty {
                    return SpamScoring(model: await SiteSpamTrainer().train(history), source: .replica)
                }
            } catch {
                io.error("parley: warning: the local copy of the site could not be read (\(TextCleaning.oneLine("\(error)"))); its history is read from the site.")
            }
        }
        let history: [Comment]
        do {
            history = try await site.client.spamHistory()
        } catch {
            throw CommandFailure.failed("Could not read the site's approved and spam comments to learn the spam score from: \(WriteBatch.sentence(error))")
        }
        return SpamScoring(model: await SiteSpamTrainer().train(history), source: .site)
    }

    /// The labelled comments of the replica kept under `key` in `directory`; nil when there
    /// is none, or when a running `parley cache --forget-site` is removing it.
    static func replicaHistory(key: SiteID, directory: URL) async throws(ReplicaError) -> [Comment]? {
        let file = ReplicaDirectory.file(for: key, in: directory)
        guard FileManager.default.fileExists(atPath: file.path), let lock = try? ReplicaLock.share(file) else { return nil }
        let comments = try await Replica(site: key, file: file).comments()
        withExtendedLifetime(lock) {}
        return comments.filter { SiteSpamTrainer.label(of: $0) != nil }
    }

    /// The score of `comment`.
    func score(of comment: Comment) -> SpamScore {
        var reader = SpamFeatureReader()
        return model.score(reader.features(of: SiteSpamTrainer.evidence(of: comment)))
    }

    /// The scores of `comments`, 0–100, by id, without their reasons (one feature reader
    /// for them all).
    func scores(of comments: [Comment]) -> [Int: Int] {
        var reader = SpamFeatureReader()
        var scores: [Int: Int] = [:]
        for comment in comments {
            scores[comment.id] = model.value(reader.features(of: SiteSpamTrainer.evidence(of: comment)))
        }
        return scores
    }
}
