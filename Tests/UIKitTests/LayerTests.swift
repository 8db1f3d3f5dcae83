import Foundation
import Testing
import UIKit
import UIKitTesting

private func near(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 0.001) -> Bool {
  abs(a - b) <= tolerance
}

/// A host showing `view` as the root view in a window of `size` points, cells of 8 × 16.
@MainActor
private func show(_ view: UIView, size: CGSize = CGSize(width: 160, height: 96)) -> HeadlessHost {
  let controller = UIViewController()
  controller.view = view
  return HeadlessHost(rootViewController: controller, screenSize: size, measuresTextInCells: true)
}

/// Records what animation delegates and completion blocks hear, in order.
@MainActor
private final class AnimationRecorder: CAAnimationDelegate {
  var events: [String] = []
  func animationDidStart(_ anim: CAAnimation) {
    events.append("start \((anim as? CAPropertyAnimation)?.keyPath ?? "")")
  }
  func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
    events.append("stop \((anim as? CAPropertyAnimation)?.keyPath ?? "") \(flag)")
  }
}

// MARK: - CoreGraphics

@Suite struct CGColorTests {
  @Test func rgbAndGrayColours() {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
    #expect(red.components == [1, 0, 0, 0.5])
    #expect(red.numberOfComponents == 4)
    #expect(red.alpha == 0.5)
    #expect(red.colorSpace?.model == .rgb)
    #expect(red.colorSpace?.name == CGColorSpace.sRGB)
    let gray = CGColor(gray: 0.25, alpha: 1)
    #expect(gray.components == [0.25, 1])
    #expect(gray.numberOfComponents == 2)
    #expect(gray.colorSpace?.model == .monochrome)
    #expect(red.copy(alpha: 1)?.components == [1, 0, 0, 1])
    #expect(red == CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
    #expect(red != CGColor(red: 1, green: 0, blue: 0, alpha: 1))
    #expect(
      CGColor(red: 2, green: -1, blue: 0, alpha: 1).components == [1, 0, 0, 1], "sRGB clamps")
  }

  @Test func colourSpaces() {
    #expect(CGColorSpaceCreateDeviceRGB().numberOfComponents == 3)
    #expect(CGColorSpaceCreateDeviceRGB().name == nil)
    #expect(CGColorSpace(name: CGColorSpace.sRGB)?.model == .rgb)
    #expect(CGColorSpace(name: "no such space") == nil)
    var components: [CGFloat] = [0, 0.5, 1, 1]
    let color = CGColor(colorSpace: CGColorSpaceCreateDeviceRGB(), components: &components)
    #expect(color?.components == [0, 0.5, 1, 1])
  }

  @Test func uiColorBridgesBothWays() {
    let blue = UIColor.systemBlue.cgColor
    #expect(blue.numberOfComponents == 4)
    #expect(blue.colorSpace?.name == CGColorSpace.extendedSRGB)
    #expect(UIColor(cgColor: blue) == UIColor.systemBlue.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)))
    #expect(UIColor(cgColor: blue) != .systemBlue, "a fixed colour is not the dynamic system colour, as on iOS")
    let gray = UIColor.gray.cgColor
    #expect(gray.components == [0.5, 1], "a white-level colour is a gray CGColor, as on iOS")
    #expect(UIColor(cgColor: gray).description == "UIExtendedGrayColorSpace 0.5 1")
    #expect(UIColor(cgColor: CGColor(red: 0, green: 1, blue: 0, alpha: 1)) == .green)
  }
}

