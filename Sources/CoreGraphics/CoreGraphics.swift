// `import CoreGraphics` on Linux.
//
// On Apple's systems CGFloat, CGPoint, CGSize and CGRect are CoreGraphics' own; on Linux
// Foundation declares them. Re-exporting Foundation makes `import CoreGraphics` alone bring
// CGRect into scope, as it does on iOS, and keeps one set of geometry types for every module.
@_exported import Foundation

/// Any CoreFoundation object, as Swift imports `CFTypeRef` on Apple's systems (properties such
/// as `CATextLayer.font` take one). Foundation on Linux does not declare it.
public typealias CFTypeRef = AnyObject
