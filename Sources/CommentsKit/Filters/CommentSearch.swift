import Foundation

/// The free-text search: one definition for the filter (`/`) and for `n` / `N`.
public enum CommentSearch {
    /// Whether `entry`'s author or text contains `needle`, ignoring case and accents
    /// ("naive" finds "naïve"). An empty needle matches everything.
    public static func matches(_ entry: CommentEntry, needle: String) -> Bool {
        let needle = needle.trimmingCharacters(in: .whitespaces)
        guard !needle.isEmpty else { return true }
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        return entry.comment.authorName.range(of: needle, options: options) != nil
            || entry.text.range(of: needle, options: options) != nil
    }
}
