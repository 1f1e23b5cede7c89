import ArgumentParser
import CommentsKit

/// `--order` of `comment list`: `desc` (newest first, or the most likely spam first) or
/// `asc`, which flips it.
enum ListOrder: String, ExpressibleByArgument, CaseIterable, Sendable {
    case asc, desc

    /// The order the site is asked for when it sorts by date.
    var sortOrder: SortOrder {
        switch self {
        case .asc: .asc
        case .desc: .desc
        }
    }
}
