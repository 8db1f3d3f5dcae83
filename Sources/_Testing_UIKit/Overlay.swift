// Swift Testing's cross-import overlay for UIKit.
//
// When one file imports both `Testing` and `UIKit`, the compiler also imports the module named
// in the toolchain's `Testing.swiftcrossimport/UIKit.swiftoverlay`: `_Testing_UIKit`. On Apple's
// systems it ships with the SDK; on Linux the toolchain names it but does not ship it, so the
// `UIKit` product provides it. It re-exports UIKit and adds nothing else.
@_exported import UIKit
