// UIGraphicsImageRenderer: drawing code run into a new image.
//
// As on iOS, the renderer's context is current while the actions run, in points with the origin
// at the top left (Core Graphics' y-up device space under a flipped transform), so UIKit drawing
// (UIBezierPath, UIColor.set, NSString.draw, UIImage.draw) and CGContext calls land in it.
// With the `Pixels` trait it is a bitmap context at the format's scale and the image holds its
// pixels; without it the context records, and the image holds the drawing only (`cgImage` nil,
// `pngData` and `jpegData` empty). Either way the image keeps its drawing, which the terminal
// draws in cells.
//
// Renderers, formats and contexts are not bound to the main actor (iOS allows them on any
// thread).

import Foundation

/// What a graphics renderer draws into: its bounds.
open class UIGraphicsRendererFormat: NSObject, @unchecked Sendable {
  /// The rectangle drawn into, in points (set by the renderer).
  open var bounds: CGRect { _bounds }
  var _bounds: CGRect = .zero

  public required override init() { super.init() }

  /// A format for the main screen.
  open class func `default`() -> Self { self.init() }

  /// The format best for the main screen.
  open class func preferred() -> Self { self.init() }
}

/// How an image renderer's images are made: scale, opacity, colour range.
open class UIGraphicsImageRendererFormat: UIGraphicsRendererFormat, @unchecked Sendable {
  /// The colour range of the image's pixels.
  public enum Range: Int, Sendable {
    case unspecified = -1, automatic = 0, extended, standard
  }

  /// Pixels per point (the main screen's by default).
  open var scale: CGFloat = UIScreen._mainScale.withLock { $0 }
  /// Whether the image has no alpha channel (it starts black, and what is drawn is opaque).
  open var opaque = false
  /// Whether extended-range colour is preferred (kept: pixels are 8-bit sRGB).
  open var prefersExtendedRange = false
  /// The colour range preferred (kept: pixels are 8-bit sRGB).
  open var preferredRange = Range.automatic

  public required init() { super.init() }

  /// A format with the display scale of `traitCollection` (the main screen's when unspecified).
  public convenience init(for traitCollection: UITraitCollection) {
    self.init()
    let scale = traitCollection.displayScale
    if scale > 0 { self.scale = scale }
  }
}

/// The context drawing actions run with.
open class UIGraphicsRendererContext: NSObject, @unchecked Sendable {
  let _session: _ImageDrawingSession

  init(session: _ImageDrawingSession) {
    _session = session
    super.init()
  }

  /// The Core Graphics context drawn into.
  open var cgContext: CGContext { _session.context }
  /// The renderer's format.
  open var format: UIGraphicsRendererFormat { _session.format }

  /// Fills `rect` with the current fill colour.
  open func fill(_ rect: CGRect) { cgContext.fill(rect) }
  /// Fills `rect` with the current fill colour in `blendMode`.
  open func fill(_ rect: CGRect, blendMode: CGBlendMode) {
    cgContext.saveGState()
    cgContext.setBlendMode(blendMode)
    cgContext.fill(rect)
    cgContext.restoreGState()
  }
  /// Strokes `rect`'s outline with the current stroke colour.
  open func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
  /// Strokes `rect`'s outline in `blendMode`.
  open func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
    cgContext.saveGState()
    cgContext.setBlendMode(blendMode)
    cgContext.stroke(rect)
    cgContext.restoreGState()
  }
  /// Narrows the clip to `rect`.
  open func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// An image renderer's context: also the image drawn so far.
open class UIGraphicsImageRendererContext: UIGraphicsRendererContext, @unchecked Sendable {
  /// The image of what has been drawn so far.
  open var currentImage: UIImage { _session.image() }
}

/// A renderer: bounds and a format.
open class UIGraphicsRenderer: NSObject, @unchecked Sendable {
  let _bounds: CGRect
  let _format: UIGraphicsRendererFormat

  /// A renderer of `bounds` in `format`.
  public init(bounds: CGRect, format: UIGraphicsRendererFormat) {
    _bounds = bounds
    _format = format
    format._bounds = bounds
    super.init()
  }

  /// A renderer of `bounds` in the default format.
  public convenience init(bounds: CGRect) {
    self.init(bounds: bounds, format: UIGraphicsRendererFormat.default())
  }

  /// The renderer's format.
  open var format: UIGraphicsRendererFormat { _format }

  /// Whether the renderer makes images (true for image renderers).
  open var allowsImageOutput: Bool { self is UIGraphicsImageRenderer }
}

/// A renderer of images.
open class UIGraphicsImageRenderer: UIGraphicsRenderer, @unchecked Sendable {
  /// Drawing code: what `image(actions:)` runs.
  public typealias DrawingActions = (UIGraphicsImageRendererContext) -> Void

  /// A renderer of images `size` points large, in the default format.
  public convenience init(size: CGSize) {
    self.init(size: size, format: UIGraphicsImageRendererFormat.default())
  }

