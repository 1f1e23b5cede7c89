import ArgumentParser

/// `--orderby` of `comment list`: what the comments are sorted by.
enum ListOrderKey: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// When they were written (the site sorts them).
    case date
    /// The spam score (issue 30), learned from the site's history: every matching comment
    /// is read and scored before `--limit` keeps the first.
    case spamScore = "spam_score"
}
