import CommentsKit
import TerminalUI

/// A comment's HTML, however broken, becomes terminal-safe text.
enum HTMLCheck {
    static func run(_ input: [UInt8]) throws(FuzzViolation) {
        let html = String(decoding: input, as: UTF8.self)
        try requireSafeAfterSanitizing(HTMLText.plainText(fromHTML: html), "plainText(fromHTML:)")
    }

    /// `text` (from the network, decoded) is safe once sanitised, as the screen shows it.
    static func requireSafeAfterSanitizing(_ text: String, _ what: String) throws(FuzzViolation) {
        try TerminalSafety.requireSafe(TextSanitizer.sanitize(text), "sanitize(\(what))")
        try TerminalSafety.requireSafe(TextSanitizer.singleLine(text), "singleLine(\(what))", allowing: [])
    }
}
