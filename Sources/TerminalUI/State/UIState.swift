import CommentsKit

/// Everything the screen shows that is not comments or filters: where the cursor is,
/// which pane has focus, which overlay or editor is open, what the status bar says.
/// Kept in ``UIStore`` so the whole app can be driven and checked without a terminal.
public struct UIState: Equatable, Sendable {
    /// The terminal size in columns and rows.
    public var width = 80
    /// The terminal height in rows.
    public var height = 24
    /// The site being moderated.
    public var site: SiteID?
    /// The comment under the cursor (by id, so it stays put when the list changes).
    public var cursor: Int?
    /// Where the cursor was in the list, to land near it when its comment leaves.
    public var cursorIndex = 0
    /// The first list row on screen.
    public var scrollTop = 0
    /// The pane that takes movement keys.
    public var focus: Pane = .list
    /// On narrow terminals: whether the detail pane replaces the list.
    public var isDetailOpen = false
    /// The comment the detail pane shows. It lags the cursor while list moves follow one
    /// another (holding `j` repaints only the list) and catches up on
    /// ``UIAction/settleDetail`` or any other action. Never a comment that left the list.
    /// Only for drawing: every command acts on ``cursor``.
    public var detailID: Int?
    /// How far the detail pane is scrolled, in lines (back to 0 when it shows another comment).
    public var detailScroll = 0
    /// Whether the filter panel is open.
    public var isFilterPanelOpen = false
    /// The highlighted line of the filter panel.
    public var filterCursor = 0
    /// What that line shows, so the highlight stays on it when groups open, close or
    /// re-rank above it.
    public var filterCursorID: FilterPanelRow.ID?
    /// Notices up to this ``Notice/sequence`` are not shown: set when the site changes, so
    /// `[`/`]` do not carry the other site's message along.
    public var noticeFloor = 0
    /// Comments whose replies are folded away.
    public var collapsed: Set<Int> = []
    /// Normal, searching, replying or confirming.
    public var mode: Mode = .normal
    /// Whether the key help overlay is shown.
    public var isHelpVisible = false
    /// A message from the UI itself ("No more matches"), shown until the next key.
    public var hint: String?
    /// Set when the user asked to quit; the app loop exits.
    public var isQuitting = false
    /// Set by a first `q` while changes are still being sent: a second `q` quits anyway.
    public var isQuitArmed = false
    /// The comment whose source is being loaded to edit it (the editor opens when it arrives).
    public var pendingEdit: Int?
    /// Advances while something loads, to animate the header's spinner.
    public var spinnerFrame = 0

    /// An empty state.
    public init() {}

    /// Whether the detail pane shows the cursor's comment (no deferred paint is due).
    public var isDetailSettled: Bool { detailID == cursor }
}

/// The panes that can have focus.
public enum Pane: Equatable, Sendable {
    case list, detail, filters
}

/// What keys mean right now.
public enum Mode: Equatable, Sendable {
    /// Browsing: keys are commands.
    case normal
    /// Typing a search at the bottom prompt.
    case search(SearchPrompt)
    /// Writing a reply (or an edit) in the inline editor.
    case compose(Composer)
    /// Waiting for y/n before something that cannot be undone.
    case confirm(Confirmation)
}

/// The search prompt: its editor, and the search that was active before it opened (what
/// Esc puts back).
public struct SearchPrompt: Equatable, Sendable {
    /// The line being typed.
    public var editor: LineEditor
    /// The search text before the prompt opened.
    public var previousText: String
}

/// The inline reply editor.
public struct Composer: Equatable, Sendable {
    /// Writing a reply, or editing an existing comment.
    public enum Purpose: Equatable, Sendable {
        /// A reply under `parent`, on `post`; `replacing` names a failed reply whose text
        /// this one takes over (it is discarded when this one is sent).
        case reply(post: Int, parent: Int, replacing: Int? = nil)
        /// A new text for comment `id`.
        case edit(id: Int)
    }

    /// The site.
    public var site: SiteID
    /// Reply or edit.
    public var purpose: Purpose
    /// The text being written.
    public var editor: TextEditor
    /// Whether Esc was pressed with text in the editor: asking before throwing it away.
    public var isConfirmingDiscard = false

    /// The comment the editor sits under.
    public var anchor: Int {
        switch purpose {
        case .reply(_, let parent, _): parent
        case .edit(let id): id
        }
    }

    /// Where this editor's text is kept if parley quits before it is sent.
    public var draftKey: DraftKey {
        switch purpose {
        case .reply(_, let parent, _): .reply(parent: parent)
        case .edit(let id): .edit(id: id)
        }
    }
}

/// A question before an action that cannot be undone.
public struct Confirmation: Equatable, Sendable {
    /// What a yes does.
    public enum Purpose: Equatable, Sendable {
        /// Delete comment `id` for good.
        case deletePermanently(site: SiteID, id: Int)
        /// Throw away the failed reply `localID` (its text stays the last draft for its
        /// comment). Asked as the discard question: only Ctrl-X answers it.
        case discardReply(site: SiteID, localID: Int)
    }

    /// The question, e.g. "Delete this comment permanently? It cannot be undone."
    public var question: String
    /// The dialog's two choices, e.g. "y  delete for good      n  keep it".
    public var choices: String
    /// What a yes does.
    public var purpose: Purpose
}
