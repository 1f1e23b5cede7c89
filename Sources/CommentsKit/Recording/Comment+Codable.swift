import Foundation

/// Writes a comment the way WordPress sends it (`author_name`, `date_gmt`,
/// `content.rendered`, …), so that ``Comment``'s one `Decodable` — WordPress's shape —
/// reads it back: a session recording's pages look like the API's answers.
///
/// Exact for what travels in actions: comments read from a site, whose dates are whole
/// seconds. A fractional second is written too, to the microsecond.
extension Comment: Encodable {
    private enum EncodingKeys: String, CodingKey {
        case id, post, parent, author, link, status, type, content
        case authorName = "author_name"
        case authorURL = "author_url"
        case dateGMT = "date_gmt"
        case authorEmail = "author_email"
        case authorIP = "author_ip"
        case authorUserAgent = "author_user_agent"
    }

    private enum ContentEncodingKeys: String, CodingKey {
        case rendered, raw
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EncodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(post, forKey: .post)
        try container.encode(parent, forKey: .parent)
        try container.encode(author, forKey: .author)
        try container.encode(authorName, forKey: .authorName)
        try container.encode(authorURL, forKey: .authorURL)
        try container.encode(Self.wordPressDate(date), forKey: .dateGMT)
        try container.encode(link, forKey: .link)
        try container.encode(status.rawValue, forKey: .status)
        try container.encode(type, forKey: .type)
        try container.encodeIfPresent(authorEmail, forKey: .authorEmail)
        try container.encodeIfPresent(authorIP, forKey: .authorIP)
        try container.encodeIfPresent(authorUserAgent, forKey: .authorUserAgent)
        var content = container.nestedContainer(keyedBy: ContentEncodingKeys.self, forKey: .content)
        try content.encode(contentHTML, forKey: .rendered)
        try content.encodeIfPresent(contentRaw, forKey: .raw)
    }

    /// `2026-11-21T23:08:05` (UTC, as `date_gmt`), with `.123456` when the second is not whole.
    static func wordPressDate(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: whole))
        var text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
        let micros = Int(((seconds - whole) * 1_000_000).rounded())
        if micros > 0 { text += String(format: ".%06d", min(micros, 999_999)) }
        return text
    }
}
