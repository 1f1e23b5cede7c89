/// Keeps a subscription or a query alive for as long as it is held.
///
/// Releasing the receipt (letting its last reference go) ends what it stands for: the
/// listener stops being called, the query stops being active. ``cancel()`` does the same
/// at once. There is no other way to unsubscribe, so there is nothing to forget.
@MainActor
public final class Receipt {
    private var onRelease: (@MainActor () -> Void)?

    /// Makes a receipt that runs `onRelease` once, when cancelled or released.
    public init(onRelease: @escaping @MainActor () -> Void) {
        self.onRelease = onRelease
    }

    /// Whether the subscription has ended.
    public var isCancelled: Bool { onRelease == nil }

    /// Ends the subscription now. Calling it again does nothing.
    public func cancel() {
        let release = onRelease
        onRelease = nil
        release?()
    }

    /// Keeps this receipt in `bag`, so it lives as long as the bag.
    public func store(in bag: inout [Receipt]) {
        bag.append(self)
    }

    isolated deinit {
        onRelease?()
    }
}
