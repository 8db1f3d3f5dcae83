// Swift Testing's cross-import overlay for CoreGraphics.
//
// When one file imports both `Testing` and `CoreGraphics` (and `import UIKit` now brings
// CoreGraphics), the compiler also imports the module named in the toolchain's
// `Testing.swiftcrossimport/CoreGraphics.swiftoverlay`: `_Testing_CoreGraphics`. On Linux the
// toolchain names it but does not ship it, so this package provides it, as it provides
// `_Testing_UIKit`. It re-exports CoreGraphics and adds nothing else.
@_exported import CoreGraphics