@Suite struct CGPathTests {
  @Test func buildingAndGeometry() {
    let path = CGMutablePath()
    #expect(path.isEmpty)
    #expect(path.boundingBox.isNull)
    #expect(path.currentPoint == .zero)
    path.addLine(to: CGPoint(x: 5, y: 5))
    #expect(path.isEmpty, "no current point: the line is ignored")
    path.addRect(CGRect(x: 10, y: 20, width: 30, height: 40))
    #expect(path.boundingBox == CGRect(x: 10, y: 20, width: 30, height: 40))
    #expect(path.currentPoint == CGPoint(x: 10, y: 20))
    #expect(path.contains(CGPoint(x: 20, y: 30)))
    #expect(!path.contains(CGPoint(x: 5, y: 30)))
    path.move(to: CGPoint(x: 100, y: 100))
    path.addQuadCurve(to: CGPoint(x: 120, y: 100), control: CGPoint(x: 110, y: 80))
    #expect(path.boundingBox.minY == 20)
    #expect(near(path.boundingBoxOfPath.maxX, 120, 0.01))
    #expect(
      path.boundingBox.union(CGRect(x: 110, y: 80, width: 0, height: 0)) == path.boundingBox,
      "boundingBox includes control points")
  }

  @Test func ellipsesRoundedRectsAndFillRules() {
    let ellipse = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 50), transform: nil)
    #expect(
      near(ellipse.boundingBoxOfPath.width, 100, 0.3)
        && near(ellipse.boundingBoxOfPath.height, 50, 0.3))
    #expect(ellipse.contains(CGPoint(x: 50, y: 25)) && !ellipse.contains(CGPoint(x: 3, y: 3)))
    let rounded = CGPath(
      roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 8, cornerHeight: 8,
      transform: nil)
    #expect(rounded.contains(CGPoint(x: 20, y: 10)) && !rounded.contains(CGPoint(x: 0.5, y: 0.5)))
    #expect(rounded.contains(CGPoint(x: 8, y: 0.5)))
    let rings = CGMutablePath()
    rings.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
    rings.addEllipse(in: CGRect(x: 25, y: 25, width: 50, height: 50))
    #expect(rings.contains(CGPoint(x: 50, y: 50), using: .winding))
    #expect(!rings.contains(CGPoint(x: 50, y: 50), using: .evenOdd))
  }

  @Test func clockwiseIsCoreGraphicsSenseAndOppositeToUIBezierPath() {
    // CGPath: clockwise goes through decreasing angles, from 0 to π/2 the long way round.
    let cg = CGMutablePath()
    cg.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
    guard case .arc(_, _, _, let cgSweep) = cg.elements.last else { Issue.record("no arc"); return }
    #expect(near(cgSweep, -3 * .pi / 2))
    let ui = UIBezierPath(
      arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
    guard case .arc(_, _, _, let uiSweep) = ui.elements.last else { Issue.record("no arc"); return }
    #expect(near(uiSweep, .pi / 2))
  }

  @Test func copiesAreIndependentAndTransformsApply() {
    let path = CGMutablePath()
    path.move(to: .zero)
    path.addLine(to: CGPoint(x: 10, y: 0))
    let copy = path.copy()!
    path.addLine(to: CGPoint(x: 10, y: 10))
    #expect(copy.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 0))
    var t = CGAffineTransform(translationX: 5, y: 5)
    #expect(copy.copy(using: &t)?.boundingBox == CGRect(x: 5, y: 5, width: 10, height: 0))
    let scaled = CGMutablePath()
    scaled.addEllipse(
      in: CGRect(x: 0, y: 0, width: 10, height: 10), transform: CGAffineTransform(scaleX: 2, y: 1))
    #expect(
      near(scaled.boundingBoxOfPath.width, 20, 0.3)
        && near(scaled.boundingBoxOfPath.height, 10, 0.3))
  }

  @Test func bezierPathSharesTheRepresentation() {
    let bezier = UIBezierPath(
      roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 5)
    let cgPath = bezier.cgPath
    #expect(cgPath.boundingBox == bezier.bounds)
    bezier.addLine(to: CGPoint(x: 100, y: 100))
    #expect(cgPath.boundingBox.maxX == 40, "cgPath is a copy")
    let round = UIBezierPath(cgPath: cgPath)
    #expect(round.cgPath == cgPath)
    let other = UIBezierPath()
    other.cgPath = CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil)
    #expect(other.bounds == CGRect(x: 1, y: 2, width: 3, height: 4))
    other.addCurve(
      to: CGPoint(x: 10, y: 10), controlPoint1: CGPoint(x: 4, y: 20),
      controlPoint2: CGPoint(x: 8, y: 20))
    #expect(other.currentPoint == CGPoint(x: 10, y: 10))
  }
}

// MARK: - Views and their layers

@MainActor
@Suite struct ViewLayerSyncTests {
  final class ShapeView: UIView {
    override class var layerClass: AnyClass { CAShapeLayer.self }
  }

  final class LayoutCounter: UIView {
    var layouts = 0
    override func layoutSubviews() { layouts += 1 }
  }

  @Test func everyViewHasItsLayerWithTheViewAsDelegate() {
    let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
    #expect(type(of: view.layer) == CALayer.self)
    #expect(view.layer.delegate === view)
    #expect(view.layer === view.layer)
    #expect(ShapeView().layer is CAShapeLayer)
  }

  @Test func viewGeometryIsTheLayers() {
    let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
    #expect(view.layer.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
    #expect(view.layer.position == CGPoint(x: 60, y: 45))
    #expect(view.layer.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
    view.center = CGPoint(x: 0, y: 0)
    #expect(view.layer.position == .zero)
    view.layer.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
    #expect(view.frame == CGRect(x: 1, y: 2, width: 3, height: 4))
    #expect(view.center == CGPoint(x: 2.5, y: 4))
    view.layer.position = CGPoint(x: 50, y: 50)
    #expect(view.center == CGPoint(x: 50, y: 50))
    view.layer.bounds = CGRect(x: 0, y: 5, width: 20, height: 20)
    #expect(view.bounds == CGRect(x: 0, y: 5, width: 20, height: 20))
    #expect(view.frame == CGRect(x: 40, y: 40, width: 20, height: 20))
    view.transform = CGAffineTransform(scaleX: 2, y: 2)
    #expect(view.layer.affineTransform() == CGAffineTransform(scaleX: 2, y: 2))
    #expect(view.layer.frame == view.frame)
  }

  @Test func appearanceIsTheLayers() {
    let view = UIView()
    view.backgroundColor = .red
    #expect(view.layer.backgroundColor == UIColor.red.cgColor)
    view.layer.backgroundColor = UIColor.blue.cgColor
    #expect(view.backgroundColor == .blue)
    view.backgroundColor = nil
    #expect(view.layer.backgroundColor == nil)
    view.alpha = 0.5
    #expect(view.layer.opacity == 0.5)
    view.layer.opacity = 0.25
    #expect(view.alpha == 0.25)
    view.isHidden = true
    #expect(view.layer.isHidden)
    view.layer.isHidden = false
    #expect(!view.isHidden)
    view.clipsToBounds = true
    #expect(view.layer.masksToBounds)
    view.layer.masksToBounds = false
    #expect(!view.clipsToBounds)
  }

