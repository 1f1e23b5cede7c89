/// The spam of the seed data, as it reaches a blog: campaigns that link to pill, casino,
/// crypto, SEO, replica and loan domains (anchors, bare addresses, BBCode `[url=]`, links
/// hidden with `display:none` or an empty anchor, several links at once, words obfuscated
/// with digits, dots and zero-width spaces), and a flood: one near-identical text sent again
/// and again under many names from a few addresses. Each campaign has its own senders
/// (``AuthorTable``), who reuse their addresses and e-mails across comments.
///
/// Texts are drawn from the comment's content seed, never from the site's generator, so
/// turning a comment into spam changes no other comment. The domains are under `.example`.
enum SpamCorpus {
    /// One campaign: its domain, and its texts with `{d}` for the domain and `{n}` for a number.
    struct Campaign {
        let domain: String
        let texts: [String]
    }

    static let campaigns: [Campaign] = [
        Campaign(domain: "cheap-pills.example", texts: [
            "Buy cheap viagra online, no prescription needed! <a href=\"https://{d}/buy?id={n}\">Order now</a>",
            "V1agra, C1al1s and Lev1tra at the l0west prices. Discreet worldwide shipping: {d}",
            "Great post, thanks for sharing.<a href=\"https://{d}/\" style=\"display:none\">cheap pills online</a>",
        ]),
        Campaign(domain: "casino-royale-bonus.example", texts: [
            "Best online casino bonus of 2026 — 200 free spins, no deposit: [url=https://{d}/?ref={n}]claim your bonus[/url]",
            "c.a.s.i.n.o jackpot every single day!!! Play now at https://{d}/slots",
        ]),
        Campaign(domain: "crypto-doubler.example", texts: [
            "I turned $200 into $4,000 in one week with this crypto trading bot. Check it out: https://{d}/join/{n}",
            "Fr\u{200B}ee bitcoin giveaway: send 0.1 BTC, get 1 BTC back <a href=\"https://{d}/claim\">here</a>",
        ]),
        Campaign(domain: "seo-rank-fast.example", texts: [
            "Nice article! We get your site to page one of Google in 7 days, guaranteed: <a href=\"https://{d}\">{d}</a> <a href=\"https://{d}/pricing\">pricing</a> <a href=\"https://{d}/contact\">contact</a>",
            "Very informative post, I bookmarked your blog and shared it.<a href=\"https://{d}/backlinks?u={n}\"></a>",
        ]),
        Campaign(domain: "replica-watch.example", texts: [
            "Swiss replica watches from $99 — Rolex, Omega, Cartier. [url]https://{d}/rolex[/url]",
        ]),
        Campaign(domain: "quick-loans.example", texts: [
            "Need money fast? Loans approved in 5 minutes, bad credit OK → https://{d}/apply?c={n}",
        ]),
    ]

    /// The flood's text; each copy differs a little (the number, the punctuation), as a bot's do.
    static let floodDomain = "earn-from-home.example"
    private static let floodOpeners = ["Make $500 a day working from home!!!", "Make $500 a day working from home!!", "Make $500 per day working from home!!!"]
    private static let floodMiddles = ["Thousands already earn with this simple method:", "Thousands already earn with one simple method:"]

    /// Which campaign the spam comment with content seed `seed` belongs to.
    static func campaign(seed: UInt64) -> Int {
        // Not the low bits: the seed data picks which held comments look like spam by those.
        Int((seed >> 20) % UInt64(campaigns.count))
    }

    /// The text of the spam comment with content seed `seed`, in its campaign (``campaign(seed:)``).
    static func text(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed ^ 0x5A11_5EED)
        let campaign = campaigns[campaign(seed: seed)]
        let template = random.pick(campaign.texts)
        return template.replacingOccurrences(of: "{d}", with: campaign.domain)
            .replacingOccurrences(of: "{n}", with: String(100 + random.below(900)))
    }

    /// The text of the flood comment with content seed `seed`.
    static func floodText(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed ^ 0xF100_D5EE)
        return "\(random.pick(floodOpeners)) \(random.pick(floodMiddles)) <a href=\"https://\(floodDomain)/r/\(1000 + random.below(9000))\">start today</a>"
    }
}
