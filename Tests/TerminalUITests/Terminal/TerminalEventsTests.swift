#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import FluxTesting
@testable import TerminalUI

/// Drives `TerminalEvents` with a pipe standing in for stdin and a raised SIGWINCH.
/// The main queue runs while the test awaits, so the dispatch sources fire for real.
@Suite(.serialized, .timeLimit(.minutes(5 * SafetyNet.scale)))
@MainActor
struct TerminalEventsTests {
    /// Collects events and resumes a waiter once the expected number has arrived.
    @MainActor
    final class Recorder {
        var events: [TerminalEvent] = []
        private var waiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?

        func record(_ event: TerminalEvent) {
            events.append(event)
            if let waiter, events.count >= waiter.count {
                self.waiter = nil
                waiter.continuation.resume()
            }
        }

        func wait(for count: Int) async {
            if events.count >= count { return }
            await withCheckedContinuation { waiter = (count, $0) }
        }
    }

    @Test func inputThenEndOfFile() async throws {
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        let recorder = Recorder()
        let events = TerminalEvents(inputDescriptor: descriptors[0]) { event in
            recorder.record(event)
            if event == .input {
                // Consume the bytes like NcursesScreen.readKey would.
                var buffer = [UInt8](repeating: 0, count: 16)
                _ = read(descriptors[0], &buffer, buffer.count)
            }
        }
        events.start()
        _ = write(descriptors[1], "k", 1)
        await recorder.wait(for: 1)
        #expect(recorder.events == [.input])
        _ = Glibc.close(descriptors[1])
        await recorder.wait(for: 2)
        #expect(recorder.events == [.input, .inputClosed])
        // The read end is closed only once libdispatch has let go of it.
        await events.stopAndWait()
        _ = Glibc.close(descriptors[0])
    }

    @Test func sigwinchBecomesResize() async throws {
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        let recorder = Recorder()
        let events = TerminalEvents(inputDescriptor: descriptors[0]) { recorder.record($0) }
        await withCheckedContinuation { ready in
            events.start { ready.resume() }
        }
        kill(getpid(), SIGWINCH)
        await recorder.wait(for: 1)
        #expect(recorder.events == [.resize])
        await events.stopAndWait()
        _ = Glibc.close(descriptors[0])
        _ = Glibc.close(descriptors[1])
    }
}
