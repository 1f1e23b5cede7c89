import Flux
import CommentsKit

/// The stable, kebab-case names of what a key does (`trash`, `approve`, `filter-panel`):
/// what `[keys]` in config.toml binds keys to, and what the man page lists.
///
/// Derived from the action itself, not written next to each ``KeyBinding``: a binding
/// added to the ``KeyMap`` gets its name here or stays unnamed (and cannot be remapped);
/// ActionNameTests fails on an unnamed binding so none is forgotten.
package enum ActionName {
    /// The name of `action`, nil for one no key may be bound to by name.
    package static func of(_ action: any Action) -> String? {
        if let action = action as? UIAction { return of(action) }
        if let action = action as? CommentsAction {
            if action == .undo { return "undo" }
            if action == .retryBulkFailures { return "retry-failed" }
            return nil
        }
        if let action = action as? FilterAction {
            if action == .clearAll { return "clear-filters" }
            if action == .resetToDefaults { return "reset-filters" }
            if action == .cycleOrder { return "order" }
        }
        return nil
    }

    /// Every name the standard key map uses, in the order of its contexts: what the man
    /// page's list must hold.
    package static var all: [String] {
        var seen = Set<String>()
        return KeyContext.allCases.flatMap { KeyMap.standard.bindings[$0] ?? [] }
            .compactMap { of($0.action) }
            .filter { seen.insert($0).inserted }
    }

    private static func of(_ action: UIAction) -> String? {
        switch action {
        case .move(let move), .scrollHelp(let move), .moveInOutbox(let move): of(move)
        case .switchSite(let offset): offset < 0 ? "previous-site" : "next-site"
        case .toggleCollapse: "fold-toggle"
        case .collapse: "fold"
        case .expand: "unfold"
        case .switchPane: "switch-pane"
        case .open: "open"
        case .close: "close"
        case .reply: "reply"
        case .edit: "edit"
        case .trash: "trash"
        case .deletePermanently: "delete"
        case .moderate(let moderation): of(moderation)
        case .refresh: "reload"
        case .toggleFilterPanel: "filter-panel"
        case .toggleHighlightedFilter: "toggle-filter"
        case .expandHighlightedGroup: "open-group"
        case .startSearch, .startHelpSearch: "search"
        case .findMatch(let forward), .findHelpMatch(let forward): forward ? "next-match" : "previous-match"
        case .editorCommand(let command), .helpSearchCommand(let command): command.rawValue
        case .openExternalEditor: "external-editor"
        case .toggleOutbox: "outbox"
        case .dropQueued: "drop-queued"
        case .answer(let yes): yes ? "yes" : "no"
        case .confirmDiscard: "discard"
        case .keepText: "keep"
        case .toggleHelp: "help"
        case .quit: "quit"
        case .suspend: "suspend"
        case .jumpToNew: "newest-new"
        case .openLink: "open-link"
        case .copyLink: "copy-link"
        case .toggleTag: "tag"
        case .tagAllShown: "tag-all"
        case .tagAuthor: "tag-author"
        case .tagFrom(let facet): facet == .email ? "tag-email" : "tag-ip"
        case .tagCloseText: "tag-close-text"
        case .empty(let status): status == .spam ? "empty-spam" : status == .trash ? "empty-trash" : nil
        default: nil
        }
    }

    private static func of(_ move: CursorMove) -> String {
        switch move {
        case .up: "up"
        case .down: "down"
        case .top: "top"
        case .bottom: "bottom"
        case .pageUp: "page-up"
        case .pageDown: "page-down"
        case .halfPageUp: "half-page-up"
        case .halfPageDown: "half-page-down"
        }
    }

    private static func of(_ moderation: Moderation) -> String {
        switch moderation {
        case .approve: "approve"
        case .hold: "unapprove"
        case .spam: "spam"
        case .trash: "trash"
        case .restore: "restore"
        }
    }
}
