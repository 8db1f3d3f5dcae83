import Foundation
import Testing
import UIKit
import UIKitTesting

private func near(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 0.3) -> Bool { abs(a - b) <= tolerance }

private func near(_ r: CGRect, _ s: CGRect, _ tolerance: CGFloat = 0.3) -> Bool {
  near(r.minX, s.minX, tolerance) && near(r.minY, s.minY, tolerance) && near(r.maxX, s.maxX, tolerance)
    && near(r.maxY, s.maxY, tolerance)
}

/// A view that draws what its closure draws, and counts the calls.
private final class SketchView: UIView {
  var sketch: (CGRect) -> Void = { _ in }
  var draws = 0
  override func draw(_ rect: CGRect) {
    draws += 1
    sketch(rect)
  }
}

/// A view that overrides `draw(_:)` only to call super (draws nothing).
private final class SuperOnlyView: UIView {
  var draws = 0
  override func draw(_ rect: CGRect) {
    draws += 1
    super.draw(rect)
  }
}

/// A host showing `view` as the root view in a window of `size` points, cells of 8 × 16.
@MainActor
private func show(_ view: UIView, size: CGSize = CGSize(width: 80, height: 64)) -> HeadlessHost {
  let controller = UIViewController()
  controller.view = view
  return HeadlessHost(rootViewController: controller, screenSize: size, measuresTextInCells: true)
}

@MainActor
private func screenRows(_ host: HeadlessHost) -> [String] {
  let grid = host.grid()
  return (0..<grid.rows).map { row in (0..<grid.columns).map { grid[$0, row].text }.joined() }
}

// MARK: - UIBezierPath

@Suite struct BezierPathTests {
  @Test func anEmptyPath() {
    let path = UIBezierPath()
    #expect(path.isEmpty)
    #expect(path.bounds.isNull)
    #expect(path.currentPoint == .zero)
    path.addLine(to: CGPoint(x: 10, y: 10))
    #expect(path.isEmpty, "a line needs a current point: CoreGraphics ignores it")
    path.stroke()  // outside draw(_:): nothing to draw into, nothing happens
  }

  @Test func rectanglesAndOvals() {
    let rect = UIBezierPath(rect: CGRect(x: 10, y: 20, width: 30, height: 40))
    #expect(rect.bounds == CGRect(x: 10, y: 20, width: 30, height: 40))
    #expect(rect.currentPoint == CGPoint(x: 10, y: 20), "closed: back at the start")
    #expect(rect.contains(CGPoint(x: 25, y: 40)))
    #expect(!rect.contains(CGPoint(x: 5, y: 40)))

    let oval = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 50))
    #expect(near(oval.bounds, CGRect(x: 0, y: 0, width: 100, height: 50)))
    #expect(oval.contains(CGPoint(x: 50, y: 25)))
    #expect(!oval.contains(CGPoint(x: 5, y: 5)), "the corner is outside the oval")
  }

  @Test func anArcJoinsTheCurrentPointWithALine() {
    let path = UIBezierPath()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addArc(withCenter: CGPoint(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: .pi, clockwise: true)
    // A line to the arc's start (60, 50), then the lower half of the circle (y grows downwards).
    #expect(path.elements.count == 3)
    #expect(path.elements[1] == .line(CGPoint(x: 60, y: 50)))
    #expect(near(path.currentPoint.x, 40) && near(path.currentPoint.y, 50))
    #expect(near(path.bounds, CGRect(x: 0, y: 0, width: 60, height: 60)))

    // Without a current point the arc starts the path.
    let alone = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: .pi, clockwise: true)
    #expect(alone.elements.first == .move(CGPoint(x: 60, y: 50)))
    #expect(near(alone.bounds, CGRect(x: 40, y: 50, width: 20, height: 10)))
  }

  @Test func sweepsFollowTheDirection() {
    func sweep(_ start: CGFloat, _ end: CGFloat, clockwise: Bool) -> CGFloat {
      let path = UIBezierPath()
      path.addArc(withCenter: .zero, radius: 10, startAngle: start, endAngle: end, clockwise: clockwise)
      guard case .arc(_, _, _, let sweep) = path.elements.last else { return .nan }
      return sweep
    }
    #expect(near(sweep(0, 2 * .pi, clockwise: true), 2 * .pi, 1e-9))
    #expect(near(sweep(0, 6 * .pi, clockwise: true), 2 * .pi, 1e-9), "more than a turn: one circle")
    #expect(near(sweep(0, -.pi / 2, clockwise: true), 3 * .pi / 2, 1e-9), "the long way round")
    #expect(near(sweep(0, -.pi / 2, clockwise: false), -.pi / 2, 1e-9))
    #expect(near(sweep(0, .pi / 2, clockwise: false), -3 * .pi / 2, 1e-9))
    // Clockwise from the right goes down first (the y axis points down).
    let path = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
    #expect(near(path.currentPoint.x, 0) && near(path.currentPoint.y, 10))
  }

  @Test func closeAndTheFillRules() {
    let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
    path.append(UIBezierPath(rect: CGRect(x: 25, y: 25, width: 50, height: 50)))
    let middle = CGPoint(x: 50, y: 50)
    #expect(path.contains(middle), "non-zero: both squares wind the same way")
    path.usesEvenOddFillRule = true
    #expect(!path.contains(middle), "even-odd: the inner square is a hole")
    #expect(path.contains(CGPoint(x: 10, y: 10)))
  }

  @Test func linesFlattenExactlyAndArcsWithinAQuarterPoint() {
    let path = UIBezierPath()
    path.move(to: CGPoint(x: 1, y: 2))
    path.addLine(to: CGPoint(x: 3, y: 4))
    path.close()
    #expect(path.flattened() == [PathRun.Subpath(points: [CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4)], isClosed: true)])
    let circle = UIBezierPath(arcCenter: .zero, radius: 300, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
    let points = circle.flattened()[0].points
    #expect(points.count % 4 == 1, "a multiple of four steps, plus the start")
    for (a, b) in zip(points, points.dropFirst()) {
      let mid = CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
      #expect(300 - hypot(mid.x, mid.y) <= 0.25)
    }
  }
}

