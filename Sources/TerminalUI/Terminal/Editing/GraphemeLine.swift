/// One line of editable text as grapheme clusters, shared by `LineEditor` and `TextEditor`.
///
/// Positions are grapheme indices (0…count). Every change goes through `replace`, which
/// re-segments the line: inserting a combining mark or a second regional indicator
/// merges with its neighbour, so positions are recomputed rather than assumed.
struct GraphemeLine: Sendable, Equatable {
    private(set) var characters: [Character]

    init(_ text: String = "") {
        characters = Array(text)
    }

    var count: Int { characters.count }
    var string: String { String(characters) }
    var isEmpty: Bool { characters.isEmpty }

    /// Replaces `range` with `text`; returns the position just after the inserted text.
    @discardableResult
    mutating func replace(_ range: Range<Int>, with text: String) -> Int {
        let lower = min(max(0, range.lowerBound), count)
        let upper = min(max(lower, range.upperBound), count)
        let head = String(characters[..<lower]) + text
        let joined = head + String(characters[upper...])
        characters = Array(joined)
        return min(head.count, characters.count)
    }

    /// Text of a grapheme range (clamped).
    func text(_ range: Range<Int>) -> String {
        let lower = min(max(0, range.lowerBound), count)
        let upper = min(max(lower, range.upperBound), count)
        return String(characters[lower..<upper])
    }

    /// Display width of the graphemes before `position`.
    func width(upTo position: Int) -> Int {
        characters.prefix(max(0, position)).reduce(0) { $0 + DisplayWidth.of($1) }
    }

    /// The position whose display column is closest to `column` without passing it.
    func position(atColumn column: Int) -> Int {
        var used = 0
        for (index, character) in characters.enumerated() {
            let w = DisplayWidth.of(character)
            if used + w > column { return index }
            used += w
        }
        return count
    }

    /// Start of the word before `position` (Ctrl-W): skips whitespace, then non-whitespace.
    func wordStart(before position: Int) -> Int {
        var index = min(max(0, position), count)
        while index > 0, characters[index - 1].isWhitespace { index -= 1 }
        while index > 0, !characters[index - 1].isWhitespace { index -= 1 }
        return index
    }

    /// Start of the word before `position` as readline's Alt-b sees words (letters and
    /// digits): skips anything else, then the word. `nil` when no word precedes `position`.
    func alphanumericWordStart(before position: Int) -> Int? {
        var index = min(max(0, position), count)
        while index > 0, !Self.isWordCharacter(characters[index - 1]) { index -= 1 }
        guard index > 0 else { return nil }
        while index > 0, Self.isWordCharacter(characters[index - 1]) { index -= 1 }
        return index
    }

    /// End of the word after `position` as readline's Alt-f sees words. `nil` when no
    /// word follows `position`.
    func alphanumericWordEnd(after position: Int) -> Int? {
        var index = min(max(0, position), count)
        while index < count, !Self.isWordCharacter(characters[index]) { index += 1 }
        guard index < count else { return nil }
        while index < count, Self.isWordCharacter(characters[index]) { index += 1 }
        return index
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }
}
