/// The author fields an update may change — `author_name`, `author_email`, `author_url`,
/// as wp-admin's Quick Edit does — validated as WordPress validates them: the e-mail must
/// look like one (an empty one too: 400 `rest_invalid_param`, "Invalid email address.").
struct AuthorChange: Sendable {
    var name: String?
    var email: String?
    var url: String?

    /// The change the parameters ask for; nil when they name none of the fields.
    init?(_ parameters: RequestParameters) throws(WPError) {
        name = try ListQuery.text(parameters, "author_name")
        url = try ListQuery.text(parameters, "author_url")
        if parameters.has("author_email") {
            guard let email = try ListQuery.email(parameters, "author_email") else {
                throw .invalidParam("author_email", "Invalid email address.", .email)
            }
            self.email = email
        }
        guard name != nil || email != nil || url != nil else { return nil }
    }

    /// `author` with the changed fields (the user id, IP, browser and type stay).
    func applied(to author: MockAuthor) -> MockAuthor {
        MockAuthor(userID: author.userID, name: name ?? author.name, email: email ?? author.email, url: url ?? author.url,
                   ip: author.ip, userAgent: author.userAgent, commentType: author.commentType)
    }
}
