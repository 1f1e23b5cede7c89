import Flux

/// A fold of a site's texts for the search to run off the main actor: the folded texts so
/// far (copy-on-write: taking them copies nothing) and the site to bring them up to.
struct FoldRequest: Sendable {
    let start: FoldedTexts
    let site: SiteComments

    /// The effect that folds them at utility priority (a key must not wait for it) and
    /// sends them back; the one under way is replaced by a newer one.
    var effect: Effect<FilterAction> {
        let request = self
        return Effect.run(priority: .utility) { send in
            var texts = request.start
            texts.update(from: request.site)
            await send(.searchTextsFolded(FoldedSearchTexts(texts)))
        }
        .cancellable(id: SearchFoldID(), cancelInFlight: true)
    }
}

/// The id the fold's effect runs under.
struct SearchFoldID: Hashable, Sendable {}
