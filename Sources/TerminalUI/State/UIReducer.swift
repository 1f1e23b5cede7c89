import Flux
import CommentsKit

/// The one place ``UIState`` changes: every action, after the comments and filter stores
/// have handled it, as one change.
///
/// The order of things for one action: `waitFor` the other two stores; a key clears the
/// hint (and a first `q`'s arming); the action goes to the reducer of its concern —
/// ``NavigationReducer`` (sites, cursor, folding, panes, filter panel),
/// ``CommandReducer`` (what keys do to the comment under the cursor, and what the
/// comments store did), ``EditorReducer`` (search prompt, reply editor, external editor),
/// ``QuitReducer`` (quitting, and the drafts' writes it waits for); then
/// ``Reconciler`` keeps the cursor, the scroll and the filter panel's highlight true to
/// the data, ``DetailSettle`` arms or cancels the detail pane's timer, ``Spinner`` starts
/// or stops the spinner's ticks, and ``HistoryLookups`` asks for the histories of the
/// addresses the pane shows.
///
/// What it wants done besides, it returns as an ``Effect``, the other stores' actions too
/// (a trash, a page to load, a filter to toggle): the concerns ask for them with
/// ``UIContext/send(_:)`` and they leave as ``Effect/dispatch(_:)`` effects, dispatched
/// after the action being handled.
@MainActor
struct UIReducer {
    private let context: UIContext
    private let navigation: NavigationReducer
    private let commands: CommandReducer
    private let editors: EditorReducer
    private let quitting: QuitReducer
    private let reconciler: Reconciler
    private let settle: DetailSettle
    private let histories: HistoryLookups
    private let tagging: TaggingReducer
    private let live: LiveUpdates
    private let helpOverlay: HelpReducer
    private let mouse: MouseReducer
    private let unfolding: ThreadUnfolding
    private let outbox: OutboxReducer
    private let terminal: TerminalReducer
    private let spinner: Spinner

    init(context: UIContext, drafts: DraftKeeper, editor: (any ExternalEditing)?, settle: DetailSettle,
         services: TerminalServices) {
        self.context = context
        navigation = NavigationReducer(context: context)
        commands = CommandReducer(context: context)
        editors = EditorReducer(context: context, drafts: drafts, editor: editor)
        quitting = QuitReducer(context: context, drafts: drafts)
        reconciler = Reconciler(context: context)
        self.settle = settle
        histories = HistoryLookups(context: context)
        tagging = TaggingReducer(context: context)
        live = LiveUpdates(context: context)
        helpOverlay = HelpReducer(context: context)
        mouse = MouseReducer(context: context, navigation: navigation)
        unfolding = ThreadUnfolding(context: context)
        outbox = OutboxReducer(context: context, drafts: drafts)
        terminal = TerminalReducer(services: services)
        spinner = Spinner(services: services)
    }

    /// Applies `action` to `state`; returns what to do besides.
    func reduce(_ state: inout UIState, _ action: any Action) -> Effect<UIAction> {
        // The state is being written while this runs: nothing here may read the UI store
        // itself (Swift would stop the program), only `state` and the other stores.
        context.dispatcher.waitFor([context.comments.dispatchToken, context.filters.dispatchToken])
        let detailMayLag = DetailSettle.keepsDetailLag(action, focus: state.focus)
        let wasSettled = state.isDetailSettled
        let previousDetail = state.detailID
        let wasQuitting = state.isQuitting
        // A page of a load under way is followed at the next frame or key (other than a
        // move within the list as shown), with the pages after it: the list of a big site
        // is rebuilt once per frame, not once per page.
        let isPageOfLoad = (action as? CommentsAction)?.isPageOfOngoingLoad(in: context.comments.state) ?? false
        // A move within the list as shown (``MayLagBehindLoad``) stays behind too: it works
        // on the list as last drawn (``UIContext/rows(_:)``), and the next frame catches up.
        let staysBehind = isPageOfLoad || (action as? UIAction)?.mayLagBehindLoad == true
        if state.isBehindLoad, !staysBehind {
            // What the action does starts from the cursor's place in the list as it is now.
            state.isBehindLoad = false
            reconciler.reconcile(&state, detailMayLag: true)
        }
        var effect = Effect<UIAction>.none
        switch action {
        case let action as UIAction:
            effect = handle(action, &state)
        case let action as CommentsAction:
            commands.follow(action, &state)
            tagging.follow(action, &state)
            quitting.follow(action, &state)
            unfolding.follow(action, &state)
        case FilterAction.showSite(let site):
            navigation.siteShown(site, &state)
        case FilterAction.selectGroup(let group):
            navigation.groupSelected(group, &state)
        case FilterAction.setSearch:
            editors.searchSet(&state)
        default:
            break
        }
        if isPageOfLoad {
            state.isBehindLoad = true
        } else {
            unfolding.revealCursor(&state)
            reconciler.reconcile(&state, detailMayLag: detailMayLag)
        }
        histories.request(after: action, previousDetail: previousDetail, state: state)
        live.follow(state, wasQuitting: wasQuitting)
        return effect
            .combined(with: settle.effect(after: action, wasSettled: wasSettled, state: state))
            .combined(with: spinner.effect(&state, busy: context.comments.state.isBusy))
            .combined(with: context.takeRequests())
    }

