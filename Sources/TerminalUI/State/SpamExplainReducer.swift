import Flux
import CommentsKit

/// Asks the comments store why the comment the detail pane shows scores as it does (issue
/// 30): when the pane moves to another comment, or the site was scored again. Only the shown
/// comment is explained, never every row; the store drops a question already answered.
@MainActor
struct SpamExplainReducer {
    let inputs: UIInputs

    /// After an action, with the pane showing `state.detailID`: the question to ask, if any.
    func request(state: UIState) -> Effect<UIAction> {
        guard let id = state.detailID, id > 0, let site = state.site else { return .none }
        let comments = inputs.comments.state
        guard let scoring = comments.spamScores[site]?.scoring, scoring > 0,
              comments.spamExplanationAsked != SpamExplanationRequest(site: site, id: id, scoring: scoring) else { return .none }
        return .dispatch(CommentsAction.explainSpam(site: site, id: id))
    }
}
