#if Web && canImport(UIKitPixels)
  import UIKit
  import UIKitPixels

  /// The Pixels renderer behind the browser front end: one image kept between frames, redrawn
  /// from the display list each time, and the rectangle that changed found by comparing with the
  /// previous image (RGBAImage.changedRegion); PNGs at libpng's fast setting.
  @MainActor
  final class PixelFrameRenderer: WebFrameRendering {
    let scale: CGFloat
    let textMeasurer: any TextMeasuring = PixelTextMeasurer()
    private let renderer: PixelRenderer
    private var image: RGBAImage?

    init(scale: CGFloat) {
      self.scale = scale
      renderer = PixelRenderer(scale: scale)
    }

    func render(_ list: DisplayList, size: CGSize) -> (width: Int, height: Int, changed: PixelBox?) {
      let next = renderer.render(list, size: size)
      let changed = image.map { next.changedRegion(since: $0) } ?? next.bounds
      image = next
      return (next.width, next.height, changed.map { PixelBox(x: $0.x, y: $0.y, width: $0.width, height: $0.height) })
    }

    func png(of rect: PixelBox) -> [UInt8] {
      guard let image else { return [] }
      return PNGEncoder.encode(
        image, region: PixelRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height), compression: .fast)
    }
  }
#endif