  @Test func resizingTheLayerLaysTheViewOut() {
    let view = LayoutCounter(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    view.layoutIfNeeded()
    let before = view.layouts
    view.layer.bounds.size = CGSize(width: 20, height: 20)
    view.layer.layoutIfNeeded()
    #expect(view.layouts == before + 1)
    view.layer.position = CGPoint(x: 100, y: 100)
    view.layoutIfNeeded()
    #expect(view.layouts == before + 1, "moving does not lay out")
  }

  @Test func subviewsLayersAreSublayersInOrder() {
    let parent = UIView()
    let a = UIView()
    let b = UIView()
    let c = UIView()
    parent.addSubview(a)
    parent.addSubview(b)
    #expect(
      parent.layer.sublayers?.map(ObjectIdentifier.init)
        == [a.layer, b.layer].map(ObjectIdentifier.init))
    #expect(a.layer.superlayer === parent.layer)
    parent.insertSubview(c, at: 0)
    #expect(parent.layer.sublayers! == [c.layer, a.layer, b.layer])
    parent.bringSubviewToFront(c)
    #expect(parent.layer.sublayers! == [a.layer, b.layer, c.layer])
    parent.sendSubviewToBack(b)
    #expect(parent.layer.sublayers! == [b.layer, a.layer, c.layer])
    parent.insertSubview(c, belowSubview: a)
    #expect(parent.layer.sublayers! == [b.layer, c.layer, a.layer])
    a.removeFromSuperview()
    #expect(parent.layer.sublayers! == [b.layer, c.layer])
    #expect(a.layer.superlayer == nil)
    let other = UIView()
    other.addSubview(b)
    #expect(parent.layer.sublayers! == [c.layer])
    #expect(other.layer.sublayers! == [b.layer])
  }

  @Test(arguments: [1, 2, 3, 4, 5])
  func randomHierarchyEditsKeepLayersInStep(seed: UInt64) {
    var random = SeededRandomNumberGenerator(seed: seed)
    let parents = [UIView(), UIView()]
    let views = (0..<12).map { _ in UIView() }
    for step in 0..<300 {
      let view = views.randomElement(using: &random)!
      let parent = parents.randomElement(using: &random)!
      switch Int.random(in: 0..<6, using: &random) {
      case 0: parent.addSubview(view)
      case 1:
        parent.insertSubview(view, at: Int.random(in: 0...parent.subviews.count, using: &random))
      case 2: view.removeFromSuperview()
      case 3: parent.bringSubviewToFront(view)
      case 4: parent.sendSubviewToBack(view)
      default:
        if let sibling = parent.subviews.randomElement(using: &random), sibling !== view {
          parent.insertSubview(view, belowSubview: sibling)
        }
      }
      for p in parents {
        #expect(
          (p.layer.sublayers ?? []).map(ObjectIdentifier.init)
            == p.subviews.map { ObjectIdentifier($0.layer) },
          "seed \(seed), step \(step)")
      }
      for v in views {
        #expect(v.layer.superlayer === v.superview?.layer, "seed \(seed), step \(step)")
      }
    }
  }

  @Test func layersAddedDirectlyKeepTheirPlaceAmongSubviews() {
    let parent = UIView()
    let a = UIView()
    let b = UIView()
    let shape = CAShapeLayer()
    parent.addSubview(a)
    parent.layer.addSublayer(shape)
    parent.addSubview(b)
    #expect(parent.layer.sublayers! == [a.layer, shape, b.layer])
    parent.insertSubview(b, at: 0)
    // Moving a subview takes its layer out and puts it back below its new next sibling's.
    #expect(parent.layer.sublayers! == [b.layer, a.layer, shape])
    a.removeFromSuperview()
    #expect(parent.layer.sublayers! == [b.layer, shape])
    parent.addSubview(a)
    parent.bringSubviewToFront(b)
    #expect(
      parent.layer.sublayers! == [shape, a.layer, b.layer], "brought to the front, above the shape")
  }
}

// MARK: - Layers

@MainActor
@Suite struct LayerTreeTests {
  @Test func insertingAndReplacing() {
    let root = CALayer()
    let a = CALayer()
    let b = CALayer()
    let c = CALayer()
    #expect(root.sublayers == nil)
    root.addSublayer(a)
    root.insertSublayer(b, at: 0)
    #expect(root.sublayers! == [b, a])
    root.insertSublayer(c, above: b)
    #expect(root.sublayers! == [b, c, a])
    root.insertSublayer(a, below: b)
    #expect(root.sublayers! == [a, b, c])
    let d = CALayer()
    root.replaceSublayer(b, with: d)
    #expect(root.sublayers! == [a, d, c])
    #expect(b.superlayer == nil && d.superlayer === root)
    c.removeFromSuperlayer()
    #expect(root.sublayers! == [a, d])
    let other = CALayer()
    other.addSublayer(a)
    #expect(root.sublayers! == [d] && a.superlayer === other)
  }

