import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lock a running parley holds on each replica it opened, so that `parley cache
/// --forget-site` does not delete the file (and its queued writes) under it: an advisory
/// `flock` on `<replica>.lock`, next to the database. The kernel releases it when the
/// process exits or crashes, so a lock is never left behind by a parley that is gone.
///
/// A running parley takes it shared (``share(_:)``): two parleys on one site are fine,
/// SQLite's WAL lets them share the file. Forgetting takes it exclusive (``exclusive(_:)``),
/// which is refused while any parley holds it. The lock file names the process that took
/// it last, for the refusal's sentence.
package final class ReplicaLock: Sendable {
    /// Why a lock was not granted.
    package enum Refusal: Error, Equatable, Sendable {
        /// A parley holds the replica: process `pid`, when the lock file says.
        case inUse(pid: Int32?)
        /// The lock file could not be opened (`reason`: what the system says).
        case unusable(reason: String)
    }

    /// The lock file.
    package let url: URL
    private let descriptor: Int32

    private init(url: URL, descriptor: Int32) {
        self.url = url
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// The lock file of the replica database `database`.
    package static func file(of database: URL) -> URL {
        URL(fileURLWithPath: database.path + ".lock")
    }

    /// Takes the lock of `database` as a parley using it does: shared, never waiting.
    /// Refused only while the replica is being forgotten.
    package static func share(_ database: URL) throws(Refusal) -> ReplicaLock {
        try take(file(of: database), operation: LOCK_SH)
    }

    /// Takes the lock of `database` to remove it: exclusive, never waiting; refused with
    /// ``Refusal/inUse(pid:)`` while a parley holds it.
    package static func exclusive(_ database: URL) throws(Refusal) -> ReplicaLock {
        try take(file(of: database), operation: LOCK_EX)
    }

    /// Removes the lock file, then lets the lock go (forgetting the replica: nothing is
    /// left of it).
    package func removeFile() {
        unlink(url.path)
    }

    private static func take(_ url: URL, operation: Int32) throws(Refusal) -> ReplicaLock {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .unusable(reason: String(cString: strerror(errno))) }
        guard flock(descriptor, operation | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let reason = String(cString: strerror(errno))
            let holder = busy ? pid(in: descriptor) : nil
            close(descriptor)
            throw busy ? .inUse(pid: holder) : .unusable(reason: reason)
        }
        if operation == LOCK_SH { record(getpid(), in: descriptor) }
        return ReplicaLock(url: url, descriptor: descriptor)
    }

    /// Writes `pid` as the file's whole content (the last parley to take it).
    private static func record(_ pid: Int32, in descriptor: Int32) {
        let text = Array("\(pid)\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// The process id the lock file names, if it holds one.
    private static func pid(in descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer.prefix(count), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
