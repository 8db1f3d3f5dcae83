// `import UIKit` on Linux.
//
// This module is where the slice of UIKit's text-input system lives (UIResponder, UIControl,
// UITextField and its delegate, the software keyboard, ...). It is filled in by the issue that
// follows the editing engine; for now it re-exports Foundation, as Apple's UIKit does, so that
// `import UIKit` already brings NSRange, NotificationCenter and the formatters into scope.
@_exported import Foundation
@_exported import CoreGraphics
@_exported import QuartzCore
