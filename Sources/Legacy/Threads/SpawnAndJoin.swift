import Foundation

/// Spawning N workers as threads, each doing one unit of work, and joining
/// them.
///
/// Every thread is a kernel thread: creating one is a system call, and it
/// reserves a stack of its own (8 MiB of address space by default on Linux,
/// of which only the touched pages use memory) plus kernel bookkeeping. A
/// `Thread` is a POSIX thread with an object around it, and it can't be
/// joined: a `DispatchGroup` it leaves tells you its work is done, not that
/// it has exited. `pthread_join` waits until it has, so this side uses POSIX
/// threads. Cheap for a few long-lived workers, expensive for thousands of
/// short ones.
public enum SpawnAndJoin {
    /// Starts `count` threads; each runs `work` once with its index. Returns
    /// when every one has exited.
    public static func threads(
        count: Int, work: @escaping @Sendable (Int) -> Void
    ) {
        var threads: [pthread_t] = []
        threads.reserveCapacity(count)
        for index in 0..<count {
            threads.append(spawn { work(index) })
        }
        for thread in threads {
            let error = pthread_join(thread, nil)
            precondition(error == 0, "pthread_join() failed: \(error)")
        }
    }

    /// `pthread_create` with a closure as the entry point: the closure
    /// travels to the new thread as a retained pointer.
    static func spawn(_ body: @escaping @Sendable () -> Void) -> pthread_t {
        let entry = Unmanaged.passRetained(Entry(body)).toOpaque()
        // Linux: `pthread_t` is an integer and the argument is optional.
        var thread = pthread_t()
        let error = pthread_create(
            &thread, nil,
            { argument in
                let entry = Unmanaged<Entry>.fromOpaque(argument!)
                entry.takeRetainedValue().body()
                return nil
            }, entry)
        precondition(error == 0, "pthread_create() failed: \(error)")
        return thread
    }

    final class Entry: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}

// MARK: - All alive at once: each worker waits until every one exists

extension SpawnAndJoin {
    /// Like `threads(count:work:)`, but no thread does its work until all
    /// `count` exist: a waiting worker holds its whole thread, so this is what
    /// thousands of workers blocked on I/O or a lock cost. `whileAllAlive`
    /// runs on the caller once every thread has started, before any is let
    /// go.
    public static func threadsAllWaiting(
        count: Int,
        whileAllAlive: () -> Void = {},
        work: @escaping @Sendable (Int) -> Void
    ) {
        let gate = DispatchGroup()
        gate.enter()  // closed until every thread exists
        var threads: [pthread_t] = []
        threads.reserveCapacity(count)
        for index in 0..<count {
            threads.append(
                spawn {
                    gate.wait()
                    work(index)
                })
        }
        whileAllAlive()
        gate.leave()
        for thread in threads {
            let error = pthread_join(thread, nil)
            precondition(error == 0, "pthread_join() failed: \(error)")
        }
    }
}
