import Foundation

/// Dates as the user reads them, in their time zone: short ones for the list ("now", "5m",
/// "3h", "2d" up to two weeks, then "2024-03-04"), and the full date with its zone for the
/// detail pane ("2026-11-19 09:16 CET").
package enum RelativeDate {
    /// UTC: what views show unless told the user's zone (tests and snapshots rely on it).
    package static let utc = TimeZone(identifier: "UTC") ?? .gmt

    /// The user's time zone: `TZ` when it names one (`Europe/Paris`, `:Europe/Paris`), else
    /// the system's.
    package static func userTimeZone(environment: [String: String]) -> TimeZone {
        if var name = environment["TZ"], !name.isEmpty {
            if name.hasPrefix(":") { name.removeFirst() }
            if let zone = TimeZone(identifier: name) { return zone }
        }
        return .current
    }

    /// `date` relative to `now`, at most 10 columns; a date older than two weeks (or further
    /// in the future than a site's clock is ever off) is the day it fell on in `timeZone`.
    package static func short(_ date: Date, now: Date, timeZone: TimeZone = utc) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds < 60 { return seconds < -clockSkew ? absolute(date, timeZone) : "now" }
        if seconds < 3_600 { return "\(Int(seconds / 60))m" }
        if seconds < 86_400 { return "\(Int(seconds / 3_600))h" }
        if seconds < 14 * 86_400 { return "\(Int(seconds / 86_400))d" }
        return absolute(date, timeZone)
    }

    /// How far ahead of this machine's clock a site's may run and its newest comments still
    /// read "now": a reply just posted, dated by a server a few minutes fast, read as a full
    /// date among siblings saying "now" (seen on the mock, whose quick successive comments
    /// are dated a minute or two ahead so that dates grow with ids).
    static let clockSkew: TimeInterval = 5 * 60

    /// `2026-11-19 09:16 CET`, for the detail pane: the date and time in `timeZone`, and the
    /// zone's abbreviation, or its offset (`+05:30`) when it has no abbreviation of letters.
    package static func full(_ date: Date, timeZone: TimeZone = utc) -> String {
        let c = utcCalendar.dateComponents([.year, .month, .day, .hour, .minute], from: local(date, timeZone))
        let day = String(format: "%04d-%02d-%02d %02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0)
        return day + " " + zoneName(timeZone, at: date)
    }

    /// The zone's name at `date`: `UTC`, `CET`, `EST`; else its offset, `+01:00`.
    static func zoneName(_ zone: TimeZone, at date: Date) -> String {
        let offset = zone.secondsFromGMT(for: date)
        if offset == 0, ["UTC", "GMT", "Etc/UTC", "Etc/GMT", "UCT", "Universal", "Zulu"].contains(zone.identifier) { return "UTC" }
        if let abbreviation = zone.abbreviation(for: date), !abbreviation.isEmpty,
           abbreviation.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }) {
            return abbreviation
        }
        let minutes = abs(offset) / 60
        return (offset < 0 ? "-" : "+") + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    private static func absolute(_ date: Date, _ timeZone: TimeZone) -> String {
        let c = utcCalendar.dateComponents([.year, .month, .day], from: local(date, timeZone))
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }

    /// `date` moved by the zone's offset, so the UTC calendar reads the zone's wall clock:
    /// one calendar for every zone, none made per row drawn.
    private static func local(_ date: Date, _ timeZone: TimeZone) -> Date {
        date.addingTimeInterval(TimeInterval(timeZone.secondsFromGMT(for: date)))
    }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        return calendar
    }()
}
