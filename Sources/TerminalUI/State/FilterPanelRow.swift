import CommentsKit

/// One line of the filter panel: a group heading, or a filter of the expanded group.
package enum FilterPanelRow: Equatable, Sendable {
    /// A group heading; `isExpanded` when its filters are listed below it.
    case group(FilterGroup, isExpanded: Bool)
    /// A filter of the expanded group.
    case filter(Filter)

    /// What a line stands for, independent of counts and of the lines around it.
    package enum ID: Hashable, Sendable {
        /// A group heading.
        case group(FilterGroupID)
        /// A filter.
        case filter(FilterCriterion)
    }

    /// This line's identity.
    package var id: ID {
        switch self {
        case .group(let group, _): .group(group.id)
        case .filter(let filter): .filter(filter.id)
        }
    }

    /// The panel's lines for `state`: every group heading, and the filters of the selected
    /// group under it.
    package static func rows(for state: FilterState) -> [FilterPanelRow] {
        state.groups.flatMap { group -> [FilterPanelRow] in
            let expanded = state.selectedGroup == group.id
            return [.group(group, isExpanded: expanded)] + (expanded ? group.filters.map(FilterPanelRow.filter) : [])
        }
    }
}
