/// Notes and pings for tests: what reaches a WordPress site other than through the comment
/// routes (a ping arrives through XML-RPC or `wp-trackback.php`, a note is the block
/// editor's). Each is appended with the next id, like a comment created through the API.
extension MockServer {
    /// Adds a received pingback, stored as WordPress stores one: the linking post's title
    /// as `author_name`, its address as `author_url`, no e-mail, and `[&#8230;] excerpt
    /// [&#8230;]` as content. `post` defaults to the site's first post. Returns it; nil
    /// for an unknown site.
    @discardableResult
    public func addPingback(
        site: String, post: Int? = nil, sourceTitle: String, sourceURL: String, excerpt: String,
        status: MockCommentStatus = .hold
    ) -> MockComment? {
        addPing(.pingback, site: site, post: post, name: sourceTitle, url: sourceURL,
                content: "[&#8230;] \(excerpt) [&#8230;]", status: status)
    }

    /// Adds a received trackback, stored as WordPress stores one: the linking site's name as
    /// `author_name`, the linking post's address as `author_url`, no e-mail, and
    /// `<strong>title</strong>`, a blank line and the excerpt as content. `post` defaults to
    /// the site's first post. Returns it; nil for an unknown site.
    @discardableResult
    public func addTrackback(
        site: String, post: Int? = nil, blogName: String, url: String, title: String, excerpt: String,
        status: MockCommentStatus = .hold
    ) -> MockComment? {
        addPing(.trackback, site: site, post: post, name: blogName, url: url,
                content: "<strong>\(title)</strong>\n\n\(excerpt)", status: status)
    }

    /// Adds an editorial note (WordPress 6.9 and later), written by the administrator as the
    /// block editor writes it: held while open, approved once resolved; a reply in a note
    /// thread is a note whose `parent` is a note. Resolving adds an empty note under the
    /// thread with `noteStatus` `.resolved` (and approves the thread's note). `post`
    /// defaults to the site's first post. Returns it; nil for an unknown site.
    @discardableResult
    public func addNote(
        site: String, post: Int? = nil, parent: Int = 0, content: String, status: MockCommentStatus = .hold,
        noteStatus: MockNoteStatus? = nil
    ) -> MockComment? {
        lock.withLock {
            guard let position = backend.position(of: site) else { return nil }
            let post = post ?? backend.sites[position].posts.first?.id ?? 0
            let note = backend.addTyped(.note, site: position, post: post, parent: parent,
                                        authorIndex: AuthorTable.moderatorIndex, content: content, status: status,
                                        noteStatus: noteStatus)
            return snapshot(note)
        }
    }

    private func addPing(
        _ type: MockCommentType, site: String, post: Int?, name: String, url: String, content: String,
        status: MockCommentStatus
    ) -> MockComment? {
        lock.withLock {
            guard let position = backend.position(of: site) else { return nil }
            let post = post ?? backend.sites[position].posts.first?.id ?? 0
            let source = MockAuthor(userID: 0, name: name, email: "", url: url, ip: "198.51.100.9",
                                    userAgent: "WordPress/7.1; \(url)")
            let ping = backend.addTyped(type, site: position, post: post, parent: 0, authorIndex: backend.authors.add(source),
                                        content: content, status: status, noteStatus: nil)
            return snapshot(ping)
        }
    }
}
