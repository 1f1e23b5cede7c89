import Testing
import Foundation
import Flux
import FluxTesting

// The code of README.md's "Flux in five minutes" (and of the DocC article "Flux in
// parley"), verbatim between the markers, so neither can drift from what compiles.
// `readmeShowsThisCode` checks the copies.

// README-BEGIN
enum CounterEvent: Action, Equatable {
    case increment
    case add(Int)
    case incrementLater
    case cancelLater
}

struct Counter: Equatable {
    var count = 0
    var history: [Int] = []
}

/// The one place a Counter changes. What should happen next comes back as an Effect.
@MainActor
func counterReducer(clock: any Clock<Duration>) -> FluxStore<Counter, CounterEvent>.Reducer {
    { state, event in
        switch event {
        case .increment:
            state.count += 1
            return .none
        case .add(let amount):
            state.history.append(state.count)   // two edits, one change for subscribers
            state.count += amount
            return .none
        case .incrementLater:
            return .run { send in
                do { try await clock.sleep(for: .seconds(1)) } catch { return }
                await send(.increment)
            }
            .cancellable(id: "later", cancelInFlight: true)
        case .cancelLater:
            return .cancel(id: "later")
        }
    }
}

@MainActor
func counterDemo() -> [String] {
    let dispatcher = Dispatcher()
    let counter = FluxStore(
        initialState: Counter(), dispatcher: dispatcher, reducer: counterReducer(clock: ContinuousClock())
    )
    var printed: [String] = []

    // A subscriber sees (old, new) after every change.
    let all = counter.subscribe { old, new in printed.append("\(old.count) → \(new.count)") }
    // A selector subscriber runs only when its value changes.
    let parity = counter.observe({ $0.count % 2 == 0 }) { isEven in printed.append(isEven ? "even" : "odd") }

    dispatcher.dispatch(CounterEvent.increment)   // "0 → 1", "odd"
    dispatcher.dispatch(CounterEvent.add(2))      // "1 → 3" (still odd: no parity call)

    all.cancel()                                  // or just let a receipt go
    _ = parity
    return printed
}

@MainActor
func counterTest() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter(), reducer: counterReducer(clock: clock))
    await store.send(.add(2)) {                   // every change asserted, or the test fails
        $0.count = 2
        $0.history = [0]
    }
    await store.send(.incrementLater)             // no change: an effect starts
    await clock.sleepers(atLeast: 1)              // it sleeps on the test clock…
    clock.advance(by: .seconds(1))                // …until the test moves time
    await store.receive(.increment) { $0.count = 3 }
    await store.finish()                          // nothing left running or unreceived
}
// README-END

@MainActor
@Suite struct ReadmeExampleTests {
    @Test func theExampleDoesWhatTheReadmeSays() {
        #expect(counterDemo() == ["0 → 1", "odd", "1 → 3"])
    }

    @Test func theTestStoreExamplePasses() async {
        await counterTest()
    }

    @Test(arguments: ["README.md", "Sources/Flux/Flux.docc/FluxInParley.md"])
    func readmeShowsThisCode(document: String) throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        let begin = try #require(source.range(of: "// README-BEGIN\n"))
        let end = try #require(source.range(of: "// README-END"))
        let example = String(source[begin.upperBound..<end.lowerBound])
        #expect(text.contains(example), "\(document)'s Flux example must match ReadmeExampleTests.swift")
    }
}
