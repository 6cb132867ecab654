@preconcurrency import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A Unix signal's deliveries as an `AsyncStream`, fed by a signal source.
///
/// There is no pure-concurrency signal API: the source stays, and its handler
/// yields `source.data` (the signals since the last event) into the stream.
/// `for await` replaces the handler; when the consumer stops, `onTermination`
/// cancels the source. The function returns only once the source is
/// registered, so a signal sent after it returns is never lost. As on the
/// Legacy side, the signal is ignored first, or its default action ends the
/// process. `@preconcurrency import Dispatch`: a source may be cancelled from
/// any thread, but Dispatch does not mark it `Sendable`.
public nonisolated enum SignalWatcher {
    /// The deliveries of `signo`; `cancelled` runs once the source has been
    /// cancelled.
    public static func signals(
        _ signo: Int32, cancelled: @escaping @Sendable () -> Void = {}
    ) async -> AsyncStream<UInt> {
        // The default action of SIGUSR2 terminates the process.
        signal(signo, SIG_IGN)
        let (signals, continuation) = AsyncStream.makeStream(of: UInt.self)
        let source = DispatchSource.makeSignalSource(
            signal: signo, queue: DispatchQueue(label: "signals"))
        source.setEventHandler { continuation.yield(source.data) }
        source.setCancelHandler(handler: cancelled)
        continuation.onTermination = { _ in source.cancel() }
        await withCheckedContinuation { registered in
            source.setRegistrationHandler { registered.resume() }
            source.resume()
        }
        return signals
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension SignalWatcher {
    /// Sends SIGUSR2 to this process `times` times, each once the previous one
    /// has been handled, then stops listening. Signals are process-wide: run
    /// it only in a process of its own.
    public static func sendAndHandle(
        times: Int, log: @escaping @Sendable (String) -> Void
    ) async {
        let (cancelledSource, cancelling) = AsyncStream.makeStream(
            of: Void.self)
        let (handledAll, handled) = AsyncStream.makeStream(of: Void.self)
        let signals = await signals(SIGUSR2) { cancelling.finish() }
        let consumer = Task {
            var count = 0
            log("sending SIGUSR2")
            kill(getpid(), SIGUSR2)
            for await data in signals {
                log("got SIGUSR2 (\(data) since the last one)")
                count += 1
                guard count < times else {
                    handled.finish()
                    continue  // wait for more, until cancelled
                }
                log("sending SIGUSR2")
                kill(getpid(), SIGUSR2)
            }
        }
        for await _ in handledAll {}
        consumer.cancel()  // ends the stream: onTermination cancels the source
        for await _ in cancelledSource {}
        log("stopped handling SIGUSR2")
    }
}
