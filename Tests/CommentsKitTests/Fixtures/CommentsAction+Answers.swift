@testable import CommentsKit

/// Which effect answer an action is, for the tests that hold answers (``ActionHold``).
extension CommentsAction {
    /// Whether this is the answer to page `page` of `query` (to any of its pages when
    /// `page` is nil, to any query's when `query` is too).
    func isPageAnswer(_ page: Int? = nil, of query: CommentsQuery? = nil) -> Bool {
        guard case .pageLoaded(let answered, let number, _, _) = self else { return false }
        return (query.map { $0 == answered } ?? true) && (page.map { $0 == number } ?? true)
    }

    /// Whether this is the comments a moderator's pages were read again for (their facts).
    var isFactsAnswer: Bool {
        if case .factsLoaded = self { true } else { false }
    }
}
