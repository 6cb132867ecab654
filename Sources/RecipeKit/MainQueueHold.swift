import Foundation

/// Holds the main queue busy while a call runs elsewhere, so a hop to main lands after the call.
public enum MainQueueHold {
    /// Runs `call` on a thread of its own while a block holds the main queue, and with it the main
    /// actor, whose executor is the main queue. Whatever `call` sends to main then runs after `call`
    /// returns; without the hold both orders are legal and a transcript would vary.
    public static func whileMainIsBusy(_ call: @escaping @Sendable () -> Void) {
        let held = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        DispatchQueue.main.async {
            held.signal()
            released.wait()
        }
        Thread {
            held.wait()
            call()
            released.signal()
        }.start()
    }
}
