import Foundation

/// Maps hosts to live servers, so ``MockURLProtocol`` finds the server a request is for.
///
/// Routing is by host because it is the one thing a session configuration can make reach
/// the protocol on Linux: FoundationNetworking does not copy `httpAdditionalHeaders` into
/// the request a custom URLProtocol sees. A host that a live server already holds is handed
/// out as `s<N>.<host>` instead, so parallel tests each get their own server.
final class ServerRegistry: @unchecked Sendable {
    static let shared = ServerRegistry()

    private struct Entry {
        weak var server: MockServer?
        /// Claimed by a server that is still being built.
        var isReserved = true
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var counter = 1

    /// Reserves `preferred`, or a fresh variant of it when a live server holds that host.
    func claim(_ preferred: String) -> String {
        lock.withLock {
            let base = preferred.lowercased()
            var host = base
            while let entry = entries[host], entry.isReserved || entry.server != nil {
                counter += 1
                host = "s\(counter).\(base)"
            }
            entries[host] = Entry()
            return host
        }
    }

    /// Points a claimed host at its (now fully built) server.
    func attach(_ server: MockServer, to host: String) {
        lock.withLock { entries[host] = Entry(server: server, isReserved: false) }
    }

    /// Frees a host; its server is going away.
    func release(_ host: String) {
        lock.withLock { entries[host] = nil }
    }

    func server(forHost host: String?) -> MockServer? {
        guard let host = host?.lowercased() else { return nil }
        return lock.withLock { entries[host]?.server }
    }
}
