import Testing
import Flux

@MainActor
@Suite struct DispatcherTests {
    let dispatcher = Dispatcher()
    let journal = Journal()

    @Test func deliversToEveryStoreInRegistrationOrder() {
        let a = JournalStore("a", journal: journal, dispatcher: dispatcher)
        let b = JournalStore("b", journal: journal, dispatcher: dispatcher)
        dispatcher.dispatch(CounterAction.increment)
        #expect(journal.entries == ["a:increment", "b:increment"])
        _ = (a, b)
    }

    @Test func unregisteredStoresGetNothing() {
        let a = JournalStore("a", journal: journal, dispatcher: dispatcher)
        let b = JournalStore("b", journal: journal, dispatcher: dispatcher)
        dispatcher.unregister(a.dispatchToken)
        dispatcher.dispatch(CounterAction.reset)
        #expect(journal.entries == ["b:reset"])
        _ = b
    }

    @Test func closureRegistrationsReceiveActions() {
        var seen: [String] = []
        let token = dispatcher.register(name: "probe") { seen.append("\($0)") }
        dispatcher.dispatch(CounterAction.add(3))
        dispatcher.unregister(token)
        dispatcher.dispatch(CounterAction.add(4))
        #expect(seen == ["add(3)"])
    }

    @Test func independentDispatchersDoNotShareStores() {
        let other = Dispatcher()
        let a = JournalStore("a", journal: journal, dispatcher: dispatcher)
        other.dispatch(CounterAction.increment)
        #expect(journal.entries.isEmpty)
        #expect(Dispatcher.shared !== dispatcher)
        _ = a
    }

    @Test func releasedStoreUnregistersAndIsFreed() {
        weak var weakStore: JournalStore?
        do {
            let store = JournalStore("gone", journal: journal, dispatcher: dispatcher)
            weakStore = store
            #expect(dispatcher.registrationCount == 1)
        }
        #expect(weakStore == nil)
        #expect(dispatcher.registrationCount == 0)
        dispatcher.dispatch(CounterAction.increment)
        #expect(journal.entries.isEmpty)
    }

    @Test func dispatchFromAStoreIsQueuedAfterTheCurrentAction() {
        let a = JournalStore("a", journal: journal, dispatcher: dispatcher)
        let b = JournalStore("b", journal: journal, dispatcher: dispatcher)
        a.onAction = { store, action in
            if case CounterAction.increment = action {
                store.dispatcher.dispatch(CounterAction.add(1))
                store.dispatcher.dispatch(CounterAction.add(2))
            }
        }
        dispatcher.dispatch(CounterAction.increment)
        #expect(journal.entries == [
            "a:increment", "b:increment",
            "a:add(1)", "b:add(1)",
            "a:add(2)", "b:add(2)",
        ])
        #expect(!dispatcher.isDispatching)
        _ = b
    }

    @Test func dispatchFromASubscriberIsQueuedToo() {
        let counter = CounterStore(dispatcher: dispatcher)
        var seen: [Int] = []
        let receipt = counter.subscribe { _, new in
            seen.append(new)
            if new == 1 { counter.dispatcher.dispatch(CounterAction.add(10)) }
            // The re-entrant action has not been delivered yet: no interleaving.
            #expect(counter.state == new)
        }
        dispatcher.dispatch(CounterAction.increment)
        #expect(seen == [1, 11])
        _ = receipt
    }

    @Test func waitForMakesTheNamedStoreHandleFirst() {
        let a = JournalStore("a", journal: journal, dispatcher: dispatcher)
        let b = JournalStore("b", journal: journal, dispatcher: dispatcher)
        let c = JournalStore("c", journal: journal, dispatcher: dispatcher)
        a.onAction = { store, _ in store.dispatcher.waitFor([c.dispatchToken]) }
        dispatcher.dispatch(CounterAction.reset)
        // a's handler started first but waited for c; c is not called twice.
        #expect(journal.entries == ["a:reset", "c:reset", "b:reset"])
        _ = b
    }

    @Test func waitForSkipsStoresThatAlreadyHandled() {
        let a = JournalStore("a", journal: journal, dispatcher: dispatcher)
        let b = JournalStore("b", journal: journal, dispatcher: dispatcher)
        b.onAction = { store, _ in store.dispatcher.waitFor([a.dispatchToken]) }
        dispatcher.dispatch(CounterAction.reset)
        #expect(journal.entries == ["a:reset", "b:reset"])
    }

    @Test func waitForCycleStopsWithAMessageNamingTheStores() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let dispatcher = Dispatcher()
                let journal = Journal()
                let a = JournalStore("a", journal: journal, dispatcher: dispatcher)
                let b = JournalStore("b", journal: journal, dispatcher: dispatcher)
                a.onAction = { store, _ in store.dispatcher.waitFor([b.dispatchToken]) }
                b.onAction = { store, _ in store.dispatcher.waitFor([a.dispatchToken]) }
                dispatcher.dispatch(CounterAction.reset)
            }
        }.map { result in
            let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(stderr.contains("waitFor cycle: JournalStore(a) → JournalStore(b) → JournalStore(a)"))
        }
    }

    @Test func concurrentDispatchLosesNothingAndKeepsEachTasksOrder() async {
        let tasks = 8, perTask = 1_000
        var received: [[Int]] = Array(repeating: [], count: tasks)
        let token = dispatcher.register(name: "collector") { action in
            guard let tick = action as? Tick else { return }
            received[tick.task].append(tick.n)
        }
        let dispatcher = self.dispatcher
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<tasks {
                group.addTask { @Sendable in
                    for n in 0..<perTask { await dispatcher.dispatch(Tick(task: task, n: n)) }
                }
            }
        }
        #expect(received.map(\.count) == Array(repeating: perTask, count: tasks))
        #expect(received.allSatisfy { $0 == Array(0..<perTask) })
        dispatcher.unregister(token)
    }

    @Test func postDeliversOnTheMainActorInOrder() async throws {
        let counter = CounterStore(dispatcher: dispatcher)
        let dispatcher = self.dispatcher
        await Task.detached {
            for n in 1...100 { dispatcher.post(CounterAction.add(n)) }
        }.value
        let final = try await counter.state(where: { $0 == 5050 })
        #expect(final == 5050)
    }
}
