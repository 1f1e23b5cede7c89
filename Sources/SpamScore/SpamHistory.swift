/// How many comments the site's history holds with one signal (an address, an e-mail, a
/// linked domain), by label: what turns a signal into a reason ("3 earlier comments from
/// 203.0.113.9, all spam").
public struct SpamHistory: Sendable, Equatable {
    /// Comments marked spam.
    public var spam: Int32 = 0
    /// Comments approved.
    public var approved: Int32 = 0

    public init(spam: Int32 = 0, approved: Int32 = 0) {
        self.spam = spam
        self.approved = approved
    }

    /// Both.
    public var total: Int { Int(spam) + Int(approved) }
}
