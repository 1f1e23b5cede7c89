import Foundation

/// One WordPress site served by a ``MockServer``.
///
/// Sites live under their own path on the mock host, like a multisite install with
/// sub-directories: `http://mock.parley/site-1/`.
public struct MockSite: Sendable, Hashable {
    /// The path segment that names the site, e.g. `"site-1"`.
    public let id: String
    /// The site's title, e.g. `"Field Notes"`.
    public let name: String
    /// The REST API root, e.g. `http://mock.parley/site-1/wp-json`; routes hang below it
    /// (`restBase` + `/wp/v2/comments`).
    public let restBase: URL
    /// The site's home page, e.g. `http://mock.parley/site-1`; what REST discovery starts from.
    public let root: URL

    /// Creates a site description; the server builds these, tests rarely need to.
    public init(id: String, name: String, restBase: URL, root: URL) {
        self.id = id
        self.name = name
        self.restBase = restBase
        self.root = root
    }
}
