/// The score before a site has history enough to learn from (``SpamModel/minimumHistory``):
/// a few rules any moderator applies, about links and markup, and the history of who wrote
/// it and where it links when there is some.
public enum SpamRules {
    /// The rules' score of a comment.
    public static func score(_ features: SpamFeatures, history: (SpamSignal) -> SpamHistory) -> SpamScore {
        var value = 20
        var reasons: [SpamReason] = []
        func add(_ points: Int, _ text: String) {
            value += points
            reasons.append(SpamReason(text, weight: Float(points) / 25))
        }
        for signal in features.signals {
            switch signal {
            case .linkCount(let count) where count > 0:
                add(count >= 3 ? 45 : count == 2 ? 30 : 15, signal.description)
            case .hiddenLink: add(40, signal.description)
            case .bbcodeLink: add(40, signal.description)
            case .capitals(let tenths) where tenths >= 7: add(10, signal.description)
            case .linksTo, .fromAddress, .fromEmail, .authorSite:
                let known = history(signal)
                if known.total > 0, known.approved == 0 { add(min(40, 20 * Int(known.spam)), sentence(for: signal, history: known)) }
                if known.total > 0, known.spam == 0 { add(-min(30, 10 * Int(known.approved)), sentence(for: signal, history: known)) }
            default: break
            }
        }
        let leaning = value >= 50
        let toward = reasons.filter { leaning ? $0.weight > 0 : $0.weight < 0 }.sorted { abs($0.weight) > abs($1.weight) }
        return SpamScore(value: value, isLearning: true, reasons: Array(toward.prefix(5)))
    }

    /// A signal in words, with what the site's history says of it when it says something.
    static func sentence(for signal: SpamSignal, history: SpamHistory) -> String {
        guard signal.hasHistory, history.total > 0 else { return signal.description }
        switch signal {
        case .fromAddress, .fromEmail:
            let earlier = history.total == 1 ? "1 earlier comment" : "\(history.total) earlier comments"
            let label = history.approved == 0 ? (history.total == 1 ? "spam" : "all spam")
                : history.spam == 0 ? (history.total == 1 ? "approved" : "all approved")
                : "\(history.spam) spam, \(history.approved) approved"
            return "\(earlier) \(signal.description), \(label)"
        default:
            let parts = [history.spam > 0 ? "\(history.spam) spam" : nil, history.approved > 0 ? "\(history.approved) approved" : nil]
            return "\(signal.description) — seen in " + parts.compactMap { $0 }.joined(separator: " and ") + " here"
        }
    }
}
