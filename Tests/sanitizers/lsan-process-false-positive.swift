import Foundation
// LSan report from Foundation's Process (see lsan.supp):
//   swiftc -sanitize=address -g Tests/sanitizers/lsan-process-false-positive.swift -o /tmp/lsan && /tmp/lsan
// runs /bin/echo three times, each Process freed, and still reports 32 bytes in 1 allocation:
// the weak-reference side table `Process.run()` forms (swift_weakAssign under
// $s10Foundation7ProcessC3runyyKF), which corelibs keeps past the process. parley runs
// password commands (and the tests run them) through Process.
func runOnce() {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/echo")
    process.arguments = ["hello"]
    let output = Pipe()
    process.standardOutput = output
    try? process.run()
    process.waitUntilExit()
    _ = output.fileHandleForReading.readDataToEndOfFile()
}
for _ in 0..<3 { runOnce() }
print("done")
