// The current drawing context: what `UIColor.setStroke()` and `UIBezierPath.stroke()` talk to.
//
// On iOS, UIKit pushes a CGContext around a view's `draw(_:)`; colours set with `setStroke()` and
// `setFill()` and paths stroked or filled go into it. Here the context is a recorder: it keeps
// the current colours and the path runs drawn, and the view keeps the recording until
// `setNeedsDisplay()` (or a new size) asks for a new one. There is no CGContext API
// (`UIGraphicsGetCurrentContext()`): code that draws with paths and colours needs none.
//
// Contexts nest (a stack, as UIGraphicsPushContext's), and the stack is guarded by a lock so
// that the colour and path calls, which iOS allows on any thread, are not main-actor isolated.

import Synchronization

/// The state of one drawing context: colours, and what was drawn (in the drawing view's
/// coordinates).
package struct UIGraphicsDrawingContext: Sendable {
  /// The colour `stroke()` uses (black by default, as CoreGraphics').
  package var strokeColor: UIColor = .black
  /// The colour `fill()` uses (black by default).
  package var fillColor: UIColor = .black
  /// What was drawn, back to front.
  package var runs: [PathRun] = []

  package init() {}

  private static let stack = Mutex<[UIGraphicsDrawingContext]>([])

  /// Runs `body` with a new current context and returns what it drew.
  package static func recording(_ body: () -> Void) -> [PathRun] {
    stack.withLock { $0.append(UIGraphicsDrawingContext()) }
    body()
    return stack.withLock { $0.popLast()?.runs ?? [] }
  }

  /// Changes the current context, if there is one.
  package static func update(_ change: (inout UIGraphicsDrawingContext) -> Void) {
    stack.withLock { contexts in
      guard !contexts.isEmpty else { return }
      change(&contexts[contexts.count - 1])
    }
  }

  /// Appends the run `make` builds from the current context, if there is one.
  package static func record(_ make: (UIGraphicsDrawingContext) -> PathRun) {
    update { context in
      let run = make(context)
      if !run.subpaths.isEmpty { context.runs.append(run) }
    }
  }

  /// Whether a drawing context is current (inside a view's `draw(_:)`).
  package static var isActive: Bool { stack.withLock { !$0.isEmpty } }
}

extension UIColor {
  /// Makes this colour the current context's stroke colour (for `UIBezierPath.stroke()`).
  /// Outside `draw(_:)` there is no current context, and nothing happens (as on iOS).
  public func setStroke() {
    UIGraphicsDrawingContext.update { $0.strokeColor = self }
  }

  /// Makes this colour the current context's fill colour (for `UIBezierPath.fill()`).
  public func setFill() {
    UIGraphicsDrawingContext.update { $0.fillColor = self }
  }

  /// Makes this colour both the stroke and the fill colour of the current context.
  public func set() {
    UIGraphicsDrawingContext.update {
      $0.strokeColor = self
      $0.fillColor = self
    }
  }
}
