import ArgumentParser
import CommentsKit

/// `--type` of `comment list` and `comment count`, as wp-cli has it: `comment`, `pingback`,
/// `trackback`, `pings` (both), or `all`, every type but the block editor's notes — what
/// wp-admin lists and counts, and the default.
enum TypeFilter: String, ExpressibleByArgument, CaseIterable, Sendable {
    case comment, pingback, trackback, pings, all

    /// The `type` values to ask for, one request each (WordPress takes one a request):
    /// `all` is comments and pings, never WordPress's own `all`, which brings notes too.
    var restTypes: [String] {
        switch self {
        case .all: CommentKind.allCases.map(\.rawValue)
        default: [rawValue]
        }
    }
}
