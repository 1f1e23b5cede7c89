import Foundation
import Flux
import CommentsKit

/// The interface's store: cursor, panes, modes, overlays, the status hint.
///
/// It handles every action after ``CommentsStore`` and ``AnnotationFilterStore``
/// (`waitFor`), then reconciles: the cursor follows its comment (or lands where it was
/// when the comment left the list), the list scrolls to keep it in view, and more
/// comments are asked for when the cursor nears the end. Where a key needs the
/// comments or filters to change, it dispatches their actions — it never changes them.
@MainActor
public final class UIStore: StatefulStore<UIState> {
    /// The comments store it reads.
    public let comments: CommentsStore
    /// The filter store it reads.
    public let filters: AnnotationFilterStore
    /// The visible list (comments × filters).
    public let visible: VisibleCommentsSelector
    private let drafts: DraftStore?
    private let folded = FoldedListSelector()

    /// Creates the interface store over the two data stores.
    public init(
        comments: CommentsStore,
        filters: AnnotationFilterStore,
        visible: VisibleCommentsSelector,
        drafts: DraftStore? = nil,
        dispatcher: Dispatcher = .shared,
        initialState: UIState = UIState()
    ) {
        self.comments = comments
        self.filters = filters
        self.visible = visible
        self.drafts = drafts
        super.init(initialState: initialState, dispatcher: dispatcher)
    }

    // MARK: Reading

    /// The lines of the comment list for the current site.
    public var rows: [ListRow] {
        guard let site = state.site else { return [] }
        return folded.rows(visible, site: site, collapsed: state.collapsed)
    }

    /// The query that loads the current site.
    public var currentQuery: CommentsQuery? {
        state.site.map { CommentsQuery(site: $0) }
    }

    /// The entry under the cursor.
    public var selectedEntry: CommentEntry? {
        guard let site = state.site, let id = state.cursor else { return nil }
        return comments.state.comments[site]?[id]
    }

    // MARK: Dispatch

    public override func onDispatch(_ action: any Action) {
        dispatcher.waitFor([comments.dispatchToken, filters.dispatchToken])
        batch {
            if let action = action as? UIAction { handle(action) }
            if case .undo? = action as? CommentsAction { followUndo() }
            reconcile()
        }
    }

    private func handle(_ action: UIAction) {
        if action != .tick, state.hint != nil { clearHint() }
        switch action {
        case .resize(let width, let height): mutate { $0.width = max(0, width); $0.height = max(0, height) }
        case .showSite(let site): show(site: site)
        case .switchSite(let offset): switchSite(by: offset)
        case .move(let move): self.move(move)
        case .toggleCollapse: toggleCollapse()
        case .collapse: collapse()
        case .expand: expand()
        case .switchPane: switchPane()
        case .open: open()
        case .close: close()
        case .reply: reply()
        case .edit: edit()
        case .trash: trash()
        case .deletePermanently: askToDelete()
        case .moderate(let moderation): moderate(moderation)
        case .refresh: currentQuery.map { dispatcher.dispatch(CommentsAction.refresh($0)) }
        case .toggleFilterPanel: toggleFilterPanel()
        case .toggleHighlightedFilter: activateFilterRow(toggle: true)
        case .expandHighlightedGroup: activateFilterRow(toggle: false)
        case .startSearch: startSearch()
        case .findMatch(let forward): findMatch(forward: forward)
        case .editorKey(let key): editorKey(key)
        case .openExternalEditor: openExternalEditor()
        case .externalEditorFinished(let text): externalEditorFinished(text)
        case .answer(let yes): answer(yes: yes)
        case .toggleHelp: mutate { $0.isHelpVisible.toggle() }
        case .tick: mutate { $0.spinnerFrame &+= 1 }
        case .quit: quit()
        }
    }

    // MARK: Sites and movement

    private func show(site: SiteID) {
        mutate { state in
            state.site = site
            state.cursor = nil
            state.cursorIndex = 0
            state.scrollTop = 0
            state.detailScroll = 0
            state.collapsed = []
            state.mode = .normal
        }
        dispatcher.dispatch(FilterAction.showSite(site))
    }

    private func switchSite(by offset: Int) {
        let sites = comments.state.sites
        guard sites.count > 1 else { return hint("There is only one site.") }
        let current = sites.firstIndex { $0.id == state.site } ?? 0
        let next = ((current + offset) % sites.count + sites.count) % sites.count
        show(site: sites[next].id)
    }

    private var layout: Layout { Layout(state) }

