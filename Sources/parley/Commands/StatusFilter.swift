import ArgumentParser
import CommentsKit

/// `--status` of `comment list`: one status, `all` (approved and held, WordPress's "All"),
/// or `any` (every status).
enum StatusFilter: String, ExpressibleByArgument, CaseIterable, Sendable {
    case approved, hold, spam, trash, all, any

    /// The value as typed; `approve`, wp-cli's and WordPress's own spelling
    /// (`wp comment list --status=approve`), reads as `approved`.
    init?(argument: String) {
        self.init(rawValue: argument == "approve" ? "approved" : argument)
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
