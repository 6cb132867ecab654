// The photo app's networking client (scan test fixture; not compiled).
#import "APIClient.h"
#include <pthread.h>
#include <libkern/OSAtomic.h>

static NSString *const kNote = @"call dispatch_sync(dispatch_get_main_queue(), ^{}) never";
static char separator = '"';

@implementation APIClient {
    dispatch_queue_t _workQueue;  /* dispatch_queue_create in a comment */
    pthread_mutex_t _mutex;  /* an ivar: found where it is locked */
    volatile int32_t _inFlight;
}

+ (instancetype)sharedClient {
    static APIClient *shared;
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{  // expect: dispatch_once -> thread-safe-singleton
        shared = [[APIClient alloc] init];
    });
    return shared;
}

- (instancetype)init {
    if ((self = [super init])) {
        _workQueue = dispatch_queue_create("api.work", DISPATCH_QUEUE_CONCURRENT);  // expect: DispatchQueue(attributes: .concurrent) -> concurrent-queue-unordered
        _requestQueue = [[NSOperationQueue alloc] init];  // expect: OperationQueue -> operation-dependencies
        _requestQueue.maxConcurrentOperationCount = 4;  // expect: OperationQueue.maxConcurrentOperationCount -> operation-max-concurrency
        _stateLock = [[NSLock alloc] init];  // expect: NSLock -> thread-safe-singleton
        pthread_mutex_init(&_mutex, NULL);  // expect: pthread_mutex_* -> lock-zoo
    }
    return self;
}

- (void)fetch:(NSURL *)url completion:(void (^)(NSData *data))completion {
    OSAtomicIncrement32(&_inFlight);  // expect: OSAtomic* -> atomic-counter
    dispatch_async(_workQueue, ^{  // expect: DispatchQueue.async -> generate-sort-random-numbers
        NSData *data = [NSData dataWithContentsOfURL:url];  // expect: Data(contentsOf:) -> blocking-io-executor
        dispatch_async(dispatch_get_main_queue(), ^{  // expect: DispatchQueue.main.async -> main-queue-ui-update
            completion(data);
        });
    });
}

- (NSData *)fetchSynchronously:(NSURL *)url {
    __block NSData *result = nil;
    dispatch_semaphore_t done = dispatch_semaphore_create(0);  // expect: DispatchSemaphore(value: 0) -> sync-wait-for-callback
    [self fetch:url completion:^(NSData *data) {
        result = data;
        dispatch_semaphore_signal(done);  // expect: DispatchSemaphore.signal -> group-wrap-callback-api
    }];
    dispatch_semaphore_wait(done, DISPATCH_TIME_FOREVER);  // expect: DispatchSemaphore.wait -> group-wrap-callback-api !
    return result;
}

- (void)reportProgress:(double)progress {
    dispatch_sync(dispatch_get_main_queue(), ^{  // expect: DispatchQueue.main.sync -> sync-deadlock !
        [self.delegate client:self didProgress:progress];
    });
}

- (void)cancelAll:(void (^)(void))completion {
    @synchronized (self) {  // expect: @synchronized -> synchronized-recursive-lock !
        [self.requestQueue cancelAllOperations];  // expect: Operation.cancel -> operation-dependencies
        completion();
    }
    [self.stateLock lock];  // expect: NSLock.lock -> thread-safe-singleton
    _inFlight = 0;
    [self.stateLock unlock];  // expect: NSLock.lock -> thread-safe-singleton
}

- (void)enqueue:(NSURLRequest *)request {
    NSBlockOperation *parse = [NSBlockOperation blockOperationWithBlock:^{ [self parse:request]; }];  // expect: BlockOperation -> operation-dependencies
    NSBlockOperation *store = [NSBlockOperation blockOperationWithBlock:^{ [self store:request]; }];  // expect: BlockOperation -> operation-dependencies
    [store addDependency:parse];  // expect: Operation.addDependency -> operation-dependencies
    [self.requestQueue addOperations:@[parse, store] waitUntilFinished:NO];  // expect: OperationQueue.addOperation -> operation-dependencies
    [[NSOperationQueue mainQueue] addOperationWithBlock:^{  // expect: OperationQueue.addOperation -> operation-dependencies
        [self.delegate clientDidEnqueue:self];
    }];
}

- (void)startPolling {
    self.timer = [NSTimer scheduledTimerWithTimeInterval:5.0 target:self selector:@selector(poll) userInfo:nil repeats:YES];  // expect: Timer.scheduledTimer -> timer-invalidate
    [[NSNotificationCenter defaultCenter] addObserver:self selector:@selector(pause) name:@"pause" object:nil];  // expect: NotificationCenter.addObserver -> notification-observer-stream
    [self performSelectorInBackground:@selector(warmUp) withObject:nil];  // expect: performSelector(inBackground:) -> background-then-main
}

- (void)lockedCount {
    pthread_mutex_lock(&_mutex);  // expect: pthread_mutex_* -> lock-zoo
    _inFlight += 1;
    pthread_mutex_unlock(&_mutex);  // expect: pthread_mutex_* -> lock-zoo
}

#if 0
- (void)legacyFetch {
    dispatch_sync(dispatch_get_main_queue(), ^{ NSLog(@"old"); });
}
#endif

@end
