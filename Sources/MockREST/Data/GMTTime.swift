/// Seconds since 1970 in UTC, formatted and parsed by hand: DateFormatter is slow, and the
/// mock formats two dates per comment on every list page.
enum GMTTime {
    /// `"2026-11-21T23:08:05"`: WordPress's shape, no zone and no `Z`.
    static func format(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = civil(fromDays: days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
            + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":"
            + pad(secondOfDay % 60, 2)
    }

    /// Parses RFC 3339 as `rest_parse_date` accepts it: `YYYY-MM-DDTHH:MM:SS`, optional
    /// fraction, optional `Z` or `±HH[:MM]`; no zone reads as UTC here (``DateBound`` moves
    /// such a date into the site's time, as WordPress does). Nil when the text is not such a date.
    static func parse(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 19, bytes[4] == 0x2D, bytes[7] == 0x2D,
              bytes[10] == 0x54 || bytes[10] == 0x74 || bytes[10] == 0x20,
              bytes[13] == 0x3A, bytes[16] == 0x3A,
              let year = number(bytes, 0, 4), let month = number(bytes, 5, 2),
              let day = number(bytes, 8, 2), let hour = number(bytes, 11, 2),
              let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            let start = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            if index == start { return nil }
        }
        guard let offset = zoneOffset(bytes, from: index) else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - offset
    }

    private static func zoneOffset(_ bytes: [UInt8], from index: Int) -> Int64? {
        let rest = bytes[index...]
        if rest.isEmpty { return 0 }
        if rest.count == 1, rest.first == 0x5A || rest.first == 0x7A { return 0 }
        guard let sign = rest.first, sign == 0x2B || sign == 0x2D, rest.count == 3 || rest.count == 6,
              let hours = number(bytes, index + 1, 2) else { return nil }
        var minutes = 0
        if rest.count == 6 {
            guard bytes[index + 3] == 0x3A, let parsed = number(bytes, index + 4, 2) else { return nil }
            minutes = parsed
        }
        let offset = Int64(hours * 3600 + minutes * 60)
        return sign == 0x2B ? offset : -offset
    }

    private static func number(_ bytes: [UInt8], _ start: Int, _ length: Int) -> Int? {
        var value = 0
        for byte in bytes[start..<(start + length)] {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// Howard Hinnant's days-from-civil (proleptic Gregorian).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The inverse of ``daysFromCivil(year:month:day:)``.
    static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }
}