  @Test func frameFollowsAnchorPointAndConversionsWalkTheTree() {
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
    layer.position = CGPoint(x: 100, y: 100)
    #expect(layer.frame == CGRect(x: 50, y: 80, width: 100, height: 40))
    layer.anchorPoint = .zero
    #expect(layer.frame == CGRect(x: 100, y: 100, width: 100, height: 40))
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
    root.anchorPoint = .zero
    root.addSublayer(layer)
    let child = CALayer()
    child.frame = CGRect(x: 10, y: 5, width: 20, height: 20)
    layer.addSublayer(child)
    #expect(child.convert(CGPoint(x: 1, y: 1), to: root) == CGPoint(x: 111, y: 106))
    #expect(root.convert(CGPoint(x: 111, y: 106), to: child) == CGPoint(x: 1, y: 1))
    #expect(
      child.convert(CGRect(x: 0, y: 0, width: 2, height: 2), to: nil)
        == CGRect(x: 110, y: 105, width: 2, height: 2))
    #expect(root.hitTest(CGPoint(x: 115, y: 110)) === child)
  }

  @Test func layoutAndDisplayAskTheDelegate() {
    final class Delegate: CALayerDelegate {
      var calls: [String] = []
      func display(_ layer: CALayer) { calls.append("display") }
      func layoutSublayers(of layer: CALayer) { calls.append("layout") }
    }
    let delegate = Delegate()
    let layer = CALayer()
    layer.delegate = delegate
    layer.displayIfNeeded()
    layer.setNeedsDisplay()
    #expect(layer.needsDisplay())
    layer.displayIfNeeded()
    layer.displayIfNeeded()
    layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
    #expect(layer.needsLayout())
    layer.layoutIfNeeded()
    layer.layoutIfNeeded()
    #expect(delegate.calls == ["display", "layout"])
  }

  @Test func keyValueCoding() {
    let layer = CAShapeLayer()
    layer.setValue(0.5, forKey: "opacity")
    #expect(layer.opacity == 0.5)
    layer.setValue(2, forKeyPath: "transform.scale")
    #expect(layer.affineTransform() == CGAffineTransform(scaleX: 2, y: 2))
    layer.setValue(CGPoint(x: 3, y: 4), forKey: "position")
    #expect(layer.value(forKeyPath: "position.x") as? Double == 3)
    layer.setValue(0.25, forKey: "strokeEnd")
    #expect(layer.strokeEnd == 0.25)
    layer.setValue("underline", forKey: "role")
    #expect(layer.value(forKey: "role") as? String == "underline")
    let animation = CABasicAnimation(keyPath: "opacity")
    animation.setValue("fade", forKey: "name")
    #expect((animation.copy() as! CAAnimation).value(forKey: "name") as? String == "fade")
  }

  @Test func subclassesCopyTheirPropertiesIntoPresentationLayers() {
    let shape = CAShapeLayer()
    shape.strokeEnd = 0.4
    shape.lineWidth = 3
    let presented = shape.presentation()
    #expect(presented !== shape)
    #expect(presented?.strokeEnd == 0.4 && presented?.lineWidth == 3)
    #expect(presented?.model() === shape)
    #expect(shape.model() === shape)
  }
}

@MainActor
@Suite struct LayerAnimationTests {
  @Test func presentationInterpolatesOnTheHostsClockAndTheAnimationEnds() {
    let host = show(UIView())
    let layer = CALayer()
    layer.opacity = 0
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 0
    fade.toValue = 1
    fade.duration = 1
    layer.add(fade, forKey: "fade")
    #expect(layer.animationKeys() == ["fade"])
    #expect(layer.animation(forKey: "fade") !== fade, "the layer keeps a copy")
    host.advance(by: 0.25)
    #expect(near(CGFloat(layer.presentation()!.opacity), 0.25))
    #expect(layer.opacity == 0, "the model value does not change")
    host.advance(by: 0.5)
    #expect(near(CGFloat(layer.presentation()!.opacity), 0.75))
    host.advance(by: 0.5)
    #expect(layer.animationKeys() == nil)
    #expect(layer.presentation()!.opacity == 0)
    _ = host
  }

  @Test func everyAnimatedKindInterpolates() {
    let host = show(UIView())
    let layer = CAShapeLayer()
    layer.position = CGPoint(x: 0, y: 0)
    layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
    layer.strokeEnd = 0
    func basic(_ key: String, _ from: Any, _ to: Any) -> CABasicAnimation {
      let animation = CABasicAnimation(keyPath: key)
      animation.fromValue = from
      animation.toValue = to
      animation.duration = 2
      return animation
    }
    layer.add(basic("position", CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 50)), forKey: "p")
    layer.add(
      basic(
        "bounds", NSValue(rect: CGRect(x: 0, y: 0, width: 10, height: 10)),
        NSValue(rect: CGRect(x: 0, y: 0, width: 30, height: 50))), forKey: "b")
    layer.add(basic("cornerRadius", 0, 8), forKey: "c")
    layer.add(basic("borderWidth", 0.0, 2.0), forKey: "w")
    layer.add(basic("strokeEnd", 0, 1), forKey: "s")
    layer.add(basic("backgroundColor", UIColor.black.cgColor, UIColor.white.cgColor), forKey: "bg")
    host.advance(by: 1)
    let p = layer.presentation()!
    #expect(near(p.position.x, 50) && near(p.position.y, 25))
    #expect(near(p.bounds.width, 20) && near(p.bounds.height, 30))
    #expect(near(p.cornerRadius, 4) && near(p.borderWidth, 1) && near(p.strokeEnd, 0.5))
    #expect(near(p.backgroundColor!.components![0], 0.5))

