/// Lets the pages of a load onto the main actor one at a time.
///
/// The main actor runs its jobs in the order they come. With four pages in flight, the
/// four answers could all be queued there at once, and a key pressed just after waited
/// behind four merges (some 2 ms each at 100,000 comments) before it could move the
/// cursor. A page's answer takes its turn here before it is sent, and gives it back once
/// the store has merged it: at most one page is ever waiting on the main actor, so a key
/// waits for one merge at most. Pages still merge as fast as the main actor can take them.
actor PageArrivals {
    private var taken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Returns once it is this page's turn.
    func take() async {
        guard taken else {
            taken = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// How many pages wait for their turn (for tests).
    var waitingCount: Int { waiting.count }

    /// The page has been merged: the next one may go.
    func give() {
        if waiting.isEmpty {
            taken = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
