// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (UIKit names its drawing functions so.)

// The current drawing context: what `UIColor.setStroke()`, `UIBezierPath.stroke()` and
// `UIGraphicsGetCurrentContext()` talk to.
//
// On iOS, UIKit pushes a CGContext around a view's `draw(_:)`; colours set with `setStroke()` and
// `setFill()`, paths stroked or filled with UIBezierPath and the CGContext calls of the drawing
// code all go into it, in order. Here the CGContext is CoreGraphics' recording one
// (CGContext.swift): the view keeps the recording, as path runs, until `setNeedsDisplay()` (or a
// new size) asks for a new one.
//
// Contexts nest (a stack, as UIGraphicsPushContext's), one stack per thread as on iOS: code
// drawing an image on a background thread (or a parallel test) never sees another thread's
// context, and the colour and path calls, which iOS allows on any thread, are not main-actor
// isolated.

import Foundation

/// The stacks of current drawing contexts, one per thread.
package enum UIGraphicsDrawingContext {
  /// One thread's contexts and recordings.
  private final class Stacks {
    var contexts: [CGContext] = []
    var recordings: [TextRecording] = []
  }

  private static let key = "UIKit.UIGraphicsDrawingContext"

  /// This thread's stacks.
  private static var stacks: Stacks {
    let dictionary = Thread.current.threadDictionary
    if let stacks = dictionary[key] as? Stacks { return stacks }
    let stacks = Stacks()
    dictionary[key] = stacks
    return stacks
  }

  /// One of this thread's stacks, changed in place by `access`.
  private struct ThreadStack<Value> {
    let path: ReferenceWritableKeyPath<Stacks, Value>
    func access<R>(_ body: (inout Value) -> R) -> R { body(&UIGraphicsDrawingContext.stacks[keyPath: path]) }
  }

  private static var stack: ThreadStack<[CGContext]> { ThreadStack(path: \.contexts) }

  /// Runs `body` with a new current context and returns what it drew.
  package static func recording(_ body: () -> Void) -> [PathRun] {
    recordingWithText(measurer: nil, body).paths
  }

  /// Text drawn into a context (`NSString.draw(in:withAttributes:)` and the like): one line, in
  /// the drawing view's coordinates, after the first `pathIndex` paths of the context.
  package struct RecordedText {
    package var pathIndex: Int
    package var frame: CGRect
    package var clip: CGRect
    package var run: TextRun
  }

  /// An image drawn into a context (`UIImage.draw(in:)`), in the drawing view's coordinates,
  /// after the first `pathIndex` paths of the context.
  package struct RecordedImage {
    package var pathIndex: Int
    /// How many texts were drawn before it.
    package var textIndex: Int
    package var frame: CGRect
    package var image: UIImage
  }

  /// What records the text and images drawn into one context, and measures the text.
  /// A clip that cuts nothing: text drawn from a point, a label's own lines, a whole hierarchy
  /// drawn into an image.
  package static let unclipped = CGRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)

  package final class TextRecording: @unchecked Sendable {
    package let context: CGContext
    package let measurer: (any TextMeasuring)?
    package var texts: [RecordedText] = []
    package var images: [RecordedImage] = []
    init(context: CGContext, measurer: (any TextMeasuring)?) {
      self.context = context
      self.measurer = measurer
    }

    /// Records a line of text drawn in `frame` (the drawing view's coordinates), after the paths
    /// drawn so far; `lineWidth` is how wide its glyphs are.
    func record(_ run: TextRun, frame: CGRect, clip: CGRect, lineWidth: CGFloat) {
      texts.append(RecordedText(pathIndex: context.drawings.count, frame: frame, clip: clip, run: run))
      guard context.bitmap != nil else { return }
      // A bitmap context (an image renderer's) gets the glyphs in its pixels as well; the text
      // reaches below its line box by a descender, and above it by an accent.
      let reach = frame.insetBy(dx: -2, dy: -run.font.pointSize * 0.4)
      let drawn = CGRect(x: reach.minX, y: reach.minY, width: min(reach.width, lineWidth + 4), height: reach.height)
      UIGraphicsDrawingContext.paint(
        [DisplayItem(frame: frame, clip: clip, content: .text(run))],
        covering: (run.alignment == .left ? drawn : reach).safeIntersection(clip), into: context)
    }
  }

  private static var textStack: ThreadStack<[TextRecording]> { ThreadStack(path: \.recordings) }

  /// Runs `body` with a new current context and returns the paths and text it drew; text is
  /// measured with `measurer` (the screen's when nil).
  package static func recordingWithText(measurer: (any TextMeasuring)?, _ body: () -> Void) -> (paths: [PathRun], texts: [RecordedText]) {
    let (paths, texts, _) = recordingAll(measurer: measurer, body)
    return (paths, texts)
  }

  /// Runs `body` with a new current context and returns the paths, text and images it drew.
  package static func recordingAll(
    measurer: (any TextMeasuring)?, _ body: () -> Void
  ) -> (paths: [PathRun], texts: [RecordedText], images: [RecordedImage]) {
    let context = CGContext()
    let recording = beginRecording(context, measurer: measurer)
    push(context)
    body()
    pop(context)
    endRecording(recording)
    return (context.drawings.map(PathRun.init(drawing:)), recording.texts, recording.images)
  }

  /// Starts recording the text and images drawn into `context` (which the caller pushes).
  package static func beginRecording(_ context: CGContext, measurer: (any TextMeasuring)?) -> TextRecording {
    let recording = TextRecording(context: context, measurer: measurer)
    textStack.access { $0.append(recording) }
    return recording
  }

  /// Stops a recording ``beginRecording(_:measurer:)`` started.
  package static func endRecording(_ recording: TextRecording) {
    textStack.access { stack in
      if let index = stack.lastIndex(where: { $0 === recording }) { stack.removeSubrange(index...) }
    }
  }

  /// One thing drawn into a recording context.
  package enum Drawn<Path> {
    case path(Path)
    case text(RecordedText)
    case image(RecordedImage)
  }

  /// What was drawn, in the order it was drawn: each path after the text and images drawn
  /// before it (a text or image knows how many paths came before it, an image how many texts).
  package static func inDrawingOrder<Path>(
    paths: [Path], texts: [RecordedText], images: [RecordedImage], _ visit: (Drawn<Path>) -> Void
  ) {
    var nextText = 0, nextImage = 0
    func flush(upTo pathIndex: Int) {
      while true {
        if nextImage < images.count, images[nextImage].pathIndex <= pathIndex, images[nextImage].textIndex <= nextText {
          visit(.image(images[nextImage]))
          nextImage += 1
          continue
        }
        guard nextText < texts.count, texts[nextText].pathIndex <= pathIndex else { return }
        visit(.text(texts[nextText]))
        nextText += 1
      }
    }
    for (index, path) in paths.enumerated() {
      flush(upTo: index)
      visit(.path(path))
    }
    flush(upTo: .max)
  }

  /// Records `image` drawn in `rect` into `context`, when UIKit records what is drawn into it
  /// (a view's `draw(_:)`, an image renderer's context).
  package static func record(image: UIImage, in rect: CGRect, context: CGContext) {
    let recording = textStack.access { stack in stack.last { $0.context === context } }
    guard let recording else { return }
    recording.images.append(
      RecordedImage(pathIndex: context.drawings.count, textIndex: recording.texts.count, frame: rect, image: image))
  }

  /// The text recording of the current context, if it records text (a context UIKit opened for
  /// a view's `draw(_:)`).
  package static var currentTextRecording: TextRecording? {
    guard let context = current else { return nil }
    return textStack.access { stack in stack.last { $0.context === context } }
  }

  package static func push(_ context: CGContext) {
    stack.access { $0.append(context) }
  }

  /// Pops `context` (and whatever drawing code pushed above it and left behind).
  package static func pop(_ context: CGContext) {
    stack.access { contexts in
      if let index = contexts.lastIndex(where: { $0 === context }) {
        contexts.removeSubrange(index...)
      }
    }
  }

  /// The current context, if any (inside a view's `draw(_:)`).
  package static var current: CGContext? { stack.access { $0.last } }

  /// Whether a drawing context is current (inside a view's `draw(_:)`).
  package static var isActive: Bool { current != nil }
}

