// What any module of the package may do with the interface's store: read its state and
// its readers, subscribe, dispatch. (Type-checked by run-terminalui.sh with the cases.)
import Flux
import TerminalUI

@MainActor
func allowed(_ store: UIStore) -> Int? {
    let receipt = store.subscribe { _, new in _ = new.cursor }
    store.dispatcher.dispatch(UIAction.move(.down))
    receipt.cancel()
    _ = store.rows.count
    _ = store.state.drafts.texts.count
    return store.state.cursor
}
