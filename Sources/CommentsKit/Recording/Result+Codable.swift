/// A `Result` as JSON: `{"success": value}` or `{"failure": error}` — what Swift would
/// synthesize for an enum of those two cases, minus the `_0` level. Actions carry the
/// outcome of a request as a `Result` (``CommentsAction/pageLoaded(query:page:ticket:result:)``
/// and the like); with this, their Codable conformance is synthesized and follows new
/// cases by itself.
///
/// `@retroactive`: the standard library has no such conformance. Should it ship one, this
/// extension goes (the stdlib's then wins, and old recordings need its shape).
extension Result: @retroactive Encodable where Success: Encodable, Failure: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ResultCodingKeys.self)
        switch self {
        case .success(let value): try container.encode(value, forKey: .success)
        case .failure(let error): try container.encode(error, forKey: .failure)
        }
    }
}

extension Result: @retroactive Decodable where Success: Decodable, Failure: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ResultCodingKeys.self)
        if container.contains(.success) {
            self = .success(try container.decode(Success.self, forKey: .success))
        } else if container.contains(.failure) {
            self = .failure(try container.decode(Failure.self, forKey: .failure))
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath, debugDescription: "a result needs \"success\" or \"failure\""))
        }
    }
}

private enum ResultCodingKeys: String, CodingKey { case success, failure }
