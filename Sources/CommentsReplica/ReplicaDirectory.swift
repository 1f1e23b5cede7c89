import Foundation
import CommentsKit

/// Where the replicas live: `$XDG_CACHE_HOME/parley`, or `~/.cache/parley`.
///
/// A cache, not state: everything in it can be fetched again from the sites, so it sits
/// apart from drafts and filters (``StateDirectory``) and may be removed at any time.
package enum ReplicaDirectory {
    /// The directory for `environment` (a relative `XDG_CACHE_HOME` is ignored, as the XDG
    /// specification asks).
    package static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache).appendingPathComponent("parley")
        }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/parley")
    }

    /// The database file of `site` in `directory`, named like its state files
    /// (``StateDirectory/fileStem(for:)``: a slug and a stable hash of the site id).
    package static func file(for site: SiteID, in directory: URL) -> URL {
        directory.appendingPathComponent(StateDirectory.fileStem(for: site) + ".sqlite")
    }
}
