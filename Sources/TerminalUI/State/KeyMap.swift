import Flux
import CommentsKit

/// One key binding: the keys, what they do, and the line the help overlay shows.
package struct KeyBinding: Sendable {
    /// The keys that trigger it (any of them); none when `[keys]` moved them all away.
    package var keys: [Key]
    /// The action dispatched.
    package let action: any Action
    /// What the help overlay says it does.
    package let help: String

    /// Binds `keys` to `action`.
    package init(_ keys: [Key], _ action: any Action, _ help: String) {
        self.keys = keys
        self.action = action
        self.help = help
    }
}

/// Every key of every context, in one table: the single place to read or remap what a
/// key does. The help overlay is generated from it, so it cannot go stale. config.toml's
/// `[keys]` remaps it by action name (``remapped(by:suggest:)``, ``ActionName``).
///
/// In the search prompt and the reply editor, a bound key asks the editor for what it is
/// named for (``UIAction/editorCommand(_:)``: `send`, not Ctrl-S) and keys that are not
/// bound here are typed into it (``UIAction/editorKey(_:)``); in the discard question they keep the
/// text. A paste is text, never a command: it goes to the editor or prompt, and
/// elsewhere is ignored (with a hint where a pane has focus). An Alt chord nothing takes
/// in its context is the Esc and the key it was typed as (``keys(for:in:)``).
package struct KeyMap: Sendable {
    /// The bindings of each context, in help order.
    package var bindings: [KeyContext: [KeyBinding]]
    /// Per context, the default keys `[keys]` left bound to nothing: in the editors they
    /// do nothing rather than reach the editor, which would still act on them.
    package var released: [KeyContext: Set<Key>] = [:]

    /// Makes a key map from a table.
    package init(bindings: [KeyContext: [KeyBinding]]) {
        self.bindings = bindings
    }

    /// The action for `key` in `context`, if any.
    package func action(for key: Key, in context: KeyContext) -> (any Action)? {
        if case .paste = key { return Self.pasteAction(for: key, in: context) }
        if let binding = bindings[context]?.first(where: { $0.keys.contains(key) }) {
            return binding.action
        }
        // Job control works in every context, in the editors too, as in a cooked terminal.
        if suspendKeys.contains(key) { return UIAction.suspend }
        if released[context]?.contains(key) == true { return nil }
        switch context {
        case .search, .compose: return UIAction.editorKey(key)
        case .helpSearch: return UIAction.helpSearchKey(key)
        case .confirmDiscard: return UIAction.keepText
        default: return nil
        }
    }

    /// What `key` is in `context`: itself, or — for an Alt chord nothing takes there —
    /// the Esc and the key that came in one read and were taken for a chord (issue 29: a
    /// fast typist, an SSH link that coalesces keys, `tmux send-keys Escape /`). Dropped,
    /// such a chord lost both: `Esc` `/` never opened the search and the words typed next
    /// ran as commands. Esc acts first, so a chord still cannot answer the question Esc asks.
    package func keys(for key: Key, in context: KeyContext) -> [Key] {
        guard case .alt(let typed) = key, !takes(key, in: context) else { return [key] }
        return [.escape, typed]
    }

    /// Dispatches what `key` does: each of ``keys(for:in:)`` in turn, each in the context
    /// the one before it left (`context` is read again before each). When the Esc of a
    /// chord asks a question (discard the reply?), the key after it is not its answer:
    /// terminals send Alt-Ctrl-X as Esc Ctrl-X, which must never discard a reply.
    package func press(_ key: Key, context: () -> KeyContext, dispatch: (any Action) -> Void) {
        for (index, key) in keys(for: key, in: context()).enumerated() {
            let current = context()
            if index > 0, current == .confirm || current == .confirmDiscard { return }
            if let action = action(for: key, in: current) { dispatch(action) }
        }
    }

    /// Whether `key` means something of its own in `context`: bound there, released there
    /// by `[keys]` (it does nothing on purpose), a suspend key, an Alt chord the reply
    /// editor takes itself, or any key at all in the discard question (each keeps the text).
    private func takes(_ key: Key, in context: KeyContext) -> Bool {
        if bindings[context]?.contains(where: { $0.keys.contains(key) }) == true { return true }
        if released[context]?.contains(key) == true || suspendKeys.contains(key) { return true }
        switch context {
        case .compose: return TextEditor.altChords.contains(key)
        case .confirmDiscard: return true
        default: return false
        }
    }

    /// The keys that suspend: the list's, wherever the user put them.
    private var suspendKeys: [Key] {
        bindings[.list]?.first { $0.action as? UIAction == .suspend }?.keys ?? []
    }

    /// Where a paste goes: the field being typed in, or nowhere.
    private static func pasteAction(for paste: Key, in context: KeyContext) -> (any Action)? {
        switch context {
        case .search, .compose: UIAction.editorKey(paste)
        case .helpSearch: UIAction.helpSearchKey(paste)
        case .list, .detail, .filters, .help, .outbox: UIAction.pasteIgnored
        case .confirm, .confirmDiscard, .tooSmall: nil
        }
    }

    /// The name of the first key bound in `context` to an action `matches` accepts (what
    /// a hint tells the user to press), or nil when no key does.
    package func keyName(in context: KeyContext, for matches: (any Action) -> Bool) -> String? {
        bindings[context]?.first { matches($0.action) }?.keys.first?.name
    }

    /// The name of the first key bound in `context` to the action called `name`
    /// (``ActionName``), or nil when no key is.
    package func keyName(in context: KeyContext, named name: String) -> String? {
        bindings[context]?.first { !$0.keys.isEmpty && ActionName.of($0.action) == name }?.keys.first?.name
    }

    /// The key a message names for the action called `name` in `context` ("z to undo"):
    /// the first one bound, or the action's name in brackets when `[keys]` left it none.
    package func say(_ name: String, in context: KeyContext = .list) -> String {
        keyName(in: context, named: name) ?? "<\(name)>"
    }

    /// The help lines of `context`: the keys' names, what they do, and the action's name
    /// for `[keys]` (``ActionName``); an action `[keys]` left without a key is not listed.
    package func help(for context: KeyContext) -> [(keys: String, help: String, name: String)] {
        (bindings[context] ?? []).filter { !$0.keys.isEmpty }.map { binding in
            (binding.keys.map(\.name).joined(separator: " "), binding.help, ActionName.of(binding.action) ?? "")
        }
    }

    /// parley's keys: vim and arrows both.
    package static let standard = KeyMap(bindings: [
        .list: movement + [
            KeyBinding([.character(" ")], UIAction.toggleCollapse, "fold / unfold the replies"),
            KeyBinding([.character("h")], UIAction.collapse, "fold the replies (or go to the parent)"),
            KeyBinding([.character("l")], UIAction.expand, "unfold the replies"),
            KeyBinding([.enter], UIAction.open, "open the comment"),
            KeyBinding([.tab], UIAction.switchPane, "switch pane"),
            KeyBinding([.character("r")], UIAction.reply, "reply (on a failed reply: send again)"),
            KeyBinding([.character("E")], UIAction.openExternalEditor, "reply in $VISUAL / $EDITOR"),
            KeyBinding([.character("e")], UIAction.edit, "edit (yours; anyone’s as moderator)"),
            KeyBinding([.character("a")], UIAction.moderate(.approve), "approve"),
            KeyBinding([.character("u")], UIAction.moderate(.hold), "unapprove (hold)"),
            KeyBinding([.character("s")], UIAction.moderate(.spam), "mark as spam"),
            KeyBinding([.character("d")], UIAction.trash, "trash (on a failed reply: discard)"),
            KeyBinding([.character("D")], UIAction.deletePermanently, "delete permanently (asks first)"),
            KeyBinding([.character("t")], UIAction.moderate(.restore), "restore from the trash"),
            KeyBinding([.character("z")], CommentsAction.undo, "undo the last trash or moderation"),
            KeyBinding([.character("R")], UIAction.refresh, "reload from the site"),
            KeyBinding([.character("f")], UIAction.toggleFilterPanel, "filters"),
            KeyBinding([.character("/")], UIAction.startSearch, "search"),
            KeyBinding([.character("n")], UIAction.findMatch(forward: true), "next match"),
            KeyBinding([.character("N")], UIAction.findMatch(forward: false), "previous match"),
            KeyBinding([.character("c")], FilterAction.clearAll, "clear filters and search"),
            KeyBinding([.character("[")], UIAction.switchSite(offset: -1), "previous site"),
            KeyBinding([.character("]")], UIAction.switchSite(offset: 1), "next site"),
            KeyBinding([.escape], UIAction.close, "close; twice: clear tags; stop a bulk action"),
            KeyBinding([.character("Q")], UIAction.toggleOutbox, "the outbox: writes waiting for the site"),
        ] + tagging + live + links + common,
        .detail: movement + [
            KeyBinding([.tab], UIAction.switchPane, "switch pane"),
            KeyBinding([.escape, .enter], UIAction.close, "back to the list"),
            KeyBinding([.character("r")], UIAction.reply, "reply"),
            KeyBinding([.character("e")], UIAction.edit, "edit (yours; anyone’s as moderator)"),
            KeyBinding([.character("a")], UIAction.moderate(.approve), "approve"),
            KeyBinding([.character("u")], UIAction.moderate(.hold), "unapprove (hold)"),
            KeyBinding([.character("s")], UIAction.moderate(.spam), "mark as spam"),
            KeyBinding([.character("d")], UIAction.trash, "trash"),
            KeyBinding([.character("D")], UIAction.deletePermanently, "delete permanently (asks first)"),
            KeyBinding([.character("t")], UIAction.moderate(.restore), "restore from the trash"),
            KeyBinding([.character("z")], CommentsAction.undo, "undo"),
            KeyBinding([.character("T")], UIAction.tagAuthor, "tag those shown by this author (again: all)"),
            KeyBinding([.character("@")], UIAction.tagFrom(.email), "tag those shown from this e-mail (again: all)"),
            KeyBinding([.character("I")], UIAction.tagFrom(.ip), "tag those shown from this IP (again: all)"),
            KeyBinding([.character("~")], UIAction.tagCloseText, "tag those shown whose text is close to this one (again: all)"),
            KeyBinding([.character("E")], UIAction.openExternalEditor, "reply in $VISUAL / $EDITOR"),
            KeyBinding([.character("R")], UIAction.refresh, "reload from the site"),
            KeyBinding([.character("f")], UIAction.toggleFilterPanel, "filters"),
            KeyBinding([.character("/")], UIAction.startSearch, "search"),
            KeyBinding([.character("n")], UIAction.findMatch(forward: true), "next match"),
            KeyBinding([.character("N")], UIAction.findMatch(forward: false), "previous match"),
            KeyBinding([.character("[")], UIAction.switchSite(offset: -1), "previous site"),
            KeyBinding([.character("]")], UIAction.switchSite(offset: 1), "next site"),
        ] + links + common,
        .filters: [
            KeyBinding([.character("j"), .down], UIAction.move(.down), "next line"),
            KeyBinding([.character("k"), .up], UIAction.move(.up), "previous line"),
            KeyBinding([.character(" ")], UIAction.toggleHighlightedFilter, "toggle the filter"),
            KeyBinding([.enter], UIAction.expandHighlightedGroup, "expand / collapse the group"),
            KeyBinding([.character("c")], FilterAction.clearAll, "clear all filters"),
            KeyBinding([.character("x")], FilterAction.resetToDefaults, "reset to defaults"),
            KeyBinding([.character("T")], UIAction.tagAuthor, "on an author: tag those shown (again: all)"),
            KeyBinding([.character("/")], UIAction.startSearch, "find an author"),
            KeyBinding([.character("f"), .escape], UIAction.toggleFilterPanel, "close the panel"),
            KeyBinding([.tab], UIAction.switchPane, "switch pane"),
        ] + common,
        .search: [
            KeyBinding([.enter], UIAction.editorCommand(.accept), "keep the search"),
            KeyBinding([.escape], UIAction.editorCommand(.cancel), "cancel the search"),
            KeyBinding([.control("u")], UIAction.editorCommand(.deleteToStart), "clear to the start"),
            KeyBinding([.control("w")], UIAction.editorCommand(.deleteWordBefore), "delete a word"),
            KeyBinding([.control("d"), .delete], UIAction.editorCommand(.deleteChar), "delete the character under the cursor"),
            KeyBinding([.control("a"), .home], UIAction.editorCommand(.lineStart), "start of line"),
            KeyBinding([.control("e"), .end], UIAction.editorCommand(.lineEnd), "end of line"),
            KeyBinding([.function(1)], UIAction.toggleHelp, "these keys"),
            KeyBinding([.control("c")], UIAction.quit, "quit"),
        ],
        .compose: [
            KeyBinding([.control("s")], UIAction.editorCommand(.send), "send (an edit: save) — no other key sends"),
            KeyBinding([.alt(.character("a"))], UIAction.editorCommand(.approveAndSend), "approve the pending comment and send the reply"),
            KeyBinding([.escape], UIAction.editorCommand(.cancel), "cancel (asks if text would be lost)"),
            KeyBinding([.control("o")], UIAction.openExternalEditor, "continue in $VISUAL / $EDITOR"),
            KeyBinding([.alt(.character("b")), .controlLeft], UIAction.editorCommand(.wordLeft), "a word left"),
            KeyBinding([.alt(.character("f")), .controlRight], UIAction.editorCommand(.wordRight), "a word right"),
            KeyBinding([.control("d")], UIAction.editorCommand(.deleteChar), "delete the character under the cursor"),
            KeyBinding([.alt(.character("d"))], UIAction.editorCommand(.deleteWordAfter), "delete the word after the cursor"),
            KeyBinding([.control("w")], UIAction.editorCommand(.deleteWordBefore), "delete the word before the cursor"),
            KeyBinding([.control("u")], UIAction.editorCommand(.deleteToStart), "delete to the start of the line"),
            KeyBinding([.control("k")], UIAction.editorCommand(.deleteToEnd), "delete to the end of the line"),
            KeyBinding([.function(1)], UIAction.toggleHelp, "these keys (? is typed)"),
            KeyBinding([.control("c")], UIAction.quit, "quit (the reply is kept as a draft)"),
        ],
        .confirmDiscard: [
            KeyBinding([.control("x")], UIAction.confirmDiscard, "discard (a reply stays the last draft: r brings it back)"),
            KeyBinding([.escape], UIAction.keepText, "keep the text (so does any other key)"),
            KeyBinding([.control("c")], UIAction.quit, "quit (the text is kept as a draft)"),
        ],
        .confirm: [
            KeyBinding([.character("y"), .character("Y")], UIAction.answer(yes: true), "yes"),
            KeyBinding([.character("n"), .character("N"), .escape], UIAction.answer(yes: false), "no"),
            KeyBinding([.control("c")], UIAction.quit, "quit"),
        ],
        .outbox: [
            KeyBinding([.character("j"), .down], UIAction.moveInOutbox(.down), "next entry"),
            KeyBinding([.character("k"), .up], UIAction.moveInOutbox(.up), "previous entry"),
            KeyBinding([.character("d"), .character("x")], UIAction.dropQueued, "drop the entry before it is sent (its change is undone)"),
            KeyBinding([.character("Q"), .escape, .character("q")], UIAction.toggleOutbox, "close the outbox"),
            KeyBinding([.character("?")], UIAction.toggleHelp, "help"),
            KeyBinding([.control("c")], UIAction.quit, "quit"),
        ],
        .help: [
            KeyBinding([.character("j"), .down], UIAction.scrollHelp(.down), "scroll down"),
            KeyBinding([.character("k"), .up], UIAction.scrollHelp(.up), "scroll up"),
            KeyBinding([.pageDown, .character(" ")], UIAction.scrollHelp(.pageDown), "page down"),
            KeyBinding([.pageUp], UIAction.scrollHelp(.pageUp), "page up"),
            KeyBinding([.character("g"), .home], UIAction.scrollHelp(.top), "top"),
            KeyBinding([.character("G"), .end], UIAction.scrollHelp(.bottom), "bottom"),
            KeyBinding([.character("/")], UIAction.startHelpSearch, "search the help"),
            KeyBinding([.character("n")], UIAction.findHelpMatch(forward: true), "next match"),
            KeyBinding([.character("N")], UIAction.findHelpMatch(forward: false), "previous match"),
            KeyBinding([.character("?"), .escape, .character("q")], UIAction.toggleHelp, "close the help"),
        ],
        .helpSearch: [
            KeyBinding([.enter], UIAction.helpSearchCommand(.accept), "find it"),
            KeyBinding([.escape], UIAction.helpSearchCommand(.cancel), "cancel the search"),
        ],
        .tooSmall: [
            KeyBinding([.character("q"), .control("c")], UIAction.quit, "quit"),
        ],
    ])

    private static let movement: [KeyBinding] = [
        KeyBinding([.character("j"), .down], UIAction.move(.down), "down"),
        KeyBinding([.character("k"), .up], UIAction.move(.up), "up"),
        KeyBinding([.character("g"), .home], UIAction.move(.top), "top"),
        KeyBinding([.character("G"), .end], UIAction.move(.bottom), "bottom"),
        KeyBinding([.pageDown], UIAction.move(.pageDown), "page down"),
        KeyBinding([.pageUp], UIAction.move(.pageUp), "page up"),
        KeyBinding([.control("d")], UIAction.move(.halfPageDown), "half a page down"),
        KeyBinding([.control("u")], UIAction.move(.halfPageUp), "half a page up"),
    ]

    /// Tagging, for bulk actions (issue 13).
    private static let tagging: [KeyBinding] = [
        KeyBinding([.character("x")], UIAction.toggleTag, "tag / untag (a u s d t D then act on all)"),
        KeyBinding([.character("X")], UIAction.tagAllShown, "tag all shown (again: untag them)"),
        KeyBinding([.character("T")], UIAction.tagAuthor, "tag those shown by this author (again: all)"),
        KeyBinding([.character("@")], UIAction.tagFrom(.email), "tag those shown from this e-mail (again: all)"),
        KeyBinding([.character("I")], UIAction.tagFrom(.ip), "tag those shown from this IP (again: all)"),
        KeyBinding([.character("~")], UIAction.tagCloseText, "tag those shown whose text is close to this one (again: all)"),
        KeyBinding([.character(".")], CommentsAction.retryBulkFailures, "retry what the last bulk action failed"),
        KeyBinding([.character("!")], UIAction.empty(.spam), "Empty Spam on the site (asks first)"),
        KeyBinding([.character("#")], UIAction.empty(.trash), "Empty Trash on the site (asks first)"),
    ]

    /// Live updates and order (issue 12).
    private static let live: [KeyBinding] = [
        KeyBinding([.character("+")], UIAction.jumpToNew, "jump to the newest new comment (marked +)"),
        KeyBinding([.character("o")], FilterAction.cycleOrder, "order: threaded, newest first, oldest, spam score"),
    ]

    /// The comment's link (issue 16): `o` is the sort key, so `w` (www) opens.
    private static let links: [KeyBinding] = [
        KeyBinding([.character("w")], UIAction.openLink, "open in the browser"),
        KeyBinding([.character("y")], UIAction.copyLink, "copy the link (or show it)"),
    ]

    private static let common: [KeyBinding] = [
        KeyBinding([.character("?")], UIAction.toggleHelp, "help"),
        KeyBinding([.character("q"), .control("c")], UIAction.quit, "quit"),
        suspend,
    ]

    /// Listed with the common keys; its keys work in every context (see ``action(for:in:)``).
    private static let suspend = KeyBinding([.control("z")], UIAction.suspend, "suspend (the shell's fg brings parley back)")
}
