import Flux

/// The spam scores of the sites shown (issue 30), in the comments store's state: after every
/// action, a site whose comments changed since it was scored — a page arrived, a write was
/// confirmed, a change made elsewhere was seen — is scored again off the main actor
/// (``SiteSpamModels``, which learns what the changes taught first); the scores come back in
/// ``CommentsAction/spamScored(site:scores:)``. The main actor only hands the comments over
/// (a copy-on-write value) and takes the scores (one assignment): nothing it does grows
/// with the site's history.
///
/// It never acts: no comment changes and nothing is sent because of a score.
struct SpamScoreReducer: Sendable {
    /// Where the models live; nil: no scoring (the store was made without them).
    let models: SiteSpamModels?

    /// Every site whose comments are not scored as they are now, and are not being scored,
    /// is scored.
    func rescore(in state: inout CommentsState) -> Effect<CommentsAction> {
        guard let models else { return .none }
        var effects: [Effect<CommentsAction>] = []
        for (site, comments) in state.comments where !comments.isEmpty {
            var scores = state.spamScores[site] ?? SiteSpamScores()
            guard scores.scoringRevision == nil, scores.revision != comments.revision || scores.scoring == 0 else { continue }
            scores.scoringRevision = comments.revision
            state.spamScores[site] = scores
            effects.append(.run { send in
                await send(.spamScored(site: site, scores: await models.score(site: site, comments: comments)))
            })
        }
        return .merge(effects)
    }

    /// A site's new scores: they replace the old ones at once (the next ``rescore(in:)``
    /// starts again if the comments changed meanwhile).
    func scored(site: SiteID, scores: SiteSpamScores, in state: inout CommentsState) {
        var scores = scores
        scores.scoring = (state.spamScores[site]?.scoring ?? 0) + 1
        scores.scoringRevision = nil
        state.spamScores[site] = scores
    }

    /// Why comment `id` scores as it does, asked off the main actor, for the scores shown;
    /// nothing when the site is not scored yet or the answer is in or on its way.
    func explain(site: SiteID, id: Int, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard let scoring = state.spamScores[site]?.scoring, scoring > 0 else { return .none }
        let asked = SpamExplanationRequest(site: site, id: id, scoring: scoring)
        guard state.spamExplanationAsked != asked else { return .none }
        // Recorded even when it cannot be answered (a replay runs no model): the pane asks
        // once, not after every action.
        state.spamExplanationAsked = asked
        guard let models, let entry = state.comments[site]?[id] else { return .none }
        return Effect.run { send in
            await send(.spamExplained(await models.explain(site: site, entry: entry, scoring: scoring)))
        }
        .cancellable(id: SpamExplanationID(), cancelInFlight: true)
    }

    /// The explanation asked last arrived (one asked before it is dropped).
    func explained(_ explanation: SpamExplanation, in state: inout CommentsState) {
        guard state.spamExplanationAsked == SpamExplanationRequest(site: explanation.site, id: explanation.id,
                                                                    scoring: explanation.scoring) else { return }
        state.spamExplanation = explanation
    }

    /// The id the explanation runs under: a newer question cancels the one on its way.
    private struct SpamExplanationID: Hashable, Sendable {}
}

/// The comment whose spam score was asked to be explained, and for which scores.
public struct SpamExplanationRequest: Equatable, Sendable {
    /// The site.
    public let site: SiteID
    /// The comment.
    public let id: Int
    /// The scoring the explanation is for (``SiteSpamScores/scoring``).
    public let scoring: Int

    /// The question for comment `id` of `site`, with the scores of `scoring`.
    public init(site: SiteID, id: Int, scoring: Int) {
        self.site = site
        self.id = id
        self.scoring = scoring
    }
}
