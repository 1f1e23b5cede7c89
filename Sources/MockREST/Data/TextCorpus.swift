/// The words the seed data is made of. Texts are assembled from these pools by a PRNG, so
/// one seed always yields the same text. The pools deliberately carry what real comments
/// carry: apostrophes and quotes (rendered as typographic entities), ampersands, ellipses,
/// links, accents, CJK, emoji with ZWJ sequences, right-to-left scripts.
enum TextCorpus {
    static let siteNames = [
        "Field Notes", "Kitchen Table", "Night Shift Radio", "Slow Bicycle", "The Long Winter",
        "Paper Lanterns", "Harbour Lights", "Small Engines", "Quiet Garden", "Northbound",
    ]

    static let postTitles = [
        "What the river told me", "Sourdough, week twelve", "Notes from the 3 a.m. broadcast",
        "Why I stopped using tabs", "A field guide to city foxes", "Rebuilding a 1972 carburettor",
        "Tomatoes & other small victories", "On being wrong in public", "The café on Rue Oberkampf",
        "Listening to the shipping forecast", "Ten years of the same notebook", "Winter moths",
        "How we moved house with two cats", "Learning Japanese at forty: 日本語の勉強",
        "Mapping the old tram lines", "Letters I didn't send", "The bread oven project",
        "Night trains of Europe", "Repairing a 'vintage' radio", "Everything I know about bees",
    ]

    static let openers = [
        "Great post!", "Thanks for writing this.", "I've been thinking about this all week.",
        "Hmm, I'm not so sure.", "This made my day.", "Long-time reader, first comment.",
        "Funny, I had the exact same experience.", "Couldn't agree more.", "Wait... really?",
        "Bookmarking this one.", "Merci pour l'article !", "Danke für den Beitrag!",
        "¡Qué bueno!", "ありがとうございます！", "谢谢分享。", "شكرا جزيلا على هذا المقال",
        "תודה רבה על הפוסט", "Спасибо, очень интересно.", "👏👏👏", "Wow 🤯",
    ]

    static let sentences = [
        "My grandmother used to say the same thing, and she was usually right.",
        "I tried this last spring & it worked better than I expected.",
        "The part about \"starting small\" really resonated with me.",
        "It's the little details that make it worth reading.",
        "We did something similar in our neighbourhood... it took ages.",
        "Can you share where you found the old maps?",
        "I don't think that's quite how it works, though - at least not here.",
        "Honestly, the photos alone are worth the visit.",
        "Our café serves a crème brûlée that would change your mind.",
        "Zoë and I read this together over coffee ☕ this morning.",
        "The naïve approach is often the one that survives.",
        "Straße, façade, smörgåsbord: my keyboard hates me.",
        "東京では同じような問題がありました。",
        "这个方法我试过，效果很好。",
        "한국에서도 비슷한 일이 있었어요.",
        "هذا رائع، شكرا لك على المشاركة.",
        "זה בדיוק מה שחיפשתי.",
        "Our team 👩‍💻👨‍💻 spent a whole sprint on this.",
        "The whole family 👨‍👩‍👧‍👦 came along; the dog 🐕‍🦺 too.",
        "Thumbs up 👍🏽 from 🇫🇷 and 🇯🇵!",
        "I'd love a follow-up post on the costs - numbers, please!",
        "See my notes at <a href=\"https://example.com/notes/field-guide\">my field guide</a> if you're curious.",
        "There's a good summary here: <a href=\"https://example.org/summary?a=1&b=2\">https://example.org/summary?a=1&b=2</a>",
        "The <em>original</em> recipe used <strong>twice</strong> as much butter.",
        "Is it 5 > 3 or am I misremembering the rule?",
        "Prices went from €20 to £35 in a year; that's 75% more.",
        "I've read it three times now -- still learning something new.",
        "Not sure I follow the second half, but the first half is spot on.",
        "Same here: Lisbon in March, rain every single day.",
        "Please keep writing these!",
    ]

    static let quotes = [
        "the best time to plant a tree was twenty years ago",
        "you can't step in the same river twice",
        "less, but better",
    ]

    /// Texts that try to take over a terminal: the UI layer must show them harmlessly.
    static let hostileTexts = [
        "Nice post!\u{1B}[2J\u{1B}[H Your screen has been cleared.",
        "Title change incoming \u{1B}]0;pwned\u{07} see?",
        "Totally legit comment\roverwritten by carriage return",
        "File name: \u{202E}gpj.exe (bidi override)",
        "\u{1B}[31mRED ALERT\u{1B}[0m and a bell\u{07}\u{08}\u{08}\u{08}",
        "C1 controls \u{9B}31m and DCS \u{1B}P1;2|secret\u{1B}\\ and APC \u{1B}_hidden\u{1B}\\ end",
        "Isolates \u{2066}left\u{2069} and \u{2067}right\u{2069} and embeddings \u{202A}a\u{202C}",
    ]

    /// The raw text of a seeded comment: one line to several paragraphs, paragraphs
    /// separated by a blank line, occasionally a quote and a hard line break.
    static func text(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        let roll = random.unit()
        let paragraphCount = roll < 0.45 ? 1 : roll < 0.8 ? 2 : 3 + random.below(3)
        var paragraphs: [String] = []
        if random.chance(0.06) {
            paragraphs.append("<blockquote>" + random.pick(quotes) + "</blockquote>")
        }
        for index in 0..<paragraphCount {
            paragraphs.append(paragraph(first: index == 0, random: &random))
        }
        return paragraphs.joined(separator: "\n\n")
    }

    /// The content WordPress stores for a ping: a pingback's `[&#8230;] excerpt [&#8230;]`
    /// (wp-includes/class-wp-xmlrpc-server.php), a trackback's `<strong>title</strong>`, a
    /// blank line and the excerpt (wp-trackback.php). A pingback's excerpt went through
    /// `esc_html`.
    static func pingExcerpt(seed: UInt64, trackback: Bool) -> String {
        var random = SplitMix64(seed: seed)
        let excerpt = random.pick(sentences)
        guard trackback else { return "[&#8230;] \(escapeHTML(excerpt)) [&#8230;]" }
        return "<strong>\(random.pick(postTitles))</strong>\n\n\(excerpt)"
    }

    /// `esc_html`: the five characters HTML gives a meaning to, as entities.
    private static func escapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#039;")
    }

    private static func paragraph(first: Bool, random: inout SplitMix64) -> String {
        if first, random.chance(0.08) { return random.pick(openers) }
        var text = first && random.chance(0.5) ? random.pick(openers) + " " : ""
        let count = 1 + random.below(4)
        for index in 0..<count {
            if index > 0 { text += random.chance(0.1) ? "\n" : " " }
            text += random.pick(sentences)
        }
        return text
    }
}
