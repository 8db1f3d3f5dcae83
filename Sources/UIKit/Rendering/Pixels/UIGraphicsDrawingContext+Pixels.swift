import Foundation

#if Pixels
  import PixelRaster
#endif

extension UIGraphicsDrawingContext {
  /// Paints display items (frames in the context's user space, points) into a bitmap context:
  /// drawn by the pixel renderer at the context's scale into a clear picture of `covering`, which
  /// is then drawn upright through the context's transform and clip. Text, named images' glyphs
  /// and view hierarchies reach bitmap contexts this way. Nothing happens for other contexts.
  package static func paint(_ items: [DisplayItem], covering: CGRect, into context: CGContext, isDark: Bool = false) {
    #if Pixels
      guard context.bitmap != nil else { return }
      let ctm = context.ctm
      let scale = max(abs(ctm.a) + abs(ctm.c), abs(ctm.b) + abs(ctm.d))
      // Whole pixels at that scale, so that the picture lands on the bitmap's pixels.
      let area = CGRect(
        x: (covering.minX * scale).rounded(.down) / scale, y: (covering.minY * scale).rounded(.down) / scale,
        width: 0, height: 0)
      let maxX = (covering.maxX * scale).rounded(.up) / scale, maxY = (covering.maxY * scale).rounded(.up) / scale
      let rect = CGRect(x: area.minX, y: area.minY, width: maxX - area.minX, height: maxY - area.minY)
      guard scale > 0, scale.isFinite, rect.width > 0, rect.height > 0, rect.width * scale * rect.height * scale < 1e8 else { return }
      var list = DisplayList()
      list.isDark = isDark
      list.items = items.map { $0.offsetBy(dx: -rect.minX, dy: -rect.minY) }
      var image = RGBAImage(
        width: Int((rect.width * scale).rounded()), height: Int((rect.height * scale).rounded()), scale: scale, color: .clear)
      PixelRenderer(scale: scale).render(list, background: nil, into: &image)
      guard image.width > 0, image.height > 0 else { return }
      context.drawImage(CGImage(width: image.width, height: image.height, rgba: image.bytes), in: rect, firstRowAtMinY: true)
    #endif
  }
}

extension DisplayItem {
  /// The item moved by (dx, dy): its frame, clip and path points.
  package func offsetBy(dx: CGFloat, dy: CGFloat) -> DisplayItem {
    var moved = self
    moved.frame = frame.offsetBy(dx: dx, dy: dy)
    moved.clip = clip.offsetBy(dx: dx, dy: dy)
    if case .path(let run) = content { moved.content = .path(run.offsetBy(dx: dx, dy: dy)) }
    return moved
  }
}
