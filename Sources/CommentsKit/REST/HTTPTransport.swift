import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP exchange over URLSession, with the two things the client needs and Foundation
/// does not give on every platform: Swift task cancellation that cancels the URLSession task,
/// and a timeout that holds for every URLProtocol (FoundationNetworking leaves the session
/// timeout to its curl-based protocol, so a custom one would wait forever).
struct HTTPTransport: Sendable {
    let session: URLSession
    let timeout: Duration

    /// Sends `request` once. Throws `.transport`, `.cancelled` or `.invalidResponse`.
    func send(_ request: URLRequest) async throws(CommentsError) -> (Data, HTTPURLResponse) {
        if Task.isCancelled { throw .cancelled }
        let exchange = Exchange()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<(Data, HTTPURLResponse), CommentsError>, Never>) in
                let task = session.dataTask(with: request) { data, response, error in
                    let timedOut = exchange.finish()
                    continuation.resume(returning: Self.result(data, response, error, timedOut: timedOut))
                }
                exchange.start(task, timeout: timeout)
            }
        } onCancel: {
            exchange.cancel()
        }
        return try result.get()
    }

    private static func result(
        _ data: Data?, _ response: URLResponse?, _ error: (any Error)?, timedOut: Bool
    ) -> Result<(Data, HTTPURLResponse), CommentsError> {
        if timedOut { return .failure(.transport(.timeout)) }
        if let error { return .failure(failure(error)) }
        guard let http = response as? HTTPURLResponse else {
            return .failure(.invalidResponse("no HTTP response"))
        }
        return .success((data ?? Data(), http))
    }

    /// Maps URLSession's errors (NSURLErrorDomain codes, on every platform).
    static func failure(_ error: any Error) -> CommentsError {
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain else { return .transport(.other(nsError.localizedDescription)) }
        switch URLError.Code(rawValue: nsError.code) {
        case .cancelled: return .cancelled
        case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff: return .transport(.offline)
        case .timedOut: return .transport(.timeout)
        case .cannotFindHost, .dnsLookupFailed: return .transport(.hostNotFound)
        case .cannotConnectToHost: return .transport(.connectionRefused)
        case .networkConnectionLost: return .transport(.connectionLost)
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return .transport(.other("the secure connection failed (certificate or TLS error)"))
        default: return .transport(.other("network error \(nsError.code)"))
        }
    }
}

/// The shared state of one exchange: the URLSession task, whether the timeout fired, whether
/// the Swift task was cancelled before the URLSession task existed. Guarded by a lock because
/// cancellation, the timer and the completion handler run on different threads.
private final class Exchange: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var timer: DispatchWorkItem?
    private var isCancelled = false
    private var didTimeOut = false

    /// The exchange is over: stops the timer; tells whether it had fired.
    func finish() -> Bool {
        let (timer, timedOut) = lock.withLock {
            defer { self.timer = nil; task = nil }
            return (self.timer, didTimeOut)
        }
        timer?.cancel()
        return timedOut
    }

    func start(_ task: URLSessionDataTask, timeout: Duration) {
        let timer = DispatchWorkItem { [self] in
            let pending = lock.withLock {
                didTimeOut = true
                return self.task
            }
            pending?.cancel()
        }
        let cancelledAlready = lock.withLock {
            self.task = task
            self.timer = timer
            return isCancelled
        }
        task.resume()
        if cancelledAlready {
            task.cancel()
            return
        }
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = Int(min(seconds, 1_000_000)) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: timer)
    }

    func cancel() {
        let (pending, timer) = lock.withLock {
            isCancelled = true
            return (task, self.timer)
        }
        timer?.cancel()
        pending?.cancel()
    }

    deinit {
        timer?.cancel()
    }
}
