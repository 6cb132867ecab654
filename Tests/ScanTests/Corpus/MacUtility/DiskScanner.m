// A macOS disk-usage utility's scanner (precision corpus; never compiled).
#import "DiskScanner.h"
#import <AppKit/AppKit.h>

@implementation DiskScanner {
    dispatch_queue_t _sizesQueue;
    NSMutableDictionary<NSString *, NSNumber *> *_sizes;
    BOOL _cancelled;
}

- (instancetype)init {
    if ((self = [super init])) {
        _sizes = [NSMutableDictionary dictionary];
        _sizesQueue = dispatch_queue_create("com.example.diskscan.sizes", DISPATCH_QUEUE_CONCURRENT);  // label: DispatchQueue(attributes: .concurrent) => readers-writer-barrier
        _scanQueue = [[NSOperationQueue alloc] init];  // label: OperationQueue => operation-max-concurrency | operation-queue-async
        _scanQueue.maxConcurrentOperationCount = 2;  // label: OperationQueue.maxConcurrentOperationCount => operation-max-concurrency
    }
    return self;
}

- (NSDictionary *)sizes {
    __block NSDictionary *copy;
    dispatch_sync(_sizesQueue, ^{  // label: DispatchQueue.sync => readers-writer-barrier
        copy = [_sizes copy];
    });
    return copy;
}

- (void)recordSize:(unsigned long long)size forPath:(NSString *)path {
    dispatch_barrier_async(_sizesQueue, ^{  // label: DispatchQueue.async(flags: .barrier) => readers-writer-barrier
        _sizes[path] = @(size);
    });
}

- (void)removeAllSizes {
    dispatch_barrier_sync(_sizesQueue, ^{  // label: DispatchQueue.sync(flags: .barrier) => readers-writer-barrier
        [_sizes removeAllObjects];
    });
}

- (void)scanVolumeAtURL:(NSURL *)url {
    NSArray<NSURL *> *folders = [self topLevelFoldersOfVolume:url];
    for (NSURL *folder in folders) {
        [self.scanQueue addOperationWithBlock:^{  // label: OperationQueue.addOperation => operation-max-concurrency | operation-queue-async
            unsigned long long size = [self sizeOfFolder:folder];
            [self recordSize:size forPath:folder.path];
            dispatch_async(dispatch_get_main_queue(), ^{  // label: DispatchQueue.main.async => background-then-main | main-queue-ui-update
                [self.delegate scanner:self didFindItemOfSize:size atPath:folder.path];
            });
        }];
    }
}

- (void)cancel {
    _cancelled = YES;
    [self.scanQueue cancelAllOperations];  // label: Operation.cancel => operation-cancellation
}

- (unsigned long long)totalSizeOfFolders:(NSArray<NSURL *> *)folders {
    __block unsigned long long total = 0;
    NSLock *totalLock = [[NSLock alloc] init];  // label: NSLock => lock-zoo | ticket-sale-lock
    [folders enumerateObjectsWithOptions:NSEnumerationConcurrent usingBlock:^(NSURL *folder, NSUInteger index, BOOL *stop) {  // label: enumerateObjects(options: .concurrent) => concurrent-perform
        unsigned long long size = [self sizeOfFolder:folder];
        [totalLock lock];  // label: NSLock.lock => lock-zoo | ticket-sale-lock
        total += size;
        [totalLock unlock];  // label: NSLock.lock => lock-zoo | ticket-sale-lock
    }];
    return total;
}

- (NSArray<NSURL *> *)largestFiles:(NSArray<NSURL *> *)files {
    NSMutableArray *large = [NSMutableArray array];
    [files enumerateObjectsUsingBlock:^(NSURL *file, NSUInteger index, BOOL *stop) {  // label: enumerateObjects (a Foundation method that takes a block) => closure-basics
        if ([self sizeOfFile:file] > 100 * 1024 * 1024) {
            [large addObject:file];
        }
    }];
    return large;
}

- (void)sizeDidChange {
    [[NSNotificationCenter defaultCenter] postNotificationName:NSWorkspaceDidChangeFileLabelsNotification object:self];
}

- (void)finishScan {
    @synchronized (self) {  // label: @synchronized => synchronized-recursive-lock | lock-zoo ?lock-held
        _cancelled = NO;
        [self.delegate scannerDidFinish:self];
    }
}

- (void)compactSizes {
    dispatch_barrier_async(_sizesQueue, ^{  // label: DispatchQueue.async(flags: .barrier) => readers-writer-barrier
        __block NSUInteger before = 0;
        dispatch_sync(_sizesQueue, ^{ before = _sizes.count; });  // label: DispatchQueue.sync => sync-deadlock !deadlock
        [_sizes removeObjectsForKeys:[self emptyFolders]];
        NSLog(@"compacted %lu of %lu", (unsigned long)(before - _sizes.count), (unsigned long)before);
    });
}

@end
