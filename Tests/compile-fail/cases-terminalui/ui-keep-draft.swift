// Nor its drafts: a draft is kept or forgotten by the reducer alone (which also writes it to disk).
// expect: setter is inaccessible
import TerminalUI

@MainActor
func write(_ store: UIStore) {
    store.state.drafts.texts[DraftRef(site: "s", .reply(parent: 1))] = "smuggled"
}
