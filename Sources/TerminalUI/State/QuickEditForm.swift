import CommentsKit

/// wp-admin's Quick Edit in the editor: for a user who may edit anyone's comment, the
/// editor opens on the author's fields, one per line above a blank line, then the text:
///
///     Name: Maggie Holloway
///     E-mail: maggie@example.com
///     URL: https://maggie.example
///
///     The comment's text…
///
/// Saving sends the text and the fields that changed. Lines that are not fields end the
/// form: deleting the fields leaves the author as they are.
enum QuickEditForm {
    /// The field names, as the form writes them.
    static let name = "Name:", email = "E-mail:", url = "URL:"

    /// Whether `user` edits through the form (may edit other people's comments).
    static func applies(to user: WordPressUser?) -> Bool {
        user?.canEditOthersComments ?? false
    }

    /// The form for `entry` with `source` as its text, and `changed`'s fields in place of
    /// the comment's (an edit that did not get through, offered again as it was written).
    /// The e-mail line only when the edit context brought the address (it cannot be shown,
    /// so it is not offered), or when the user wrote one.
    static func text(for entry: CommentEntry, source: String, changed: AuthorEdit = AuthorEdit()) -> String {
        var lines = [name + " " + TextSanitizer.singleLine(changed.name ?? entry.authorName)]
        if let address = changed.email ?? entry.facts?.email { lines.append(email + " " + TextSanitizer.singleLine(address)) }
        lines.append(url + " " + TextSanitizer.singleLine(changed.url ?? entry.authorURL))
        return lines.joined(separator: "\n") + "\n\n" + source
    }

    /// What the editor offers again for `unsent`, an edit that did not get through: the
    /// form with the fields as the user wrote them for a user who edits through it, the
    /// text alone otherwise (or when the comment is no longer here to fill the form).
    static func text(of unsent: UnsentEdit, in comments: CommentsState) -> String {
        guard applies(to: comments.currentUsers[unsent.site]) || !unsent.author.isEmpty,
              let entry = comments.comments[unsent.site]?[unsent.id] else { return unsent.text }
        return text(for: entry, source: unsent.text, changed: unsent.author)
    }

    /// The comment's text in `form`, and the author fields that differ from `entry`'s.
    static func parse(_ form: String, against entry: CommentEntry?) -> (text: String, author: AuthorEdit) {
        var lines = form.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var author = AuthorEdit()
        var sawField = false
        while let line = lines.first, let (field, value) = field(line) {
            lines.removeFirst()
            sawField = true
            switch field {
            case name where value != entry.map({ TextSanitizer.singleLine($0.authorName) }): author.name = value
            case email where value != entry?.facts.map({ TextSanitizer.singleLine($0.email) }): author.email = value
            case url where value != entry.map({ TextSanitizer.singleLine($0.authorURL) }): author.url = value
            default: break
            }
        }
        if sawField, lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeFirst() }
        return (lines.joined(separator: "\n"), author)
    }

    /// `("Name:", "Maggie")` for a field line; nil for any other line.
    private static func field(_ line: String) -> (String, String)? {
        for field in [name, email, url] where line.lowercased().hasPrefix(field.lowercased()) {
            return (field, line.dropFirst(field.count).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}
