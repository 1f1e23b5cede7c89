import FlyingFox
import FlyingSocks
import MockREST

extension MockHTTPOutcome {
    /// The HTTP answer: a dropped connection is a 200 announcing one byte whose body fails,
    /// so FlyingFox closes the socket mid-answer and the client sees the connection lost.
    var httpResponse: HTTPResponse {
        switch self {
        case .answer(let answer):
            var headers = HTTPHeaders()
            for (name, value) in answer.headers { headers[HTTPHeader(name)] = value }
            return HTTPResponse(statusCode: HTTPStatusCode(answer.status, phrase: ""), headers: headers, body: answer.body)
        case .dropped:
            return HTTPResponse(statusCode: .ok, body: HTTPBodySequence(from: DroppedBody(), count: 1))
        }
    }
}

/// A body that fails when read: the connection closes before the answer is complete.
private struct DroppedBody: AsyncBufferedSequence {
    typealias Element = UInt8
    struct Dropped: Error {}

    func makeAsyncIterator() -> Iterator { Iterator() }

    struct Iterator: AsyncBufferedIteratorProtocol {
        mutating func next() async throws -> UInt8? { throw Dropped() }
        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? { throw Dropped() }
    }
}