    private var listHeight: Int { max(1, layout.list?.height ?? layout.detail?.height ?? 1) }

    private func move(_ move: CursorMove) {
        switch state.focus {
        case .filters:
            let count = FilterPanelRow.rows(for: filters.state).count
            let delta = move == .up ? -1 : move == .down ? 1 : 0
            mutate { $0.filterCursor = min(max(0, $0.filterCursor + delta), max(0, count - 1)) }
        case .detail:
            let page = max(1, (layout.detail?.height ?? 2) - 1)
            let delta = switch move {
            case .up: -1
            case .down: 1
            case .top: -Int.max / 2
            case .bottom: Int.max / 2
            case .pageUp: -page
            case .pageDown: page
            case .halfPageUp: -page / 2
            case .halfPageDown: page / 2
            }
            mutate { $0.detailScroll = max(0, $0.detailScroll &+ delta) }
        case .list:
            let rows = self.rows
            guard !rows.isEmpty else { return }
            let page = max(1, listHeight - 1)
            let target = switch move {
            case .up: state.cursorIndex - 1
            case .down: state.cursorIndex + 1
            case .top: 0
            case .bottom: rows.count - 1
            case .pageUp: state.cursorIndex - page
            case .pageDown: state.cursorIndex + page
            case .halfPageUp: state.cursorIndex - page / 2
            case .halfPageDown: state.cursorIndex + page / 2
            }
            select(index: target, in: rows)
        }
    }

    private func select(index: Int, in rows: [ListRow]) {
        guard !rows.isEmpty else { return }
        let clamped = min(max(0, index), rows.count - 1)
        mutate { state in
            if state.cursor != rows[clamped].id { state.detailScroll = 0 }
            state.cursorIndex = clamped
            state.cursor = rows[clamped].id
        }
    }

    // MARK: Folding

    private func toggleCollapse() {
        guard let id = state.cursor else { return }
        if state.collapsed.contains(id) { expand() } else { collapse() }
    }

    private func collapse() {
        guard let id = state.cursor, let row = rows.first(where: { $0.id == id }) else { return }
        if row.row.hasReplies, !state.collapsed.contains(id) {
            mutate { _ = $0.collapsed.insert(id) }
        } else if let parent = selectedEntry?.comment.parent, parent != 0, let index = rows.firstIndex(where: { $0.id == parent }) {
            select(index: index, in: rows)
        }
    }

    private func expand() {
        guard let id = state.cursor else { return }
        mutate { _ = $0.collapsed.remove(id) }
    }

    // MARK: Panes

    private func switchPane() {
        var panes: [Pane] = []
        if layout.list != nil { panes.append(.list) }
        if layout.detail != nil || !layout.isWide { panes.append(.detail) }
        if state.isFilterPanelOpen { panes.append(.filters) }
        let index = panes.firstIndex(of: state.focus) ?? 0
        let next = panes[(index + 1) % panes.count]
        let isWide = layout.isWide
        mutate { state in
            state.focus = next
            if !isWide { state.isDetailOpen = next == .detail }
        }
    }

    private func open() {
        guard state.cursor != nil else { return }
        mutate { state in
            state.isDetailOpen = true
            state.focus = .detail
        }
    }

    private func close() {
        mutate { state in
            if state.isHelpVisible {
                state.isHelpVisible = false
            } else if state.focus == .detail {
                state.isDetailOpen = false
                state.focus = .list
            }
        }
    }

    private func toggleFilterPanel() {
        mutate { state in
            state.isFilterPanelOpen.toggle()
            state.focus = state.isFilterPanelOpen ? .filters : .list
        }
    }

    private func activateFilterRow(toggle: Bool) {
        let rows = FilterPanelRow.rows(for: filters.state)
        guard rows.indices.contains(state.filterCursor) else { return }
        switch rows[state.filterCursor] {
        case .group(let group, let isExpanded):
            dispatcher.dispatch(FilterAction.selectGroup(isExpanded ? nil : group.id))
        case .filter(let filter):
            if toggle { dispatcher.dispatch(FilterAction.toggle(filter.id)) }
        }
    }

    // MARK: Commands on the selected comment

    private func reply() {
        guard let site = state.site, let entry = selectedEntry else { return hint("No comment selected.") }
        if entry.isLocal {
            switch entry.mark {
            case .failed?: dispatcher.dispatch(CommentsAction.retryReply(site: site, localID: entry.id))
            default: hint("That reply is still being sent.")
            }
            return
        }
        let draft = drafts?.load(site: site, parent: entry.id) ?? ""
        mutate { state in
            state.mode = .compose(Composer(site: site, purpose: .reply(post: entry.comment.post, parent: entry.id), editor: TextEditor(text: draft)))
            state.isDetailOpen = false
            state.focus = .list
            if !draft.isEmpty { state.hint = "Draft restored." }
        }
    }

