import CommentsKit

/// `X` pressed while its site was still loading: the comments that arrive afterwards and that
/// the list shows get tagged too, until the load completes. What the list showed is fixed
/// here (the filters and the search), so a change to it ends the following rather than
/// tagging what `X` never meant; so do the other tagging keys and Esc Esc
/// (``TaggingReducer``).
package struct TagFollow: Equatable, Sendable {
    /// The site whose arrivals are tagged.
    package var site: SiteID
    /// The filters that were on when `X` was pressed.
    package var criteria: Set<FilterCriterion>
    /// The search text then.
    package var searchText: String

    /// Follows `site` as `filters` narrow it now.
    package init(site: SiteID, filters: FilterState) {
        self.site = site
        criteria = filters.enabled
        searchText = filters.searchText
    }

    /// Whether `filters` still show what they showed when `X` was pressed.
    package func isStill(_ filters: FilterState) -> Bool {
        filters.enabled == criteria && filters.searchText == searchText
    }
}
