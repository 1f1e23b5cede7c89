// What any code may do with a FluxStore, and with CommentsKit's stores: read, subscribe,
// query, dispatch.
import Flux
import CommentsKit

enum Step: Action { case up }

@MainActor
func allowed(dispatcher: Dispatcher) -> Int {
    let store = FluxStore(initialState: 0, dispatcher: dispatcher) { (count: inout Int, _: Step) in
        count += 1
        return .none
    }
    let receipt = store.subscribe { _, _ in }
    dispatcher.dispatch(Step.up)
    receipt.cancel()
    return store.state
}

@MainActor
func allowed(comments: CommentsStore, filters: AnnotationFilterStore) -> Bool {
    let query = comments.query(CommentsQuery(site: "site-1"))
    comments.dispatcher.dispatch(CommentsAction.undo)
    comments.dispatcher.dispatch(FilterAction.toggle(.needsReply))
    query.cancel()
    return comments.state.isBusy || filters.state.isFiltering
}
