// Check: swift6 rejects
import Foundation

func logContext() async {
    let name = Thread.current.name ?? "unnamed"
    // expected-error@-1 {{class property 'current' is unavailable from asynchronous contexts}}
    print("running on \(name)")
    RunLoop.current.run(until: Date())
    // expected-error@-1 {{class property 'current' is unavailable from asynchronous contexts}}
    // expected-error@-2 {{instance method 'run' is unavailable from asynchronous contexts}}
}