// MARK: - draw(_:) and the drawing context

@MainActor
@Suite struct CustomDrawingTests {
  @Test func aStrokedLineIsBrailleDotsInItsColour() {
    let view = SketchView()
    view.sketch = { _ in
      let line = UIBezierPath()
      line.move(to: CGPoint(x: 2, y: 2))
      line.addLine(to: CGPoint(x: 30, y: 2))
      UIColor.red.setStroke()
      line.stroke()
    }
    let host = show(view)
    // Dots 4 points apart: y = 2 is the top dot row; x = 2 ... 30 both dot columns of cells 0–3.
    #expect(screenRows(host)[0].hasPrefix("⠉⠉⠉⠉ "))
    let grid = host.grid()
    #expect((0..<4).allSatisfy { grid[$0, 0].foreground == CellGrid.RGB(r: 255, g: 0, b: 0) })
  }

  @Test func aWideLineCoversMoreDots() {
    let view = SketchView()
    view.sketch = { _ in
      let line = UIBezierPath()
      line.move(to: CGPoint(x: 0, y: 8))
      line.addLine(to: CGPoint(x: 80, y: 8))
      line.lineWidth = 8
      UIColor.black.setStroke()
      line.stroke()
    }
    let host = show(view)
    // Dot centres at y = 6 and 10 are within 4 points of the line; 2 and 14 are not.
    #expect(screenRows(host)[0] == String(repeating: "⠶", count: 10))
  }

  @Test func aFillPaintsWholeCellsAndDotsAtItsEdges() {
    let view = SketchView()
    view.sketch = { _ in
      UIColor.blue.setFill()
      UIBezierPath(rect: CGRect(x: 8, y: 16, width: 12, height: 16)).fill()
    }
    let host = show(view)
    let grid = host.grid()
    // Cell (1, 1) is covered: its background. Cell (2, 1): the left column of dots (x = 18).
    #expect(grid[1, 1].background == CellGrid.RGB(r: 0, g: 0, b: 255))
    #expect(grid[1, 1].text == " ")
    #expect(grid[2, 1].text == "⡇")
    #expect(grid[2, 1].foreground == CellGrid.RGB(r: 0, g: 0, b: 255))
    #expect(grid[0, 1].text == " " && grid[1, 0].text == " " && grid[1, 2].text == " ")
  }

  @Test func setSetsBothColoursAndNestedDrawingDoesNotLeak() {
    let view = SketchView()
    view.sketch = { _ in
      UIColor.green.set()
      UIBezierPath(rect: CGRect(x: 0, y: 0, width: 8, height: 16)).fill()
      let line = UIBezierPath()
      line.move(to: CGPoint(x: 18, y: 2))
      line.addLine(to: CGPoint(x: 18, y: 14))
      line.stroke()
    }
    let host = show(view)
    let grid = host.grid()
    let green = CellGrid.RGB(r: 0, g: 255, b: 0)
    #expect(grid[0, 0].background == green)
    #expect(grid[2, 0].text == "⡇" && grid[2, 0].foreground == green)
    UIColor.red.setStroke()  // outside draw(_:): no context, ignored
  }

  @Test func drawingIsClippedToTheBoundsAndBehindSubviews() {
    let root = UIView()
    let sketch = SketchView(frame: CGRect(x: 16, y: 16, width: 16, height: 16))
    sketch.sketch = { _ in
      UIColor.black.setFill()
      UIBezierPath(rect: CGRect(x: -100, y: -100, width: 300, height: 300)).fill()
    }
    root.addSubview(sketch)
    let label = UILabel(frame: CGRect(x: 16, y: 16, width: 8, height: 16))
    label.text = "A"
    sketch.addSubview(label)
    let host = show(root)
    let grid = host.grid()
    let black = CellGrid.RGB(r: 0, g: 0, b: 0)
    #expect(grid[2, 1].background == black && grid[3, 1].background == black)
    #expect(grid[1, 1].background == nil && grid[4, 1].background == nil && grid[2, 0].background == nil)
    // The label, a subview, draws over the drawing; its frame is in the sketch's coordinates.
    #expect(grid[4, 2].text == "A")
  }