    private func edit() {
        guard let site = state.site, let entry = selectedEntry, !entry.isLocal else { return hint("No comment selected.") }
        guard let me = comments.state.currentUsers[site], me.id == entry.comment.author else {
            return hint("You can only edit your own comments.")
        }
        let unsent = comments.state.unsentEdit
        let text = unsent?.site == site && unsent?.id == entry.id ? unsent?.text ?? "" : entry.comment.contentRaw ?? entry.text
        mutate { state in
            state.mode = .compose(Composer(site: site, purpose: .edit(id: entry.id), editor: TextEditor(text: text)))
            state.isDetailOpen = false
            state.focus = .list
        }
    }

    private func trash() {
        guard let site = state.site, let entry = selectedEntry else { return hint("No comment selected.") }
        if entry.isLocal {
            if case .failed? = entry.mark { dispatcher.dispatch(CommentsAction.discardReply(site: site, localID: entry.id)) }
            return
        }
        mutate { $0.lastChanged = entry.id }
        dispatcher.dispatch(CommentsAction.trash(site: site, id: entry.id))
    }

    private func askToDelete() {
        guard let site = state.site, let entry = selectedEntry, !entry.isLocal else { return hint("No comment selected.") }
        let author = entry.comment.authorName.isEmpty ? "this comment" : "the comment by \(entry.comment.authorName)"
        mutate { $0.mode = .confirm(Confirmation(question: "Delete \(author) permanently? It cannot be undone.", site: site, id: entry.id)) }
    }

    private func moderate(_ moderation: Moderation) {
        guard let site = state.site, let entry = selectedEntry else { return hint("No comment selected.") }
        mutate { $0.lastChanged = entry.id }
        dispatcher.dispatch(CommentsAction.moderate(site: site, id: entry.id, to: moderation))
    }

    /// After `z`, the cursor goes back to the comment that came back.
    private func followUndo() {
        clearHint()
        guard let id = state.lastChanged else { return }
        mutate { $0.cursor = id }
    }

    // MARK: Search

    private func startSearch() {
        let current = filters.state.searchText
        mutate { state in
            state.mode = .search(SearchPrompt(editor: LineEditor(text: current), previousText: current))
            state.isHelpVisible = false
        }
    }

    private func findMatch(forward: Bool) {
        let needle = filters.state.searchText.trimmingCharacters(in: .whitespaces)
        guard !needle.isEmpty else { return hint("No search yet: press / to search.") }
        let rows = self.rows
        guard let site = state.site, !rows.isEmpty else { return }
        let site_ = comments.state.comments(of: site)
        for step in 1...rows.count {
            let index = ((state.cursorIndex + (forward ? step : -step)) % rows.count + rows.count) % rows.count
            guard let entry = site_[rows[index].id] else { continue }
            if entry.comment.authorName.localizedCaseInsensitiveContains(needle) || entry.text.localizedCaseInsensitiveContains(needle) {
                let wrapped = forward ? index <= state.cursorIndex : index >= state.cursorIndex
                select(index: index, in: rows)
                if wrapped { hint(forward ? "Search wrapped to the top." : "Search wrapped to the bottom.") }
                return
            }
        }
        hint("No match for “\(needle)”.")
    }

    // MARK: Editors

    private func editorKey(_ key: Key) {
        switch state.mode {
        case .search(var prompt):
            let outcome = prompt.editor.apply(key)
            switch outcome {
            case .edited:
                mutate { state in
                    state.mode = .search(prompt)
                    state.cursor = nil
                    state.cursorIndex = 0
                    state.scrollTop = 0
                }
                dispatcher.dispatch(FilterAction.setSearch(prompt.editor.text))
            case .submitted:
                mutate { $0.mode = .normal }
            case .cancelled:
                mutate { $0.mode = .normal }
                dispatcher.dispatch(FilterAction.setSearch(prompt.previousText))
            case .ignored:
                break
            }
        case .compose(var composer):
            let outcome = composer.editor.apply(key)
            switch outcome {
            case .edited: mutate { $0.mode = .compose(composer) }
            case .submitted: submit(composer)
            case .cancelled:
                if composer.editor.isBlank {
                    discard(composer)
                } else {
                    composer.isConfirmingDiscard = true
                    mutate { $0.mode = .compose(composer) }
                }
            case .ignored: break
            }
        default:
            break
        }
    }

