import Foundation
import Synchronization

/// The comments of one site, one column per field, by slot (the order in which each id
/// was first stored).
///
/// A `CommentEntry` with its strings costs about 1.5 KB; a million of them would not fit
/// the memory a terminal program should take. Here a comment costs about 50 bytes of
/// columns plus its text (see ``TextStore``): author, link prefix and type are interned,
/// and the rare fields (a local mark, the edit source, a link of unusual shape) live in
/// small side tables.
struct CommentTable: Sendable {
    /// Bits of ``flags``.
    private static let isLive: UInt8 = 1, isBeingDeleted: UInt8 = 2
    /// The source (`content.raw`) is the text itself: not kept twice. In the edit context
    /// every comment has a source, and a plain one is its text.
    private static let sourceIsText: UInt8 = 4

    private(set) var ids = NarrowColumn<Int>()
    private(set) var parents = NarrowColumn<Int>()
    /// Seconds since 2001-01-01 UTC (`timeIntervalSinceReferenceDate`).
    private(set) var dates = NarrowColumn<Double>()
    /// Index into ``postTable``.
    private var posts = ChunkedColumn<Int32>()
    private var authors = ChunkedColumn<Int32>()
    private var statuses = ChunkedColumn<UInt8>()
    private var types = ChunkedColumn<UInt8>()
    private var flags = ChunkedColumn<UInt8>()
    /// Index into ``linkPrefixes`` (the link is the prefix + "#comment-<id>"), or -1 with
    /// the whole link in ``oddLinks``.
    private var links = ChunkedColumn<Int32>()
    private var texts = ChunkedColumn<TextLocation>()
    private var textStore: TextStore
    private var index = SlotIndex()

    private var authorTable = Interner<AuthorKey>()
    private var typeTable = Interner<String>()
    private var postTable = Interner<Int>()
    private var linkPrefixes = Interner<String>()
    /// Index into ``factsTable``, or -1 before the edit context brought any. Interned: an
    /// author writing from one address and browser repeats them comment after comment.
    private var facts = ChunkedColumn<Int32>()
    private var factsTable = Interner<AuthorFacts>()
    /// By slot: the fields few comments have.
    private var marks: [Int: LocalMark] = [:]
    private var raws: [Int: String] = [:]
    private var oddLinks: [Int: String] = [:]
    private var oddTypes: [Int: String] = [:]

    /// How many comments it holds.
    var count: Int { index.count }
    /// How many slots there are, freed ones included (a slot is freed when its comment is
    /// removed, and never reused).
    var slotCount: Int { ids.count }

    init(textCompressionThreshold: Int = TextStore.compressionThreshold) {
        textStore = TextStore(compressionThreshold: textCompressionThreshold)
    }

    /// The slot of comment `id`, if stored.
    func slot(of id: Int) -> Int? { index.slot(of: id, ids: ids) }
    /// The slots with a local mark (``LocalMark``): few, and what the search through a
    /// cache tests in memory (their text may not be what the cache holds).
    var markedSlots: Dictionary<Int, LocalMark>.Keys { marks.keys }

    /// Whether `slot` holds a comment (it was not removed).
    func isLive(_ slot: Int) -> Bool { flags[slot] & Self.isLive != 0 }

    // MARK: Reading

    /// The comment in `slot`, as an entry.
    func entry(at slot: Int) -> CommentEntry {
        let author = authorTable.value(at: authors[slot])
        let id = ids[slot]
        let text = textStore.text(at: texts[slot])
        return CommentEntry(
            id: id, post: post(at: slot), parent: parents[slot], author: author.id, authorName: author.name,
            authorURL: author.url, date: Date(timeIntervalSinceReferenceDate: dates[slot]), link: link(at: slot, id: id),
            status: status(at: slot), type: type(at: slot),
            contentRaw: source(at: slot, text: text), text: text, mark: marks[slot],
            isBeingDeleted: flags[slot] & Self.isBeingDeleted != 0,
            facts: facts[slot] < 0 ? nil : factsTable.value(at: facts[slot])
        )
    }

    private func source(at slot: Int, text: String) -> String? {
        flags[slot] & Self.sourceIsText != 0 ? text : raws[slot]
    }

    /// The e-mail, IP and user agent of `slot`'s author, if the edit context brought them.
    func facts(at slot: Int) -> AuthorFacts? {
        facts[slot] < 0 ? nil : factsTable.value(at: facts[slot])
    }

    func status(at slot: Int) -> CommentStatus {
        CommentStatus.allCases[Int(statuses[slot])]
    }

    /// The status of `slot` as an index into `CommentStatus.allCases`.
    func statusIndex(at slot: Int) -> UInt8 { statuses[slot] }
    func post(at slot: Int) -> Int { postTable.value(at: posts[slot]) }
    func authorName(at slot: Int) -> String { authorTable.value(at: authors[slot]).name }
    /// The interned author of `slot` (same number, same id, name and site).
    func authorKey(at slot: Int) -> Int32 { authors[slot] }
    /// How many distinct authors were interned; ``authorKey(at:)`` is below it.
    var authorKeyCount: Int { authorTable.count }
    func authorName(ofKey key: Int32) -> String { authorTable.value(at: key).name }
    func type(at slot: Int) -> String { oddTypes[slot] ?? typeTable.value(at: Int32(types[slot])) }
    func isBeingDeleted(_ slot: Int) -> Bool { flags[slot] & Self.isBeingDeleted != 0 }
    func textLocation(at slot: Int) -> TextLocation { texts[slot] }
    /// A reader for scanning texts (see ``TextStore/Reader``).
    func textReader() -> TextStore.Reader { TextStore.Reader(textStore) }
    /// Bytes of text held in memory, and what they would take uncompressed.
    var textBytes: (stored: Int, raw: Int) { (textStore.storedCount, textStore.rawCount) }

