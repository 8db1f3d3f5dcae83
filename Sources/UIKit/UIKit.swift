// `import UIKit` on Linux.
//
// This module is where the slice of UIKit's text-input system lives (UIResponder, UIControl,
// UITextField and its delegate, the software keyboard, ...). It re-exports what Apple's UIKit
// re-exports: Foundation (NSRange, NotificationCenter, the formatters), CoreGraphics (CGColor,
// CGPath, CGAffineTransform) and QuartzCore (CALayer, animations), the modules under it.
@_exported import Foundation
@_exported import CoreGraphics
@_exported import QuartzCore
