/// Writes a post the way WordPress sends it (`title.rendered`), so that
/// ``WordPressPost``'s `Decodable` — WordPress's shape — reads it back. The title is kept
/// as plain text, so it is written as HTML: `&`, `<`, `>` as entities, line breaks as
/// `<br>`, whose reading gives the same text back.
extension WordPressPost: Encodable {
    private enum EncodingKeys: String, CodingKey { case id, title, link }
    private enum TitleEncodingKeys: String, CodingKey { case rendered }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EncodingKeys.self)
        try container.encode(id, forKey: .id)
        var titleContainer = container.nestedContainer(keyedBy: TitleEncodingKeys.self, forKey: .title)
        try titleContainer.encode(Self.html(title), forKey: .rendered)
        try container.encode(link, forKey: .link)
    }

    static func html(_ text: String) -> String {
        var html = ""
        for character in text {
            switch character {
            case "&": html += "&amp;"
            case "<": html += "&lt;"
            case ">": html += "&gt;"
            case "\n": html += "<br>"
            default: html.append(character)
            }
        }
        return html
    }
}
