import RecipeKit

extension Catalog {
    /// Chapter 5, in page order.
    static let sharedState: [Recipe] = [
        .isolationQueuePerObject,
        .readersWriterBarrier,
        .barrierCountedDictionary,
        .raceConditionCounter,
        .lockZoo,
        .atomicCounter,
        .memoryBarrierPublication,
        .ticketSaleLock,
        .ticketSaleCondition,
        .synchronizedRecursiveLock,
        .conditionLockAlternation,
        .crossProcessFileLock,
        .lockOrderDeadlock,
        .rcuSnapshot,
        .priorityInversionDemo,
        .actorReentrancy,
        .messagePassingConfinement,
        .boundedBufferBackpressure,
        .resourcePool,
        .semaphoreAsMutex,
        .waitForState,
        .exclusiveGate,
        .confinedObjectHandoff,
        .targetQueueHierarchy,
    ]
}
