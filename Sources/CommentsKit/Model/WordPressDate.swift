import Foundation

/// Parses WordPress's dates, `"2026-11-21T23:08:05"`, by hand: DateFormatter is slow and
/// this runs for every comment of every page. No zone means UTC; a trailing `Z` or
/// `±HH:MM` and fractional seconds are accepted too.
enum WordPressDate {
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
              let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, let digit = digit(bytes[index]) {
                fraction += Double(digit) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard let offset = zoneOffset(bytes[index...]) else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    private static func zoneOffset(_ rest: ArraySlice<UInt8>) -> Int? {
        guard let sign = rest.first else { return 0 }
        if rest.count == 1, sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") { return 0 }
        let bytes = Array(rest)
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), let hours = number(bytes, 1, 2) else { return nil }
        var minutes = 0
        if bytes.count == 6, bytes[3] == UInt8(ascii: ":"), let parsed = number(bytes, 4, 2) {
            minutes = parsed
        } else if bytes.count == 5, let parsed = number(bytes, 3, 2) {
            minutes = parsed
        } else if bytes.count != 3 {
            return nil
        }
        let offset = hours * 3600 + minutes * 60
        return sign == UInt8(ascii: "+") ? offset : -offset
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }

    private static func number(_ bytes: [UInt8], _ start: Int, _ length: Int) -> Int? {
        guard start + length <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<(start + length)] {
            guard let digit = digit(byte) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// Howard Hinnant's days-from-civil (proleptic Gregorian).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
