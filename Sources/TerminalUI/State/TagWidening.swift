import CommentsKit

/// `T`, `@`, `I` or `~` tagged only the comments the list shows, while others that match are
/// hidden by the filters or the search (issue 27: they used to be tagged too, and `s y`
/// then moved trashed comments into Spam). Pressing the same key again on the same match,
/// with the filters as they were, tags the hidden ones too (``TaggingReducer``); another
/// tagging key, Esc Esc or a change of the filters forgets it.
package struct TagWidening: Equatable, Sendable {
    /// What the key matched.
    package enum Match: Equatable, Sendable {
        /// `T` on a comment: the same user, or for a guest (id 0) the same name.
        case author(id: Int, name: String)
        /// `T` on an author of the filter panel: that name.
        case authorName(String)
        /// `@` or `I`: that e-mail address or IP.
        case address(AddressFacet, String)
        /// `~`: the texts close to comment `id`'s.
        case closeText(id: Int)
    }

    /// The site.
    package var site: SiteID
    /// What was matched.
    package var match: Match
    /// The filters that were on.
    package var criteria: Set<FilterCriterion>
    /// The search text then.
    package var searchText: String

    /// `match` on `site`, with `filters` as they are now.
    package init(site: SiteID, match: Match, filters: FilterState) {
        self.site = site
        self.match = match
        criteria = filters.enabled
        searchText = filters.searchText
    }
}
