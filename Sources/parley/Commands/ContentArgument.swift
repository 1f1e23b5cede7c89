/// `--content TEXT`, or `-` for stdin (its last line break dropped).
enum ContentArgument {
    static func read(_ value: String, io: CommandIO) throws -> String {
        var text = value == "-" ? io.input() : value
        if value == "-", text.hasSuffix("\n") { text.removeLast() }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw CommandFailure.usage("The content is empty.")
        }
        return text
    }
}
