import Flux
import CommentsKit

/// How the app starts (``UIAction/start(_:)``): what it asks of the stores before its first
/// frame, as effects of that one action, in this order — every site set to work offline
/// (`--offline` on a replica), each site's local replica read (before its first load waits
/// on it), the first site shown, then each site asked who we are, counted and polled.
/// What these cause in turn (the filter store showing the site, the list's query, which the
/// app takes as the site shows) is dispatched after all of them: effects leave in order,
/// each after the action being handled.
package struct StartUp: Equatable, Codable, Sendable {
    /// The site shown first.
    package var site: SiteID
    /// Every site of the session, in the order `[` and `]` go through them.
    package var sites: [SiteID]
    /// Whether each site's local replica is read before its first load.
    package var readsReplicas: Bool
    /// Whether the sites work offline: nothing is asked of them, writes wait in the outbox.
    package var worksOffline: Bool

    /// A start on `site`, among `sites`.
    package init(site: SiteID, sites: [SiteID], readsReplicas: Bool = false, worksOffline: Bool = false) {
        self.site = site
        self.sites = sites
        self.readsReplicas = readsReplicas
        self.worksOffline = worksOffline
    }

    /// The actions starting dispatches, in order, as one effect.
    var effect: Effect<UIAction> {
        var effects: [Effect<UIAction>] = []
        if worksOffline { effects.append(.dispatch(CommentsAction.workOffline(sites: sites))) }
        if readsReplicas { effects += sites.map { .dispatch(CommentsAction.readCache(site: $0)) } }
        effects.append(.send(.showSite(site)))
        for site in sites {
            effects.append(.dispatch(CommentsAction.verifyCredentials(site: site)))
            effects.append(.dispatch(CommentsAction.countStatuses(site: site)))
            effects.append(.dispatch(CommentsAction.startPolling(site: site)))
        }
        return .merge(effects)
    }
}
