import Foundation
import Flux
import CommentsKit
import MockREST
import TerminalUI

/// Keys while the spam model learns (issue 30): the app's comments store learns each site's
/// model and scores its comments on a thread below the keys (``SiteSpamModels``); the main
/// actor only hands the comments over and takes the scores.
@MainActor
enum SpamTrainingKeysBench {
    /// `keystroke.move_during_training_100k`: a 100,000-comment site loaded whole into a
    /// store that scores it. Pages come faster than a scoring ends, so when the load is
    /// complete the model is still being learned (trained again from the whole history when
    /// the labels that came since exceed a quarter of it) and the site scored; from then
    /// until the scores are of the whole site (or `seconds`), a cursor move every 20 ms is
    /// timed from the byte written to its frame drawn, as `keystroke.move_during_load_100k`
    /// times them.
    static func movesDuringTraining(size: Int, seconds: Int) async -> Measurement {
        let name = "keystroke.move_during_training_\(Bench.tag(size))"
        let server = MockServer(MockConfiguration(seed: 1, siteCount: 1, commentsPerSite: size))
        guard let mock = server.sites.first,
              let client = try? WordPressClient(restBase: mock.restBase, configuration: server.sessionConfiguration())
        else { return Measurement(name: name, unit: "ms", samples: []) }
        let dispatcher = Dispatcher()
        let comments = CommentsStore(sites: [SiteConnection(id: mock.id, name: mock.name, client: client)], dispatcher: dispatcher,
                                     pageSize: 100, loadConcurrency: 4, spamModels: SiteSpamModels.belowKeys())
        let query = CommentsQuery(site: mock.id)
        let receipt = comments.query(query)
        await until(comments) { $0.fetch(query).isComplete && !$0.fetch(query).isLoading || $0.fetch(query).error != nil }
        let scoringsBefore = comments.state.spamScores[mock.id]?.scoring ?? 0
        let started = nowNanos()
        let moves = await timedMoves(over: comments, showing: mock.id, dispatcher: dispatcher) {
            let deadline = started + UInt64(seconds) * 1_000_000_000
            while nowNanos() < deadline {
                try? await Task.sleep(for: .milliseconds(100))
                let state = comments.state
                if let scores = state.spamScores[mock.id], scores.scoring > scoringsBefore, scores.scoringRevision == nil,
                   scores.revision == state.comments(of: mock.id).revision { break }
            }
        }
        let scores = comments.state.spamScores[mock.id]
        progress("\(name) done: \(moves.count) moves in \(Double(nowNanos() - started) / 1e9) s while the site was scored "
                 + "\((scores?.scoring ?? 0) - scoringsBefore) more times (learned from \(scores?.approvedExamples ?? 0) approved, "
                 + "\(scores?.spamExamples ?? 0) spam)")
        withExtendedLifetime(receipt) {}
        return Measurement(name: name, unit: "ms", samples: moves)
    }
}