  @Test func drawRunsOnceThenOnlyWhenAsked() {
    let view = SketchView()
    view.sketch = { rect in
      UIColor.black.setStroke()
      UIBezierPath(ovalIn: rect.insetBy(dx: 4, dy: 4)).stroke()
    }
    let host = show(view)
    _ = host.screen()
    _ = host.screen()
    #expect(view.draws == 1)
    view.setNeedsDisplay()
    _ = host.screen()
    #expect(view.draws == 2)
    view.setNeedsDisplay(CGRect(x: 0, y: 0, width: 1, height: 1))
    _ = host.screen()
    #expect(view.draws == 3)
    host.window.frame = CGRect(x: 0, y: 0, width: 160, height: 64)
    _ = host.screen()
    #expect(view.draws == 4, "a new size redraws a view that draws")
  }

  @Test func aViewThatDrawsNothingIsNotAskedAgainOnResize() {
    let view = SuperOnlyView()
    let host = show(view)
    _ = host.screen()
    #expect(view.draws == 1)
    host.window.frame = CGRect(x: 0, y: 0, width: 160, height: 64)
    _ = host.screen()
    #expect(view.draws == 1, "it reached UIView's draw(_:) and drew nothing")
    view.setNeedsDisplay()
    _ = host.screen()
    #expect(view.draws == 2)
  }

  @Test func emptyOrHiddenViewsAreNotDrawn() {
    let root = UIView()
    let empty = SketchView(frame: .zero)
    let hidden = SketchView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    hidden.isHidden = true
    root.addSubview(empty)
    root.addSubview(hidden)
    let host = show(root)
    _ = host.screen()
    #expect(empty.draws == 0 && hidden.draws == 0)
    empty.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
    hidden.isHidden = false
    _ = host.screen()
    #expect(empty.draws == 1 && hidden.draws == 1)
  }
}

// MARK: - Motion effects

@MainActor
@Suite struct MotionEffectTests {
  @Test func viewsKeepTheirEffects() {
    let view = UIView()
    let x = UIInterpolatingMotionEffect(keyPath: "center.x", type: .tiltAlongHorizontalAxis)
    let y = UIInterpolatingMotionEffect(keyPath: "center.y", type: .tiltAlongVerticalAxis)
    #expect(view.motionEffects.isEmpty)
    view.addMotionEffect(x)
    view.addMotionEffect(y)
    view.addMotionEffect(x)
    #expect(view.motionEffects.count == 2, "an effect is attached once")
    view.removeMotionEffect(x)
    #expect(view.motionEffects.count == 1 && view.motionEffects[0] === y)
    view.motionEffects = []
    #expect(view.motionEffects.isEmpty)
  }

  @Test func interpolationFollowsTheEffectsAxis() {
    let effect = UIInterpolatingMotionEffect(keyPath: "center.y", type: .tiltAlongVerticalAxis)
    #expect(effect.keyPathsAndRelativeValues(forViewerOffset: .zero) == nil, "no values: nothing")
    effect.minimumRelativeValue = -25
    effect.maximumRelativeValue = NSNumber(value: 25)
    func value(_ offset: UIOffset) -> Double? {
      (effect.keyPathsAndRelativeValues(forViewerOffset: offset)?["center.y"] as? NSNumber)?.doubleValue
    }
    #expect(value(UIOffset(horizontal: 1, vertical: 0)) == 0)
    #expect(value(UIOffset(horizontal: 0, vertical: -1)) == -25)
    #expect(value(UIOffset(horizontal: 0, vertical: 0.5)) == 12.5)
    #expect(value(UIOffset(horizontal: 0, vertical: 3)) == 25, "offsets are clamped to −1...1")
    effect.maximumRelativeValue = "far"
    #expect(value(.zero) == nil)
  }

  @Test func groupsMergeTheirEffects() {
    let x = UIInterpolatingMotionEffect(keyPath: "center.x", type: .tiltAlongHorizontalAxis)
    x.minimumRelativeValue = -10
    x.maximumRelativeValue = 10
    let y = UIInterpolatingMotionEffect(keyPath: "center.y", type: .tiltAlongVerticalAxis)
    y.minimumRelativeValue = -20
    y.maximumRelativeValue = 20
    let group = UIMotionEffectGroup()
    group.motionEffects = [x, y]
    let values = group.keyPathsAndRelativeValues(forViewerOffset: UIOffset(horizontal: 1, vertical: 1))
    #expect((values?["center.x"] as? NSNumber)?.doubleValue == 10)
    #expect((values?["center.y"] as? NSNumber)?.doubleValue == 20)
    #expect(UIMotionEffect().keyPathsAndRelativeValues(forViewerOffset: .zero) == nil)
  }
}
