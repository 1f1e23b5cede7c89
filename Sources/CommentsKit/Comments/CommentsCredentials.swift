import Flux

/// Credentials, for ``CommentsReducer``: who the client is logged in as on each site
/// (``CommentsState/currentUsers``), and why logging in failed
/// (``CommentsState/loginProblems``), which explains later refusals.
struct CommentsCredentials: Sendable {
    let connections: [SiteID: SiteConnection]

    /// Asks the site who we are (checks the application password).
    func verify(site: SiteID) -> Effect<CommentsAction> {
        guard let client = connections[site]?.client else { return .none }
        return .run { send in
            let result = await Result.capturing { try await client.currentUser() }
            await send(.credentialsChecked(site: site, result: result))
        }
    }

    func checked(site: SiteID, result: Result<WordPressUser, CommentsError>, in state: inout CommentsState) {
        switch result {
        case .success(let user):
            state.currentUsers[site] = user
            state.clearError(site: site, topic: .login)
        case .failure(.notLoggedIn):
            let name = connections[site]?.name ?? site
            let problem = "Not logged in on \(name): \(CommentsError.notLoggedIn)"
            state.loginProblems[site] = problem
            state.publish(site: site, topic: .login, .error, problem + " Browsing read-only.")
        case .failure(let error):
            // The site could not say who we are (down, offline): not a login problem. The
            // notice carries the site: the status bar names it when another one is shown.
            state.publish(site: site, topic: .login, .error, "Could not check the login: \(error)")
        }
    }
}
