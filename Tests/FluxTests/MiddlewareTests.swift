import Testing
import Flux
import FluxTesting

@MainActor
final class TraceMiddleware: Middleware {
    var trace: [String] = []
    func willDispatch(_ action: any Action, id: DispatchID) { trace.append("will \(id) \(action)") }
    func didDispatch(_ action: any Action, id: DispatchID) { trace.append("did \(id) \(action)") }
}

@MainActor
@Suite struct MiddlewareTests {
    let dispatcher = Dispatcher()

    @Test func middlewareSurroundsEveryActionWithAnId() {
        let trace = TraceMiddleware()
        dispatcher.add(trace)
        let counter = CounterStore(dispatcher: dispatcher)
        let receipt = counter.addListener { trace.trace.append("store changed") }
        dispatcher.dispatch(CounterAction.increment)
        dispatcher.dispatch(CounterAction.reset)
        #expect(trace.trace == [
            "will #1 increment", "store changed", "did #1 increment",
            "will #2 reset", "store changed", "did #2 reset",
        ])
        dispatcher.remove(trace)
        dispatcher.dispatch(CounterAction.reset)
        #expect(trace.trace.count == 6)
        _ = receipt
    }

    @Test func loggerWritesOneLineBeforeAndOneAfter() {
        var lines: [String] = []
        dispatcher.add(LoggerMiddleware { lines.append($0) })
        dispatcher.dispatch(CounterAction.add(2))
        #expect(lines.count == 2)
        #expect(lines.first == "→ #1 CounterAction.add(2)")
        #expect(lines.last?.hasPrefix("← #1 ") == true)
        #expect(lines.last?.hasSuffix(" ms") == true)
    }

    @Test func recorderStepsBackAndForwardAndNotifies() {
        let counter = CounterStore(dispatcher: dispatcher)
        let recorder = RecorderMiddleware(stores: [counter])
        dispatcher.add(recorder)
        dispatcher.dispatch(CounterAction.add(1))
        dispatcher.dispatch(CounterAction.add(10))
        let history = StateHistory(of: counter)
        #expect(recorder.entries.count == 3)
        #expect(recorder.back())
        #expect(counter.state == 1)
        #expect(recorder.back())
        #expect(counter.state == 0)
        #expect(!recorder.back())
        #expect(recorder.forward())
        #expect(counter.state == 1)
        #expect(history.states == [1, 0, 1])
    }

    @Test func recordingAfterGoingBackDropsTheRedoTail() {
        let counter = CounterStore(dispatcher: dispatcher)
        let recorder = RecorderMiddleware(stores: [counter])
        dispatcher.add(recorder)
        dispatcher.dispatch(CounterAction.add(1))
        dispatcher.dispatch(CounterAction.add(10))
        recorder.back()
        dispatcher.dispatch(CounterAction.add(100))
        #expect(counter.state == 101)
        #expect(!recorder.canGoForward)
        #expect(recorder.entries.compactMap { $0.states.first as? Int } == [0, 1, 101])
        #expect(recorder.entries.compactMap { $0.action as? CounterAction } == [.add(1), .add(100)])
    }
}