  /// A renderer of images `size` points large, in `format`.
  public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
    self.init(bounds: CGRect(origin: .zero, size: size), format: format)
  }

  /// A renderer of images of `bounds` (its origin is the image's top left), in `format`.
  public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
    super.init(bounds: bounds, format: format)
  }

  /// A renderer of images of `bounds`, in the default format.
  public convenience init(bounds: CGRect) {
    self.init(bounds: bounds, format: UIGraphicsImageRendererFormat.default())
  }

  /// The renderer's format.
  open override var format: UIGraphicsImageRendererFormat {
    // The initializers take only image formats.
    unsafeDowncast(_format, to: UIGraphicsImageRendererFormat.self)
  }

  /// Runs `actions` with a new context current and returns the image they drew.
  open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
    let session = _ImageDrawingSession(bounds: _bounds, format: format)
    session.begin()
    actions(UIGraphicsImageRendererContext(session: session))
    session.end()
    return session.image()
  }

  /// Runs `actions` and returns the image as a PNG file (empty without the `Pixels` trait).
  open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
    image(actions: actions).pngData() ?? Data()
  }

  /// Runs `actions` and returns the image as a JPEG file at `compressionQuality` (0 … 1; empty
  /// without the `Pixels` trait).
  open func jpegData(withCompressionQuality compressionQuality: CGFloat, actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
    image(actions: actions).jpegData(compressionQuality: compressionQuality) ?? Data()
  }
}

/// One image being drawn: its context, the recording of what is drawn into it, and how its
/// device space maps to the image's points. Image renderers and the
/// `UIGraphicsBeginImageContext…` functions make one.
package final class _ImageDrawingSession: @unchecked Sendable {
  let bounds: CGRect
  let format: UIGraphicsImageRendererFormat
  let scale: CGFloat
  let context: CGContext
  /// Device space to the image's points.
  private let deviceToPoints: CGAffineTransform
  private var recording: UIGraphicsDrawingContext.TextRecording?

  init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
    let bounds = bounds.isNull || !bounds.width.isFinite || !bounds.height.isFinite ? .zero : bounds.standardized
    self.bounds = bounds
    self.format = format
    let scale = format.scale > 0 && format.scale.isFinite ? format.scale : 1
    self.scale = scale
    let width = Int((bounds.width * scale).rounded(.up)), height = Int((bounds.height * scale).rounded(.up))
    let info = format.opaque ? CGImageAlphaInfo.noneSkipLast : .premultipliedLast
    if let bitmap = CGContext(
      data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
      space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: info.rawValue)
    {
      // UIKit's flip: points from the top left of `bounds`.
      bitmap.translateBy(x: 0, y: CGFloat(height))
      bitmap.scaleBy(x: scale, y: -scale)
      bitmap.translateBy(x: -bounds.minX, y: -bounds.minY)
      context = bitmap
    } else {
      // No pixels (no `Pixels` trait, or an empty image): the drawing is recorded in points.
      context = CGContext()
      context.translateBy(x: -bounds.minX, y: -bounds.minY)
    }
    deviceToPoints = context.ctm.inverted().concatenating(CGAffineTransform(translationX: -bounds.minX, y: -bounds.minY))
  }

  /// Makes the context current (and records what UIKit draws into it).
  func begin() {
    #if Pixels
      let measurer: (any TextMeasuring)? = context.bitmap != nil ? _GlyphTextMeasurer() : nil
    #else
      let measurer: (any TextMeasuring)? = nil
    #endif
    recording = UIGraphicsDrawingContext.beginRecording(context, measurer: measurer)
    UIGraphicsDrawingContext.push(context)
  }

  /// Makes the context stop being current.
  func end() {
    UIGraphicsDrawingContext.pop(context)
    if let recording { UIGraphicsDrawingContext.endRecording(recording) }
  }

  /// The image drawn so far: its pixels (with the `Pixels` trait) and its drawing.
  func image() -> UIImage {
    UIImage(
      name: nil, isSymbol: false, size: bounds.size, scale: scale, bitmap: context.makeImage(),
      drawing: _ImageDrawing(size: bounds.size, items: drawingItems()))
  }

  /// What was drawn, as display items in the image's points, in order.
  private func drawingItems() -> [DisplayItem] {
    let everywhere = UIGraphicsDrawingContext.unclipped
    let origin = CGPoint(x: -bounds.minX, y: -bounds.minY)
    let factor = (deviceToPoints.a * deviceToPoints.a + deviceToPoints.b * deviceToPoints.b).squareRoot()
    var items: [DisplayItem] = []
    UIGraphicsDrawingContext.inDrawingOrder(
      paths: context.drawings, texts: recording?.texts ?? [], images: recording?.images ?? []
    ) { drawn in
      switch drawn {
      case .path(let drawing):
        var run = PathRun(drawing: drawing)
        for i in run.subpaths.indices {
          run.subpaths[i].points = run.subpaths[i].points.map { $0.applying(deviceToPoints) }
        }
        if case .stroke(let width) = run.mode { run.mode = .stroke(lineWidth: width * factor) }
        items.append(DisplayItem(frame: run.bounds, clip: everywhere, content: .path(run)))
      case .text(let text):
        items.append(DisplayItem(
          frame: text.frame.offsetBy(dx: origin.x, dy: origin.y), clip: text.clip.offsetBy(dx: origin.x, dy: origin.y),
          content: .text(text.run)))
      case .image(let image):
        items.append(DisplayItem(frame: image.frame.offsetBy(dx: origin.x, dy: origin.y), clip: everywhere, content: .image(image.image)))
      }
    }
    return items
  }
}
