extension Result where Failure == CommentsError {
    /// Runs `body` and keeps its value or its error. The client throws only
    /// ``CommentsError``; anything else would be a bug there, reported in words.
    static func capturing(_ body: () async throws -> Success) async -> Self {
        do {
            return .success(try await body())
        } catch let error as CommentsError {
            return .failure(error)
        } catch {
            return .failure(.invalidResponse("Unexpected error: \(error)"))
        }
    }
}