    let gradient = CAGradientLayer()
    gradient.colors = [UIColor.black.cgColor, UIColor.black.cgColor]
    let colors = CABasicAnimation(keyPath: "colors")
    colors.toValue = [UIColor.white.cgColor, UIColor.red.cgColor]
    colors.duration = 2
    gradient.add(colors, forKey: nil)
    #expect(gradient.animationKeys() == nil, "an unkeyed animation is not listed")
    host.advance(by: 1)
    let presented = gradient.presentation()!.colors as! [CGColor]
    let expected: [[CGFloat]] = [[0.5, 0.5, 0.5, 1], [0.5, 0, 0, 1]]
    #expect(
      zip(presented.flatMap { $0.components! }, expected.joined()).allSatisfy { near($0, $1) })
  }

  @Test func byValuesTimingFunctionsAndLaterBegins() {
    let host = show(UIView())
    let layer = CALayer()
    layer.position = CGPoint(x: 10, y: 0)
    let move = CABasicAnimation(keyPath: "position.x")
    move.byValue = 100
    move.duration = 1
    move.timingFunction = CAMediaTimingFunction(name: .easeIn)
    move.beginTime = CACurrentMediaTime() + 1
    layer.add(move, forKey: "move")
    host.advance(by: 0.5)
    #expect(layer.presentation()!.position.x == 10, "not begun yet")
    host.advance(by: 1)
    let x = layer.presentation()!.position.x
    #expect(x > 10 && x < 60, "ease-in is behind linear half way: \(x)")
    var point: [Float] = [0, 0]
    CAMediaTimingFunction(name: .easeInEaseOut).getControlPoint(at: 1, values: &point)
    #expect(point == [0.42, 0])
  }

  @Test func delegateAndCompletionBlockOrder() {
    let host = show(UIView())
    let recorder = AnimationRecorder()
    let layer = CALayer()
    var log: [String] = []
    CATransaction.begin()
    CATransaction.setAnimationDuration(0.5)
    CATransaction.setCompletionBlock { log.append("completion") }
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.toValue = 0
    fade.delegate = recorder
    layer.add(fade, forKey: "fade")
    let grow = CABasicAnimation(keyPath: "bounds.size.width")
    grow.toValue = 100
    grow.duration = 1
    grow.delegate = recorder
    layer.add(grow, forKey: "grow")
    #expect(CATransaction.animationDuration() == 0.5)
    CATransaction.commit()
    #expect(
      layer.animation(forKey: "fade")?.duration == 0.5, "a zero duration takes the transaction's")
    #expect(CATransaction.animationDuration() == 0.25)
    #expect(recorder.events.isEmpty && log.isEmpty)
    host.advance(by: 0)
    #expect(recorder.events == ["start opacity", "start bounds.size.width"])
    host.advance(by: 0.5)
    #expect(recorder.events.last == "stop opacity true")
    #expect(log.isEmpty, "the completion waits for the last animation")
    host.advance(by: 0.5)
    #expect(recorder.events.suffix(1) == ["stop bounds.size.width true"])
    #expect(log == ["completion"])
  }

  @Test func aCompletionBlockWithoutAnimationsRunsAtCommit() {
    let host = show(UIView())
    var ran = 0
    CATransaction.begin()
    CATransaction.setCompletionBlock { ran += 1 }
    CATransaction.commit()
    #expect(ran == 1)
    // The implicit transaction commits at the next turn of the clock (or at flush()).
    CATransaction.setCompletionBlock { ran += 1 }
    #expect(ran == 1)
    host.advance(by: 0)
    #expect(ran == 2)
    CATransaction.setCompletionBlock { ran += 1 }
    CATransaction.flush()
    #expect(ran == 3)
  }

  @Test func removingAnimationsStopsThemUnfinished() {
    let host = show(UIView())
    let recorder = AnimationRecorder()
    let layer = CALayer()
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.toValue = 0
    fade.duration = 1
    fade.delegate = recorder
    layer.add(fade, forKey: "fade")
    host.advance(by: 0.5)
    layer.removeAnimation(forKey: "fade")
    #expect(layer.presentation()!.opacity == 1)
    host.advance(by: 0)
    #expect(recorder.events == ["start opacity", "stop opacity false"])
    layer.add(fade, forKey: "fade")
    host.advance(by: 0.1)
    layer.add(fade, forKey: "fade")
    host.advance(by: 0)
    #expect(
      recorder.events.suffix(3) == ["start opacity", "stop opacity false", "start opacity"],
      "a new animation under the same key replaces the old one")
    host.advance(by: 2)
    #expect(recorder.events.last == "stop opacity true")
  }

  @Test func fillModeForwardsHoldsTheEndWhenNotRemoved() {
    let host = show(UIView())
    let layer = CAShapeLayer()
    let draw = CABasicAnimation(keyPath: "strokeEnd")
    draw.fromValue = 0
    draw.toValue = 1
    draw.duration = 1
    draw.autoreverses = true
    draw.repeatCount = 2
    draw.isRemovedOnCompletion = false
    draw.fillMode = .forwards
    layer.strokeEnd = 0.3
    layer.add(draw, forKey: "draw")
    host.advance(by: 1.5)
    #expect(near(layer.presentation()!.strokeEnd, 0.5), "on its way back")
    host.advance(by: 3)
    #expect(layer.animationKeys() == ["draw"])
    #expect(near(layer.presentation()!.strokeEnd, 0), "autoreversed: it ends where it began")
    layer.removeAllAnimations()
    #expect(near(layer.presentation()!.strokeEnd, 0.3))
  }

  @Test func mediaTimeIsUIKitsClock() {
    let host = show(UIView())
    let start = CACurrentMediaTime()
    host.advance(by: 2)
    #expect(near(CACurrentMediaTime() - start, 2, 1e-9))
  }

  @Test func keyframesAndGroups() {
    let host = show(UIView())
    let layer = CALayer()
    let keyframes = CAKeyframeAnimation(keyPath: "opacity")
    keyframes.values = [0, 1, 0.5]
    keyframes.keyTimes = [0, 0.5, 1]
    keyframes.duration = 2
    let slide = CABasicAnimation(keyPath: "position.y")
    slide.toValue = 40
    let group = CAAnimationGroup()
    group.animations = [keyframes, slide]
    group.duration = 2
    layer.add(group, forKey: "group")
    host.advance(by: 1.5)
    let p = layer.presentation()!
    #expect(near(CGFloat(p.opacity), 0.75))
    #expect(near(p.position.y, 30))
  }
}

