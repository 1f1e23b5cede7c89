import Foundation
import Testing
import BackgroundThread

/// The thread that runs a load's decoding (and the embedded mock's answers) below the
/// main actor's priority.
@Suite struct BackgroundThreadTests {
    private struct Refused: Error, Equatable {}

    @Test func runReturnsWhatTheJobMadeAndJobsRunInTheOrderSubmitted() async {
        let thread = BackgroundThread(name: "test.order", niceness: 5)
        let order = Locked<[Int]>([])
        let results = await withTaskGroup(of: Int.self) { group in
            // Submitted one after the other from here, so their order is known.
            for value in 0..<5 { thread.submit { order.mutate { $0.append(value) } } }
            group.addTask { await thread.run { order.value.count } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(order.value == [0, 1, 2, 3, 4])
        #expect(results == [5], "run's job came after the five submitted before it")
    }

    @Test func runThrowsWhatTheJobThrew() async {
        let thread = BackgroundThread(name: "test.throws", niceness: 5)
        await #expect(throws: Refused()) {
            try await thread.run { () throws(Refused) -> Int in throw Refused() }
        }
    }

    /// Each mock server and each site's client has one, so the thread ends with its owner,
    /// but only after the jobs its owner submitted.
    @Test func jobsSubmittedBeforeTheOwnerLetGoStillRun() async {
        var thread: BackgroundThread? = BackgroundThread(name: "test.end", niceness: 5)
        let ran = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            thread?.submit { continuation.resume(returning: true) }
            thread = nil
        }
        #expect(ran)
    }

    /// A test process never called `runningInteractively()`: it gets no thread, and the
    /// mock and the client do their work in the caller, as hundreds of sites at once need.
    @Test func aProcessThatIsNotInteractiveGetsNoThreadBelowTheKeys() {
        #expect(BackgroundThread.belowKeys(name: "test.below") == nil)
    }

    #if os(Linux)
    /// Named as `top -H` shows it: which thread of parley's spends the CPU.
    @Test func jobsRunOnTheNamedThread() async {
        let thread = BackgroundThread(name: "test.named", niceness: 5)
        let name = await thread.run { try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8) }
        #expect(name == "test.named\n")
    }

    /// The point of it: the scheduler runs the rest of the process first.
    @Test func jobsRunNicerThanTheRestOfTheProcess() async {
        let process = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let thread = BackgroundThread(name: "test.nice", niceness: 7)
        let nice = await thread.run { getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) }
        #expect(nice == min(19, process + 7))
        #expect(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) == process, "the caller's thread keeps its own")
    }
    #endif
}

/// A value shared between the test and the thread's jobs.
private final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func mutate(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}
