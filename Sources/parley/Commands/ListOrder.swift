import ArgumentParser
import CommentsKit

/// `--order` of `comment list`: `desc` (newest first, or the most likely spam first) or
/// `asc`, which flips it. wp-cli's `ASC` and `DESC` are read too.
enum ListOrder: String, ExpressibleByArgument, CaseIterable, Sendable {
    case asc, desc

    /// The value as typed, in any case.
    init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    /// The order the site is asked for.
    var sortOrder: SortOrder {
        switch self {
        case .asc: .asc
        case .desc: .desc
        }
    }
}
