import Dispatch
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let urlSessionDataTask = Recipe(
        id: "urlsession-data-task",
        title: "`URLSession.dataTask(with:completionHandler:)` → `data(from:)`, cancellation, progress",
        chapter: .bridging,
        sources: [
            "Apple's `URLSession` documentation: `dataTask(with:completionHandler:)`, `data(for:delegate:)`, "
                + "`bytes(from:delegate:)`, `URLError.cancelled`; swift-corelibs-foundation's FoundationNetworking "
                + "(what runs here on Linux)"
        ],
        file: "Bridging/HTTPClient.swift",
        apis: [
            APIMapping(
                "`URLSession.shared.dataTask(with:completionHandler:)` and `task.resume()`",
                "`let (data, response) = try await session.data(from: url)` (or `data(for: request)`)"),
            APIMapping(
                "DispatchQueue.main.async in the completion handler",
                "nothing: the caller resumes in its own isolation"),
            APIMapping(
                "`cancel()` on the task from URLSession.shared.dataTask: the handler gets URLError.cancelled",
                "cancelling the awaiting task; `data(from:)` throws `URLError.cancelled`, which the UI ignores"),
            APIMapping(
                "URLSessionDataDelegate didReceive data for progress",
                "the same delegate yielding into a bounded `AsyncThrowingStream`, started at the first `next()`; "
                    + "`bytes(from:)` collected in chunks on Darwin"),
        ],
        prose: Articles.recipe("urlsession-data-task"),
        replaces: [.callbackNetworking, .mainAsync, .completionHandler],
        scenarios: [
            Scenario(
                "data task",
                rules: [.exact],
                legacy: URLSessionPaths.withServer { server, log in
                    await withCheckedContinuation { done in
                        Legacy.HTTPClient.fetchAll(URLSessionPaths.fetched.map(server.url), log: log) { done.resume() }
                    }
                },
                modern: URLSessionPaths.withServer { server, log in
                    await Modern.HTTPClient.fetchAll(URLSessionPaths.fetched.map(server.url), log: log)
                }
            ),
            Scenario(
                "progress",
                rules: [.exact],
                legacy: URLSessionPaths.withServer { server, log in
                    await withCheckedContinuation { done in
                        Legacy.ProgressDownload.run(server.url(URLSessionPaths.download), log: log) { done.resume() }
                    }
                },
                modern: URLSessionPaths.withServer { server, log in
                    await Modern.ProgressDownload.run(server.url(URLSessionPaths.download), log: log)
                }
            ),
            Scenario(
                "cancelled",
                rules: [.exact],
                legacy: URLSessionPaths.withServer { server, log in
                    await withCheckedContinuation { done in
                        Legacy.HTTPClient.cancelInFlight(
                            server.url("/hold"), whenRequested: { cancel in server.whenRequested("/hold", cancel) },
                            log: log
                        ) { done.resume() }
                    }
                },
                modern: URLSessionPaths.withServer { server, log in
                    await Modern.HTTPClient.cancelInFlight(
                        server.url("/hold"),
                        whenRequested: {
                            await withCheckedContinuation { requested in
                                server.whenRequested("/hold") { requested.resume() }
                            }
                        },
                        log: log)
                }
            ),
        ]
    )
}

/// The paths the scenarios request from their loopback server, and the server's lifetime.
enum URLSessionPaths {
    static let fetched = ["/text/hello", "/status/404", "/bytes/0"]
    static let download = "/bytes/100000"

    /// A side that starts a loopback server on 127.0.0.1, runs `body` against it, and stops it.
    static func withServer(
        _ body: @escaping @Sendable (LoopbackHTTPServer, _ log: @escaping @Sendable (String) -> Void) async -> Void
    ) -> @Sendable (RunContext) async throws -> Void {
        { context in
            let server = try LoopbackHTTPServer()
            defer { server.stop() }
            await body(server, context.log)
        }
    }
}
