import Flux
import CommentsKit

/// How the app starts (``UIAction/start(_:)``): what it asks of the stores before its first
/// frame, as effects of that one action, in this order — every site set to work offline
/// (`--offline` on a replica), each site's local replica read (before its first load waits
/// on it), each site's records of the write log read, the first site shown, then each site asked who we are, counted and polled.
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
    /// Whether each site's records are read from the write log, for the detail pane's
    /// history (issue 27); sessions recorded before it had none.
    package var readsJournal: Bool

    /// A start on `site`, among `sites`.
    package init(site: SiteID, sites: [SiteID], readsReplicas: Bool = false, worksOffline: Bool = false, readsJournal: Bool = false) {
        self.site = site
        self.sites = sites
        self.readsReplicas = readsReplicas
        self.worksOffline = worksOffline
        self.readsJournal = readsJournal
    }

    private enum CodingKeys: String, CodingKey { case site, sites, readsReplicas, worksOffline, readsJournal }

    /// Reads a start as recorded, one recorded before the write log included.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(site: try container.decode(SiteID.self, forKey: .site), sites: try container.decode([SiteID].self, forKey: .sites),
                  readsReplicas: try container.decode(Bool.self, forKey: .readsReplicas),
                  worksOffline: try container.decode(Bool.self, forKey: .worksOffline),
                  readsJournal: try container.decodeIfPresent(Bool.self, forKey: .readsJournal) ?? false)
    }

    /// The actions starting dispatches, in order, as one effect.
    var effect: Effect<UIAction> {
        var effects: [Effect<UIAction>] = []
        if worksOffline { effects.append(.dispatch(CommentsAction.workOffline(sites: sites))) }
        if readsReplicas { effects += sites.map { .dispatch(CommentsAction.readCache(site: $0)) } }
        if readsJournal { effects += sites.map { .dispatch(CommentsAction.readJournal(site: $0)) } }
        effects.append(.send(.showSite(site)))
        for site in sites {
            effects.append(.dispatch(CommentsAction.verifyCredentials(site: site)))
            effects.append(.dispatch(CommentsAction.countStatuses(site: site)))
            effects.append(.dispatch(CommentsAction.startPolling(site: site)))
        }
        return .merge(effects)
    }
}
