import CommentsKit

/// What a draft is for: a reply under a comment, or a new text for one's own comment.
package enum DraftKey: Hashable, Sendable, Codable {
    /// A reply to `parent`.
    case reply(parent: Int)
    /// An edit of comment `id`.
    case edit(id: Int)

    /// The part of the file name after the site.
    var fileSuffix: String {
        switch self {
        case .reply(let parent): "\(parent)"
        case .edit(let id): "edit-\(id)"
        }
    }

    /// The key a file name's suffix stands for (`7`, `edit-7`); nil for any other name.
    init?(fileSuffix: Substring) {
        if fileSuffix.hasPrefix("edit-") {
            guard let id = Int(fileSuffix.dropFirst("edit-".count)) else { return nil }
            self = .edit(id: id)
        } else {
            guard let parent = Int(fileSuffix) else { return nil }
            self = .reply(parent: parent)
        }
    }
}

/// One draft: the site and what the text is for.
package struct DraftRef: Hashable, Sendable {
    /// The site the text is for.
    package var site: SiteID
    /// A reply or an edit.
    package var key: DraftKey

    /// The draft `key` on `site`.
    package init(site: SiteID, _ key: DraftKey) {
        self.site = site
        self.key = key
    }
}

/// Unsent text — a reply or an edit being written, discarded, or refused by the site — kept
/// in the interface's state, so `r` brings it back and nothing typed is lost while parley
/// runs. The drafts on disk are read once, when ``UIStore`` is made; from then on this is
/// the truth, and the disk follows it through effects (see `DraftReducer`).
package struct Drafts: Equatable, Sendable {
    /// The text of each draft.
    package var texts: [DraftRef: String] = [:]
    /// Whether drafts cannot go to disk (the state directory cannot be written): they
    /// last until parley quits, and quitting asks first.
    package var isMemoryOnly = false
    /// Drafts whose text is not on disk (memory only, or its write failed): quitting would
    /// lose them.
    package var unwritten: Set<DraftRef> = []
    /// For each draft being written, the number of its newest write: an answer to an older
    /// one is stale.
    package var writesInFlight: [DraftRef: Int] = [:]
    /// The number of the last write asked for. Writes run as concurrent tasks; numbered,
    /// the newest write of a draft wins on disk whatever order they run in.
    package var lastWrite = 0

    /// No drafts.
    package init() {}

    /// The text kept as draft `ref`, if any.
    package subscript(_ ref: DraftRef) -> String? { texts[ref] }
}
