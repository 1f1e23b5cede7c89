/// The data of one site: its posts and its comments, in id order (which is also date order:
/// ids and dates both grow with creation), plus an id→index map for single-comment routes.
struct SiteState: Sendable {
    let site: MockSite
    /// Seconds to add to `date_gmt` for the site-local `date`.
    let utcOffset: Int64
    let posts: [MockPost]
    /// The site's address in each comment's `link` (`http://mock.parley/site-1`): the
    /// configured host, not the one this instance was routed under, so two servers with the
    /// same configuration render the same comment pages (tests compare them). The REST links
    /// (`_links`, `Link`, `Location`) follow the request's own address instead.
    let publicRoot: String
    private(set) var comments: [StoredComment]
    private var indexByID: [Int: Int]
    /// Per parent id, how many of its live children are approved or held: what WordPress's
    /// `get_children` counts for a comment's `children` link. Absent means none.
    private var visibleChildren: [Int: Int] = [:]

    init(site: MockSite, publicRoot: String, utcOffset: Int64, posts: [MockPost], comments: [StoredComment]) {
        self.site = site
        self.publicRoot = publicRoot
        self.utcOffset = utcOffset
        self.posts = posts
        self.comments = comments
        var index = [Int: Int](minimumCapacity: comments.count)
        for (position, comment) in comments.enumerated() { index[comment.id] = position }
        indexByID = index
        for comment in comments where !comment.isDeleted { count(comment, by: 1) }
    }

    /// The live (not deleted) comment with this id.
    func comment(id: Int) -> StoredComment? {
        guard let position = indexByID[id], !comments[position].isDeleted else { return nil }
        return comments[position]
    }

    func post(id: Int) -> MockPost? {
        posts.first { $0.id == id }
    }

    var nextCommentID: Int {
        (comments.last?.id ?? 0) + 1
    }

    var newestDate: Int64? {
        comments.last?.dateGMT
    }

    mutating func append(_ comment: StoredComment) {
        indexByID[comment.id] = comments.count
        comments.append(comment)
        count(comment, by: 1)
    }

    /// Whether the comment has a child WordPress would link to (approved or held).
    func hasVisibleChildren(_ id: Int) -> Bool {
        visibleChildren[id, default: 0] > 0
    }

    private mutating func count(_ comment: StoredComment, by delta: Int) {
        guard comment.parent != 0, comment.status == .approved || comment.status == .hold else { return }
        visibleChildren[comment.parent, default: 0] += delta
        if visibleChildren[comment.parent] == 0 { visibleChildren[comment.parent] = nil }
    }

    /// Applies `change` to the live comment with this id; returns the changed row.
    @discardableResult
    mutating func update(id: Int, _ change: (inout StoredComment) -> Void) -> StoredComment? {
        guard let position = indexByID[id], !comments[position].isDeleted else { return nil }
        count(comments[position], by: -1)
        change(&comments[position])
        count(comments[position], by: 1)
        return comments[position]
    }

    /// Deletes for good and moves the comment's replies up to its parent, as WordPress does.
    mutating func delete(id: Int) {
        guard let position = indexByID[id] else { return }
        let parent = comments[position].parent
        count(comments[position], by: -1)
        comments[position].isDeleted = true
        indexByID[id] = nil
        for index in comments.indices where comments[index].parent == id {
            count(comments[index], by: -1)
            comments[index].parent = parent
            count(comments[index], by: 1)
        }
    }
}