    private func handle(_ action: UIAction, _ state: inout UIState) -> Effect<UIAction> {
        // Neither the spinner, the deferred detail paint, a resize, the start, the site shown
        // at start nor a draft's write is a key: the hint stays (so a start-up notice
        // outlives start-up).
        let isKey = switch action {
        case .tick, .settleDetail, .resize, .start, .showSite, .draftWritten, .suspend, .openLink, .copyLink, .frame: false
        default: true
        }
        if isKey {
            // Quitting waits for drafts to be written: a key now would change what they hold.
            if state.isQuitPending, action != .quit { return .none }
            state.hint = nil
            if action != .quit { state.isQuitArmed = false }
            if action != .close { state.isClearTagsArmed = false }
        }
        switch action {
        case .resize(let width, let height):
            state.width = max(0, width)
            state.height = max(0, height)
        case .start(let startUp):
            return startUp.effect
        case .showSite(let site):
            context.send(FilterAction.showSite(site))
        case .refresh:
            context.query(state).map { context.send(CommentsAction.refresh($0)) }
        case .pasteIgnored:
            state.hint = "Paste ignored: no text field has focus."
        case .toggleHelp, .scrollHelp, .startHelpSearch, .helpSearchKey, .findHelpMatch:
            helpOverlay.reduce(action, &state)
        case .toggleOutbox, .moveInOutbox, .dropQueued:
            return outbox.reduce(action, &state)
        case .tick:
            state.spinnerFrame &+= 1
        case .settleDetail:
            break  // the reconciler brings the detail pane to the cursor
        case .frame:
            break  // the reconciler catches up with the pages that arrived (see `reduce`)
        case .suspend:
            return terminal.suspend()
        case .close:
            if !tagging.escape(&state) { navigation.reduce(action, &state) }
        case .toggleTag:
            tagging.reduce(action, &state)
            if state.hint == nil { navigation.reduce(.move(.down), &state) }
        case .tagAllShown, .tagAuthor, .empty, .tagFrom:
            tagging.reduce(action, &state)
        case .switchSite, .move, .toggleCollapse, .collapse, .expand, .switchPane, .open,
             .toggleFilterPanel, .toggleHighlightedFilter, .expandHighlightedGroup:
            navigation.reduce(action, &state)
        case .reply, .edit, .trash, .deletePermanently, .moderate, .answer:
            commands.reduce(action, &state)
        case .openExternalEditor:
            // From the list, E opens the reply editor first.
            if case .normal = state.mode { commands.reduce(.reply, &state) }
            return editors.reduce(action, &state)
        case .startSearch, .findMatch, .editorKey, .externalEditorFinished, .confirmDiscard, .keepText:
            return editors.reduce(action, &state)
        case .quit, .draftWritten:
            return quitting.reduce(action, &state)
        case .jumpToNew:
            live.jumpToNew(&state)
        case .mouse(let event) where state.isHelpVisible && (event.button == .wheelUp || event.button == .wheelDown):
            // The wheel scrolls the help, as j/k do.
            for _ in 0..<MouseReducer.wheelLines {
                helpOverlay.reduce(.scrollHelp(event.button == .wheelDown ? .down : .up), &state)
            }
        case .mouse(let event):
            mouse.reduce(event, &state)
        case .openLink:
            return terminal.openLink(context.selectedEntry(state)?.link)
        case .copyLink:
            return terminal.copyLink(context.selectedEntry(state)?.link)
        case .linkNotice(let text):
            state.hint = text
        }
        return .none
    }
}

extension Effect {
    /// This effect and `other`; no allocation when either is `.none`.
    func combined(with other: Effect) -> Effect {
        if isNone { return other }
        if other.isNone { return self }
        return .merge(self, other)
    }
}
