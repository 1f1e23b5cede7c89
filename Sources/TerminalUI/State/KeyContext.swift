/// Where a key lands: decides which bindings of the ``KeyMap`` apply.
public enum KeyContext: String, Sendable, Hashable, CaseIterable {
    /// The comment list has focus.
    case list
    /// The detail pane has focus.
    case detail
    /// The filter panel has focus.
    case filters
    /// The search prompt is open.
    case search
    /// The reply editor is open.
    case compose
    /// A yes/no question is open (delete for good; discard a reply).
    case confirm
    /// The help overlay is open.
    case help
    /// The terminal is below the minimum size: only quitting works, so no key acts on a
    /// comment the user cannot see.
    case tooSmall

    /// The overlay title for the help of this context.
    public var title: String {
        switch self {
        case .list: "Comment list"
        case .detail: "Detail pane"
        case .filters: "Filter panel"
        case .search: "Search prompt"
        case .compose: "Reply editor"
        case .confirm: "Confirmation"
        case .help: "Help"
        case .tooSmall: "Terminal too small"
        }
    }
}

extension UIState {
    /// The context the next key lands in.
    public var keyContext: KeyContext {
        if Layout(self).isTooSmall { return .tooSmall }
        switch mode {
        case .search: return .search
        case .confirm: return .confirm
        case .compose(let composer): return composer.isConfirmingDiscard ? .confirm : .compose
        case .normal:
            if isHelpVisible { return .help }
            switch focus {
            case .list: return .list
            case .detail: return .detail
            case .filters: return .filters
            }
        }
    }
}
