import Testing
import CNcurses
@testable import TerminalUI

/// Ctrl-Z's terminal side: while the job is stopped the terminal is out of curses mode
/// (the shell gets it back as it was), and afterwards curses mode and the picture are back.
/// The stop itself (SIGTSTP to the process group) would stop the test runner: it is
/// replaced here, and `Tests/e2e/test-suspend.sh` stops the real binary from a real shell.
@Suite(.serialized)
@MainActor
struct SuspendJobTests {
    @Test func theJobStopsOutsideCursesModeAndComesBackInIt() throws {
        let screen = try NcursesScreen.headless(width: 20, height: 3)
        defer { screen.close() }
        var canvas = Canvas(width: 20, height: 3)
        canvas.put("half a reply", x: 0, y: 1)
        screen.present(canvas)
        var cursesModeWhileStopped: Bool?
        screen.suspendJob(stopJob: { cursesModeWhileStopped = !isendwin() })
        #expect(cursesModeWhileStopped == false, "the shell must get the terminal in its own modes")
        #expect(!isendwin(), "curses mode is back after the stop")
        #expect(screen.screenText() == "\nhalf a reply\n")
    }

    @Test func aClosedScreenDoesNotStop() throws {
        let screen = try NcursesScreen.headless(width: 20, height: 3)
        screen.close()
        var stopped = false
        screen.suspendJob(stopJob: { stopped = true })
        #expect(!stopped)
    }
}

/// Ctrl-Z through the app on a headless screen (tests, benchmarks) must not send SIGTSTP:
/// it would stop the test runner's whole process group. Reaching the end of this test is
/// the proof.
@Suite(.serialized)
@MainActor
struct HeadlessSuspendTests {
    @Test func aHeadlessScreenGoesThroughTheMotionsWithoutStopping() throws {
        let screen = try NcursesScreen.headless(width: 20, height: 3)
        defer { screen.close() }
        screen.suspendJob()
        #expect(!isendwin())
    }
}
