import Foundation
import ArgumentParser
import CommentsKit
import CommentsReplica
import ParleyConfiguration

/// `parley cache`: where the local replicas of the sites are, how big, and forgetting one.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "List the local replicas of the sites, or forget one.",
        discussion: """
            Each real site parley opens is kept in a replica under $XDG_CACHE_HOME/parley \
            (default ~/.cache/parley): its comments and post titles, so the next start shows \
            them at once while the site is checked, and the writes made while the site could \
            not be reached (its outbox) until they are sent. Forgetting it loses nothing the \
            site has; a replica with writes still queued is kept unless --drop-queued says \
            to lose them. replica = false in the config file (or --no-replica) keeps none.
            """
    )

    @Option(name: .long, help: ArgumentHelp("Remove the replica of this site: a [[sites]] name of the config file, or its address.", valueName: "name|url"))
    var forgetSite: String?

    @Flag(name: .long, help: "With --forget-site: forget it even though writes wait in its outbox (they are never sent).")
    var dropQueued = false

    @Option(name: .long, help: ArgumentHelp("The configuration file (default $XDG_CONFIG_HOME/parley/config.toml).", valueName: "path"))
    var config: String?

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let directory = ReplicaDirectory.url(environment: environment)
        let replicas = ReplicaFile.all(in: directory)
        guard let forgetSite else {
            print(Self.listing(replicas, directory: directory))
            return
        }
        let address = try siteAddress(forgetSite, environment: environment)
        var known = KnownSites(directory: directory)
        let matching = Self.replicas(of: address, among: replicas, known: known)
        guard !matching.isEmpty else {
            FileHandle.standardError.write(Data("parley: No replica of \(forgetSite) in \(directory.path).\n".utf8))
            throw ExitCode(1)
        }
        let waiting = matching.reduce(0) { $0 + ($1.queued ?? 0) }
        guard waiting == 0 || dropQueued else {
            let writes = waiting == 1 ? "1 write waits" : "\(waiting) writes wait"
            FileHandle.standardError.write(Data(
                "parley: \(writes) in the outbox of \(forgetSite), not sent yet: start parley on the site to send them (Q lists them), or add --drop-queued to lose them.\n".utf8))
            throw ExitCode(1)
        }
        let locks = try Self.lockedForRemoval(matching)
        for (replica, lock) in zip(matching, locks) {
            do {
                try replica.remove()
                lock.removeFile()
            } catch {
                FileHandle.standardError.write(Data("parley: Could not remove \(replica.url.path): \(ErrorSentence.of(error))\n".utf8))
                throw ExitCode(1)
            }
            // Where the site's API is, too: the next start looks it up again.
            if let site = replica.site, let restBase = URL(string: String(site.split(separator: " ").first ?? "")) {
                known.forget(restBase: restBase)
            }
            print("Forgot \(replica.site ?? replica.url.path) (\(Self.describe(replica))).")
        }
    }

    /// The replicas' locks, taken to remove them: refused in one sentence (exit 1) while a
    /// running parley has one open, which would lose its queued writes and keep writing
    /// into a file that is gone.
    static func lockedForRemoval(_ replicas: [ReplicaFile]) throws -> [ReplicaLock] {
        var locks: [ReplicaLock] = []
        for replica in replicas {
            do throws(ReplicaLock.Refusal) {
                locks.append(try ReplicaLock.exclusive(replica.url))
            } catch .inUse(let pid) {
                let who = pid.map { " (pid \($0))" } ?? ""
                FileHandle.standardError.write(Data("parley: this site's local copy is in use by a running parley\(who); quit it first.\n".utf8))
                throw ExitCode(1)
            } catch .unusable(let reason) {
                FileHandle.standardError.write(Data("parley: Could not lock \(replica.url.path) to remove it: \(reason)\n".utf8))
                throw ExitCode(1)
            }
        }
        return locks
    }

    /// The address the user means: a config name's URL, or what was typed.
    private func siteAddress(_ value: String, environment: [String: String]) throws -> String {
        let path = config.map { URL(fileURLWithPath: $0) } ?? Configuration.defaultPath(environment: environment)
        let file = try? Configuration.load(from: path, explicit: config != nil)
        return file?.sites.first { $0.name == value }?.url ?? value
    }

    /// The replicas of the site at `address`: the one its remembered REST base names, or
    /// those whose REST base starts with the address (a site root or the REST base itself).
    static func replicas(of address: String, among replicas: [ReplicaFile], known: KnownSites) -> [ReplicaFile] {
        if let url = URL(string: address), let remembered = known.site(for: url) {
            let id = remembered.address.id
            let found = replicas.filter { $0.site == id || $0.site?.hasPrefix(id + " as ") == true }
            if !found.isEmpty { return found }
        }
        let prefix = address.hasSuffix("/") ? String(address.dropLast()) : address
        return replicas.filter { replica in
            guard let site = replica.site else { return false }
            return site == address || site.hasPrefix(prefix + "/") || site.hasPrefix(prefix + "?") || site.hasPrefix(prefix + " as ")
        }
    }

    /// One line per replica: site, comments, size, file.
    static func listing(_ replicas: [ReplicaFile], directory: URL) -> String {
        guard !replicas.isEmpty else { return "No replicas in \(directory.path)." }
        var lines = ["Replicas in \(directory.path):"]
        for replica in replicas {
            lines.append("  \(replica.site ?? "(unreadable)")  \(describe(replica))  \(replica.url.lastPathComponent)")
        }
        return lines.joined(separator: "\n")
    }

    static func describe(_ replica: ReplicaFile) -> String {
        describe(comments: replica.comments, queued: replica.queued, bytes: replica.bytes)
    }

    /// "98,882 comments, 2 queued, 371 MB": counts grouped as parley's screens write them
    /// (``CountFormat``); `comments` nil: the file could not be read.
    static func describe(comments: Int?, queued: Int?, bytes: Int64) -> String {
        let size = ByteCountFormatter.string(fromByteCount: bytes, countStyle: .file)
        guard let comments else { return "unreadable, \(size)" }
        let queued = queued.map { $0 > 0 ? ", \(count: $0) queued" : "" } ?? ""
        return "\(count: comments) comment\(comments == 1 ? "" : "s")\(queued), \(size)"
    }
}
