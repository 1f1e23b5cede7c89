import Foundation
import ArgumentParser
import CommentsKit
import SpamScore

/// `parley comment explain ID`: a comment's spam score (issue 30) and why, in words, as the
/// detail pane says it. It only reads: the comment and the history the score is learned
/// from; nothing is sent anywhere else and the comment is left as it is.
struct ExplainCommand: CommentSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Show a comment's spam score and why.",
        discussion: """
            The score (0–100; 50 and above leans to spam: under 35 likely fine, 35–64 unsure, \
            65 and above likely spam) is learned from the site's own history: approved \
            comments are not spam, spam is spam, pending and trashed ones teach nothing. \
            While the history holds fewer than 20 of either, the score is "learning": the \
            rules alone (links, hidden links, BBCode, what the history says of the author and \
            the domains). The history is read from the local replica when parley keeps one \
            for the site and login, else from the site, 100 comments a request. Nothing is \
            sent but those reads, and no comment changes. Notes are never scored.
            """
    )

    @Argument(help: "The comment id.")
    var id: Int

    @Option(help: "table (the score, then a reason a line) or json.")
    var format: OutputFormat = .table

    @OptionGroup var target: TargetOptions

    func validate() throws {
        guard id > 0 else { throw ValidationError("A comment id is 1 or more.") }
        guard [.table, .json].contains(format) else { throw ValidationError("--format for explain is table or json.") }
    }

    func execute(io: CommandIO, environment: [String: String]) async throws -> CommandStatus {
        try await execute(io: io, environment: environment) { try await CommandSite.open(target, environment: environment) }
    }

    /// Explains the comment of the site `open` opens (tests hand their own mock).
    func execute(io: CommandIO, environment: [String: String], open: () async throws -> CommandSite) async throws -> CommandStatus {
        let site = try await open()
        let comment = try await site.client.comment(id: id, context: site.canEdit ? .edit : .view)
        guard comment.commentType != .note else {
            io.error("Error: \(NoteGuard.refusal(id))")
            return .someFailed
        }
        let scoring = try await SpamScoring.learn(site, io: io, environment: environment)
        let score = scoring.score(of: comment)
        io.out(format == .json ? Self.json(comment, score, scoring) : Self.text(comment, score, scoring))
        return .success
    }

    /// The score and its verdict on one line, then a reason a line, then what it was learned from.
    static func text(_ comment: Comment, _ score: SpamScore, _ scoring: SpamScoring) -> String {
        let verdict = score.isLearning
            ? "learning (the rules alone until the history holds \(SpamModel.minimumHistory) approved and \(SpamModel.minimumHistory) spam comments)"
            : words(score.verdict)
        var lines = ["Comment \(comment.id) (\(comment.status.displayName)): spam score \(score.value), \(verdict)"]
        lines += score.reasons.isEmpty ? ["  no reason stands out"] : score.reasons.map { "  " + TextCleaning.oneLine($0.text) }
        lines.append("Learned from \(history(scoring)).")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One JSON object: `id`, `status`, `type`, `spam_score`, `verdict` (`likely_spam`,
    /// `unsure`, `likely_fine` or `learning`), `reasons` (sentences, the weightiest first) and
    /// `history` (`approved`, `spam`, `source`: `replica` or `site`).
    static func json(_ comment: Comment, _ score: SpamScore, _ scoring: SpamScoring) -> String {
        let object: [String: Any] = [
            "id": comment.id, "status": comment.status.rawValue, "type": comment.type, "spam_score": score.value,
            "verdict": score.isLearning ? "learning" : words(score.verdict).replacingOccurrences(of: " ", with: "_"),
            "reasons": score.reasons.map(\.text),
            "history": ["approved": scoring.model.approvedExamples, "spam": scoring.model.spamExamples,
                        "source": scoring.source.rawValue] as [String: Any],
        ]
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: options) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// "likely spam", "unsure", "likely fine".
    static func words(_ verdict: SpamScore.Verdict) -> String {
        switch verdict {
        case .likelySpam: "likely spam"
        case .unsure: "unsure"
        case .likelyFine: "likely fine"
        }
    }

    /// "the site's history, read from the site: 98 approved and 25 spam comments".
    private static func history(_ scoring: SpamScoring) -> String {
        let place = scoring.source == .replica ? "the local replica" : "the site"
        return "the site's history, read from \(place): \(scoring.model.approvedExamples) approved and \(scoring.model.spamExamples) spam comments"
    }
}
