// The profile screen's view model, written with Combine (precision corpus; never compiled).
import Combine
import Foundation

final class ProfileViewModel: ObservableObject {  // label: ObservableObject (Combine) => observe-state-changes
    @Published var displayName = ""  // label: @Published (Combine) => observe-state-changes
    @Published private(set) var isSaving = false  // label: @Published (Combine) => observe-state-changes
    let followerCount = CurrentValueSubject<Int, Never>(0)  // label: CurrentValueSubject (Combine) => observe-state-changes | combine-to-async-sequence
    private var subscriptions = Set<AnyCancellable>()
    private let api: ProfileAPI

    init(api: ProfileAPI) {
        self.api = api
        $displayName  // label: Combine sink => combine-to-async-sequence
            .dropFirst()
            .debounce(for: .milliseconds(500), scheduler: RunLoop.main)
            .removeDuplicates()
            .sink { [weak self] name in self?.save(name) }
            .store(in: &subscriptions)
        api.followerUpdates  // label: Combine sink => combine-to-async-sequence
            .receive(on: DispatchQueue.main)
            .sink { [weak self] count in self?.followerCount.send(count) }
            .store(in: &subscriptions)
    }

    private func save(_ name: String) {
        isSaving = true
        api.updateName(name) { [weak self] _ in
            DispatchQueue.main.async {  // label: DispatchQueue.main.async => main-queue-ui-update
                self?.isSaving = false
            }
        }
    }
}
