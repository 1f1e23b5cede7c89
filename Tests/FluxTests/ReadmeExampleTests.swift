import Testing
import Foundation
import Flux

// The code of README.md's "Flux in five minutes", verbatim between the markers, so the
// README cannot drift from what compiles. `readmeShowsThisCode` checks the copy.

// README-BEGIN
enum CounterEvent: Action {
    case increment
    case add(Int)
}

struct Counter: Equatable {
    var count = 0
    var history: [Int] = []
}

@MainActor
final class CounterModel: StatefulStore<Counter> {
    init(dispatcher: Dispatcher = .shared) {
        super.init(initialState: Counter(), dispatcher: dispatcher)
    }

    override func onDispatch(_ action: any Action) {
        guard let event = action as? CounterEvent else { return }
        switch event {
        case .increment:
            mutate { $0.count += 1 }
        case .add(let amount):
            // Two edits, one change for subscribers.
            transaction { state in
                state.history.append(state.count)
                state.count += amount
            }
        }
    }
}

@MainActor
func counterDemo() -> [String] {
    let dispatcher = Dispatcher()
    let counter = CounterModel(dispatcher: dispatcher)
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
// README-END

@MainActor
@Suite struct ReadmeExampleTests {
    @Test func theExampleDoesWhatTheReadmeSays() {
        #expect(counterDemo() == ["0 → 1", "odd", "1 → 3"])
    }

    @Test func readmeShowsThisCode() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        let begin = try #require(source.range(of: "// README-BEGIN\n"))
        let end = try #require(source.range(of: "// README-END"))
        let example = String(source[begin.upperBound..<end.lowerBound])
        #expect(readme.contains(example), "README.md's Flux section must match ReadmeExampleTests.swift")
    }
}
