// The photo app's networking client (scan test fixture; not compiled).
#import <Foundation/Foundation.h>

@interface APIClient : NSObject
@property (nonatomic, strong) NSOperationQueue *requestQueue;  // a declaration: the queue is found where it is made
@property (nonatomic, strong) NSLock *stateLock;  // a declaration: found where it is locked
- (void)fetch:(NSURL *)url completion:(void (^)(NSData *data))completion;
@end
