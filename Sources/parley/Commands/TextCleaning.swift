/// Text from the site made safe for a terminal or a line-based format: control characters
/// (escape sequences included) become spaces and bidi overrides go, so nothing a commenter
/// wrote can move the cursor, retitle the terminal or break a line of `table` or `ids`.
enum TextCleaning {
    static func oneLine(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) { continue }
            scalars.append(scalar.properties.generalCategory == .control ? " " : scalar)
        }
        return String(scalars)
    }

    /// Columns a string takes in a terminal: wide East Asian characters and emoji count two,
    /// combining marks and format characters none.
    static func width(_ text: String) -> Int {
        text.reduce(0) { $0 + width($1) }
    }

    static func width(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        let value = first.value
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(value) } ? 2 : 1
    }

    /// `text` cut to at most `columns` columns, with `…` when cut.
    static func truncate(_ text: String, to columns: Int) -> String {
        guard width(text) > columns else { return text }
        var result = ""
        var used = 0
        for character in text {
            let next = width(character)
            if used + next > columns - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }
}
