import Foundation

/// Where ``CommentsStore`` logs every write it finishes, and every change made outside
/// parley that the refresh finds (``CommentsAction/changedOnSite(site:changes:)``), so that
/// "who did what" can be answered afterwards (`parley log`) and the detail pane can show a
/// comment's last changes. parley's is a file under its state directory; without one,
/// nothing is logged and the detail pane shows no history.
///
/// The store hands each record to ``record(_:)`` as an effect, never from a reducer, and
/// reads a site's records once, at start (``CommentsAction/readJournal(site:)``).
public protocol WriteJournal: Sendable {
    /// Appends `entry`. A record that cannot be kept is the journal's to report (parley
    /// logs why): a write is never undone because its record was lost.
    func record(_ entry: WriteRecord) async
    /// The records of `site`, oldest first. Throws why they cannot be read, in words.
    func records(site: SiteID) async throws -> [WriteRecord]
}