extension PathRun {
  /// A recorded CoreGraphics drawing as a display-list path run.
  package init(drawing: CGContextDrawing) {
    let mode: Mode =
      switch drawing.mode {
      case .stroke(let width): .stroke(lineWidth: width)
      case .fill(let evenOdd): .fill(evenOdd: evenOdd)
      }
    self.init(subpaths: drawing.polylines, color: UIColor(cgColor: drawing.color), mode: mode)
  }
}

/// The current drawing context: inside a view's `draw(_:)`, the one UIKit opened for it;
/// otherwise nil, as on iOS.
public func UIGraphicsGetCurrentContext() -> CGContext? {
  UIGraphicsDrawingContext.current
}

/// Makes `context` the current drawing context until ``UIGraphicsPopContext()``.
public func UIGraphicsPushContext(_ context: CGContext) {
  UIGraphicsDrawingContext.push(context)
}

/// Restores the drawing context that was current before the last ``UIGraphicsPushContext(_:)``.
public func UIGraphicsPopContext() {
  if let current = UIGraphicsDrawingContext.current { UIGraphicsDrawingContext.pop(current) }
}

extension UIColor {
  /// Makes this colour the current context's stroke colour (for `UIBezierPath.stroke()` and
  /// `CGContext.strokePath()`). Outside `draw(_:)` there is no current context, and nothing
  /// happens (as on iOS).
  public func setStroke() {
    UIGraphicsDrawingContext.current?.setStrokeColor(cgColor)
  }

