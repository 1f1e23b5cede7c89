/// What `parley --version` says: the release, and the commit it was built from. A plain build
/// says `development`; `make dist` stamps the commit into its copy before building.
enum ParleyVersion {
    /// The release number.
    static let number = "0.9.0"
    /// The commit (`git rev-parse --short=12 HEAD`), stamped by `make dist`.
    static let commit = "development"

    /// `parley 0.9.0 (commit 1a2b3c4d5e6f)`.
    static var description: String { "parley \(number) (commit \(commit))" }
}
