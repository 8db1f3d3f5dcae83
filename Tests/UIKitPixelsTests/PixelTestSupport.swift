#if Pixels
import Foundation
import UIKit
@testable import UIKitPixels

extension RGBAImage {
  /// The pixel under `point` (points, at the image's scale).
  func pixel(at point: CGPoint) -> RGBA {
    self[Int((point.x * scale).rounded(.down)), Int((point.y * scale).rounded(.down))]
  }
}

extension RGBA {
  /// `colour`, opaque, as the rasteriser writes it.
  init(_ colour: UIColor) {
    let c = colour.rgba8
    self.init(r: c.r, g: c.g, b: c.b)
  }
}
#endif
