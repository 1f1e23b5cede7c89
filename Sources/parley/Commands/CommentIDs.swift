/// The comment ids a write command works on: from its arguments, and from stdin for `-`
/// (any blanks or line breaks between them, as `--format ids` prints them).
enum CommentIDs {
    static func read(_ arguments: [String], io: CommandIO) throws -> [Int] {
        guard !arguments.isEmpty else { throw CommandFailure.usage("Give at least one comment id (or - to read them from stdin).") }
        var words: [String] = []
        for argument in arguments {
            if argument == "-" {
                words += io.input().split(whereSeparator: { $0.isWhitespace }).map(String.init)
            } else {
                words.append(argument)
            }
        }
        var ids: [Int] = []
        for word in words {
            guard let id = Int(word), id > 0 else {
                throw CommandFailure.usage("“\(TextCleaning.oneLine(String(word.prefix(40))))” is not a comment id.")
            }
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }
}
