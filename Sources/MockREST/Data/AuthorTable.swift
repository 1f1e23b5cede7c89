/// The authors of the seed data. Index 0 is the moderator (user 1), who writes every reply made
/// through the API. Commenters are drawn with Zipf-like weights, so a few names recur a lot
/// and "most frequent authors" means something.
struct AuthorTable: Sendable {
    static let moderatorIndex = 0

    private(set) var authors: [MockAuthor]
    /// Running sums of the commenters' weights, for drawing by binary search.
    private let cumulativeWeights: [Double]
    private let commenterRange: Range<Int>
    private let linkbackRange: Range<Int>
    /// The authors of the mock's accounts, in account order, after the linkbacks.
    private let accountRange: Range<Int>
    /// The senders of each spam campaign (``SpamCorpus/campaigns``), after the accounts.
    private let spammerRanges: [Range<Int>]
    /// The flood's senders, after the spammers.
    private let flooderRange: Range<Int>

    private static let people: [(name: String, site: String)] = [
        ("Maggie Holloway", "https://maggieholloway.example"), ("Tomás Ribeiro", ""),
        ("Kenji Watanabe", "https://kenji.example.jp"), ("Amélie Laurent", ""),
        ("Priya Raman", "https://priya.example.in"), ("Old Pete", ""),
        ("Fatima Al-Sayed", ""), ("Zoë Ångström", "https://zoe.example.se"),
        ("佐藤 花子", ""), ("李伟", "https://liwei.example.cn"), ("ليلى حداد", ""),
        ("נועה כהן", ""), ("Olu Adeyemi", "https://olu.example.ng"), ("Grace O'Neill", ""),
        ("Sam & Alex", "https://samandalex.example"), ("🌻 Sunny", ""),
        ("Dmitri Volkov", ""), ("Björn Eriksson", ""), ("Ana María Núñez", "https://ana.example.mx"),
        ("Joe \"the plumber\"", ""), ("Chloé Martin", ""), ("Hannah Kowalski", ""),
        ("Mateus Costa", ""), ("Ingrid Nilsen", "https://ingrid.example.no"), ("Rahul Mehta", ""),
        ("Lucía Fernández", ""), ("Yuki Tanaka", ""), ("Omar Farouk", ""), ("Eleanor Price", ""),
        ("Niamh Byrne", "https://niamh.example.ie"), ("Wei Chen", ""), ("Kofi Mensah", ""),
        ("Sophie Dubois", ""), ("Marco Rossi", "https://marcorossi.example.it"), ("Aisha Bello", ""),
        ("Hiroshi Sato", ""), ("Freya Jensen", ""), ("Diego Alvarez", ""), ("Leah Goldberg", ""),
        ("anonymous coward", ""),
    ]

    /// The sites whose pings the seed holds: as WordPress stores a ping, the name is the
    /// linking post's title (pingback) or site's name (trackback), the URL the linking post's.
    private static let linkbacks: [(name: String, site: String, type: MockCommentType)] = [
        ("Weekend Reading List", "https://weekendreading.example/2026/links", .pingback),
        ("The Aggregator", "https://aggregator.example/roundup", .trackback),
    ]

    /// Each campaign's senders (name, e-mail); a campaign's senders share one address.
    private static let spammers: [[(name: String, email: String)]] = [
        [("Cheap Pills Online", "sales@cheap-pills.example"), ("Pharmacy Deals", "deals@cheap-pills.example")],
        [("Best Casino Bonus", "bonus@casino-royale-bonus.example"), ("Lucky Spins", "spins@casino-royale-bonus.example")],
        [("Crypto Gains", "invest@crypto-doubler.example"), ("Bitcoin Profits", "profit@crypto-doubler.example")],
        [("SEO Expert", "rank@seo-rank-fast.example"), ("Jessica Writer", "jessica.writer@mailbox.example")],
        [("Replica Watches", "shop@replica-watch.example")],
        [("Quick Loans", "apply@quick-loans.example"), ("Loan Approved", "approve@quick-loans.example")],
    ]

    /// The flood's senders: many names, from three addresses.
    private static let flooders = [
        "Emma Brown", "Liam Smith", "Olivia Jones", "Noah Wilson", "Ava Taylor", "Ethan Moore",
        "Mia Clark", "Lucas Hall", "Sofia King", "Mason Wright", "Isla Green", "Leo Baker",
    ]

