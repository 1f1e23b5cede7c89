/// A start-up problem, in words.
package struct LaunchError: Error, CustomStringConvertible {
    /// The sentence shown to the user.
    package let description: String
    /// An error saying `description`.
    package init(_ description: String) { self.description = description }
}
