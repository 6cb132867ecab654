// The SDK's transport: requests, a socket, retries, event delivery (precision corpus; never
// compiled).
import Foundation

public final class Transport: @unchecked Sendable {
    private let session: URLSession
    private let callbackQueue: DispatchQueue
    /// Events go out one at a time, in the order the server sent them.
    private let eventQueue = DispatchQueue(label: "com.example.sdk.events")  // label: DispatchQueue(label:) => serial-queue
    private let stateQueue = DispatchQueue(label: "com.example.sdk.transport.state")  // label: DispatchQueue(label:) => isolation-queue-per-object
    private var inFlight: [Int: URLSessionTask] = [:]
    private var socket: URLSessionWebSocketTask?
    public var onEvent: ((Event) -> Void)?

    public init(session: URLSession = .shared, callbackQueue: DispatchQueue = .main) {
        self.session = session
        self.callbackQueue = callbackQueue
    }

    public func send(_ request: Request, completion: @escaping (Result<Response, SDKError>) -> Void) {
        let id = SDK.nextRequestID()
        let task = session.dataTask(with: request.urlRequest) { data, response, error in  // label: URLSession.dataTask => urlsession-data-task
            self.stateQueue.async { self.inFlight[id] = nil }  // label: DispatchQueue.async => isolation-queue-per-object
            let result = Response.decode(data, response, error)
            self.callbackQueue.async { completion(result) }  // label: DispatchQueue.async => async-api-completion-queue
        }
        stateQueue.sync { inFlight[id] = task }  // label: DispatchQueue.sync => isolation-queue-per-object
        task.resume()
    }

    public func cancelAll() {
        stateQueue.sync {  // label: DispatchQueue.sync => isolation-queue-per-object
            inFlight.values.forEach { $0.cancel() }
            inFlight.removeAll()
        }
    }

    public func activeCount() -> Int {
        stateQueue.async {  // label: DispatchQueue.async => isolation-queue-per-object
            let count = self.stateQueue.sync { self.inFlight.count }  // label: DispatchQueue.sync => sync-deadlock !deadlock
            Log.debug("in flight: \(count)")
        }
        return stateQueue.sync { inFlight.count }  // label: DispatchQueue.sync => isolation-queue-per-object
    }

    /// Decodes a large batch off the caller's thread and hands it back on the callback queue.
    public func decodeBatch(_ data: Data, completion: @escaping ([Event]) -> Void) {
        DispatchQueue.global(qos: .utility).async {  // label: DispatchQueue.async => background-then-main
            let events = (try? JSONDecoder().decode([Event].self, from: data)) ?? []
            self.callbackQueue.async { completion(events) }  // label: DispatchQueue.async => async-api-completion-queue | background-then-main
        }
    }

    public func connect(to url: URL) {
        socket = session.webSocketTask(with: url)
        socket?.resume()
        receiveNext()
    }

    private func receiveNext() {
        socket?.receive { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let message):
                Task { await self.deliver(message) }  // label: Task per handler call => ordered-async-writes !reordering
                self.receiveNext()
            case .failure(let error):
                Log.error("socket closed: \(error)")
            }
        }
    }

    private func deliver(_ message: URLSessionWebSocketTask.Message) async {
        let event = Event(message)
        eventQueue.async { self.onEvent?(event) }  // label: DispatchQueue.async => serial-queue
    }

    /// Waits for the server to acknowledge the handshake: the caller must not go on before it.
    public func handshake(timeout: TimeInterval) -> Bool {
        var accepted = false
        let group = DispatchGroup()  // label: DispatchGroup => sync-wait-for-callback
        group.enter()  // label: DispatchGroup.enter => sync-wait-for-callback
        send(.handshake) { result in
            accepted = (try? result.get()) != nil
            group.leave()  // label: DispatchGroup.leave => sync-wait-for-callback
        }
        let outcome = group.wait(timeout: .now() + timeout)  // label: DispatchGroup.wait => sync-wait-for-callback ?blocking
        return outcome == .success && accepted
    }

    public func retry(_ request: Request, attempt: Int = 0, completion: @escaping (Result<Response, SDKError>) -> Void) {
        send(request) { result in
            if case .failure(let error) = result, error.isTransient, attempt < 4 {
                let delay = pow(2.0, Double(attempt))
                DispatchQueue.global().asyncAfter(deadline: .now() + delay) {  // label: DispatchQueue.asyncAfter => retry-with-backoff
                    self.retry(request, attempt: attempt + 1, completion: completion)
                }
                return
            }
            completion(result)
        }
    }

    public func fetchProfile() async throws -> Profile {
        try await withCheckedThrowingContinuation { continuation in
            send(.profile) { result in
                continuation.resume(with: result.map(Profile.init))
            }
        }
    }
}
