import Foundation
import Testing
@testable import MockREST

/// ``Texturizer`` cuts paragraphs and breaks lines scalar by scalar now, not through
/// NSString: every text the mock can hold must render as it did.
@Suite struct TexturizerScalarTests {
    /// The old render, through Foundation, as the reference.
    private func foundationRender(_ raw: String) -> String {
        var html = ""
        for paragraph in Texturizer.texturize(raw).components(separatedBy: "\n\n") where !paragraph.isEmpty {
            let open = "<blockquote>", close = "</blockquote>"
            if paragraph.hasPrefix(open), paragraph.hasSuffix(close), paragraph.count > open.count + close.count {
                html += open + "<p>" + paragraph.dropFirst(open.count).dropLast(close.count) + "</p>" + close + "\n"
            } else {
                html += "<p>" + paragraph.replacingOccurrences(of: "\n", with: "<br />\n") + "</p>\n"
            }
        }
        return html
    }

    @Test func everySeedTextRendersAsThroughFoundation() {
        let texts = TextCorpus.hostileTexts + (0..<2_000).map { TextCorpus.text(seed: UInt64($0)) }
        for text in texts {
            #expect(Texturizer.render(text) == foundationRender(text), "\(text.debugDescription)")
        }
    }

    @Test(arguments: [
        "a\r\nb", "a\r\n\r\nb", "a\n\r\nb", "\n\n\nx", "x\n\n\n\n", "\n", "", "é\u{301}\nnext", "line\n\nline\r\n\nx",
        "<blockquote>q\nr</blockquote>\n\nafter", "🌻\n\n👩‍👩‍👧\nend",
    ])
    func awkwardBreaksRenderAsThroughFoundation(_ text: String) {
        #expect(Texturizer.render(text) == foundationRender(text))
    }
}
