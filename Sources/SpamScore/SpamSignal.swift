/// A piece of evidence about a comment that a moderator can read: the named features of the
/// score, each with the sentence the reasons use. The text's words and character n-grams are
/// features too, but nameless (their reason is "words common in spam here").
public enum SpamSignal: Hashable, Sendable {
    /// A link to `domain`.
    case linksTo(domain: String)
    /// How many links the comment holds (3 means three or more).
    case linkCount(Int)
    /// A link a reader cannot see (``SpamMarkup/hiddenLinks``).
    case hiddenLink
    /// BBCode link markup, which WordPress does not render.
    case bbcodeLink
    /// Written from `address`.
    case fromAddress(String)
    /// Written with e-mail address `email`.
    case fromEmail(String)
    /// The author's URL points to `domain`.
    case authorSite(String)
    /// The text's length in characters, in steps of 40 (8 means 320 or more).
    case length(Int)
    /// The share of capital letters among the text's letters, in tenths.
    case capitals(Int)

    /// The signal's key in the model's feature space (stable across runs: a hash of it
    /// addresses the model's weights).
    var key: String {
        switch self {
        case .linksTo(let domain): "d:" + domain
        case .linkCount(let count): "n:\(count)"
        case .hiddenLink: "h"
        case .bbcodeLink: "b"
        case .fromAddress(let address): "i:" + address
        case .fromEmail(let email): "e:" + email
        case .authorSite(let domain): "u:" + domain
        case .length(let step): "l:\(step)"
        case .capitals(let tenths): "c:\(tenths)"
        }
    }

    /// Whether the site's history of this signal is worth telling ("seen in 41 spam here"):
    /// who wrote it and where it links, not its shape.
    var hasHistory: Bool {
        switch self {
        case .linksTo, .fromAddress, .fromEmail, .authorSite: true
        case .linkCount, .hiddenLink, .bbcodeLink, .length, .capitals: false
        }
    }

    /// The signal in words, for the reasons ("links to pills.example").
    public var description: String {
        switch self {
        case .linksTo(let domain): "links to \(domain)"
        case .linkCount(let count): count == 0 ? "no links" : count >= 3 ? "3 or more links" : count == 1 ? "1 link" : "\(count) links"
        case .hiddenLink: "a link hidden from readers"
        case .bbcodeLink: "BBCode link markup"
        case .fromAddress(let address): "from \(address)"
        case .fromEmail(let email): "from \(email)"
        case .authorSite(let domain): "author's site \(domain)"
        case .length(let step): step >= 8 ? "a long text" : step == 0 ? "a very short text" : "a text of \(step * 40)–\(step * 40 + 39) characters"
        case .capitals(let tenths): tenths >= 5 ? "mostly capital letters" : "\(tenths * 10)% capital letters"
        }
    }
}
