import Foundation

/// Short dates for the list: "now", "5m", "3h", "2d" up to two weeks, then "2024-03-04".
package enum RelativeDate {
    /// `date` relative to `now`, at most 10 columns.
    package static func short(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds < 60 { return seconds < -60 ? absolute(date) : "now" }
        if seconds < 3_600 { return "\(Int(seconds / 60))m" }
        if seconds < 86_400 { return "\(Int(seconds / 3_600))h" }
        if seconds < 14 * 86_400 { return "\(Int(seconds / 86_400))d" }
        return absolute(date)
    }

    /// `2026-11-21 23:08 UTC`, for the detail pane.
    package static func full(_ date: Date) -> String {
        let c = utc.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d UTC", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0)
    }

    private static func absolute(_ date: Date) -> String {
        let c = utc.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()
}