// MARK: - Drawing layers

@MainActor
@Suite struct LayerDrawingTests {
  private func rows(_ host: HeadlessHost) -> [String] {
    host.screen().components(separatedBy: "\n")
  }

  @Test func aFieldStyledThroughItsLayerShowsARoundedBorder() {
    let root = UIView()
    let field = UITextField(frame: CGRect(x: 8, y: 16, width: 80, height: 48))
    field.layer.borderWidth = 1
    field.layer.cornerRadius = 8
    field.layer.borderColor = UIColor.gray.cgColor
    root.addSubview(field)
    let host = show(root)
    let screen = rows(host)
    #expect(screen[1] == " ╭────────╮")
    #expect(screen[2].hasPrefix(" │") && screen[2].hasSuffix("│"))
    #expect(screen[3] == " ╰────────╯")
    #expect(host.grid()[1, 1].foreground == CellGrid.RGB(r: 128, g: 128, b: 128))
    field.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    #expect(rows(host)[1] == " ╭────────╮")
    #expect(rows(host)[3] == " └────────┘")
    field.layer.cornerRadius = 0
    #expect(rows(host)[1] == " ┌────────┐")
    field.layer.borderWidth = 0
    #expect(rows(host).count == 1 || !rows(host)[1].contains("─"))
  }

  @Test func backgroundsRoundedOpacityAndHidden() {
    let root = UIView()
    let box = UIView(frame: CGRect(x: 0, y: 0, width: 48, height: 48))
    box.layer.backgroundColor = UIColor.red.cgColor
    root.addSubview(box)
    let host = show(root)
    let red = CellGrid.RGB(r: 255, g: 0, b: 0)
    #expect(host.grid()[0, 0].background == red)
    box.layer.cornerRadius = 24
    #expect(host.grid()[0, 0].background == nil, "the corner cell's centre is outside the circle")
    #expect(host.grid()[2, 1].background == red)
    #expect(host.grid()[5, 2].background == nil)
    box.layer.maskedCorners = [.layerMaxXMaxYCorner]
    #expect(host.grid()[0, 0].background == red)
    box.layer.opacity = 0
    #expect(host.grid()[2, 1].background == nil)
    box.layer.opacity = 1
    box.layer.isHidden = true
    #expect(host.grid()[2, 1].background == nil)
  }

  @Test func shapeLayersStrokeAndFillTheirPathsAndStrokeEndCutsThem() {
    let root = UIView()
    let underline = CAShapeLayer()
    underline.frame = CGRect(x: 0, y: 16, width: 160, height: 16)
    let path = UIBezierPath()
    path.move(to: CGPoint(x: 0, y: 8))
    path.addLine(to: CGPoint(x: 80, y: 8))
    underline.path = path.cgPath
    underline.strokeColor = UIColor.blue.cgColor
    underline.fillColor = nil
    underline.lineWidth = 2
    root.layer.addSublayer(underline)
    let host = show(root)
    let line = rows(host)[1]
    #expect(
      line.count == 10 && line.allSatisfy { ("\u{2800}"..."\u{28FF}").contains(String($0)) },
      "\(line)")
    #expect(host.grid()[0, 1].foreground == CellGrid.RGB(r: 0, g: 0, b: 255))
    // On screen, the layer animates its changes (an implicit animation of 0.25 s).
    underline.strokeEnd = 0.5
    #expect(rows(host)[1].count == 10)
    host.advance(by: 0.25)
    #expect(rows(host)[1].count == 5)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    underline.strokeEnd = 0
    CATransaction.commit()
    #expect(rows(host).count < 2 || rows(host)[1].isEmpty)

