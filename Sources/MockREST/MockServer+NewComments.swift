import Foundation

extension MockServer {
    /// Adds a visitor's comment to every site every `interval` on `clock`
    /// (``addVisitorComments(now:)``) until the returned task is cancelled, so a client's
    /// live updates have something to find. The task sleeps in between: it costs nothing
    /// while it waits.
    public func addVisitorComments(every interval: Duration, clock: any Clock<Duration> = ContinuousClock()) -> Task<Void, Never> {
        Task.detached { [weak self] in
            while !Task.isCancelled {
                guard (try? await clock.sleep(for: interval)) != nil, let self else { return }
                self.addVisitorComments()
            }
        }
    }
}
