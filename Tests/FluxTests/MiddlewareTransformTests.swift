import Testing
import Flux
import FluxTesting

/// Replaces `.increment` with `.add(10)`.
@MainActor
final class Amplifier: Middleware {
    func intercept(_ action: any Action, id: DispatchID, next: MiddlewareNext) {
        if case .increment? = action as? CounterAction {
            next(CounterAction.add(10))
        } else {
            next(action)
        }
    }
}

/// Drops `.reset`.
@MainActor
final class ResetBlocker: Middleware {
    func intercept(_ action: any Action, id: DispatchID, next: MiddlewareNext) {
        if case .reset? = action as? CounterAction { return }
        next(action)
    }
}

/// Holds every action until `release()`.
@MainActor
final class Holder: Middleware {
    private var held: [(any Action, MiddlewareNext)] = []
    private(set) var ids: [DispatchID] = []

    func intercept(_ action: any Action, id: DispatchID, next: MiddlewareNext) {
        ids.append(id)
        held.append((action, next))
    }

    func release() {
        let all = held
        held.removeAll()
        for (action, next) in all { next(action) }
    }
}

@MainActor
@Suite struct MiddlewareTransformTests {
    let dispatcher = Dispatcher()

    @Test func middlewareCanReplaceAnAction() {
        let counter = CounterStore(dispatcher: dispatcher)
        dispatcher.add(Amplifier())
        dispatcher.dispatch(CounterAction.increment)
        #expect(counter.state == 10)
    }

    @Test func middlewareCanDropAnAction() {
        let counter = CounterStore(dispatcher: dispatcher)
        dispatcher.add(ResetBlocker())
        dispatcher.dispatch(CounterAction.add(3))
        dispatcher.dispatch(CounterAction.reset)
        #expect(counter.state == 3)
    }

    @Test func middlewareCanDelayAnActionUnderTheSameID() {
        let counter = CounterStore(dispatcher: dispatcher)
        let holder = Holder()
        let trace = TraceMiddleware()
        dispatcher.add(holder)
        dispatcher.add(trace)
        dispatcher.dispatch(CounterAction.add(2))
        #expect(counter.state == 0)
        #expect(trace.trace.isEmpty)
        holder.release()
        #expect(counter.state == 2)
        #expect(trace.trace == ["will #1 add(2)", "did #1 add(2)"])
        #expect(holder.ids.map(\.rawValue) == [1])
    }

    @Test func laterMiddlewareAndLogsSeeTheReplacement() {
        let log = ActionLog(on: dispatcher)
        dispatcher.remove(log)
        dispatcher.add(Amplifier())
        dispatcher.add(log)
        dispatcher.dispatch(CounterAction.increment)
        #expect(log.actions(of: CounterAction.self) == [.add(10)])
    }

    @Test func loggerTimesTheRestOfTheChain() {
        var lines: [String] = []
        dispatcher.add(LoggerMiddleware { lines.append($0) })
        dispatcher.add(ResetBlocker())
        dispatcher.dispatch(CounterAction.reset)
        #expect(lines.first == "→ #1 CounterAction.reset")
        #expect(lines.count == 2)
    }

    @Test func aDispatchFromMiddlewareFollowsTheCurrentAction() {
        let journal = Journal()
        let store = JournalStore("s", journal: journal, dispatcher: dispatcher)
        let echo = EchoMiddleware(dispatcher: dispatcher)
        dispatcher.add(echo)
        dispatcher.dispatch(CounterAction.increment)
        #expect(journal.entries == ["s:increment", "s:add(1)"])
        _ = store
    }
}

/// On `.increment`, before passing it on, dispatches `.add(1)`. Holds its dispatcher
/// weakly: the dispatcher keeps its middleware, so a strong hold would be a cycle.
@MainActor
final class EchoMiddleware: Middleware {
    weak var dispatcher: Dispatcher?
    init(dispatcher: Dispatcher) { self.dispatcher = dispatcher }

    func intercept(_ action: any Action, id: DispatchID, next: MiddlewareNext) {
        if case .increment? = action as? CounterAction { dispatcher?.dispatch(CounterAction.add(1)) }
        next(action)
    }
}
