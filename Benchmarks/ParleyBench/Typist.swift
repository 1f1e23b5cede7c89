import Foundation

/// Types keys into a pipe at a steady pace from a thread of its own, as a user holding
/// `j` and `k` would into a terminal, and keeps when each byte was written: the start of
/// each keystroke's sample (SiteLoadBench).
final class Typist: @unchecked Sendable {
    /// A key as it came out of the pipe: its byte and when it was written (``nowNanos()``).
    struct Key {
        let byte: UInt8
        let written: UInt64
    }

    /// What ``TerminalEvents`` watches.
    let readEnd: Int32
    private let writeEnd: Int32
    private let interval: Duration
    private let lock = NSLock()
    private var writtenAt: [UInt64] = []
    private var read = 0
    private var stopped = false
    private let done = DispatchSemaphore(value: 0)

    init(every interval: Duration) {
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0, "no pipe for the typist")
        readEnd = ends[0]
        writeEnd = ends[1]
        self.interval = interval
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
    }

    /// Starts typing: key n is written `interval` × n after the start.
    func start() {
        let thread = Thread { [self] in type() }
        thread.name = "typist"
        thread.start()
    }

    /// Stops typing and waits until the thread has.
    func stop() {
        lock.withLock { stopped = true }
        done.wait()
    }

    /// Closes the pipe: after ``stop()``, once nothing watches the read end any more.
    func close() {
        Glibc.close(readEnd)
        Glibc.close(writeEnd)
    }

    /// The keys waiting in the pipe, with when each was written.
    func readKeys() -> [Key] {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(readEnd, $0.baseAddress, $0.count) }
        guard count > 0 else { return [] }
        return lock.withLock {
            let keys = (0..<count).map { Key(byte: buffer[$0], written: writtenAt[read + $0]) }
            read += count
            return keys
        }
    }

    private func type() {
        let start = nowNanos()
        let step = UInt64(interval.components.seconds) * 1_000_000_000 + UInt64(interval.components.attoseconds / 1_000_000_000)
        var count: UInt64 = 0
        while !lock.withLock({ stopped }) {
            count += 1
            let due = start + count * step
            let now = nowNanos()
            if due > now { usleep(UInt32((due - now) / 1000)) }
            // 50 presses of j, then 50 of k: the cursor wanders over the top of the list.
            var byte = (count - 1) % 100 < 50 ? UInt8(ascii: "j") : UInt8(ascii: "k")
            lock.withLock { writtenAt.append(nowNanos()) }
            _ = write(writeEnd, &byte, 1)
        }
        done.signal()
    }
}
