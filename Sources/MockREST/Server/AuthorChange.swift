/// The author fields an update may change — `author_name`, `author_email`, `author_url`,
/// as wp-admin's Quick Edit does — validated as WordPress validates them: an e-mail must
/// look like one (400 `rest_invalid_param`), and an empty one clears it.
struct AuthorChange: Sendable {
    var name: String?
    var email: String?
    var url: String?

    /// The change the parameters ask for; nil when they name none of the fields.
    init?(_ parameters: RequestParameters) throws(WPError) {
        name = try ListQuery.text(parameters, "author_name")
        url = try ListQuery.text(parameters, "author_url")
        // WordPress's `check_comment_author_email`: an empty address clears it; any other
        // must be one.
        if let text = try ListQuery.text(parameters, "author_email") {
            email = text.isEmpty ? "" : try ListQuery.email(parameters, "author_email")
        }
        guard name != nil || email != nil || url != nil else { return nil }
    }

    /// `author` with the changed fields (the user id, IP and browser stay).
    func applied(to author: MockAuthor) -> MockAuthor {
        MockAuthor(userID: author.userID, name: name ?? author.name, email: email ?? author.email, url: url ?? author.url,
                   ip: author.ip, userAgent: author.userAgent)
    }
}
