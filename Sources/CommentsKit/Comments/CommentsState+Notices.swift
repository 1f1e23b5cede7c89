extension CommentsState {
    /// Publishes a notice, the next in sequence. It names what can be done next (`next`),
    /// never a key: the interface words it with its own keys.
    mutating func publish(
        site: SiteID? = nil, topic: Notice.Topic? = nil, _ kind: Notice.Kind, _ message: String,
        next: Notice.NextStep? = nil, detail: String? = nil
    ) {
        requests.noticeSequence += 1
        notice = Notice(sequence: requests.noticeSequence, kind: kind, message: message, site: site, topic: topic,
                        nextStep: next, detail: detail)
    }

    /// A success clears the error it answers: the notice, if it is that error.
    mutating func clearError(site: SiteID, topic: Notice.Topic) {
        guard let notice, notice.kind == .error, notice.site == site, notice.topic == topic else { return }
        self.notice = nil
    }
}
