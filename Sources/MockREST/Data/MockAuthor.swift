/// Who wrote a stored comment. Comments refer to authors by index into one shared table,
/// which keeps a stored comment small (a million of them must fit comfortably).
struct MockAuthor: Sendable {
    /// WordPress user id; 0 for a guest.
    let userID: Int
    let name: String
    let email: String
    let url: String
    let ip: String
    let userAgent: String
}
