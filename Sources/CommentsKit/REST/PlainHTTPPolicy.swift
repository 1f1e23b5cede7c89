import Foundation

/// Decides where credentials may travel over plain `http://`.
///
/// Allowed: loopback hosts (`localhost`, `*.localhost`, 127.0.0.0/8, `::1`), where nothing
/// leaves the machine, and `*.parley` hosts: those are the embedded mock's, answered inside
/// the process by its URLProtocol before any socket is opened, and `.parley` is not a
/// delegated top-level domain, so without the mock the name does not resolve at all.
enum PlainHTTPPolicy {
    static func allowsCredentials(to url: URL) -> Bool {
        guard url.scheme?.lowercased() != "https" else { return true }
        guard let host = url.host?.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]")) else {
            return false
        }
        return isLoopback(host) || host == "parley" || host.hasSuffix(".parley")
    }

    static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host.hasSuffix(".localhost") || isIPv6Loopback(host) { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// `::1` in any spelling (`[::1]`, `0:0:0:0:0:0:0:1`, leading zeros), with or without brackets.
    static func isIPv6Loopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        guard bare.contains(":") else { return false }
        var address = in6_addr()
        guard inet_pton(AF_INET6, bare, &address) == 1 else { return false }
        return withUnsafeBytes(of: &address) { bytes in bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1 }
    }
}
