import Foundation

extension MockBackend {
    /// `GET /wp/v2/comments/<id>`
    func get(id: Int, in site: SiteState, _ call: Call) throws(WPError) -> MockResponse {
        let context = try ListQuery.context(call.parameters)
        try checkPermission(call, site: site)
        guard let comment = site.comment(id: id) else { throw .invalidCommentID }
        return .json(status: 200, renderer(site, call).render(comment, context: context))
    }

    /// `POST /wp/v2/comments`: a comment by the logged-in user. Approved at once (the mock's
    /// sites do not hold comments for moderation), unless a moderator sends a `status`, which
    /// WordPress applies after inserting. The answer is in the edit context for a moderator,
    /// the view context for anyone else. On 7.1, `type=note` writes a block-editor note (the
    /// editor's own requests; parley never does): approved unless a `status` says otherwise,
    /// never a duplicate, empty only with a `meta._wp_note_status`.
    mutating func create(site position: Int, _ call: Call) throws(WPError) -> MockResponse {
        let parameters = call.parameters
        let postID = try ListQuery.integer(parameters, "post") ?? 0
        let parent = try ListQuery.integer(parameters, "parent") ?? 0
        let content = try Self.content(parameters) ?? ""
        let status = try ListQuery.text(parameters, "status")
        let type = try ListQuery.text(parameters, "type") ?? ""
        try checkPermission(call, site: sites[position])
        // The permission check lets no anonymous caller through; this only unwraps the user.
        guard let user = call.caller.user else {
            throw WPError(status: 401, code: "rest_comment_login_required", message: "Sorry, you must be logged in to comment.")
        }
        guard type.isEmpty || type == "comment" || (type == "note" && version.hasNotes) else {
            throw WPError(status: 400, code: "rest_invalid_comment_type", message: "Cannot create a comment with that type.")
        }
        let isNote = type == "note"
        let noteStatus = Self.noteStatus(call)
        guard !content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || (isNote && noteStatus.flatMap { $0 } != nil) else {
            throw Self.invalidContent
        }
        if !isNote, isDuplicate(content, post: postID, author: user.authorIndex, in: sites[position]) {
            throw WPError(status: 409, code: "comment_duplicate",
                          message: "Duplicate comment detected; it looks as though you&#8217;ve already said that!")
        }
        let authorIndex = try guestAuthor(call) ?? user.authorIndex
        let site = sites[position]
        var comment = StoredComment(
            id: site.nextCommentID, post: postID, parent: parent, authorIndex: authorIndex,
            dateGMT: max(referenceSeconds, (site.newestDate ?? referenceSeconds) + 60), status: .approved,
            statusBeforeTrash: nil, content: .literal(content)
        )
        if let status { StatusChange(status)?.apply(to: &comment) }
        if isNote { comment.type = .note }
        comment.noteStatus = noteStatus.flatMap { $0 }
        sites[position].append(comment)
        if noteStatus == .some(nil) {
            // WordPress inserts first and refuses the meta after: the note stays, the answer is an error.
            throw WPError(status: 400, code: "rest_not_in_enum", message: "meta._wp_note_status is not one of resolved and reopen.")
        }
        let location = call.request.apiRoot + "/wp/v2/comments/\(comment.id)"
        let context: ResponseContext = call.caller.canModerate ? .edit : .view
        return .json(status: 201, renderer(sites[position], call).render(comment, context: context), headers: ["Location": location])
    }

    /// `meta._wp_note_status` as sent (a JSON body's `meta` object, or the form's
    /// `meta[_wp_note_status]`): nil when absent, `.some(nil)` when not one of its values.
    private static func noteStatus(_ call: Call) -> MockNoteStatus?? {
        let meta = (JSONBody.decode(call.request.body) as? [String: Any])?["meta"] as? [String: Any]
        guard let text = call.parameters.text("meta[_wp_note_status]") ?? meta?["_wp_note_status"] as? String else { return nil }
        return .some(MockNoteStatus(rawValue: text))
    }

