#if Web
  import UIKit
  import UIKitPixels

  /// The Pixels renderer behind the browser front end: one image kept between frames; each frame
  /// redraws only the areas where the display list changed (``changedAreas(from:to:in:)``), and
  /// those are the rectangles sent, raw when small, as PNGs at libpng's fast setting otherwise.
  @MainActor
  final class PixelFrameRenderer: WebFrameRendering {
    let scale: CGFloat
    let textMeasurer: any TextMeasuring = PixelTextMeasurer()
    private let renderer: PixelRenderer
    private var image: RGBAImage?
    private var lastList: DisplayList?

    init(scale: CGFloat) {
      self.scale = scale
      renderer = PixelRenderer(scale: scale)
    }

    func render(_ list: DisplayList, size: CGSize) -> (width: Int, height: Int, changed: [PixelBox]) {
      let width = Int((size.width * scale).rounded(.up)), height = Int((size.height * scale).rounded(.up))
      guard var image, image.width == width, image.height == height, let last = lastList else {
        let fresh = renderer.render(list, size: size)
        image = fresh
        lastList = list
        return (fresh.width, fresh.height, [PixelBox(x: 0, y: 0, width: fresh.width, height: fresh.height)])
      }
      self.image = nil  // keeps `image` uniquely referenced while it is redrawn in place
      let areas = changedAreas(from: last, to: list, in: CGRect(origin: .zero, size: size))
      var boxes: [PixelRect] = []
      for area in areas {
        let region = PixelRect(covering: area, scale: scale).intersection(image.bounds)
        guard !region.isEmpty else { continue }
        let before = RGBAImage(width: region.width, height: region.height, bytes: image.bytes(in: region))
        renderer.render(list, dirty: area, into: &image)
        let after = RGBAImage(width: region.width, height: region.height, bytes: image.bytes(in: region))
        // Only the pixels that changed go out: a digit typed, not the whole label around it.
        if let changed = after.changedRegion(since: before) {
          boxes.append(PixelRect(x: region.x + changed.x, y: region.y + changed.y, width: changed.width, height: changed.height))
        }
      }
      self.image = image
      lastList = list
      return (width, height, boxes.map { PixelBox(x: $0.x, y: $0.y, width: $0.width, height: $0.height) })
    }

    func png(of rect: PixelBox) -> [UInt8] {
      guard let image else { return [] }
      return PNGEncoder.encode(
        image, region: PixelRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height), compression: .fast)
    }

    func pixels(of rect: PixelBox) -> [UInt8] {
      guard let image else { return [] }
      return image.bytes(in: PixelRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height))
    }
  }
#endif
