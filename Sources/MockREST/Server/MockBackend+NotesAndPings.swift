extension MockBackend {
    /// Appends a comment of `type` by the author at `authorIndex` to the site at `position`,
    /// dated as a create is: at the reference date, or a minute after the site's newest
    /// comment when that is later. A trashed or spammed one was held before.
    mutating func addTyped(
        _ type: MockCommentType, site position: Int, post: Int, parent: Int, authorIndex: Int,
        content: String, status: MockCommentStatus, noteStatus: MockNoteStatus?
    ) -> StoredComment {
        let site = sites[position]
        var comment = StoredComment(
            id: site.nextCommentID, post: post, parent: parent, authorIndex: authorIndex,
            dateGMT: max(referenceSeconds, (site.newestDate ?? referenceSeconds) + 60), status: status,
            statusBeforeTrash: status == .trash || status == .spam ? .hold : nil, content: .literal(content)
        )
        comment.type = type
        comment.noteStatus = noteStatus
        sites[position].append(comment)
        return comment
    }
}
