/// A `before` / `after` bound as WordPress reads it. `WP_Date_Query` compares it with the
/// comment's site-local `comment_date`: a bound written without a zone is already in the
/// site's time, one with a zone (`Z`, `+01:00`) is converted to it first. Both filters are
/// strict (`after` keeps what is later, never the same second).
struct DateBound: Sendable, Hashable {
    /// The bound as seconds since 1970, read as if it were UTC (a zone, when given, applied).
    let seconds: Int64
    /// Whether the text named its zone.
    let isZoned: Bool

    /// Parses `text` as `rest_parse_date` accepts it; nil when it is not such a date.
    init?(_ text: String) {
        guard let seconds = GMTTime.parse(text) else { return nil }
        self.seconds = seconds
        isZoned = Self.namesZone(text)
    }

    /// The bound as a `date_gmt` on a site `utcOffset` seconds ahead of UTC.
    func gmt(utcOffset: Int64) -> Int64 {
        isZoned ? seconds : seconds - utcOffset
    }

    /// Whether anything follows the seconds and their fraction: `Z` or an offset (the
    /// parse already rejected anything else).
    private static func namesZone(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 19
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
        }
        return index < bytes.count
    }
}
