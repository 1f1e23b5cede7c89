import Foundation
import CommentsKit

/// What a session recording's header says about parley's side of the session: enough to
/// rebuild the same stores for a replay, and to tell a reader of a bug report what ran.
///
/// The sites are listed with their names and addresses (never credentials); the saved
/// filters each site started with are there because the filter store reads them from
/// disk, not from an action.
struct SessionHeader: Codable, Sendable {
    /// The parley that recorded.
    var parleyVersion: String
    /// The embedded mock's seed and size; nil for a real site.
    var mock: Mock?
    /// The terminal's size when the session started.
    var terminal: TerminalSize
    /// The sites, in the order `[` and `]` go through them.
    var sites: [Site]
    /// The time zone "Today" was counted in.
    var timeZone: String
    /// Each site's saved filters at the start, by site id.
    var savedFilters: [SiteID: FilterPersistence.Saved]
    /// The status line's message at the start (a state directory that cannot be written).
    var initialHint: String?
    /// Whether drafts were kept on disk (false: in memory, the state directory being
    /// unwritable — saving one then says so).
    var draftsOnDisk: Bool
    /// The drafts of the recorded sites when the session started, by file name: the
    /// interface store reads them from disk, not from an action.
    var drafts: [String: String]
    /// Page requests in flight while a site loaded in the background; nil in recordings
    /// made before background loading (they replay without it).
    var loadConcurrency: Int?

    struct Mock: Codable, Sendable {
        var seed: UInt64
        var size: Int
    }

    struct TerminalSize: Codable, Sendable {
        var width: Int
        var height: Int
    }

    struct Site: Codable, Sendable {
        var id: SiteID
        var name: String
        /// The REST base the site was reached at.
        var restBase: String
    }

    /// parley's version, as recordings name it.
    static let currentVersion = "1.0-dev"
}
