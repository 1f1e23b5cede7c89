import Foundation

/// WordPress's error body: `{"code": "...", "message": "...", "data": {"status": N}}`.
struct WordPressErrorBody: Decodable, Sendable {
    let code: String?
    let message: String?

    /// The error for a non-2xx answer, with WordPress's code and message when the body has
    /// them. The message may carry HTML and entities (the "critical error" page does), so
    /// it is turned into plain text.
    static func error(status: Int, body: Data) -> CommentsError {
        let decoded = try? JSONDecoder().decode(WordPressErrorBody.self, from: body)
        let message = decoded?.message.map { HTMLText.plainText(fromHTML: $0).replacingOccurrences(of: "\n\n", with: " ") }
        return .http(status: status, code: decoded?.code, message: message)
    }
}
