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
                + "`bytes(for:delegate:)`, `URLError.cancelled`; swift-corelibs-foundation's FoundationNetworking "
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
                "the same delegate yielding into an `AsyncThrowingStream`; `bytes(for:)` on Darwin"),
        ],
        prose: Articles.recipe("urlsession-data-task"),
        replaces: [.callbackNetworking, .mainAsync, .completionHandler],
        scenarios: [
            Scenario(
                "data task",
                rules: [.exact],
                legacy: { context in
                    let server = try LoopbackHTTPServer()
                    defer { server.stop() }
                    await withCheckedContinuation { done in
                        Legacy.HTTPClient.fetchAll(URLSessionPaths.fetched.map(server.url), log: context.log) {
                            done.resume()
                        }
                    }
                },
                modern: { context in
                    let server = try LoopbackHTTPServer()
                    defer { server.stop() }
                    await Modern.HTTPClient.fetchAll(URLSessionPaths.fetched.map(server.url), log: context.log)
                }
            ),
            Scenario(
                "progress",
                rules: [.exact],
                legacy: { context in
                    let server = try LoopbackHTTPServer()
                    defer { server.stop() }
                    await withCheckedContinuation { done in
                        Legacy.ProgressDownload.run(server.url(URLSessionPaths.download), log: context.log) {
                            done.resume()
                        }
                    }
                },
                modern: { context in
                    let server = try LoopbackHTTPServer()
                    defer { server.stop() }
                    await Modern.ProgressDownload.run(server.url(URLSessionPaths.download), log: context.log)
                }
            ),
            Scenario(
                "cancelled",
                rules: [.exact],
                legacy: { context in
                    let server = try LoopbackHTTPServer()
                    defer { server.stop() }
                    await withCheckedContinuation { done in
                        Legacy.HTTPClient.cancelInFlight(
                            server.url("/hold"),
                            whenRequested: { cancel in server.whenRequested("/hold", cancel) },
                            log: context.log
                        ) { done.resume() }
                    }
                },
                modern: { context in
                    let server = try LoopbackHTTPServer()
                    defer { server.stop() }
                    await Modern.HTTPClient.cancelInFlight(
                        server.url("/hold"),
                        whenRequested: {
                            await withCheckedContinuation { requested in
                                server.whenRequested("/hold") { requested.resume() }
                            }
                        },
                        log: context.log)
                }
            ),
        ]
    )
}

/// The paths the scenarios request from their loopback server.
enum URLSessionPaths {
    static let fetched = ["/text/hello", "/status/404", "/bytes/0"]
    static let download = "/bytes/100000"
}
