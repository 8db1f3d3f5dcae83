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
// Contexts nest (a stack, as UIGraphicsPushContext's), and the stack is guarded by a lock so
// that the colour and path calls, which iOS allows on any thread, are not main-actor isolated.

import Synchronization

/// The stack of current drawing contexts.
package enum UIGraphicsDrawingContext {
  private static let stack = Mutex<[CGContext]>([])

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

  /// What records the text drawn into one context, and measures it.
  package final class TextRecording: @unchecked Sendable {
    package let context: CGContext
    package let measurer: (any TextMeasuring)?
    package var texts: [RecordedText] = []
    init(context: CGContext, measurer: (any TextMeasuring)?) {
      self.context = context
      self.measurer = measurer
    }
  }

  private static let textStack = Mutex<[TextRecording]>([])

  /// Runs `body` with a new current context and returns the paths and text it drew; text is
  /// measured with `measurer` (the screen's when nil).
  package static func recordingWithText(measurer: (any TextMeasuring)?, _ body: () -> Void) -> (paths: [PathRun], texts: [RecordedText]) {
    let context = CGContext()
    let recording = TextRecording(context: context, measurer: measurer)
    textStack.withLock { $0.append(recording) }
    push(context)
    body()
    pop(context)
    textStack.withLock { stack in
      if let index = stack.lastIndex(where: { $0 === recording }) { stack.removeSubrange(index...) }
    }
    return (context.drawings.map(PathRun.init(drawing:)), recording.texts)
  }

  /// The text recording of the current context, if it records text (a context UIKit opened for
  /// a view's `draw(_:)`).
  package static var currentTextRecording: TextRecording? {
    guard let context = current else { return nil }
    return textStack.withLock { stack in stack.last { $0.context === context } }
  }

  package static func push(_ context: CGContext) {
    stack.withLock { $0.append(context) }
  }

  /// Pops `context` (and whatever drawing code pushed above it and left behind).
  package static func pop(_ context: CGContext) {
    stack.withLock { contexts in
      if let index = contexts.lastIndex(where: { $0 === context }) {
        contexts.removeSubrange(index...)
      }
    }
  }

  /// The current context, if any (inside a view's `draw(_:)`).
  package static var current: CGContext? { stack.withLock { $0.last } }

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