  /// Makes this colour the current context's fill colour (for `UIBezierPath.fill()`).
  public func setFill() {
    UIGraphicsDrawingContext.current?.setFillColor(cgColor)
  }

  /// Makes this colour both the stroke and the fill colour of the current context.
  public func set() {
    guard let context = UIGraphicsDrawingContext.current else { return }
    context.setStrokeColor(cgColor)
    context.setFillColor(cgColor)
  }
}

/// Fills `rect` in the current context's fill colour.
public func UIRectFill(_ rect: CGRect) {
  UIGraphicsGetCurrentContext()?.fill(rect)
}

/// Fills `rect` in the current fill colour with `blendMode`.
public func UIRectFillUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
  guard let context = UIGraphicsGetCurrentContext() else { return }
  context.saveGState()
  context.setBlendMode(blendMode)
  context.fill(rect)
  context.restoreGState()
}

/// Draws a one-point frame just inside `rect` in the current fill colour.
public func UIRectFrame(_ rect: CGRect) {
  guard let context = UIGraphicsGetCurrentContext(), rect.width > 0, rect.height > 0 else { return }
  let r = rect.standardized
  context.fill([
    CGRect(x: r.minX, y: r.minY, width: r.width, height: min(1, r.height)),
    CGRect(x: r.minX, y: max(r.minY, r.maxY - 1), width: r.width, height: min(1, r.height)),
    CGRect(x: r.minX, y: r.minY, width: min(1, r.width), height: r.height),
    CGRect(x: max(r.minX, r.maxX - 1), y: r.minY, width: min(1, r.width), height: r.height),
  ])
}

/// Narrows the current context's clip to `rect`.
public func UIRectClip(_ rect: CGRect) {
  UIGraphicsGetCurrentContext()?.clip(to: rect)
}
