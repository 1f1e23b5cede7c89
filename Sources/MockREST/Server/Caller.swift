import Foundation

/// Who is asking. The mock knows one account, the moderator; a wrong password does not fail
/// by itself but makes the request anonymous, exactly as WordPress does with application
/// passwords.
struct Caller: Sendable {
    let isModerator: Bool

    init(authorization: String?, credentials: MockCredentials?) {
        guard let credentials else {
            isModerator = true
            return
        }
        guard let authorization, let presented = Self.basicCredentials(authorization) else {
            isModerator = false
            return
        }
        isModerator = presented.user == credentials.user
            && Self.squeezed(presented.password) == Self.squeezed(credentials.applicationPassword)
    }

    /// Application passwords are shown in groups of four; the spaces are optional.
    private static func squeezed(_ password: String) -> String {
        password.replacingOccurrences(of: " ", with: "")
    }

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
