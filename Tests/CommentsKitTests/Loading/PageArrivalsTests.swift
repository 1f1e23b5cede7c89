@testable import CommentsKit
import Foundation
import Testing

/// Issue 12: a key pressed while a site loads must not wait behind several page merges.
/// The pages' answers take turns onto the main actor (``PageArrivals``).
@Suite struct PageArrivalsTests {
    /// Records the order pages were let through, and how many were through at once.
    actor Ledger {
        var order: [Int] = []
        var inside = 0
        var mostInside = 0
        func enter(_ page: Int) { order.append(page); inside += 1; mostInside = max(mostInside, inside) }
        func leave() { inside -= 1 }
    }

    @Test func pagesGoOneAtATimeInTheOrderTheyAsked() async {
        let arrivals = PageArrivals()
        let ledger = Ledger()
        await arrivals.take()  // page 0 holds the turn while the others line up
        var lined: [Task<Void, Never>] = []
        for page in 1...5 {
            lined.append(Task {
                await arrivals.take()
                await ledger.enter(page)
                await Task.yield()
                await ledger.leave()
                await arrivals.give()
            })
            // Each is waiting before the next asks (the turn is taken, so it queues).
            while await arrivals.waitingCount < page { await Task.yield() }
        }
        await arrivals.give()
        for task in lined { await task.value }
        #expect(await ledger.order == [1, 2, 3, 4, 5])
        #expect(await ledger.mostInside == 1)
        #expect(await arrivals.waitingCount == 0)
    }

    @Test func aTurnGivenBackWithNobodyWaitingIsFreeForTheNext() async {
        let arrivals = PageArrivals()
        await arrivals.take()
        await arrivals.give()
        await arrivals.take()  // would wait for ever if the turn had stayed taken
        await arrivals.give()
        #expect(await arrivals.waitingCount == 0)
    }
}
