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
    let context = CGContext()
    push(context)
    body()
    pop(context)
    return context.drawings.map(PathRun.init(drawing:))
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
