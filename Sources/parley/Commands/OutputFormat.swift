import ArgumentParser

/// `--format`: how a command prints its data.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Aligned columns fitted to the terminal; tab-separated when stdout is not a terminal.
    case table
    /// A JSON array of objects (one object for `get`), keys as the field names.
    case json
    /// RFC 4180 CSV with a header line.
    case csv
    /// The ids, separated by spaces, on one line.
    case ids
    /// The number of comments.
    case count
    /// YAML: a list of mappings.
    case yaml
}
