import Foundation
import CommentsKit

/// The replicas as the comments store's cache (``CommentsCache``): one ``Replica`` per
/// site and user, opened when first needed, in one directory.
///
/// Per user, not only per site: what a site lists depends on who asks (a moderator sees
/// pending comments, e-mails and IPs; an author or a visitor does not), so another login
/// on the same site never starts from a copy it may not see.
///
/// Writes come from the store's effects, which may run in any order; each carries its
/// place in the store's sequence, and they are applied strictly in that order (one that
/// arrives early waits for those before it), one transaction each, off the main actor.
package actor ReplicaCache: CommentsCache {
    /// Where the replicas live.
    package let directory: URL
    /// Who each site is asked as (empty: a visitor); a site missing here is keyed by its
    /// address alone.
    private let users: [SiteID: String]
    private var replicas: [SiteID: Replica] = [:]
    /// The lock held on each replica opened, until this process ends (``ReplicaLock``).
    private var locks: [SiteID: ReplicaLock] = [:]
    /// Writes that arrived before their turn, by sequence number.
    private var waiting: [Int: (write: CacheWrite, reply: CheckedContinuation<String?, Never>)] = [:]
    private var nextSequence = 1
    private var applying = false
    /// The last write applied, and the searches waiting for a later one
    /// (ReplicaCache+Search.swift).
    var appliedThrough = 0
    var searchesWaiting: [Int: (sequence: Int, resume: CheckedContinuation<Void, Never>)] = [:]
    var nextSearchWaiter = 0

    /// A cache over the replicas in `directory` (``ReplicaDirectory/url(environment:)``
    /// by default).
    package init(directory: URL = ReplicaDirectory.url(), users: [SiteID: String] = [:]) {
        self.directory = directory
        self.users = users
    }

    /// What a site's replica is stored under: its address, and who asks.
    package static func key(of site: SiteID, user: String?) -> SiteID {
        guard let user else { return site }
        return "\(site) as \(user.isEmpty ? "a visitor" : user)"
    }

    /// The first `limit` (all, when nil) comments of `site`'s replica, newest first.
    package func comments(site: SiteID, limit: Int?) async throws -> [Comment] {
        try await replica(of: site).comments(order: .desc, limit: limit)
    }

    /// The post titles kept in `site`'s replica.
    package func posts(site: SiteID) async throws -> [WordPressPost] {
        try await replica(of: site).posts().values.sorted { $0.id < $1.id }
    }

    /// Applies `write` to its site's replica once every write before it is applied; why it
    /// could not be, in words, or nil.
    package func write(_ write: CacheWrite) async -> String? {
        await withCheckedContinuation { reply in
            waiting[write.sequence] = (write, reply)
            applyInTurn()
        }
    }

    /// How many writes wait for one before them (for tests).
    var writesWaiting: Int { waiting.count }

    /// Applies the waiting writes whose turn has come, one after another; then, while no
    /// write waits, merges the search index of the replicas written (see
    /// ``Replica/tidySearchIndex(pages:)``).
    private func applyInTurn() {
        guard !applying, waiting[nextSequence] != nil else { return }
        applying = true
        Task {
            var written: Set<SiteID> = []
            while let next = takeNext() {
                written.insert(next.write.site)
                next.reply.resume(returning: await apply(next.write))
                applied(through: next.write.sequence)
            }
            await tidy(written)
        }
    }

    /// Merges the search indexes of `sites` a step at a time, stopping as soon as a write
    /// arrives (it then waits for one step at most) or nothing is left to merge. A failed
    /// step only leaves the merging to a later idle moment.
    private func tidy(_ sites: Set<SiteID>) async {
        for site in sites {
            guard let replica = replicas[site] else { continue }
            while !applying, waiting[nextSequence] == nil, (try? await replica.tidySearchIndex()) == true {}
        }
    }

    /// The write whose turn it is, or nil (and no longer applying) when it has not arrived.
    private func takeNext() -> (write: CacheWrite, reply: CheckedContinuation<String?, Never>)? {
        guard let next = waiting.removeValue(forKey: nextSequence) else {
            applying = false
            return nil
        }
        nextSequence += 1
        return next
    }

    private func apply(_ write: CacheWrite) async -> String? {
        do {
            let replica = try replica(of: write.site)
            try await replica.apply(page: write.comments)
            try await replica.remove(ids: write.removed)
            if let keep = write.keepOnly { try await replica.keepOnly(keep) }
            try await replica.save(posts: write.posts)
            return nil
        } catch {
            return error.description
        }
    }

    // MARK: The outbox

    /// Keeps `write` in the outbox of `site`'s replica; its record number.
    package func enqueue(_ write: OutboxWrite, site: SiteID, created: Date) async throws -> Int64 {
        let payload = try JSONEncoder().encode(write)
        return try await replica(of: site).enqueue(Self.kind(of: write), commentID: write.commentID, payload: payload, created: created).id
    }

    /// The writes waiting in the outbox of `site`'s replica, oldest first.
    package func outbox(site: SiteID) async throws -> [StoredOutboxEntry] {
        let decoder = JSONDecoder()
        return try await replica(of: site).outbox().compactMap { entry in
            // An entry this version cannot read is left in the replica, not sent half-understood.
            guard let write = try? decoder.decode(OutboxWrite.self, from: entry.payload) else { return nil }
            return StoredOutboxEntry(record: entry.id, write: write, created: entry.created)
        }
    }

    /// Marks entry `record` sent and purges what was sent; false when it was not waiting.
    package func markSent(outboxEntry record: Int64, site: SiteID) async throws -> Bool {
        let replica = try replica(of: site)
        let marked = try await replica.markSent(outboxEntry: record)
        try await replica.purgeSentOutbox()
        return marked
    }

    /// Drops entry `record` unless it was sent; whether it was waiting.
    package func drop(outboxEntry record: Int64, site: SiteID) async throws -> Bool {
        try await replica(of: site).drop(outboxEntry: record)
    }

    private static func kind(of write: OutboxWrite) -> OutboxEntry.Kind {
        switch write {
        case .moderation: .moderate
        case .deletion: .delete
        case .reply: .reply
        case .edit: .edit
        }
    }

    func replica(of site: SiteID) throws(ReplicaError) -> Replica {
        if let replica = replicas[site] { return replica }
        let replica = try Replica.open(site: Self.key(of: site, user: users[site]), in: directory)
        replicas[site] = replica
        // Without the lock (its file cannot be made) the replica still works: only
        // `parley cache --forget-site` would not see it in use.
        locks[site] = try? ReplicaLock.share(URL(fileURLWithPath: replica.path))
        return replica
    }
}