    /// A moderator may post in a guest's name, as WordPress lets them: `author_name`,
    /// `author_email`, `author_url` and `author_ip` make a new guest author (user 0).
    private mutating func guestAuthor(_ call: Call) throws(WPError) -> Int? {
        guard call.caller.canModerate else { return nil }
        let fields = try ["author_name", "author_email", "author_url", "author_ip"].map { name throws(WPError) in
            try ListQuery.text(call.parameters, name)
        }
        guard fields.contains(where: { $0 != nil }) else { return nil }
        return authors.add(MockAuthor(
            userID: 0, name: fields[0] ?? "", email: fields[1] ?? "", url: fields[2] ?? "",
            ip: fields[3] ?? "127.0.0.1", userAgent: ""
        ))
    }

    /// Same post, same author, same text, not in the trash. Seeded comments are regenerated
    /// text, never a user's, so only comments written through the API can collide.
    private func isDuplicate(_ content: String, post: Int, author: Int, in site: SiteState) -> Bool {
        site.comments.contains { comment in
            guard !comment.isDeleted, comment.post == post, comment.status != .trash,
                  comment.authorIndex == author, case .literal(let text) = comment.content
            else { return false }
            return text == content
        }
    }

    /// `POST`/`PUT`/`PATCH /wp/v2/comments/<id>`: status, content and/or the author's name,
    /// e-mail and URL (wp-admin's Quick Edit).
    mutating func update(id: Int, site position: Int, _ call: Call) throws(WPError) -> MockResponse {
        let content = try Self.content(call.parameters)
        let status = try ListQuery.text(call.parameters, "status")
        let author = try AuthorChange(call.parameters)
        try checkPermission(call, site: sites[position])
        if let content, content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw Self.invalidContent }
        let newAuthor = author.flatMap { change in
            sites[position].comment(id: id).map { authors.add(change.applied(to: authors.authors[$0.authorIndex])) }
        }
        let updated = sites[position].update(id: id) { comment in
            if let status { StatusChange(status)?.apply(to: &comment) }
            if let content { comment.content = .literal(content) }
            if let newAuthor { comment.authorIndex = newAuthor }
        }
        guard let updated else { throw .invalidCommentID }
        return .json(status: 200, renderer(sites[position], call).render(updated, context: .edit))
    }

    /// `DELETE /wp/v2/comments/<id>`: to the trash, or for good with `force=true`. The
    /// `previous` of a forced delete is the comment's data without `_links`, as in WordPress.
    mutating func delete(id: Int, site position: Int, _ call: Call) throws(WPError) -> MockResponse {
        let force = try Self.boolean(call.parameters, "force")
        try checkPermission(call, site: sites[position])
        guard let comment = sites[position].comment(id: id) else { throw .invalidCommentID }
        if force {
            var previous = renderer(sites[position], call).render(comment, context: .edit)
            previous["_links"] = nil
            sites[position].delete(id: id)
            return .json(status: 200, ["deleted": true, "previous": previous])
        }
        guard comment.status != .trash else {
            throw WPError(status: 410, code: "rest_already_trashed", message: "The comment has already been trashed.")
        }
        let trashed = sites[position].update(id: id) { StatusChange.trash.apply(to: &$0) } ?? comment
        return .json(status: 200, renderer(sites[position], call).render(trashed, context: .edit))
    }

    private static let invalidContent = WPError(status: 400, code: "rest_comment_content_invalid", message: "Invalid comment content.")

    private static func content(_ parameters: RequestParameters) throws(WPError) -> String? {
        try ListQuery.text(parameters, "content")
    }

    /// `rest_sanitize_boolean`: true, 1, "true", "1", "yes"; false otherwise when known.
    private static func boolean(_ parameters: RequestParameters, _ name: String) throws(WPError) -> Bool {
        switch try ListQuery.text(parameters, name)?.lowercased() {
        case nil, "false", "0", "no", "": return false
        case "true", "1", "yes": return true
        default: throw .invalidParam(name, "\(name) is not of type boolean.", .type)
        }
    }
}
