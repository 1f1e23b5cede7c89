import Foundation
import CommentsKit

/// The detail pane's lines on a comment's last changes parley knows of (issue 27): its
/// records in the write log, newest first, one line each, when first so it is never cut —
/// "3m ago · approved (was pending) by you", "1h ago · marked as spam outside parley". None
/// when parley knows of none.
enum DetailHistoryContent {
    /// The lines, under a heading; `now` makes times relative ("3m ago"), nil gives dates
    /// (what measuring the pane needs: one line a record either way).
    static func lines(for entry: CommentEntry, in state: CommentsState, site: SiteID, width: Int, now: Date?,
                      timeZone: TimeZone) -> [(String, Style)] {
        let records = state.knownChanges(of: entry.id, site: site)
        guard !entry.isLocal, !records.isEmpty else { return [] }
        let me = state.currentUsers[site]?.name
        var lines: [(String, Style)] = [(TextWrapper.truncateAtWord("Last changes parley knows of:", toWidth: width), Theme.dim)]
        for record in records.reversed() {
            let style = record.succeeded ? Theme.hint : Theme.error
            let text = sentence(record, me: me, now: now, timeZone: timeZone)
            lines.append(("  " + DisplayWidth.truncate(text, toWidth: max(1, width - 2)), style))
        }
        return lines
    }

    /// "3m ago · approved (was pending) by you"; a failure says so and why; a change
    /// confirmed over someone else's says whose.
    static func sentence(_ record: WriteRecord, me: String?, now: Date?, timeZone: TimeZone) -> String {
        var text = "\(when(record.time, now: now, timeZone: timeZone)) · "
        if case .failed = record.outcome { text += "failed: " }
        text += "\(record.changeDescription) \(record.actorDescription(me: me))"
        if case .failed(let problem) = record.outcome { text += " — " + problem }
        if let overrode = record.overrode { text += " (over: \(overrode))" }
        return TextSanitizer.singleLine(text)
    }

    /// "just now", "3m ago", "2d ago", or the day ("2026-11-02").
    private static func when(_ time: Date, now: Date?, timeZone: TimeZone) -> String {
        guard let now else { return RelativeDate.full(time, timeZone: timeZone) }
        let short = RelativeDate.short(time, now: now, timeZone: timeZone)
        if short == "now" { return "just now" }
        return short.count < 10 ? short + " ago" : short
    }
}