    let square = CAShapeLayer()
    square.path = CGPath(rect: CGRect(x: 0, y: 0, width: 32, height: 32), transform: nil)
    square.fillColor = UIColor.green.cgColor
    square.position = CGPoint(x: 0, y: 48)
    square.anchorPoint = .zero
    root.layer.addSublayer(square)
    #expect(host.grid()[1, 3].background == CellGrid.RGB(r: 0, g: 255, b: 0))
  }

  @Test func gradientsAreSampledAtEachCellsCentre() {
    final class GradientView: UIView {
      override class var layerClass: AnyClass { CAGradientLayer.self }
    }
    let root = UIView()
    let view = GradientView(frame: CGRect(x: 0, y: 0, width: 160, height: 16))
    let gradient = view.layer as! CAGradientLayer
    gradient.colors = [UIColor.black.cgColor, UIColor.white.cgColor]
    gradient.startPoint = CGPoint(x: 0, y: 0.5)
    gradient.endPoint = CGPoint(x: 1, y: 0.5)
    root.addSubview(view)
    let host = show(root)
    let grid = host.grid()
    // Cell 0's centre is at x = 4 of 160: 2.5 % of the way; cell 19's at 97.5 %.
    #expect(grid[0, 0].background == CellGrid.RGB(r: 6, g: 6, b: 6))
    #expect(grid[19, 0].background == CellGrid.RGB(r: 249, g: 249, b: 249))
    #expect(grid[10, 0].background!.r > grid[9, 0].background!.r)
  }

  @Test func masksToBoundsClipsSublayersAndZPositionOrdersThem() {
    let root = UIView()
    let container = UIView(frame: CGRect(x: 0, y: 0, width: 32, height: 32))
    let wide = CALayer()
    wide.frame = CGRect(x: 0, y: 0, width: 160, height: 16)
    wide.backgroundColor = UIColor.red.cgColor
    container.layer.addSublayer(wide)
    root.addSubview(container)
    let host = show(root)
    #expect(host.grid()[10, 0].background != nil)
    container.layer.masksToBounds = true
    #expect(host.grid()[10, 0].background == nil)
    #expect(host.grid()[3, 0].background == CellGrid.RGB(r: 255, g: 0, b: 0))
    #expect(container.clipsToBounds)

    let above = CALayer()
    above.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
    above.backgroundColor = UIColor.blue.cgColor
    above.zPosition = 1
    container.layer.insertSublayer(above, at: 0)
    #expect(
      host.grid()[0, 0].background == CellGrid.RGB(r: 0, g: 0, b: 255),
      "a higher zPosition draws above")
  }

  @Test func animationsShowOnScreenAsTheyRun() {
    let root = UIView()
    let box = CALayer()
    box.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
    box.backgroundColor = UIColor.red.cgColor
    root.layer.addSublayer(box)
    let host = show(root)
    let slide = CABasicAnimation(keyPath: "position.x")
    slide.fromValue = 8
    slide.toValue = 88
    slide.duration = 1
    box.add(slide, forKey: "slide")
    host.advance(by: 0.5)
    #expect(host.grid()[5, 0].background == CellGrid.RGB(r: 255, g: 0, b: 0))
    #expect(host.grid()[0, 0].background == nil)
    host.advance(by: 1)
    #expect(host.grid()[0, 0].background == CellGrid.RGB(r: 255, g: 0, b: 0))
  }

  @Test func textLayersDrawTheirString() {
    let root = UIView()
    let text = CATextLayer()
    text.string = "Hello"
    text.foregroundColor = UIColor.black.cgColor
    text.frame = CGRect(x: 16, y: 16, width: 80, height: 16)
    root.layer.addSublayer(text)
    let host = show(root)
    #expect(rows(host)[1] == "  Hello")
  }
}

@MainActor
@Suite struct ImplicitAnimationTests {
  /// A host showing a plain layer, drawn once (so that its changes animate).
  private func shownLayer() -> (HeadlessHost, CALayer) {
    let root = UIView()
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
    layer.backgroundColor = UIColor.red.cgColor
    root.layer.addSublayer(layer)
    let host = show(root)
    _ = host.screen()
    return (host, layer)
  }

  @Test func aLayerOnScreenAnimatesItsChanges() {
    let (host, layer) = shownLayer()
    layer.opacity = 0
    #expect(layer.animationKeys() == ["opacity"])
    #expect(layer.animation(forKey: "opacity")?.duration == 0.25)
    #expect(layer.presentation()!.opacity == 1, "it starts from what was on screen")
    host.advance(by: 0.125)
    let halfway = layer.presentation()!.opacity
    #expect(halfway < 1 && halfway > 0)
    host.advance(by: 0.125)
    #expect(layer.animationKeys() == nil)
    #expect(layer.presentation()!.opacity == 0)
  }

  @Test func aChangeDuringAnAnimationStartsFromWhereItIs() {
    let (host, layer) = shownLayer()
    CATransaction.begin()
    CATransaction.setAnimationDuration(1)
    CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
    layer.position = CGPoint(x: 108, y: 8)
    CATransaction.commit()
    host.advance(by: 0.5)
    #expect(near(layer.presentation()!.position.x, 58))
    layer.position = CGPoint(x: 8, y: 8)
    let restart = layer.animation(forKey: "position") as! CABasicAnimation
    #expect(near((restart.fromValue as! CGPoint).x, 58))
  }

