import Foundation

/// `--after` / `--before`: `2026-11-01` (midnight UTC) or `2026-11-01T08:30:00` (UTC; a
/// trailing `Z` is accepted).
enum DateArgument {
    static func parse(_ text: String, option: String) throws -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let full = trimmed.count == 10 ? trimmed + "T00:00:00Z" : (trimmed.hasSuffix("Z") ? trimmed : trimmed + "Z")
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        guard let date = formatter.date(from: full) else {
            throw CommandFailure.usage("\(option) takes a date such as 2026-11-01 or 2026-11-01T08:30:00, not “\(text)”.")
        }
        return date
    }
}
