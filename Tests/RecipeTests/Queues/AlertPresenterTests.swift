import Dispatch
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct AlertPresenterTests {
    static let amazing = "Alert: GCD / GCD is amazing! / OK"
    static let amazingWithFullStop = "Alert: GCD / GCD is amazing. / OK"

    /// Runs a legacy call and waits until the presenter has shown one alert (on the main queue).
    static func legacyShown(_ call: @escaping @Sendable (Legacy.AlertPresenter) -> Void) async -> [String] {
        let recorder = Recorder()
        let sink = UISink(log: recorder.logger)
        await withCheckedContinuation { done in
            call(
                Legacy.AlertPresenter { line in
                    sink.showFromMainQueue(line)
                    done.resume()
                })
        }
        return sink.shown
    }

    @Test func legacyShowsTheAlertOnTheMainQueue() async {
        #expect(await Self.legacyShown { $0.announceGCD() } == [Self.amazing])
    }

    @Test func legacyContextVariantCarriesASendableStruct() async {
        let alert = Legacy.AlertViewData(title: "GCD", message: "GCD is amazing.", cancelButtonTitle: "OK")
        #expect(await Self.legacyShown { $0.announce(alert) } == [Self.amazingWithFullStop])
    }

    @Test func modernShowsTheAlertOnTheMainActorInEveryForm() async {
        let sink = UISink(log: { _ in })
        let presenter = await Modern.AlertPresenter { @MainActor line in sink.show(line) }
        let alert = Modern.AlertViewData(title: "GCD", message: "GCD is amazing.", cancelButtonTitle: "OK")
        await presenter.announceGCD()
        await presenter.announce(alert).value
        await presenter.announceAndWait(alert)
        #expect(sink.shown == [Self.amazing, Self.amazingWithFullStop, Self.amazingWithFullStop])
    }

    @Test func legacyMainAsyncFromMainRunsAfterTheCallerReturns() async {
        let recorder = Recorder()
        let sink = UISink(log: recorder.logger)
        await withCheckedContinuation { done in
            DispatchQueue.main.async {
                Legacy.AlertPresenter { line in
                    sink.showFromMainQueue(line)
                    done.resume()
                }.announceGCD()
                recorder.log("returned")
            }
        }
        #expect(recorder.lines == ["returned", Self.amazing])
    }

    @MainActor
    @Test func modernMainActorTaskFromMainRunsAfterTheCallerReturns() async {
        let recorder = Recorder()
        let sink = UISink(log: recorder.logger)
        let presenter = Modern.AlertPresenter { @MainActor line in sink.show(line) }
        let shown = presenter.announce(
            Modern.AlertViewData(title: "GCD", message: "GCD is amazing!", cancelButtonTitle: "OK"))
        recorder.log("returned")
        await shown.value
        #expect(recorder.lines == ["returned", Self.amazing])
    }

    /// What `main.async` guaranteed, kept: alerts posted one after another from synchronous code
    /// off the main actor are shown in that order, because each `Task { @MainActor in … }` is
    /// enqueued on the main actor as it is created.
    @Test func modernAnnouncementsPostedFromOneThreadShowInPostOrder() async {
        let sink = UISink(log: { _ in })
        let presenter = await Modern.AlertPresenter { @MainActor line in sink.show(line) }
        let titles = (1...20).map { "alert \($0)" }
        let tasks = await Task.detached {
            titles.map { title in
                presenter.announce(Modern.AlertViewData(title: title, message: "m", cancelButtonTitle: "OK"))
            }
        }.value
        for task in tasks { await task.value }
        #expect(sink.shown == titles.map { "Alert: \($0) / m / OK" })
    }
}
