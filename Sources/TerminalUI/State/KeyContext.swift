/// Where a key lands: decides which bindings of the ``KeyMap`` apply.
package enum KeyContext: String, Sendable, Hashable, CaseIterable {
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
    /// A yes/no question is open (delete for good).
    case confirm
    /// Text is about to be thrown away (a reply or edit being written, or a reply that
    /// failed to post): only Ctrl-X discards, any other key keeps it. A letter would not
    /// do: terminals send Alt chords as Esc + letter, and Esc is what asks.
    case confirmDiscard
    /// The help overlay is open.
    case help
    /// The help overlay's search prompt is open: keys are typed into it.
    case helpSearch
    /// The terminal is below the minimum size: only quitting works, so no key acts on a
    /// comment the user cannot see.
    case tooSmall
    /// The outbox overlay is open (issue 14).
    case outbox

    /// The overlay title for the help of this context.
    package var title: String {
        switch self {
        case .list: "Comment list"
        case .detail: "Detail pane"
        case .filters: "Filter panel"
        case .search: "Search prompt"
        case .compose: "Reply editor"
        case .confirm: "Confirmation"
        case .confirmDiscard: "Discard question"
        case .help: "Help"
        case .helpSearch: "Help search"
        case .tooSmall: "Terminal too small"
        case .outbox: "Outbox"
        }
    }
}

extension UIState {
    /// The context the next key lands in.
    package var keyContext: KeyContext {
        if Layout(self).isTooSmall { return .tooSmall }
        // Over any mode: F1 shows the editor's and the prompt's keys too.
        if isHelpVisible { return help.prompt == nil ? .help : .helpSearch }
        if outboxHighlight != nil, case .normal = mode { return .outbox }
        // `e` waits for the comment read on the site: the keys typed meanwhile are the editor's.
        if pendingEdit != nil, case .normal = mode { return .compose }
        switch mode {
        case .search: return .search
        case .confirm(let confirmation):
            if case .discardReply = confirmation.purpose { return .confirmDiscard }
            return .confirm
        case .compose(let composer): return composer.isConfirmingDiscard ? .confirmDiscard : .compose
        case .normal:
            switch focus {
            case .list: return .list
            case .detail: return .detail
            case .filters: return .filters
            }
        }
    }
}
