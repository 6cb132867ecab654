// The utility's log watcher and helper-tool runner (precision corpus; never compiled).
#import <Cocoa/Cocoa.h>
#import "LogWatcher.h"

static void *kAppStateContext = &kAppStateContext;

@implementation LogWatcher {
    dispatch_queue_t _watchQueue;
    dispatch_source_t _fileSource;
    dispatch_semaphore_t _readSlots;
    NSRunningApplication *_helperApp;
}

- (instancetype)initWithPath:(NSString *)path {
    if ((self = [super init])) {
        _path = [path copy];
        _watchQueue = dispatch_queue_create("com.example.logwatcher", DISPATCH_QUEUE_SERIAL);  // label: DispatchQueue(label:) => dispatch-source-dir-watch | serial-queue
        _readSlots = dispatch_semaphore_create(1);  // label: DispatchSemaphore(value: 1) => semaphore-as-mutex
    }
    return self;
}

- (void)start {
    int fd = open(self.path.fileSystemRepresentation, O_EVTONLY);
    _fileSource = dispatch_source_create(DISPATCH_SOURCE_TYPE_VNODE, fd, DISPATCH_VNODE_WRITE | DISPATCH_VNODE_DELETE, _watchQueue);  // label: DispatchSource.makeFileSystemObjectSource => dispatch-source-dir-watch
    dispatch_source_set_event_handler(_fileSource, ^{  // label: DispatchSource.setEventHandler => dispatch-source-dir-watch
        [self readNewLines];
    });
    dispatch_source_set_cancel_handler(_fileSource, ^{  // label: DispatchSource.setEventHandler => dispatch-source-dir-watch
        close(fd);
    });
    dispatch_resume(_fileSource);  // label: DispatchSource.setEventHandler => dispatch-source-dir-watch
}

- (void)readNewLines {
    if (dispatch_semaphore_wait(_readSlots, DISPATCH_TIME_NOW) != 0) {  // label: DispatchSemaphore.wait => semaphore-as-mutex
        return;  // a read is already running: skip this event
    }
    NSArray<NSString *> *lines = [self linesAppendedSinceLastRead];
    dispatch_semaphore_signal(_readSlots);  // label: DispatchSemaphore.signal => semaphore-as-mutex
    [self deliverLines:lines];
}

- (void)deliverLines:(NSArray<NSString *> *)lines {
    if ([NSThread isMainThread]) {  // label: Thread.isMainThread => main-inline-or-async
        [self.delegate logWatcher:self didReadLines:lines];
    } else {
        dispatch_sync(dispatch_get_main_queue(), ^{  // label: DispatchQueue.main.sync => main-inline-or-async
            [self.delegate logWatcher:self didReadLines:lines];
        });
    }
}

- (void)clearLogWithCompletion:(void (^)(BOOL ok))completion {
    dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(0.5 * NSEC_PER_SEC)), _watchQueue, ^{  // label: DispatchQueue.asyncAfter => delayed-task
        BOOL ok = [[NSFileManager defaultManager] removeItemAtPath:self.path error:NULL];
        dispatch_async(dispatch_get_main_queue(), ^{  // label: DispatchQueue.main.async => main-queue-ui-update | background-then-main
            completion(ok);
        });
    });
}

- (NSString *)runHelper:(NSArray<NSString *> *)arguments {
    NSTask *task = [[NSTask alloc] init];
    task.launchPath = @"/usr/bin/log";
    task.arguments = arguments;
    NSPipe *pipe = [NSPipe pipe];
    task.standardOutput = pipe;
    [task launch];
    [task waitUntilExit];  // label: Process.waitUntilExit => timeout-keep-late-result
    NSData *output = [[pipe fileHandleForReading] readDataToEndOfFile];  // label: Pipe.fileHandleForReading => process-output-stream
    return [[NSString alloc] initWithData:output encoding:NSUTF8StringEncoding];
}

- (void)watchHelperApp:(NSRunningApplication *)app {
    _helperApp = app;
    [app addObserver:self forKeyPath:@"terminated" options:NSKeyValueObservingOptionNew context:kAppStateContext];  // label: KVO => observe-state-changes
}

- (void)observeValueForKeyPath:(NSString *)keyPath ofObject:(id)object change:(NSDictionary *)change context:(void *)context {  // label: KVO => observe-state-changes
    if (context == kAppStateContext) {
        [self.delegate logWatcherHelperDidExit:self];
    } else {
        [super observeValueForKeyPath:keyPath ofObject:object change:change context:context];
    }
}

- (void)dealloc {
    [_helperApp removeObserver:self forKeyPath:@"terminated" context:kAppStateContext];  // label: KVO => observe-state-changes
    dispatch_source_cancel(_fileSource);  // label: DispatchSource.setEventHandler => dispatch-source-dir-watch
}

@end
