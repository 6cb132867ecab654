// The utility's usage recorder: keeps events on a queue it is given, tells its delegate on the
// queue the delegate chose, purges old events every ten minutes and watches the network
// (precision corpus; never compiled).
#import <Cocoa/Cocoa.h>
#import <SystemConfiguration/SystemConfiguration.h>
#import "UsageRecorder.h"

@implementation UsageRecorder {
    NSMutableArray<NSString *> *_events;
    dispatch_source_t _purgeTimer;
    SCNetworkReachabilityRef _reachability;
}

- (instancetype)initWithStateQueue:(dispatch_queue_t)stateQueue {
    if ((self = [super init])) {
        _stateQueue = stateQueue;
        _events = [NSMutableArray array];
        _delegateQueue = dispatch_get_main_queue();  // label: DispatchQueue.main => async-api-completion-queue
    }
    return self;
}

- (NSUInteger)pendingCount {
    __block NSUInteger count;
    dispatch_sync(self.stateQueue, ^{  // label: DispatchQueue.sync => isolation-queue-per-object
        count = self->_events.count;
    });
    return count;
}

- (void)record:(NSString *)name {
    dispatch_async(self.stateQueue, ^{  // label: DispatchQueue.async => isolation-queue-per-object
        [self->_events addObject:name];
        dispatch_async(self.delegateQueue, ^{  // label: DispatchQueue.async => async-api-completion-queue
            [self.delegate recorder:self didRecord:name];
        });
    });
}

- (void)startPurging {
    _purgeTimer = dispatch_source_create(DISPATCH_SOURCE_TYPE_TIMER, 0, 0, self.stateQueue);  // label: DispatchSource.makeTimerSource => repeating-timer
    dispatch_source_set_timer(_purgeTimer, dispatch_time(DISPATCH_TIME_NOW, 0), 600 * NSEC_PER_SEC, 10 * NSEC_PER_SEC);  // label: DispatchSource.makeTimerSource => repeating-timer
    dispatch_source_set_event_handler(_purgeTimer, ^{  // label: DispatchSource.setEventHandler => repeating-timer
        [self purgeOlderThan:86400];
    });
    dispatch_resume(_purgeTimer);  // label: DispatchSource.setEventHandler => repeating-timer
}

- (void)pausePurging {
    dispatch_suspend(_purgeTimer);  // label: DispatchQueue.suspend => repeating-timer
}

- (void)watchNetwork {
    SCNetworkReachabilityScheduleWithRunLoop(_reachability, CFRunLoopGetMain(), kCFRunLoopCommonModes);  // label: RunLoop => run-loop-worker-thread
}

- (void)exportTo:(NSURL *)url completion:(void (^)(BOOL))completionBlock {
    ExportToken *token = [ExportToken tokenWithURL:url];
    token.completionBlock = completionBlock;
    [self.exporter start:token];
}

@end
