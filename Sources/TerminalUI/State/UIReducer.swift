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
/// ``QuitReducer`` (quitting, and the drafts' writes it waits for), ``TaggingReducer``,
/// ``HelpReducer``, ``MouseReducer``, ``OutboxReducer``, ``LiveUpdateReducer``,
/// ``TerminalReducer`` (links, suspending the job); then ``ReconcileReducer`` keeps the
/// cursor, the scroll and the filter panel's highlight true to the data,
/// ``HistoryLookupReducer`` asks for the histories of the addresses the pane shows,
/// ``SpamExplainReducer`` why its comment scores as it does,
/// ``LiveUpdateReducer`` marks the cursor's comment seen, ``DetailSettleReducer`` arms or
/// cancels the detail pane's timer, and ``SpinnerReducer`` starts or stops the spinner's ticks.
///
/// Every slice reducer returns what it wants done besides as an ``Effect``, the other
/// stores' actions too (a trash, a page to load, a filter to toggle) as
/// ``Effect/dispatch(_:)``; this one combines them in the order above, so those actions
/// are dispatched after the action being handled, in the order they were asked for. The
/// other stores' state it reads through ``UIInputs``' read-only views, once they have
/// handled the action.
@MainActor
struct UIReducer {
    private let inputs: UIInputs
    private let navigation: NavigationReducer
    private let commands: CommandReducer
    private let editors: EditorReducer
    private let quitting: QuitReducer
    private let reconciler: ReconcileReducer
    private let settle: DetailSettleReducer
    private let histories: HistoryLookupReducer
    private let spamWhy: SpamExplainReducer
    private let tagging: TaggingReducer
    private let live: LiveUpdateReducer
    private let helpOverlay: HelpReducer
    private let mouse: MouseReducer
    private let unfolding: ThreadUnfoldingReducer
    private let outbox: OutboxReducer
    private let terminal: TerminalReducer
    private let spinner: SpinnerReducer
    private let freshness: FreshnessReducer

    init(inputs: UIInputs, drafts: DraftReducer, editor: (any ExternalEditing)?, settle: DetailSettleReducer,
         services: TerminalServices, restDelay: Duration = FreshnessReducer.defaultDelay, restClock: any Clock<Duration> = ContinuousClock()) {
        self.inputs = inputs
        navigation = NavigationReducer(inputs: inputs)
        commands = CommandReducer(inputs: inputs)
        editors = EditorReducer(inputs: inputs, drafts: drafts, editor: editor)
        quitting = QuitReducer(inputs: inputs, drafts: drafts)
        reconciler = ReconcileReducer(inputs: inputs)
        self.settle = settle
        histories = HistoryLookupReducer(inputs: inputs)
        spamWhy = SpamExplainReducer(inputs: inputs)
        tagging = TaggingReducer(inputs: inputs)
        live = LiveUpdateReducer(inputs: inputs)
        helpOverlay = HelpReducer(inputs: inputs)
        mouse = MouseReducer(inputs: inputs, navigation: navigation)
        unfolding = ThreadUnfoldingReducer(inputs: inputs)
        outbox = OutboxReducer(inputs: inputs, drafts: drafts)
        terminal = TerminalReducer(services: services)
        spinner = SpinnerReducer(services: services)
        freshness = FreshnessReducer(inputs: inputs, delay: restDelay, clock: restClock)
    }

