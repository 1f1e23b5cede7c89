import GRDB

/// The replica's tables, as GRDB migrations: each one runs once per file, in order, and
/// the names of those applied (table `grdb_migrations`) are the schema version.
///
/// A migration, once released, is never edited: a change to the schema is a new one.
enum ReplicaSchema {
    /// Every migration, oldest first.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: comments, posts, search index, outbox", migrate: createVersion1)
        migrator.registerMigration("v2: the author's user agent", migrate: addUserAgent)
        return migrator
    }

    /// The edit context's third fact beside e-mail and IP (which v1 has columns for): kept so
    /// that a start from the replica, or `--offline`, shows what the detail pane showed.
    /// NULL: not known.
    private static func addUserAgent(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE comment ADD COLUMN author_user_agent TEXT")
    }

    private static func createVersion1(_ db: Database) throws {
        // Which site the file holds, checked on open: a file copied or renamed by hand
        // must not show one site's comments as another's.
        try db.execute(sql: """
            CREATE TABLE replica (
                singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                site TEXT NOT NULL
            )
            """)
        // Every field of CommentsKit's Comment, plus what search reads without parsing
        // HTML again (content_text) and what the REST answers do not carry yet
        // (author_email, author_ip: empty until the edit context brings them).
        try db.execute(sql: """
            CREATE TABLE comment (
                id INTEGER PRIMARY KEY,
                post INTEGER NOT NULL,
                parent INTEGER NOT NULL,
                author INTEGER NOT NULL,
                author_name TEXT NOT NULL,
                author_email TEXT NOT NULL DEFAULT '',
                author_url TEXT NOT NULL,
                author_ip TEXT NOT NULL DEFAULT '',
                date REAL NOT NULL,
                content_html TEXT NOT NULL,
                content_raw TEXT,
                content_text TEXT NOT NULL,
                link TEXT NOT NULL,
                status TEXT NOT NULL,
                type TEXT NOT NULL
            )
            """)
        // List order (newest first) and deletion windows both walk dates.
        try db.execute(sql: "CREATE INDEX comment_by_date ON comment(date, id)")
        try db.execute(sql: "CREATE TABLE post (id INTEGER PRIMARY KEY, title TEXT NOT NULL, link TEXT NOT NULL)")
        // Folded copies of the searchable fields (SearchFolding), rowid = comment id. The
        // trigram tokenizer makes any substring of 3 or more characters an index lookup;
        // case_sensitive 1 because the text is folded already (folding again would only
        // cost time), and the folding is done in Swift so that it matches CommentSearch.
        try db.execute(sql: """
            CREATE VIRTUAL TABLE comment_search USING fts5(
                content_text, author_name, author_email, author_url, author_ip,
                tokenize = 'trigram case_sensitive 1'
            )
            """)
        // No merging of index segments inside a page's transaction: with FTS5's default
        // (automerge 4) merging was most of a page's cost (a trial on 20,000 rows: 29 ms a
        // page of 100 with it, 1.3 ms without). Segments are merged by
        // Replica.mergeSearchIndex when the caller is idle; should it never be, FTS5's
        // crisis merge (16 segments on a level) still bounds how many a search must read.
        try db.execute(sql: "INSERT INTO comment_search (comment_search, rank) VALUES ('automerge', 0)")
        // AUTOINCREMENT: an id is never given twice, so an entry dropped or sent cannot
        // be confused with a later one that took its number.
        try db.execute(sql: """
            CREATE TABLE outbox (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                site TEXT NOT NULL,
                kind TEXT NOT NULL,
                comment_id INTEGER NOT NULL,
                payload BLOB NOT NULL,
                created REAL NOT NULL,
                state TEXT NOT NULL
            )
            """)
    }
}
