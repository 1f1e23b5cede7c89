import CommentsKit

/// Everything the screen shows that is not comments or filters: where the cursor is,
/// which pane has focus, which overlay or editor is open, what the status bar says.
/// Kept in ``UIStore`` so the whole app can be driven and checked without a terminal.
package struct UIState: Equatable, Sendable {
    /// The terminal size in columns and rows.
    package var width = 80
    /// The terminal height in rows.
    package var height = 24
    /// The site being moderated.
    package var site: SiteID?
    /// The comment under the cursor (by id, so it stays put when the list changes).
    package var cursor: Int?
    /// Where the cursor was in the list, to land near it when its comment leaves.
    package var cursorIndex = 0
    /// The first list row on screen.
    package var scrollTop = 0
    /// The pane that takes movement keys.
    package var focus: Pane = .list
    /// On narrow terminals: whether the detail pane replaces the list.
    package var isDetailOpen = false
    /// The comment the detail pane shows. It lags the cursor while list moves follow one
    /// another (holding `j` repaints only the list) and catches up on
    /// ``UIAction/settleDetail`` or any other action. Never a comment that left the list.
    /// Only for drawing: every command acts on ``cursor``.
    package var detailID: Int?
    /// How far the detail pane is scrolled, in lines (back to 0 when it shows another comment).
    package var detailScroll = 0
    /// Whether the filter panel is open.
    package var isFilterPanelOpen = false
    /// The highlighted line of the filter panel.
    package var filterCursor = 0
    /// What that line shows, so the highlight stays on it when groups open, close or
    /// re-rank above it.
    package var filterCursorID: FilterPanelRow.ID?
    /// Notices up to this ``Notice/sequence`` are not shown: set when the site changes, so
    /// `[`/`]` do not carry the other site's message along.
    package var noticeFloor = 0
    /// Comments whose replies are folded away.
    package var collapsed: Set<Int> = []
    /// The sites left for another (`[`/`]`), as they were: coming back finds the cursor on
    /// its comment and the same threads folded, as tmux's windows and tig's views do.
    package var sitesLeft: [SiteID: SitePlace] = [:]
    /// Normal, searching, replying or confirming.
    package var mode: Mode = .normal
    /// The last held conflict (``CommentsState/conflicts``) the user was asked about: each
    /// is asked once, when no editor or question is open.
    package var lastConflictAsked = 0
    /// Whether the key help overlay is shown.
    package var isHelpVisible = false
    /// A message from the UI itself ("No more matches"), shown until the next key.
    package var hint: String?
    /// Set when the user asked to quit; the app loop exits.
    package var isQuitting = false
    /// Set by a first `q` while changes are still being sent: a second `q` quits anyway.
    package var isQuitArmed = false
    /// Set by `q` while drafts are still being written: parley quits (or asks first, if one
    /// could not be written) once they are, and takes no other key meanwhile.
    package var isQuitPending = false
    /// Unsent text kept for later: replies and edits being written, discarded or refused.
    package var drafts = Drafts()
    /// The comment whose source is being loaded to edit it (the editor opens when it arrives).
    package var pendingEdit: Int?
    /// Keys typed while ``pendingEdit`` loads: the editor takes them when it opens, and the
    /// list never does (issue 27: `e` reads the comment on the site first).
    package var pendingEditKeys: [Key] = []
    /// Advances while something loads, to animate the header's spinner.
    package var spinnerFrame = 0
    /// Whether the spinner's clock runs (``SpinnerReducer``): the comments store is busy,
    /// parley is not quitting, and a clock was given. Kept here, not beside the state, so the effect
    /// starts and stops once per busy spell and a replay follows it.
    package var isSpinning = false
    /// The comments tagged for a bulk action (`x`, `X`).
    package var tags = Tags()
    /// Set by a first Esc with tags and nothing else to close: a second clears the tags.
    package var isClearTagsArmed = false
    /// Empty Spam / Empty Trash asked the site for its count: the question opens when it arrives.
    package var pendingEmpty: CommentStatus?
    /// The last bulk run whose end the tags followed: a finished run untags once, so a comment
    /// tagged again afterwards stays tagged.
    package var lastBulkRunFollowed = 0
    /// `X` while the site loads: what arrives and is shown gets tagged too (nil: nothing follows).
    package var tagFollow: TagFollow?
    /// `T`, `@` or `I` left matching comments hidden by the filters untagged: the same key
    /// again tags them too (nil: nothing waits).
    package var tagWidening: TagWidening?

    // MARK: Background loading

    /// Whether the view stays at the top of the list while pages arrive: true until the
    /// user presses a key or the site's load is in (issue 27). Without it, a first row that is a reply to an old
    /// thread took the cursor, and the view, into the middle of the list once its thread
    /// loaded.
    package var holdsFirstScreen = true
    /// Whether the cursor stays on the last row as pages arrive: `G` was pressed before
    /// everything was loaded, and the end it asked for is still coming. Any other move
    /// ends it.
    package var followsEnd = false
    /// The list as last shown, while pages of a load still under way arrived since the
    /// cursor, the scroll and the detail pane last followed the list (``ReconcileReducer``);
    /// nil when they follow it. Moves within the list as shown (``MayLagBehindLoad``) work
    /// on these rows and the views draw them; the next action that is not such a move, at
    /// the latest the app's next paced frame (``UIAction/frame``), catches up with the
    /// pages, not once per page nor once per key. In the state because it decides where the
    /// cursor goes; the rows are shared with the list's cache, not copied (a key costs no
    /// pass over the list).
    package var listAsShown: [ListRow]?

    /// Whether the interface is behind a load (``listAsShown``).
    package var isBehindLoad: Bool { listAsShown != nil }

    // MARK: Help overlay

    /// How the help overlay is scrolled and searched (reset each time it opens).
    package var help = HelpScroll()
    /// The filter group `f` asked the filter store to open: when it opens, the panel's
    /// cursor goes to its first toggle.
    package var filterPanelOpensOn: FilterGroupID?
    /// The outbox overlay's highlighted entry (issue 14); nil while the overlay is closed.
    package var outboxHighlight: Int?
    /// Esc gave up a search: the cursor goes back here once the filter store has put the
    /// previous search back (it does so after the key's action: ``UIReducer`` returns the filter
    /// store's actions as effects, dispatched after it).
    package var searchReturn: CursorPlace?

    /// An empty state.
    package init() {}

    /// Whether the detail pane shows the cursor's comment (no deferred paint is due).
    package var isDetailSettled: Bool { detailID == cursor }
}

