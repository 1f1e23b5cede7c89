/// How every count parley shows is written: digits grouped by thousands with a comma
/// ("7,897 pending", "loading 12,300 of 20,011", "1,234 comments trashed"), the same in the
/// header, the filter panel, the outbox and the messages.
///
/// A fixed comma rather than the user's locale: the rest of the screen is locale-free
/// (dates are ISO, `2026-10-25`, times say UTC or their zone), WordPress's own admin
/// writes its menu badge and counts this way in English, and a screen that does not change
/// with `LANG` is one that tests, recorded sessions and bug reports can compare.
public enum CountFormat {
    /// `count` with its thousands grouped: 12300 → "12,300", -1500 → "-1,500".
    public static func grouped(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var out = ""
        out.reserveCapacity(digits.count + digits.count / 3)
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return count < 0 ? "-" + out : out
    }
}

extension String.StringInterpolation {
    /// `"\(count: pending) pending"`: a count written by ``CountFormat/grouped(_:)``.
    public mutating func appendInterpolation(count: Int) {
        appendLiteral(CountFormat.grouped(count))
    }
}
