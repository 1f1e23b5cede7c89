/// A user the mock knows: user 1 is the administrator of ``MockConfiguration/credentials``,
/// then one per ``MockAccount``.
struct MockUser: Sendable {
    let id: Int
    let login: String
    /// The application password without its optional spaces; nil for an administrator that
    /// cannot log in (a mock locked by accounts only).
    let password: String?
    let role: MockRole
    /// Where the user's comments take their author fields (``AuthorTable``).
    let authorIndex: Int
    var email: String { "\(login.lowercased())@mock.parley" }

    /// Application passwords are shown in groups of four; the spaces are optional.
    static func squeezed(_ password: String) -> String {
        password.replacingOccurrences(of: " ", with: "")
    }

    /// The users of a configuration, user 1 first.
    static func users(_ configuration: MockConfiguration, authors: AuthorTable) -> [MockUser] {
        let administrator = MockUser(
            id: 1, login: configuration.credentials?.user ?? "admin",
            password: configuration.credentials.map { squeezed($0.applicationPassword) },
            role: .administrator, authorIndex: AuthorTable.moderatorIndex
        )
        return [administrator] + configuration.accounts.enumerated().map { offset, account in
            MockUser(id: 2 + offset, login: account.user, password: squeezed(account.applicationPassword),
                     role: account.role, authorIndex: authors.accountIndex(offset))
        }
    }
}
