import Foundation

// Drawing a view hierarchy into the current context: `drawHierarchy(in:afterScreenUpdates:)`
// and `CALayer.render(in:)`. Both draw what the view shows on screen (its subviews, layers and
// drawing, not its ancestors or the keyboard) through the pixel renderer, into a bitmap context
// (an image renderer's, with the `Pixels` trait). Without a bitmap context there is nothing to
// paint: `drawHierarchy` returns false.

extension UIView {
  /// Draws the view's hierarchy, as it is shown, scaled into `rect` of the current context.
  /// True when it was drawn: the current context is a bitmap context (an image renderer's, with
  /// the `Pixels` trait) and the view has a size. The layout is brought up to date first
  /// whatever `afterScreenUpdates` says (there is no pending screen update to wait for).
  @discardableResult
  public func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
    guard let context = UIGraphicsGetCurrentContext(), context.bitmap != nil, bounds.width > 0, bounds.height > 0,
      rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite
    else { return false }
    let (list, subtree) = _subtreeDisplayList()
    context.saveGState()
    context.translateBy(x: rect.minX, y: rect.minY)
    context.scaleBy(x: rect.width / bounds.width, y: rect.height / bounds.height)
    UIGraphicsDrawingContext.paint(
      list.items.map { $0.offsetBy(dx: -subtree.minX, dy: -subtree.minY) },
      covering: CGRect(origin: .zero, size: bounds.size), into: context, isDark: list.isDark)
    context.restoreGState()
    return true
  }

  /// `CALayer.render(in:)` for a layer of this view's tree: the view's hierarchy for its own
  /// layer, else the layer and its sublayers, at the layer's origin.
  package func _layerRender(_ layer: CALayer, in context: CGContext) {
    guard context.bitmap != nil else { return }
    if layer === self.layer {
      let (list, subtree) = _subtreeDisplayList()
      // In the layer's coordinates: its bounds' origin is where the view's bounds begin.
      let shift = CGPoint(x: -subtree.minX + bounds.minX, y: -subtree.minY + bounds.minY)
      UIGraphicsDrawingContext.paint(
        list.items.map { $0.offsetBy(dx: shift.x, dy: shift.y) },
        covering: CGRect(origin: bounds.origin, size: bounds.size), into: context, isDark: list.isDark)
      return
    }
    CATransaction.flush()
    var list = DisplayList()
    let everywhere = UIGraphicsDrawingContext.unclipped
    // The layer's frame placed so that its bounds' origin is the context's.
    let shown = layer.presentedLayer()
    let parentOrigin = CGPoint(x: shown.bounds.minX - shown.frame.minX, y: shown.bounds.minY - shown.frame.minY)
    _renderLayerTree(layer, parentOrigin: parentOrigin, clip: everywhere, alpha: 1, into: &list)
    UIGraphicsDrawingContext.paint(list.items, covering: shown.bounds, into: context)
  }
}
