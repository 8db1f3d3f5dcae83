// `import CoreGraphics` on Linux.
//
// On Apple's systems CGFloat, CGPoint, CGSize and CGRect are CoreGraphics' own; on Linux
// Foundation declares them. Re-exporting Foundation makes `import CoreGraphics` alone bring
// CGRect into scope, as it does on iOS, and keeps one set of geometry types for every module.
@_exported import Foundation
