import Foundation

/// Who is asking: a user of the mock, or nobody. A wrong password does not fail by itself but
/// makes the request anonymous, exactly as WordPress does with application passwords. An open
/// mock (no credentials, no accounts) takes every caller for the administrator.
struct Caller: Sendable {
    let user: MockUser?

    init(authorization: String?, users: [MockUser], isLocked: Bool) {
        guard isLocked else {
            user = users.first
            return
        }
        guard let authorization, let presented = Self.basicCredentials(authorization) else {
            user = nil
            return
        }
        let password = MockUser.squeezed(presented.password)
        user = users.first { $0.login == presented.user && $0.password == password }
    }

    var isLoggedIn: Bool { user != nil }

    /// Whether the caller's role has `capability`; anonymous callers have none.
    func can(_ capability: String) -> Bool {
        user?.role.can(capability) ?? false
    }

    /// `moderate_comments`: the edit context, status changes, the protected create fields.
    var canModerate: Bool { can("moderate_comments") }

    /// WordPress's `edit_comment` on the mock's posts, which all belong to user 1: editing
    /// another user's post needs `edit_others_posts` (a moderator may edit any comment anyway).
    var canEditComments: Bool { canModerate || can("edit_others_posts") }

    private static func basicCredentials(_ header: String) -> (user: String, password: String)? {
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic",
              let decoded = Data(base64Encoded: String(parts[1]).trimmingCharacters(in: .whitespaces)),
              let text = String(data: decoded, encoding: .utf8),
              let colon = text.firstIndex(of: ":")
        else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }
}
