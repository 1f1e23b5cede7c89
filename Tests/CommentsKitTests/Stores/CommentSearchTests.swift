import Testing
import Foundation
@testable import CommentsKit

@Suite struct CommentSearchTests {
    func contains(_ text: String, _ needle: String) -> Bool {
        CommentSearch.Pattern(needle)?.contains(text) ?? true
    }

    @Test func ignoresCaseAndAccentsBothWays() {
        #expect(contains("The naïve approach", "naive"))
        #expect(contains("The naive approach", "NAÏVE"))
        #expect(contains("Zoë Ångström", "zoe angstrom"))
        #expect(contains("Straße", "strasse"))
        #expect(contains("東京では", "東京"))
        #expect(contains("Our team 👩‍💻 spent", "👩‍💻"))
        #expect(!contains("The naive approach", "naivety"))
        #expect(!contains("", "a"))
    }

    @Test func findsMatchesAfterFalseStarts() {
        #expect(contains("aaab", "aab"))
        #expect(contains("abababc", "ababc"))
        #expect(contains("xxnanxnana", "nana"))
        #expect(!contains("abab", "abb"))
    }

    @Test func agreesWithFoundationOnMixedText() {
        let texts = ["Merci pour l’article ! Prices went from €20 to £35", "Спасибо, очень интересно", "A Café and a CAFE",
                     "שלום עולם", "مرحبا بالعالم", "Ünïcödé ÉÈÊ", "ǅungla", "İstanbul"]
        let needles = ["cafe", "article", "очень", "שלום", "unicode", "eee", "20 to", "€", "istanbul", "dz"]
        for text in texts {
            for needle in needles {
                let foundation = text.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
                if foundation {
                    #expect(contains(text, needle), "“\(needle)” in “\(text)”")
                }
            }
        }
    }

    @Test func anEmptyNeedleIsNoSearch() {
        #expect(CommentSearch.Pattern("   ") == nil)
    }
}
