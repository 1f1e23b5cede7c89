import Flux

/// A small feature with every kind of effect, for the FluxStore and TestStore tests: a
/// search debounced on a clock, cancellable, and a fire-and-forget save.
enum SearchAction: Action, Equatable {
    case queryChanged(String)
    case results([String])
    case cancel
    case save
    case clear
}

struct SearchState: Equatable {
    var query = ""
    var results: [String] = []
    var isSearching = false
}

/// What the search feature talks to; tests pass doubles.
struct SearchDependencies: Sendable {
    var clock: any Clock<Duration>
    var search: @Sendable (String) async -> [String]
    var save: @Sendable (String) async -> Void
}

enum SearchID: Hashable, Sendable { case search }

@MainActor
func searchReducer(_ dependencies: SearchDependencies) -> FluxStore<SearchState, SearchAction>.Reducer {
    { state, action in
        switch action {
        case .queryChanged(let query):
            state.query = query
            state.isSearching = true
            return .run { send in
                do { try await dependencies.clock.sleep(for: .milliseconds(300)) } catch { return }
                let found = await dependencies.search(query)
                await send(.results(found))
            }
            .cancellable(id: SearchID.search, cancelInFlight: true)
        case .results(let found):
            state.results = found
            state.isSearching = false
            return .none
        case .cancel:
            state.isSearching = false
            return .cancel(id: SearchID.search)
        case .save:
            let query = state.query
            return .fireAndForget { await dependencies.save(query) }
        case .clear:
            state = SearchState()
            return .merge(.cancel(id: SearchID.search), .send(.results([])))
        }
    }
}

/// Records what the feature saved, across tasks.
actor SavedQueries {
    private(set) var all: [String] = []
    func append(_ query: String) { all.append(query) }
}
