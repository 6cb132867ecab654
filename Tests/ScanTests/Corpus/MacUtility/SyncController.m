// The utility's cloud-sync controller (precision corpus; never compiled).
#import <Cocoa/Cocoa.h>
#import "SyncController.h"

@implementation SyncController {
    NSMutableArray<NSString *> *_pending;
    NSMutableDictionary *_accounts;
    NSTimer *_pollTimer;
    dispatch_source_t _retryTimer;
}

- (instancetype)init {
    if ((self = [super init])) {
        _pending = [NSMutableArray array];
        _accounts = [NSMutableDictionary dictionary];
        NSNotificationCenter *center = [NSNotificationCenter defaultCenter];
        [center addObserver:self selector:@selector(willSleep:) name:NSWorkspaceWillSleepNotification object:nil];  // label: NotificationCenter.addObserver => notification-observer-stream
        [center addObserver:self selector:@selector(settingsChanged:) name:NSUserDefaultsDidChangeNotification object:nil];  // label: NotificationCenter.addObserver => notification-observer-stream
    }
    return self;
}

- (void)dealloc {
    [[NSNotificationCenter defaultCenter] removeObserver:self];  // label: NotificationCenter.removeObserver => notification-observer-stream
    [_pollTimer invalidate];  // label: Timer.invalidate => timer-invalidate | repeating-timer
}

- (void)startPolling {
    _pollTimer = [NSTimer scheduledTimerWithTimeInterval:60 target:self selector:@selector(poll:) userInfo:nil repeats:YES];  // label: Timer.scheduledTimer => repeating-timer
}

- (void)settingsChanged:(NSNotification *)note {
    // Many changes arrive at once: sync once they settle.
    [NSObject cancelPreviousPerformRequestsWithTarget:self selector:@selector(syncNow) object:nil];  // label: NSObject.cancelPreviousPerformRequests => debounce
    [self performSelector:@selector(syncNow) withObject:nil afterDelay:1.5];  // label: perform(_:with:afterDelay:) => debounce
}

- (void)willSleep:(NSNotification *)note {
    [NSObject cancelPreviousPerformRequestsWithTarget:self];  // label: NSObject.cancelPreviousPerformRequests => cancellable-delay
}

- (void)showSyncedBadge {
    [self performSelector:@selector(hideSyncedBadge) withObject:nil afterDelay:4.0];  // label: perform(_:with:afterDelay:) => delayed-task
}

- (void)syncNow {
    dispatch_async(dispatch_get_global_queue(DISPATCH_QUEUE_PRIORITY_DEFAULT, 0), ^{  // label: DispatchQueue.async => background-then-main
        NSArray *batch = [self takePending];
        BOOL ok = [self uploadBatch:batch];
        dispatch_async(dispatch_get_main_queue(), ^{  // label: DispatchQueue.main.async => background-then-main
            [self.statusItem setSyncFailed:!ok];
        });
    });
}

- (NSArray *)takePending {
    @synchronized (self) {  // label: @synchronized => synchronized-recursive-lock | lock-zoo
        NSArray *batch = [_pending copy];
        [_pending removeAllObjects];
        return batch;
    }
}

- (void)moveAccount:(NSString *)account toPending:(NSString *)path {
    @synchronized (_accounts) {  // label: @synchronized => lock-order-deadlock
        @synchronized (_pending) {  // label: @synchronized => lock-order-deadlock !lock-order
            [_pending addObject:path];
            [_accounts removeObjectForKey:account];
        }
    }
}

- (void)flushPendingIntoAccount:(NSString *)account {
    @synchronized (_pending) {  // label: @synchronized => lock-order-deadlock
        @synchronized (_accounts) {  // label: @synchronized => lock-order-deadlock !lock-order
            _accounts[account] = [_pending copy];
            [_pending removeAllObjects];
        }
    }
}

- (BOOL)uploadBatch:(NSArray *)batch {
    __block BOOL accepted = NO;
    dispatch_group_t group = dispatch_group_create();  // label: DispatchGroup => sync-wait-for-callback
    dispatch_group_enter(group);  // label: DispatchGroup.enter => sync-wait-for-callback
    [self.client sendBatch:batch reply:^(NSError *error) {
        accepted = (error == nil);
        dispatch_group_leave(group);  // label: DispatchGroup.leave => sync-wait-for-callback
    }];
    long timedOut = dispatch_group_wait(group, dispatch_time(DISPATCH_TIME_NOW, 30 * NSEC_PER_SEC));  // label: DispatchGroup.wait => sync-wait-for-callback ?blocking
    return timedOut == 0 && accepted;
}

- (void)scheduleRetry {
    _retryTimer = dispatch_source_create(DISPATCH_SOURCE_TYPE_TIMER, 0, 0, dispatch_get_main_queue());  // label: DispatchSource.makeTimerSource => retry-with-backoff | delayed-task
    dispatch_source_set_timer(_retryTimer, dispatch_time(DISPATCH_TIME_NOW, 10 * NSEC_PER_SEC), DISPATCH_TIME_FOREVER, NSEC_PER_SEC);  // label: DispatchSource.makeTimerSource => retry-with-backoff | delayed-task
    dispatch_source_set_event_handler(_retryTimer, ^{  // label: DispatchSource.setEventHandler => retry-with-backoff | delayed-task
        [self syncNow];
    });
    dispatch_resume(_retryTimer);  // label: DispatchSource.setEventHandler => retry-with-backoff | delayed-task
}

- (void)forwardInvocation:(NSInvocation *)invocation {
    if ([self.client respondsToSelector:invocation.selector]) {
        [invocation invokeWithTarget:self.client];
    } else {
        [super forwardInvocation:invocation];
    }
}

- (NSMethodSignature *)methodSignatureForSelector:(SEL)selector {
    return [super methodSignatureForSelector:selector] ?: [self.client methodSignatureForSelector:selector];
}

@end
