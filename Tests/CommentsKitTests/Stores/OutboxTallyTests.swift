import Testing
@testable import CommentsKit

/// What the outbox says once a site's queued writes are all sent (``OutboxTally``).
@Suite struct OutboxTallyTests {
    @Test func aReasonEndingItsOwnSentenceGetsOneFullStop() {
        let tally = OutboxTally(sent: 1, refusals: ["edit of Maggie's comment: Invalid comment ID.", "approve Kofi's comment: gone"])
        #expect(tally.sentence == "1 of 3 queued writes sent; the site refused 2: edit of Maggie's comment: Invalid comment ID; approve Kofi's comment: gone.")
    }

    @Test func allSentIsOneShortSentence() {
        #expect(OutboxTally(sent: 1_200, refusals: []).sentence == "1,200 queued writes sent.")
    }
}
