import Testing
import Foundation
@testable import TerminalUI

/// `TerminalApp` handles keys and paints frames in main-actor tasks started from
/// dispatch sources and main-queue blocks (fast isolation checks): they must run in the
/// order they were started, after the block that started them.
@MainActor
@Suite struct MainActorJobTests {
    @MainActor final class Log {
        var entries: [String] = []
    }

    @Test func tasksStartedFromAMainQueueBlockRunInOrderAfterIt() async {
        let log = Log()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    log.entries.append("block starts")
                    TerminalApp.runInMainActorTask { log.entries.append("keys") }
                    TerminalApp.runInMainActorTask {
                        log.entries.append("frame")
                        done.resume()
                    }
                    log.entries.append("block ends")
                }
            }
        }
        #expect(log.entries == ["block starts", "block ends", "keys", "frame"])
    }
}
