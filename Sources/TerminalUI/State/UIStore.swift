import Foundation
import Flux
import CommentsKit

/// The interface's store: cursor, panes, modes, overlays, the status hint, the drafts.
///
/// Its state changes in one place only, its reducer (``UIReducer``), which sees every
/// action after ``CommentsStore`` and ``AnnotationFilterStore`` have (`waitFor`) and
/// handles it as one change. What it wants done besides — the detail pane's settle
/// delay, the external editor, writing drafts, the start-up's requests, opening and copying
/// links, suspending the job, the spinner's ticks — it returns as ``Effect`` values that the
/// store's runner carries out (a replay runs none); where a key needs the comments or
/// filters to change, it returns their actions as effects (``Effect/dispatch(_:)``), never
/// changes them. Nothing else can write the state
/// (`Tests/compile-fail/cases-terminalui` proves it).
///
/// This class only adds readers the views need (``rows``, ``selectedEntry``, the
/// layout); where an action goes, by concern: ``UIReducer`` (the order of things,
/// reconciling the cursor and the list), `NavigationReducer`, `CommandReducer`,
/// `EditorReducer`, `QuitReducer`, `DraftReducer`, `DetailSettleReducer`, `TerminalReducer`,
/// `SpinnerReducer`.
@MainActor
package final class UIStore: FluxStore<UIState, UIAction> {
    /// The comments store it reads.
    package let comments: CommentsStore
    /// The filter store it reads.
    package let filters: AnnotationFilterStore
    /// The visible list (comments × filters).
    package let visible: VisibleCommentsSelector
    /// What the reducer reads besides the state, read here the same way so the views see
    /// the rows the reducer saw.
    private let inputs: UIInputs
    /// What the effects of `w`, `y`, Ctrl-Z and the spinner act on; the ``TerminalApp`` that
    /// runs the store attaches its screen's.
    package let terminal: TerminalServices
    /// The styles the screen is drawn with (not state: set once, from config.toml).
    package let theme: ThemeStyles

    /// How long the cursor must rest before the detail pane follows it by default: longer
    /// than the key-repeat interval (about 30–40 ms), so holding `j` repaints only the list.
    package static let defaultSettleDelay: Duration = .milliseconds(50)

    /// Creates the interface store over the two data stores.
    ///
    /// The drafts `drafts` holds on disk are read here, once (a few small files, before the
    /// first frame), into the state: from then on `r` finds a draft in the state, and
    /// writes go to disk as effects.
    package init(
        comments: CommentsStore,
        filters: AnnotationFilterStore,
        visible: VisibleCommentsSelector,
        drafts: DraftStore? = nil,
        editor: (any ExternalEditing)? = nil,
        dispatcher: Dispatcher = .shared,
        initialState: UIState = UIState(),
        settleDelay: Duration = UIStore.defaultSettleDelay,
        settleClock: any Clock<Duration> = ContinuousClock(),
        keyMap: KeyMap = .standard,
        theme: ThemeStyles = .standard,
        terminal: TerminalServices = TerminalServices()
    ) {
        self.theme = theme
        self.terminal = terminal
        self.comments = comments
        self.filters = filters
        self.visible = visible
        let inputs = UIInputs(comments: comments, filters: filters, visible: visible, keyMap: keyMap)
        self.inputs = inputs
        var state = initialState
        if let drafts {
            state.drafts = Drafts()
            state.drafts.texts = drafts.loadAll(sites: comments.state.sites.map(\.id))
            state.drafts.isMemoryOnly = !drafts.isPersistent
        }
        let reducer = UIReducer(
            inputs: inputs,
            drafts: DraftReducer(store: drafts),
            editor: editor,
            settle: DetailSettleReducer(delay: settleDelay, clock: settleClock),
            services: terminal,
            restClock: settleClock)
        super.init(initialState: state, dispatcher: dispatcher, handling: { state, action in
            reducer.reduce(&state, action)
        })
    }

    // MARK: Reading

    /// The keys (the help overlay's reducer measures the help with them).
    package var keyMap: KeyMap { inputs.keyMap }

    /// The lines of the comment list for the current site.
    package var rows: [ListRow] { inputs.rows(state) }

    /// The query that loads the current site.
    package var currentQuery: CommentsQuery? { inputs.query(state) }
    /// The queries the shown site's list holds: its comments and its pings.
    package var currentQueries: [CommentsQuery] { inputs.queries(state) }

    /// The entry under the cursor.
    package var selectedEntry: CommentEntry? { inputs.selectedEntry(state) }

    var layout: Layout { Layout(state) }
}
