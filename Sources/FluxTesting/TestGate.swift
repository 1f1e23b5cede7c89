/// A door a test double's work waits at until the test opens it: a test holds an effect
/// mid-way (a scan after its first batch, say) and checks what happens meanwhile, with no
/// sleeping. Once open, it stays open.
public actor TestGate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// A closed gate.
    public init() {}

    /// Returns once the gate is open (at once if it is).
    public func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Opens the gate: every waiter goes on, and later ones do not wait.
    public func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}
