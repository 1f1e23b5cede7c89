import ArgumentParser
import CommentsKit

/// `--status` of `comment list`: one status, `all` (approved and held, WordPress's "All"),
/// or `any` (every status).
enum StatusFilter: String, ExpressibleByArgument, CaseIterable, Sendable {
    case approved, hold, spam, trash, all, any

    /// The value as typed; wp-cli's and WordPress's own spellings read too: `approve` and
    /// `1` as `approved` (`wp comment list --status=approve`), `0` as `hold`.
    init?(argument: String) {
        switch argument {
        case "approve", "1": self = .approved
        case "0": self = .hold
        default: self.init(rawValue: argument)
        }
    }

    /// The statuses to ask for.
    var statuses: Set<CommentStatus> {
        switch self {
        case .approved: [.approved]
        case .hold: [.hold]
        case .spam: [.spam]
        case .trash: [.trash]
        case .all: [.approved, .hold]
        case .any: Set(CommentStatus.allCases)
        }
    }
}
