/// A key as JSON: the plain keys by name (`"enter"`, `"pageDown"`), the others as an
/// object of one field (`{"character": "j"}`, `{"control": "u"}`, `{"function": 1}`,
/// `{"paste": "text"}`, `{"alt": {"character": "b"}}`).
extension Key: Codable {
    private enum CodingKeys: String, CodingKey { case character, control, function, paste, alt }

    private static let plain: [String: Key] = [
        "up": .up, "down": .down, "left": .left, "right": .right, "home": .home, "end": .end,
        "pageUp": .pageUp, "pageDown": .pageDown, "enter": .enter, "escape": .escape,
        "backspace": .backspace, "delete": .delete, "tab": .tab, "backTab": .backTab,
        "insert": .insert, "resize": .resize, "controlLeft": .controlLeft, "controlRight": .controlRight,
    ]

    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self) {
            guard let key = Self.plain[name] else {
                throw DecodingError.dataCorruptedError(in: single, debugDescription: "\"\(name)\" is not a key")
            }
            self = key
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try container.decodeIfPresent(String.self, forKey: .character) {
            self = .character(try Self.character(text, in: container, key: .character))
        } else if let text = try container.decodeIfPresent(String.self, forKey: .control) {
            self = .control(try Self.character(text, in: container, key: .control))
        } else if let number = try container.decodeIfPresent(Int.self, forKey: .function) {
            self = .function(number)
        } else if let text = try container.decodeIfPresent(String.self, forKey: .paste) {
            self = .paste(text)
        } else if let key = try container.decodeIfPresent(Key.self, forKey: .alt) {
            self = .alt(key)
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a key"))
        }
    }

    private static func character(_ text: String, in container: KeyedDecodingContainer<CodingKeys>, key: CodingKeys) throws -> Character {
        guard text.count == 1, let character = text.first else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\"\(text)\" is not one character")
        }
        return character
    }

    public func encode(to encoder: any Encoder) throws {
        if let name = Self.plain.first(where: { $0.value == self })?.key {
            var single = encoder.singleValueContainer()
            try single.encode(name)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .character(let character): try container.encode(String(character), forKey: .character)
        case .control(let character): try container.encode(String(character), forKey: .control)
        case .function(let number): try container.encode(number, forKey: .function)
        case .paste(let text): try container.encode(text, forKey: .paste)
        case .alt(let key): try container.encode(key, forKey: .alt)
        default:
            throw EncodingError.invalidValue(self, .init(codingPath: encoder.codingPath, debugDescription: "a key with no JSON form"))
        }
    }
}
