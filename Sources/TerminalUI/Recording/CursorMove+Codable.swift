/// A cursor move as its name: `"down"`, `"halfPageUp"`.
extension CursorMove: Codable {
    private static let names: [(String, CursorMove)] = [
        ("up", .up), ("down", .down), ("top", .top), ("bottom", .bottom), ("pageUp", .pageUp),
        ("pageDown", .pageDown), ("halfPageUp", .halfPageUp), ("halfPageDown", .halfPageDown),
    ]

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let move = Self.names.first(where: { $0.0 == name })?.1 else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(name)\" is not a cursor move")
        }
        self = move
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        guard let name = Self.names.first(where: { $0.1 == self })?.0 else {
            throw EncodingError.invalidValue(self, .init(codingPath: encoder.codingPath, debugDescription: "a cursor move with no name"))
        }
        try container.encode(name)
    }
}