  @Test func actionsCanBeDisabledOrReplaced() {
    let (host, layer) = shownLayer()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    layer.opacity = 0.5
    CATransaction.commit()
    #expect(layer.animationKeys() == nil)
    layer.actions = ["opacity": NSNull()]
    layer.opacity = 0.2
    #expect(layer.animationKeys() == nil)
    let fade = CABasicAnimation()
    fade.duration = 2
    layer.actions = ["opacity": fade]
    layer.opacity = 1
    #expect(layer.animation(forKey: "opacity")?.duration == 2)
    host.advance(by: 1)
    #expect(near(CGFloat(layer.presentation()!.opacity), 0.6))
    _ = host
  }

  @Test func viewsLayersAndLayersNeverDrawnDoNotAnimate() {
    let (host, _) = shownLayer()
    let view = UIView(frame: CGRect(x: 0, y: 32, width: 16, height: 16))
    host.window.rootViewController!.view.addSubview(view)
    _ = host.screen()
    view.layer.opacity = 0.5
    view.alpha = 0.2
    #expect(view.layer.animationKeys() == nil)
    let fresh = CALayer()
    fresh.opacity = 0
    #expect(fresh.animationKeys() == nil)
  }

  @Test func drawingCommitsTheImplicitTransaction() {
    let (host, layer) = shownLayer()
    // Outside begin/commit, the settings last until the implicit transaction commits: at the
    // next turn of the clock, or when the screen is drawn.
    CATransaction.setDisableActions(true)
    layer.opacity = 0.5
    #expect(layer.animationKeys() == nil)
    _ = host.screen()
    #expect(!CATransaction.disableActions())
    layer.opacity = 1
    #expect(layer.animationKeys() == ["opacity"])
  }

  @Test func theCompletionBlockWaitsForImplicitAnimations() {
    let (host, layer) = shownLayer()
    var done = false
    CATransaction.begin()
    CATransaction.setCompletionBlock { done = true }
    layer.opacity = 0
    CATransaction.commit()
    #expect(!done)
    host.advance(by: 0.25)
    #expect(done)
  }
}

// MARK: - CGContext

@MainActor
@Suite struct ContextDrawingTests {
  final class ContextView: UIView {
    override func draw(_ rect: CGRect) {
      guard let context = UIGraphicsGetCurrentContext() else { return }
      context.setFillColor(UIColor.blue.cgColor)
      context.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
      context.saveGState()
      context.translateBy(x: 0, y: 16)
      context.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
      context.setLineWidth(2)
      context.move(to: CGPoint(x: 0, y: 8))
      context.addLine(to: CGPoint(x: 64, y: 8))
      context.strokePath()
      context.restoreGState()
      // UIKit's calls go into the same context, in order.
      UIColor.green.setFill()
      UIBezierPath(rect: CGRect(x: 32, y: 0, width: 16, height: 16)).fill()
    }
  }

  final class DotsLayer: CALayer {
    override func draw(in ctx: CGContext) {
      ctx.setFillColor(gray: 1, alpha: 1)
      ctx.fillEllipse(in: CGRect(x: 0, y: 0, width: 16, height: 16))
    }
  }

  final class LayerPainter: CALayerDelegate {
    func draw(_ layer: CALayer, in ctx: CGContext) {
      ctx.setStrokeColor(UIColor.yellow.cgColor)
      ctx.stroke(CGRect(x: 0, y: 0, width: 16, height: 16))
    }
  }

  @Test func aViewDrawsWithTheCurrentContext() {
    #expect(UIGraphicsGetCurrentContext() == nil, "no context outside draw(_:)")
    let root = UIView()
    let view = ContextView(frame: CGRect(x: 0, y: 0, width: 80, height: 32))
    root.addSubview(view)
    let host = show(root)
    let grid = host.grid()
    #expect(grid[0, 0].background == CellGrid.RGB(r: 0, g: 0, b: 255))
    #expect(grid[4, 0].background == CellGrid.RGB(r: 0, g: 255, b: 0))
    #expect((0..<8).allSatisfy { grid[$0, 1].foreground == CellGrid.RGB(r: 255, g: 0, b: 0) })
    #expect(
      grid[0, 1].text != " " && grid[8, 1].text == " ",
      "the translated line is on the second row, 64 points long")
  }

  @Test func layersDrawInTheirContextAfterSetNeedsDisplay() {
    let root = UIView()
    let dots = DotsLayer()
    dots.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
    root.layer.addSublayer(dots)
    let painter = LayerPainter()
    let framed = CALayer()
    framed.delegate = painter
    framed.frame = CGRect(x: 32, y: 32, width: 16, height: 16)
    root.layer.addSublayer(framed)
    let host = show(root)
    #expect(host.grid()[0, 0].foreground == nil, "a layer draws only once asked to")
    dots.setNeedsDisplay()
    framed.setNeedsDisplay()
    let grid = host.grid()
    #expect(
      grid[0, 0].foreground == CellGrid.RGB(r: 255, g: 255, b: 255),
      "a round dot: Braille, not a full cell")
    #expect(grid[4, 2].foreground == CellGrid.RGB(r: 255, g: 255, b: 0))
  }
}
