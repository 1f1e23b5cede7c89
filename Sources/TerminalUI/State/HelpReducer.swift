import Flux
import CommentsKit

/// The help overlay's keys: open and close it, scroll it, search it (`/`, then `n` / `N`).
/// It measures the overlay with ``HelpPage`` for the current size, so `G` lands on the
/// last page and `k` moves at once after it.
@MainActor
struct HelpReducer {
    let inputs: UIInputs

    /// Handles the help overlay's keys; other actions change nothing here.
    func reduce(_ action: UIAction, _ state: inout UIState) -> Effect<UIAction> {
        switch action {
        case .toggleHelp:
            state.isHelpVisible.toggle()
            state.help = HelpScroll()
        case .scrollHelp(let move):
            scroll(move, &state)
        case .startHelpSearch:
            state.help.prompt = ""
        case .helpSearchKey(let key):
            type(key, &state)
        case .helpSearchCommand(let command):
            type(command.editorKey, &state)
        case .findHelpMatch(let forward):
            find(forward: forward, from: state.help.match ?? state.help.top - (forward ? 1 : 0), &state)
        default:
            break
        }
        return .none
    }

    /// The overlay as it is laid out now.
    func page(_ state: UIState) -> HelpPage {
        var underneath = state
        underneath.isHelpVisible = false
        let comments = inputs.comments.state
        return HelpPage(keyMap: inputs.keyMap, context: underneath.keyContext,
                        nextUndo: ScreenModel.nextUndo(comments, shownSite: state.site, sites: comments.sites),
                        terminalWidth: state.width, terminalHeight: state.height)
    }

    private func scroll(_ move: CursorMove, _ state: inout UIState) {
        let page = page(state)
        let top = min(state.help.top, page.maxTop)
        let step = max(1, page.visibleRows - 1)
        let target = switch move {
        case .up: top - 1
        case .down: top + 1
        case .pageUp: top - step
        case .pageDown: top + step
        case .halfPageUp: top - step / 2
        case .halfPageDown: top + step / 2
        case .top: 0
        case .bottom: page.maxTop
        }
        state.help.top = min(max(0, target), page.maxTop)
    }

    private func type(_ key: Key, _ state: inout UIState) {
        var text = state.help.prompt ?? ""
        switch key {
        case .enter:
            state.help.prompt = nil
            state.help.query = text
            state.help.match = nil
            find(forward: true, from: state.help.top - 1, &state)
            return
        case .escape:
            state.help.prompt = nil
            return
        case .character(let character): text.append(character)
        case .paste(let pasted): text += TextSanitizer.singleLine(pasted)
        case .backspace: text = String(text.dropLast())
        case .control("u"): text = ""
        default: return
        }
        state.help.prompt = String(text.prefix(60))
    }

    /// Goes to the next (previous) matching line after (before) line `row`, round the end.
    private func find(forward: Bool, from row: Int, _ state: inout UIState) {
        let page = page(state)
        let matches = page.matches(state.help.query)
        guard !matches.isEmpty else {
            if !state.help.query.isEmpty { state.hint = "Not in the help: \(state.help.query)" }
            return
        }
        let next = forward
            ? matches.first { $0 > row } ?? matches[0]
            : matches.last { $0 < row } ?? matches[matches.count - 1]
        state.help.match = next
        // The match goes a third of the way down, with what leads to it above.
        state.help.top = min(max(0, next - page.visibleRows / 3), page.maxTop)
    }
}
