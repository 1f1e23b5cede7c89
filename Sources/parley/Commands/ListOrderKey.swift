import ArgumentParser
import CommentsKit

/// `--orderby` of `comment list`: what the comments are sorted by. wp-cli's names are read
/// too (`comment_ID`, `comment_date`, `comment__in`, …).
enum ListOrderKey: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// When they were written (the default).
    case date
    /// Their ids (`comment_ID`).
    case id
    /// The order `--comment__in` names them in (`comment__in`); `--order` does not apply.
    case include = "comment__in"
    /// Their posts' ids (`comment_post_ID`), then their own.
    case post
    /// Their parents' ids (`comment_parent`), then their own.
    case parent
    /// Their types (`comment_type`), then their ids.
    case type
    /// The spam score (issue 30), learned from the site's history: every matching comment
    /// is read and scored before `--limit` keeps the first.
    case spamScore = "spam_score"

    /// The key as typed, parley's or wp-cli's name.
    init?(argument: String) {
        switch argument {
        case "date", "date_gmt", "comment_date", "comment_date_gmt": self = .date
        case "id", "ID", "comment_ID": self = .id
        case "include", "comment__in": self = .include
        case "post", "comment_post_ID": self = .post
        case "parent", "comment_parent": self = .parent
        case "type", "comment_type": self = .type
        case "spam_score": self = .spamScore
        default: return nil
        }
    }

    /// The `orderby` the site sorts by; nil for the spam score, which parley sorts by.
    var restValue: String? {
        switch self {
        case .date: "date_gmt"
        case .id: "id"
        case .include: "include"
        case .post: "post"
        case .parent: "parent"
        case .type: "type"
        case .spamScore: nil
        }
    }

    /// Whether `left` comes before `right` in `order`, as the site sorts them (ties by id);
    /// `include`: the ids' order in `--comment__in`. For lists of several types put together.
    func precedes(_ left: Comment, _ right: Comment, order: ListOrder, include: [Int]) -> Bool {
        if self == .include {
            return (include.firstIndex(of: left.id) ?? Int.max) < (include.firstIndex(of: right.id) ?? Int.max)
        }
        return order == .asc ? ascends(left, right) : ascends(right, left)
    }

    /// Whether `left` comes before `right` in ascending order.
    private func ascends(_ left: Comment, _ right: Comment) -> Bool {
        switch self {
        case .post: (left.post, left.id) < (right.post, right.id)
        case .parent: (left.parent, left.id) < (right.parent, right.id)
        case .type: (left.type, left.id) < (right.type, right.id)
        case .id: left.id < right.id
        default: (left.date, left.id) < (right.date, right.id)
        }
    }
}