    /// Applies `action` to `state`; returns what to do besides.
    func reduce(_ state: inout UIState, _ action: any Action) -> Effect<UIAction> {
        // The state is being written while this runs: nothing here may read the UI store
        // itself (Swift would stop the program), only `state` and the inputs. The comments
        // store handles the action first, then the filters (which follow it): from here on,
        // their views show what the action left.
        let comments = inputs.comments.settledState
        _ = inputs.filters.settledState
        let detailMayLag = DetailSettleReducer.keepsDetailLag(action, focus: state.focus)
        let wasSettled = state.isDetailSettled
        let previousDetail = state.detailID
        let wasQuitting = state.isQuitting
        let previousCursor = state.cursor, previousSite = state.site
        // A page of a load under way is followed at the next frame or key (other than a
        // move within the list as shown), with the pages after it: the list of a big site
        // is rebuilt once per frame, not once per page.
        let isPageOfLoad = (action as? CommentsAction)?.isPageOfOngoingLoad(in: comments) ?? false
        // A move within the list as shown (``MayLagBehindLoad``) stays behind too: it works
        // on the list as last shown (``UIState/listAsShown``), and the next frame catches up.
        let staysBehind = isPageOfLoad || (action as? UIAction)?.mayLagBehindLoad == true
        var effect = Effect<UIAction>.none
        if state.isBehindLoad, !staysBehind {
            // What the action does starts from the cursor's place in the list as it is now.
            state.listAsShown = nil
            effect = reconciler.reconcile(&state, detailMayLag: true)
        }
        switch action {
        case let action as UIAction:
            effect = effect.combined(with: handle(action, &state))
        case let action as CommentsAction:
            effect = effect
                .combined(with: commands.follow(action, &state))
                .combined(with: tagging.follow(action, &state))
                .combined(with: quitting.follow(action, &state))
                .combined(with: unfolding.follow(action, &state))
        case let action as FilterAction:
            effect = effect
                .combined(with: navigation.follow(action, &state))
                .combined(with: editors.follow(action, &state))
        default:
            break
        }
        // A write held because its comment changed on the site asks its question as soon
        // as nothing else is open.
        ConflictQuestion.ask(comments, keyMap: inputs.keyMap, &state)
        if isPageOfLoad {
            // The list stays as shown until the next frame or key that catches up.
            if state.listAsShown == nil { state.listAsShown = inputs.listToKeep(state) }
        } else {
            effect = effect
                .combined(with: unfolding.revealCursor(&state))
                .combined(with: reconciler.reconcile(&state, detailMayLag: detailMayLag))
        }
        return effect
            .combined(with: histories.request(after: action, previousDetail: previousDetail, state: state))
            .combined(with: spamWhy.request(state: state))
            .combined(with: live.follow(state, wasQuitting: wasQuitting))
            .combined(with: freshness.follow(previousCursor: previousCursor, previousSite: previousSite, state: state))
            .combined(with: settle.effect(after: action, wasSettled: wasSettled, state: state))
            .combined(with: spinner.effect(&state, busy: comments.isBusy))
    }

    private func handle(_ action: UIAction, _ state: inout UIState) -> Effect<UIAction> {
        // Neither the spinner, the deferred detail paint, a resize, the start, the site shown
        // at start nor a draft's write is a key: the hint stays (so a start-up notice
        // outlives start-up).
        let isKey = switch action {
        case .tick, .settleDetail, .resize, .start, .showSite, .draftWritten, .suspend, .openLink, .copyLink, .frame, .cursorRested,
             .closeTextFound: false
        default: true
        }
        if isKey {
            // The first screen stays at the top of the list until the user moves (issue 27).
            state.holdsFirstScreen = false
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
            return .dispatch(FilterAction.showSite(site))
        case .refresh:
            return inputs.query(state).map { .dispatch(CommentsAction.refresh($0)) } ?? .none
        case .pasteIgnored:
            state.hint = "Paste ignored: no text field has focus."
        case .toggleHelp, .scrollHelp, .startHelpSearch, .helpSearchKey, .helpSearchCommand, .findHelpMatch:
            return helpOverlay.reduce(action, &state)
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
            if let escaped = tagging.escape(&state) { return escaped }
            return navigation.reduce(action, &state)
        case .toggleTag:
            let tagged = tagging.reduce(action, &state)
            guard state.hint == nil else { return tagged }
            return tagged.combined(with: navigation.reduce(.move(.down), &state))
        case .tagAllShown, .tagAuthor, .empty, .tagFrom, .tagCloseText, .closeTextFound:
            return tagging.reduce(action, &state)
        case .switchSite, .move, .toggleCollapse, .collapse, .expand, .switchPane, .open,
             .toggleFilterPanel, .toggleHighlightedFilter, .expandHighlightedGroup:
            return navigation.reduce(action, &state)
        case .reply, .edit, .trash, .deletePermanently, .moderate, .answer:
            return commands.reduce(action, &state)
        case .openExternalEditor:
            // From the list, E opens the reply editor first.
            guard case .normal = state.mode else { return editors.reduce(action, &state) }
            return commands.reduce(.reply, &state).combined(with: editors.reduce(action, &state))
        case .startSearch, .findMatch, .editorKey, .editorCommand, .externalEditorFinished, .confirmDiscard, .keepText:
            return editors.reduce(action, &state)
        case .quit, .draftWritten:
            return quitting.reduce(action, &state)
        case .jumpToNew:
            return live.reduce(action, &state)
        case .mouse(let event) where state.isHelpVisible && (event.button == .wheelUp || event.button == .wheelDown):
            // The wheel scrolls the help, as j/k do.
            var scrolled = Effect<UIAction>.none
            for _ in 0..<MouseReducer.wheelLines {
                scrolled = scrolled.combined(with: helpOverlay.reduce(.scrollHelp(event.button == .wheelDown ? .down : .up), &state))
            }
            return scrolled
        case .mouse(let event):
            return mouse.reduce(event, &state)
        case .openLink:
            return terminal.openLink(inputs.selectedEntry(state)?.link)
        case .copyLink:
            return terminal.copyLink(inputs.selectedEntry(state)?.link)
        case .linkNotice(let text):
            state.hint = text
        case .cursorRested:
            return freshness.rested(state)
        }
        return .none
    }
}
