/// A site parley can moderate: its id in the stores, the name shown in the header, and
/// the client that talks to it.
public struct SiteConnection: Sendable {
    /// The key of this site in every store: on a real site its normalised REST base
    /// (``SiteAddress/id``); on the embedded mock its name there ("site-1"), which no URL
    /// can equal.
    public let id: SiteID
    /// What the header shows.
    public let name: String
    /// The REST client for this site.
    public let client: WordPressClient

    /// Describes a site.
    public init(id: SiteID, name: String, client: WordPressClient) {
        self.id = id
        self.name = name
        self.client = client
    }
}

/// Identifies a site in the stores.
public typealias SiteID = String

/// What the UI knows of a site without its client.
public struct SiteInfo: Sendable, Hashable, Identifiable {
    /// The site's key.
    public let id: SiteID
    /// Its display name.
    public let name: String

    /// Describes a site.
    public init(id: SiteID, name: String) {
        self.id = id
        self.name = name
    }
}
