import CommentsKit

/// What every write of the command line does first: the block editor's notes are comments
/// to WordPress (type `note`, since 6.9) but not to parley, which never acts on one — a
/// note resolved by `approve` loses its resolution marker, a trashed one its replies.
enum NoteGuard {
    /// The sentence an id of a note is refused with.
    static func refusal(_ id: Int) -> String {
        "#\(id) is an editorial note, not a comment: parley leaves notes to the block editor."
    }

    /// Which of `ids` are notes on `site`, each said on stderr as an error. When the site
    /// cannot tell, nothing may be written: the command fails.
    static func notes(among ids: [Int], site: CommandSite, io: CommandIO) async throws -> Set<Int> {
        let notes: Set<Int>
        do {
            notes = try await site.client.notes(among: ids)
        } catch {
            throw CommandFailure.failed("Could not check the comments on the site before writing: \(WriteBatch.sentence(error))")
        }
        for id in ids where notes.contains(id) { io.error("Error: \(refusal(id))") }
        return notes
    }
}