    private func submit(_ composer: Composer) {
        guard !composer.editor.isBlank else { return hint("Nothing to send yet.") }
        let text = composer.editor.text
        switch composer.purpose {
        case .reply(let post, let parent):
            drafts?.remove(site: composer.site, parent: parent)
            dispatcher.dispatch(CommentsAction.reply(site: composer.site, post: post, parent: parent, text: text))
        case .edit(let id):
            dispatcher.dispatch(CommentsAction.edit(site: composer.site, id: id, text: text))
        }
        mutate { $0.mode = .normal }
    }

    private func discard(_ composer: Composer) {
        if case .reply(_, let parent) = composer.purpose { drafts?.remove(site: composer.site, parent: parent) }
        mutate { $0.mode = .normal }
    }

    private func answer(yes: Bool) {
        switch state.mode {
        case .confirm(let confirmation):
            mutate { $0.mode = .normal }
            if yes { dispatcher.dispatch(CommentsAction.deletePermanently(site: confirmation.site, id: confirmation.id)) }
        case .compose(var composer) where composer.isConfirmingDiscard:
            if yes {
                discard(composer)
                hint("Reply discarded.")
            } else {
                composer.isConfirmingDiscard = false
                mutate { $0.mode = .compose(composer) }
            }
        default:
            break
        }
    }

    private func openExternalEditor() {
        if case .normal = state.mode {
            reply()
        }
        guard case .compose(let composer) = state.mode else { return }
        mutate { $0.externalEditRequest = composer.editor.text }
    }

    private func externalEditorFinished(_ text: String?) {
        mutate { state in
            state.externalEditRequest = nil
            guard case .compose(var composer) = state.mode else { return }
            if let text {
                composer.editor = TextEditor(text: text.hasSuffix("\n") ? String(text.dropLast()) : text)
                state.mode = .compose(composer)
            } else {
                state.hint = "The editor failed; your text is unchanged."
            }
        }
    }

    private func quit() {
        if case .compose(let composer) = state.mode, case .reply(_, let parent) = composer.purpose, !composer.editor.isBlank {
            try? drafts?.save(composer.editor.text, site: composer.site, parent: parent)
        }
        mutate { $0.isQuitting = true }
    }

    // MARK: Reconcile

    /// Keeps the cursor on a real row, the cursor row on screen, and asks for more
    /// comments when the cursor is near the end of what is loaded.
    private func reconcile() {
        let rows = self.rows
        mutate { state in
            if let cursor = state.cursor, let posted = comments.state.postedReplies[cursor] {
                state.cursor = posted
            }
            if let cursor = state.cursor, let index = rows.firstIndex(where: { $0.id == cursor }) {
                state.cursorIndex = index
            } else if rows.isEmpty {
                state.cursor = nil
                state.cursorIndex = 0
            } else {
                state.cursorIndex = min(max(0, state.cursorIndex), rows.count - 1)
                state.cursor = rows[state.cursorIndex].id
            }
            scrollIntoView(&state, rowCount: rows.count)
            let panelRows = FilterPanelRow.rows(for: filters.state).count
            state.filterCursor = min(state.filterCursor, max(0, panelRows - 1))
        }
        loadMoreIfNeeded(rowCount: rows.count)
    }

    private func scrollIntoView(_ state: inout UIState, rowCount: Int) {
        let height = max(1, Layout(state).list?.height ?? 1)
        var extra = 0
        if case .compose(let composer) = state.mode, composer.anchor == state.cursor {
            extra = Layout.composerHeight(lineCount: composer.editor.lines.count, listHeight: height)
        }
        let cursor = state.cursorIndex
        if cursor < state.scrollTop { state.scrollTop = cursor }
        if cursor + extra >= state.scrollTop + height { state.scrollTop = cursor + extra - height + 1 }
        state.scrollTop = max(0, min(state.scrollTop, max(0, rowCount + extra - height)))
        if cursor < state.scrollTop { state.scrollTop = cursor }
    }

    private func loadMoreIfNeeded(rowCount: Int) {
        guard let query = currentQuery else { return }
        let fetch = comments.state.fetch(query)
        guard fetch.hasMore, !fetch.isLoading, fetch.error == nil, state.cursorIndex >= rowCount - 3 else { return }
        dispatcher.dispatch(CommentsAction.loadMore(query))
    }

    private func hint(_ text: String) {
        mutate { $0.hint = text }
    }

    private func clearHint() {
        mutate { $0.hint = nil }
    }
}
