import GRDB
import CommentsKit

extension Replica {
    /// Stores post titles (replacing those already known), in one transaction.
    package func save(posts: [WordPressPost]) async throws(ReplicaError) {
        guard !posts.isEmpty else { return }
        try await writing { db in
            let statement = try db.cachedStatement(sql: """
                INSERT INTO post (id, title, link) VALUES (?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET title = excluded.title, link = excluded.link
                """)
            for post in posts { try statement.execute(arguments: [post.id, post.title, post.link]) }
        }
    }

    /// Every post title known, by post id.
    package func posts() async throws(ReplicaError) -> [Int: WordPressPost] {
        try await reading { db in
            var posts: [Int: WordPressPost] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT id, title, link FROM post")
            while let row = try rows.next() {
                let post = WordPressPost(id: try row.decode(atIndex: 0), title: try row.decode(atIndex: 1), link: try row.decode(atIndex: 2))
                posts[post.id] = post
            }
            return posts
        }
    }
}
