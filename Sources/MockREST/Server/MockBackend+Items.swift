import Foundation

extension MockBackend {
    /// `GET /wp/v2/comments/<id>`
    func get(id: Int, in site: SiteState, _ parameters: RequestParameters, caller: Caller) throws(WPError) -> MockResponse {
        guard let comment = site.comment(id: id) else { throw .invalidCommentID }
        let context = try ListQuery.context(parameters)
        if context == .edit, !caller.isModerator {
            throw .forbidden("rest_forbidden_context", "Sorry, you are not allowed to edit comments.", loggedIn: false)
        }
        if comment.status != .approved, !caller.isModerator {
            throw .forbidden("rest_cannot_read", "Sorry, you are not allowed to read this comment.", loggedIn: false)
        }
        return .json(status: 200, renderer(site).render(comment, context: context))
    }

    /// `POST /wp/v2/comments`: a reply by the logged-in moderator, approved at once.
    mutating func create(site position: Int, _ parameters: RequestParameters, caller: Caller) throws(WPError) -> MockResponse {
        guard caller.isModerator else {
            throw .forbidden("rest_comment_login_required", "Sorry, you must be logged in to comment.", loggedIn: false)
        }
        let postID = try ListQuery.integer(parameters, "post") ?? 0
        guard postID > 0, sites[position].post(id: postID) != nil else {
            throw WPError(status: 403, code: "rest_comment_invalid_post_id",
                          message: "Sorry, you are not allowed to create this comment without a post.")
        }
        let content = try Self.content(parameters) ?? ""
        guard !content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw Self.invalidContent }
        let parent = try ListQuery.integer(parameters, "parent") ?? 0
        if isDuplicate(content, post: postID, in: sites[position]) {
            throw WPError(status: 409, code: "comment_duplicate",
                          message: "Duplicate comment detected; it looks as though you&#8217;ve already said that!")
        }
        let site = sites[position]
        let comment = StoredComment(
            id: site.nextCommentID, post: postID, parent: parent, authorIndex: AuthorTable.moderatorIndex,
            dateGMT: max(referenceSeconds, (site.newestDate ?? referenceSeconds) + 60), status: .approved,
            statusBeforeTrash: nil, content: .literal(content)
        )
        sites[position].append(comment)
        let location = site.site.restBase.absoluteString + "/wp/v2/comments/\(comment.id)"
        return .json(status: 201, renderer(sites[position]).render(comment, context: .edit), headers: ["Location": location])
    }

    /// Same post, same author, same text, not in the trash. Seeded comments are regenerated
    /// text, never the moderator's, so only comments written through the API can collide.
    private func isDuplicate(_ content: String, post: Int, in site: SiteState) -> Bool {
        site.comments.contains { comment in
            guard !comment.isDeleted, comment.post == post, comment.status != .trash,
                  comment.authorIndex == AuthorTable.moderatorIndex, case .literal(let text) = comment.content
            else { return false }
            return text == content
        }
    }

    /// `POST`/`PUT`/`PATCH /wp/v2/comments/<id>`: status and/or content.
    mutating func update(id: Int, site position: Int, _ parameters: RequestParameters, caller: Caller) throws(WPError) -> MockResponse {
        guard sites[position].comment(id: id) != nil else { throw .invalidCommentID }
        guard caller.isModerator else {
            throw .forbidden("rest_cannot_edit", "Sorry, you are not allowed to edit this comment.", loggedIn: false)
        }
        let content = try Self.content(parameters)
        if let content, content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw Self.invalidContent }
        let status = try ListQuery.text(parameters, "status")
        let updated = sites[position].update(id: id) { comment in
            if let status { StatusChange(status)?.apply(to: &comment) }
            if let content { comment.content = .literal(content) }
        }
        guard let updated else { throw .invalidCommentID }
        return .json(status: 200, renderer(sites[position]).render(updated, context: .edit))
    }

    /// `DELETE /wp/v2/comments/<id>`: to the trash, or for good with `force=true`.
    mutating func delete(id: Int, site position: Int, _ parameters: RequestParameters, caller: Caller) throws(WPError) -> MockResponse {
        guard let comment = sites[position].comment(id: id) else { throw .invalidCommentID }
        guard caller.isModerator else {
            throw .forbidden("rest_cannot_delete", "Sorry, you are not allowed to delete this comment.", loggedIn: false)
        }
        if try Self.boolean(parameters, "force") {
            let previous = renderer(sites[position]).render(comment, context: .edit)
            sites[position].delete(id: id)
            return .json(status: 200, ["deleted": true, "previous": previous])
        }
        guard comment.status != .trash else {
            throw WPError(status: 410, code: "rest_already_trashed", message: "The comment has already been trashed.")
        }
        let trashed = sites[position].update(id: id) { StatusChange.trash.apply(to: &$0) } ?? comment
        return .json(status: 200, renderer(sites[position]).render(trashed, context: .edit))
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
        default: throw .invalidParam(name, "\(name) is not of type boolean.")
        }
    }
}
