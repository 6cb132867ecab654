// The photo app's networking client (scan test fixture; not compiled).
#import <Foundation/Foundation.h>

@interface APIClient : NSObject
@property (nonatomic, strong) NSOperationQueue *requestQueue;  // expect: OperationQueue -> operation-dependencies
@property (nonatomic, strong) NSLock *stateLock;  // expect: NSLock -> thread-safe-singleton
- (void)fetch:(NSURL *)url completion:(void (^)(NSData *data))completion;
@end
