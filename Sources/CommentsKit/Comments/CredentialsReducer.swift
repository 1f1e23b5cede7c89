import Flux

/// Credentials, for ``CommentsReducer``: who the client is logged in as on each site
/// (``CommentsState/currentUsers``), and why logging in failed
/// (``CommentsState/loginProblems``), which explains later refusals.
struct CredentialsReducer: Sendable {
    let connections: [SiteID: SiteConnection]

    /// Asks the site who we are (checks the application password) and what we may do: the
    /// edit context of `users/me` carries the capabilities.
    func verify(site: SiteID) -> Effect<CommentsAction> {
        guard let client = connections[site]?.client else { return .none }
        return .run { send in
            let result = await Result.capturing { try await client.currentUser(context: .edit) }
            await send(.credentialsChecked(site: site, result: result))
        }
    }

    func checked(site: SiteID, result: Result<WordPressUser, CommentsError>, in state: inout CommentsState) {
        switch result {
        case .success(let user):
            state.currentUsers[site] = user
            state.clearError(site: site, topic: .login)
            if user.capabilities != nil, !user.canModerate {
                state.publish(site: site, topic: .login, .info, Self.readerNotice(user))
            }
        case .failure(.notLoggedIn):
            let name = connections[site]?.name ?? site
            let problem = "Not logged in on \(name): \(CommentsError.notLoggedIn)"
            state.loginProblems[site] = problem
            state.publish(site: site, topic: .login, .error, problem + " Browsing read-only.")
        case .failure where state.outbox.offline.contains(site):
            // --offline: the site was not asked; the header says offline.
            break
        case .failure(let error):
            // The site could not say who we are (down, offline): not a login problem. The
            // notice carries the site: the status bar names it when another one is shown.
            state.publish(site: site, topic: .login, .error, "Could not check the login: \(error)")
        }
    }

    /// Why a logged-in user who may not moderate sees less: "Signed in as an author:
    /// e-mails and IPs are not shown, and only approved comments are listed."
    static func readerNotice(_ user: WordPressUser) -> String {
        let role = user.roles?.first.map { role in
            (["a", "e", "i", "o", "u"].contains(role.prefix(1).lowercased()) ? "an " : "a ") + role
        } ?? "a user who may not moderate"
        return "Signed in as \(role): e-mails and IPs are not shown, and only approved comments are listed."
    }
}
