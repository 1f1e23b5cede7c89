import Flux

/// What the user does in the filter panel and the search prompt.
public enum FilterAction: Action, Equatable, Codable {
    /// Filter the comments of `site` (loads its saved filters).
    case showSite(SiteID)
    /// Turn one filter on or off.
    case toggle(FilterCriterion)
    /// Expand a group in the panel (nil collapses all).
    case selectGroup(FilterGroupID?)
    /// Turn every filter off and clear the search.
    case clearAll
    /// Set the search text.
    case setSearch(String)
    /// Back to the defaults: nothing on, no search, no group expanded.
    case resetToDefaults
    /// `o`: the next order of the list (``CommentOrder/next``), saved with the filters.
    case cycleOrder
    /// List in the Author group the site's authors whose name contains `text` (most
    /// frequent first), so any author can be found, not only the most frequent; "" lists
    /// the most frequent again.
    case findAuthor(String)
    /// What a background search (``BackgroundSearch``) found since its last batch: sent
    /// by its effect, dropped when the search it belongs to was replaced.
    case searchFound(SearchBatch)
    /// A site's texts folded for the search off the main actor (``SearchMemo``'s fold, an
    /// effect of the filter store): they join the memo; no filter state changes.
    case searchTextsFolded(FoldedSearchTexts)
}