/// The panes that can have focus.
package enum Pane: Equatable, Sendable {
    case list, detail, filters
}

/// What keys mean right now.
package enum Mode: Equatable, Sendable {
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
package struct SearchPrompt: Equatable, Sendable {
    /// The line being typed.
    package var editor: LineEditor
    /// The search text before the prompt opened.
    package var previousText: String
    /// Whether it finds an author for the filter panel's Author group (`/` there) rather
    /// than searching the comments.
    package var findsAuthor = false
    /// Where the list cursor stood when the prompt opened: Esc puts it back there.
    package var returnPlace: CursorPlace?
}

/// The inline reply editor.
package struct Composer: Equatable, Sendable {
    /// Writing a reply, or editing an existing comment.
    package enum Purpose: Equatable, Sendable {
        /// A reply under `parent`, on `post`; `replacing` names a failed reply whose text
        /// this one takes over (it is discarded when this one is sent).
        case reply(post: Int, parent: Int, replacing: Int? = nil)
        /// A new text for comment `id`.
        case edit(id: Int)
    }

    /// The site.
    package var site: SiteID
    /// Reply or edit.
    package var purpose: Purpose
    /// The text being written.
    package var editor: TextEditor
    /// Whether Esc was pressed with text in the editor: asking before throwing it away.
    package var isConfirmingDiscard = false
    /// An edit's text as the comment has it, which the editor opened on (nil for a reply):
    /// Esc with this text unchanged has nothing to lose, so it does not ask.
    package var original: String? = nil

    /// Whether the editor holds nothing worth asking about before it closes: no text, or
    /// an edit's text as it opened.
    package var isUnchanged: Bool {
        editor.isBlank || original == editor.text
    }

    /// The comment the editor sits under.
    package var anchor: Int {
        switch purpose {
        case .reply(_, let parent, _): parent
        case .edit(let id): id
        }
    }

    /// Where this editor's text is kept if parley quits before it is sent.
    package var draft: DraftRef {
        switch purpose {
        case .reply(_, let parent, _): DraftRef(site: site, .reply(parent: parent))
        case .edit(let id): DraftRef(site: site, .edit(id: id))
        }
    }
}

/// A question before an action that cannot be undone.
package struct Confirmation: Equatable, Sendable {
    /// What a yes does.
    package enum Purpose: Equatable, Sendable {
        /// Delete comment `id` for good.
        case deletePermanently(site: SiteID, id: Int)
        /// Throw away the failed reply `localID` (its text stays the last draft for its
        /// comment). Asked as the discard question: only Ctrl-X answers it.
        case discardReply(site: SiteID, localID: Int)
        /// Do `action` to the tagged comments `ids`, in this order.
        case bulk(site: SiteID, ids: [Int], action: BulkAction)
        /// Delete for good the `count` comments of the site in `status` (spam or trash).
        case empty(site: SiteID, status: CommentStatus, count: Int)
        /// Write held conflict `number` anyway, over a change made on the site (a no leaves
        /// the comment as the site has it).
        case overrideConflict(number: Int)
    }

    /// The question, e.g. "Delete this comment permanently? It cannot be undone."
    package var question: String
    /// The dialog's two choices, e.g. "y  delete for good      n  keep it".
    package var choices: String
    /// What a yes does.
    package var purpose: Purpose
    /// Lines shown between the question and the choices (an edit's two texts).
    package var details: [String] = []
}
