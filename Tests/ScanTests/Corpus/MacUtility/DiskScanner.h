// A macOS disk-usage utility's scanner (precision corpus; never compiled).
#import <Foundation/Foundation.h>

@class DiskScanner;

@protocol DiskScannerDelegate <NSObject>
- (void)scanner:(DiskScanner *)scanner didFindItemOfSize:(unsigned long long)size atPath:(NSString *)path;
- (void)scannerDidFinish:(DiskScanner *)scanner;
@end

@interface DiskScanner : NSObject
@property (nonatomic, weak) id<DiskScannerDelegate> delegate;
@property (nonatomic, strong) NSOperationQueue *scanQueue;
@property (nonatomic, strong, readonly) NSMutableDictionary<NSString *, NSNumber *> *sizes;
- (void)scanVolumeAtURL:(NSURL *)url;
- (void)cancel;
- (unsigned long long)totalSizeOfFolders:(NSArray<NSURL *> *)folders;
@end
