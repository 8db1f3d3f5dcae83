// Custom drawing: when UIKit calls a view's `draw(_:)`, and what it does with the result.
//
// As on iOS, `draw(_:)` is not called every frame: its result is kept (iOS keeps a bitmap, this
// keeps the recorded path runs) and drawn again until `setNeedsDisplay()` is called or the
// view's size changes. iOS redraws on a size change only with `contentMode = .redraw` and
// otherwise stretches the old bitmap; a terminal cannot stretch a drawing nicely, so a view
// that draws is always redrawn at its new size.
//
// Only views that override `draw(_:)` pay for it: the first time a view displays, `draw(_:)`
// runs once; if it is UIView's own (it marks that it was reached) and nothing was drawn, the
// view is known not to draw, and `draw(_:)` runs again only after `setNeedsDisplay()`.

/// The drawing a view's `draw(_:)` recorded, in the view's coordinates, and its state.
struct _CustomDrawing {
  /// Whether `draw(_:)` must run before the next display.
  var needsDisplay = true
  /// Whether the view draws something of its own (false once the default `draw(_:)` was seen
  /// drawing nothing).
  var drawsContent = true
  /// Set by UIView's `draw(_:)` when a call reaches it.
  var reachedDefaultDraw = false
  /// The bounds' size when `draw(_:)` last ran.
  var drawnSize: CGSize = .zero
  /// What it drew.
  var runs: [PathRun] = []
  /// The text it drew (NSString / NSAttributedString drawing), placed among the paths.
  var texts: [UIGraphicsDrawingContext.RecordedText] = []
  /// The images drawn (`UIImage.draw(in:)`), in the view's coordinates.
  var images: [UIGraphicsDrawingContext.RecordedImage] = []
}

extension UIView {
  /// Runs `draw(_:)` if the view's drawing is out of date, then appends the drawing, in window
  /// points and clipped to the view's bounds, to `list`. `origin` is the window point of the
  /// view's coordinate origin.
  func _renderCustomDrawing(origin: CGPoint, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    let size = bounds.size
    // iOS does not draw views with an empty size; the request waits for a size.
    guard size.width > 0, size.height > 0 else { return }
    if _customDrawing.needsDisplay || (_customDrawing.drawsContent && _customDrawing.drawnSize != size) {
      _customDrawing.needsDisplay = false
      _customDrawing.reachedDefaultDraw = false
      let rect = bounds
      let (runs, texts, images) = UIGraphicsDrawingContext.recordingAll(measurer: window?.textMeasurer) { draw(rect) }
      _customDrawing.runs = runs
      _customDrawing.texts = texts
      _customDrawing.images = images
      _customDrawing.drawnSize = size
      _customDrawing.drawsContent = !(runs.isEmpty && texts.isEmpty && images.isEmpty && _customDrawing.reachedDefaultDraw)
    }
    guard !_customDrawing.runs.isEmpty || !_customDrawing.texts.isEmpty || !_customDrawing.images.isEmpty else { return }
    let visible = CGRect(x: origin.x + bounds.minX, y: origin.y + bounds.minY, width: size.width, height: size.height)
      .safeIntersection(clip)
    guard !visible.isNull, !visible.isEmpty else { return }
    UIGraphicsDrawingContext.inDrawingOrder(
      paths: _customDrawing.runs, texts: _customDrawing.texts, images: _customDrawing.images
    ) { drawn in
      UIView._append(drawn, origin: origin, visible: visible, alpha: alpha, into: &list)
    }
  }

  /// Appends something drawn into a recording context (in a view's coordinates, whose origin
  /// is the window point `origin`), clipped to `visible`.
  static func _append(
    _ drawn: UIGraphicsDrawingContext.Drawn<PathRun>, origin: CGPoint, visible: CGRect, alpha: CGFloat, into list: inout DisplayList
  ) {
    switch drawn {
    case .path(let run):
      let placed = run.offsetBy(dx: origin.x, dy: origin.y)
      list.append(DisplayItem(frame: placed.bounds, clip: visible, content: .path(placed), alpha: alpha))
    case .text(let text):
      let clip = text.clip.offsetBy(dx: origin.x, dy: origin.y).safeIntersection(visible)
      if !clip.isNull {
        list.append(DisplayItem(
          frame: text.frame.offsetBy(dx: origin.x, dy: origin.y), clip: clip, content: .text(text.run), alpha: alpha))
      }
    case .image(let image):
      list.append(DisplayItem(
        frame: image.frame.offsetBy(dx: origin.x, dy: origin.y), clip: visible, content: .image(image.image), alpha: alpha))
    }
  }
}