    init(moderatorName: String, accounts: [MockAccount] = []) {
        var authors = [MockAuthor(
            userID: 1, name: moderatorName, email: "\(moderatorName.lowercased())@mock.parley",
            url: "", ip: "127.0.0.1", userAgent: "parley"
        )]
        var weights: [Double] = []
        var total = 0.0
        for (rank, person) in Self.people.enumerated() {
            let slug = person.name.unicodeScalars.filter { $0.isASCII && $0.properties.isAlphabetic }
            let local = slug.isEmpty ? "reader\(rank)" : String(String.UnicodeScalarView(slug)).lowercased()
            authors.append(MockAuthor(
                userID: rank % 7 == 3 ? 10 + rank : 0, name: person.name,
                email: "\(local)@mail.example", url: person.site,
                ip: "203.0.113.\(rank + 10)", userAgent: "Mozilla/5.0 (X11; Linux x86_64)"
            ))
            total += 1.0 / Double(rank + 1)
            weights.append(total)
        }
        commenterRange = 1..<authors.count
        for (offset, linkback) in Self.linkbacks.enumerated() {
            authors.append(MockAuthor(
                userID: 0, name: linkback.name, email: "", url: linkback.site,
                ip: "198.51.100.\(offset + 1)", userAgent: "WordPress/6.7"
            ))
        }
        linkbackRange = commenterRange.upperBound..<authors.count
        for (offset, account) in accounts.enumerated() {
            authors.append(MockAuthor(
                userID: 2 + offset, name: account.user, email: "\(account.user.lowercased())@mock.parley",
                url: "", ip: "127.0.0.1", userAgent: "parley"
            ))
        }
        accountRange = linkbackRange.upperBound..<authors.count
        var spammerRanges: [Range<Int>] = []
        for (campaign, senders) in Self.spammers.enumerated() {
            let start = authors.count
            for sender in senders {
                authors.append(MockAuthor(
                    userID: 0, name: sender.name, email: sender.email, url: "https://" + SpamCorpus.campaigns[campaign % SpamCorpus.campaigns.count].domain,
                    ip: "192.0.2.\(10 + campaign)", userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64)"
                ))
            }
            spammerRanges.append(start..<authors.count)
        }
        self.spammerRanges = spammerRanges
        for (offset, name) in Self.flooders.enumerated() {
            let local = name.lowercased().replacingOccurrences(of: " ", with: ".")
            authors.append(MockAuthor(
                userID: 0, name: name, email: "\(local)\(offset * 7 + 3)@mailbox.example", url: "https://" + SpamCorpus.floodDomain,
                ip: "192.0.2.\(50 + offset % 3)", userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64)"
            ))
        }
        flooderRange = (authors.count - Self.flooders.count)..<authors.count
        cumulativeWeights = weights.map { $0 / total }
        self.authors = authors
    }

    /// A commenter (never the moderator, never a linkback), Zipf-weighted.
    func drawCommenter(_ random: inout SplitMix64) -> Int {
        let target = random.unit()
        var low = 0
        var high = cumulativeWeights.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulativeWeights[middle] < target { low = middle + 1 } else { high = middle }
        }
        return commenterRange.lowerBound + low
    }

    /// The author entry of the mock's `offset`-th account.
    func accountIndex(_ offset: Int) -> Int {
        accountRange.lowerBound + offset
    }

    /// Adds an author (a guest named by a moderator's create) and returns its index.
    mutating func add(_ author: MockAuthor) -> Int {
        authors.append(author)
        return authors.count - 1
    }

    /// A sender of spam campaign `campaign`, drawn from a spam comment's content seed.
    func spammer(campaign: Int, seed: UInt64) -> Int {
        let senders = spammerRanges[campaign % spammerRanges.count]
        return senders.lowerBound + Int((seed >> 8) % UInt64(senders.count))
    }

    /// A sender of the flood, drawn from a flood comment's content seed.
    func flooder(seed: UInt64) -> Int {
        flooderRange.lowerBound + Int((seed >> 8) % UInt64(flooderRange.count))
    }

    /// A pingback or trackback source, and the type of its pings.
    func drawLinkback(_ random: inout SplitMix64) -> (index: Int, type: MockCommentType) {
        let offset = random.below(linkbackRange.count)
        return (linkbackRange.lowerBound + offset, Self.linkbacks[offset].type)
    }

    /// The source of the seed's pings of `type` (a pingback or a trackback).
    func linkback(_ type: MockCommentType) -> Int {
        linkbackRange.lowerBound + (Self.linkbacks.firstIndex { $0.type == type } ?? 0)
    }
}
