import CommentsKit

/// Which of an author's addresses `@` and `I` tag by.
package enum AddressFacet: String, Equatable, Sendable, Codable {
    /// The e-mail address (compared without regard to case, as WordPress's search does).
    case email
    /// The IP address.
    case ip

    /// Its name in a sentence: "e-mail address", "IP".
    var name: String { self == .email ? "e-mail address" : "IP" }

    /// The address of `facts` this facet names (empty when the comment form sent none).
    func value(of facts: AuthorFacts) -> String {
        self == .email ? facts.email : facts.ip
    }

    /// Whether two addresses are the same one.
    func matches(_ lhs: String, _ rhs: String) -> Bool {
        self == .email ? lhs.lowercased() == rhs.lowercased() : lhs == rhs
    }
}
