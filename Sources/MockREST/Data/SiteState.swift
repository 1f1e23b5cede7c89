/// The data of one site: its posts and its comments, in id order (which is also date order:
/// ids and dates both grow with creation), plus an id→index map for single-comment routes.
struct SiteState: Sendable {
    let site: MockSite
    /// Seconds to add to `date_gmt` for the site-local `date`.
    let utcOffset: Int64
    let posts: [MockPost]
    /// The site's address in the links it renders (`http://mock.parley/site-1`): the
    /// configured host, not the one this instance was routed under, so two servers with the
    /// same configuration render the same JSON (tests compare it).
    let publicRoot: String
    private(set) var comments: [StoredComment]
    private var indexByID: [Int: Int]

    init(site: MockSite, publicRoot: String, utcOffset: Int64, posts: [MockPost], comments: [StoredComment]) {
        self.site = site
        self.publicRoot = publicRoot
        self.utcOffset = utcOffset
        self.posts = posts
        self.comments = comments
        var index = [Int: Int](minimumCapacity: comments.count)
        for (position, comment) in comments.enumerated() { index[comment.id] = position }
        indexByID = index
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
    }

    /// Applies `change` to the live comment with this id; returns the changed row.
    @discardableResult
    mutating func update(id: Int, _ change: (inout StoredComment) -> Void) -> StoredComment? {
        guard let position = indexByID[id], !comments[position].isDeleted else { return nil }
        change(&comments[position])
        return comments[position]
    }

    /// Deletes for good and moves the comment's replies up to its parent, as WordPress does.
    mutating func delete(id: Int) {
        guard let position = indexByID[id] else { return }
        let parent = comments[position].parent
        comments[position].isDeleted = true
        indexByID[id] = nil
        for index in comments.indices where comments[index].parent == id {
            comments[index].parent = parent
        }
    }
}
