import RecipeKit

extension Catalog {
    /// Chapter 5, in page order.
    static let sharedState: [Recipe] = [
        .readersWriterBarrier,
        .crossProcessFileLock,
        .lockOrderDeadlock,
        .priorityInversionDemo,
        .raceConditionCounter,
        .lockZoo,
        .atomicCounter,
        .memoryBarrierPublication,
        .ticketSaleLock,
        .ticketSaleCondition,
        .synchronizedRecursiveLock,
        .conditionLockAlternation,
        .isolationQueuePerObject,
        .readersWriterBarrier,
        .barrierCountedDictionary,
        .rcuSnapshot,
        .actorReentrancy,
        .messagePassingConfinement,
    ]
}