    // MARK: For the search (SiteComments+Search)

    /// The web site of the interned author `key`.
    func authorURL(ofKey key: Int32) -> String { authorTable.value(at: key).url }
    /// The interned facts of `slot` (e-mail, IP, user agent), or -1 when unknown.
    func factsKey(at slot: Int) -> Int32 { facts[slot] }
    /// How many distinct facts were interned; ``factsKey(at:)`` is below it.
    var factsKeyCount: Int { factsTable.count }
    /// The interned facts `key`.
    func facts(ofKey key: Int32) -> AuthorFacts { factsTable.value(at: key) }
    /// Made once per table, shared by its copies: what a cache built from one table
    /// (``FoldedTexts``) checks before trusting its slots.
    let lineage = CommentTable.lineages.add(1, ordering: .relaxed).newValue
    private static let lineages = Atomic<Int>(0)

    private func link(at slot: Int, id: Int) -> String {
        let prefix = links[slot]
        if prefix < 0 { return oddLinks[slot] ?? "" }
        return linkPrefixes.value(at: prefix) + "#comment-\(id)"
    }

    // MARK: Writing

    /// Stores a new comment; returns its slot. `entry.id` must not be stored yet.
    @discardableResult
    mutating func append(_ entry: CommentEntry) -> Int {
        let slot = ids.count
        ids.append(entry.id)
        parents.append(entry.parent)
        dates.append(entry.date.timeIntervalSinceReferenceDate)
        posts.append(postTable.index(of: entry.post))
        authors.append(0)
        statuses.append(0)
        types.append(0)
        flags.append(Self.isLive)
        links.append(-1)
        facts.append(-1)
        texts.append(textStore.append(entry.text))
        index.insert(slot: Int32(slot), ids: ids)
        write(entry, at: slot)
        return slot
    }

    /// Replaces the comment in `slot` with `entry` (same id); its text is stored again only
    /// if it changed. `storedText`, when the caller has already read the slot's text, saves
    /// reading (perhaps decompressing) it again.
    mutating func replace(at slot: Int, with entry: CommentEntry, storedText: String? = nil) {
        if (storedText ?? textStore.text(at: texts[slot])) != entry.text { texts[slot] = textStore.append(entry.text) }
        parents[slot] = entry.parent
        dates[slot] = entry.date.timeIntervalSinceReferenceDate
        posts[slot] = postTable.index(of: entry.post)
        write(entry, at: slot)
    }

    private mutating func write(_ entry: CommentEntry, at slot: Int) {
        authors[slot] = authorTable.index(of: AuthorKey(id: entry.author, name: entry.authorName, url: entry.authorURL))
        statuses[slot] = RowFacts.statusIndex(entry.status)
        let type = typeTable.index(of: entry.type)
        if type < 255 {
            types[slot] = UInt8(type)
            oddTypes[slot] = nil
        } else {
            oddTypes[slot] = entry.type
        }
        let sourceIsText = entry.contentRaw != nil && entry.contentRaw == entry.text
        flags[slot] = Self.isLive | (entry.isBeingDeleted ? Self.isBeingDeleted : 0) | (sourceIsText ? Self.sourceIsText : 0)
        storeLink(entry.link, id: entry.id, at: slot)
        marks[slot] = entry.mark
        raws[slot] = sourceIsText ? nil : entry.contentRaw
        facts[slot] = entry.facts.map { factsTable.index(of: $0) } ?? -1
    }

    private mutating func storeLink(_ link: String, id: Int, at slot: Int) {
        let suffix = "#comment-\(id)"
        if link.hasSuffix(suffix) {
            links[slot] = linkPrefixes.index(of: String(link.dropLast(suffix.count)))
            oddLinks[slot] = nil
        } else {
            links[slot] = -1
            oddLinks[slot] = link.isEmpty ? nil : link
        }
    }

    /// Changes only the parent of `slot`.
    mutating func setParent(_ parent: Int, at slot: Int) {
        parents[slot] = parent
    }

    /// Removes the comment in `slot`; the slot stays empty.
    mutating func remove(at slot: Int) {
        index.remove(id: ids[slot], ids: ids)
        flags[slot] = 0
        marks[slot] = nil
        raws[slot] = nil
        oddLinks[slot] = nil
        oddTypes[slot] = nil
    }
}

/// Who wrote a comment, as one interned value.
struct AuthorKey: Hashable, Sendable {
    var id: Int
    var name: String
    var url: String
}

/// Values stored once, referred to by number.
struct Interner<Value: Hashable & Sendable>: Sendable {
    private var values: [Value] = []
    private var numbers: [Value: Int32] = [:]

    var count: Int { values.count }

    func value(at number: Int32) -> Value { values[Int(number)] }

    mutating func index(of value: Value) -> Int32 {
        if let number = numbers[value] { return number }
        let number = Int32(values.count)
        values.append(value)
        numbers[value] = number
        return number
    }
}
