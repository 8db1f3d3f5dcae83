// Code shaped like an iOS app that styles a field through layers, compiled in Swift 5 mode: a
// file that imports QuartzCore and CoreGraphics explicitly, as iOS code does, a floating-label
// field with a shape-layer underline that animates with CABasicAnimation and a CATransaction
// completion block, and a gradient-backed view through `layerClass`.
import CoreGraphics
import QuartzCore
import UIKit
import UIKitTesting
import XCTest

/// A field with an underline drawn by a shape layer, as floating-label fields draw theirs.
class UnderlinedField: UITextField, CAAnimationDelegate {
  let underline = CAShapeLayer()
  var stops: [Bool] = []

  override init(frame: CGRect) {
    super.init(frame: frame)
    underline.strokeColor = UIColor.systemBlue.cgColor
    underline.fillColor = nil
    underline.lineWidth = 2
    underline.strokeEnd = 0
    layer.addSublayer(underline)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 0, y: bounds.height - 4))
    path.addLine(to: CGPoint(x: bounds.width, y: bounds.height - 4))
    underline.frame = bounds
    underline.path = path
  }

  func showUnderline(completion: @escaping () -> Void) {
    CATransaction.begin()
    CATransaction.setCompletionBlock(completion)
    let animation = CABasicAnimation(keyPath: "strokeEnd")
    animation.fromValue = 0
    animation.toValue = 1
    animation.duration = 0.3
    animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    animation.delegate = self
    underline.strokeEnd = 1
    underline.add(animation, forKey: "underline")
    CATransaction.commit()
  }

  func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
    stops.append(flag)
  }
}

class GradientHeader: UIView {
  override class var layerClass: AnyClass { return CAGradientLayer.self }
  var gradientLayer: CAGradientLayer { return layer as! CAGradientLayer }
}

class StyledFormController: UIViewController {
  let bordered = UITextField(frame: CGRect(x: 8, y: 32, width: 160, height: 48))
  let field = UnderlinedField(frame: CGRect(x: 8, y: 96, width: 160, height: 32))
  let header = GradientHeader(frame: CGRect(x: 0, y: 0, width: 320, height: 16))

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    header.gradientLayer.colors = [UIColor.systemBlue.cgColor, UIColor.systemPurple.cgColor]
    header.gradientLayer.startPoint = CGPoint(x: 0, y: 0.5)
    header.gradientLayer.endPoint = CGPoint(x: 1, y: 0.5)
    bordered.layer.borderWidth = 1
    bordered.layer.cornerRadius = 8
    bordered.layer.borderColor = UIColor.gray.cgColor
    bordered.layer.masksToBounds = true
    view.addSubview(header)
    view.addSubview(bordered)
    view.addSubview(field)
  }
}

final class LayerClientTests: XCTestCase {
  func testAFieldStyledThroughItsLayer() {
    let controller = StyledFormController()
    let host = HeadlessHost(
      rootViewController: controller, screenSize: CGSize(width: 320, height: 128),
      measuresTextInCells: true)
    let lines = host.screen().components(separatedBy: "\n")
    XCTAssertEqual(lines[2], " ╭──────────────────╮")
    XCTAssertEqual(lines[4], " ╰──────────────────╯")
    XCTAssertEqual(controller.field.layer.sublayers?.first, controller.field.underline)
    XCTAssertEqual(lines.count, 5, "the underline is not drawn yet (strokeEnd is 0)")

    var completed = false
    controller.field.showUnderline { completed = true }
    XCTAssertEqual(controller.field.underline.presentation()?.strokeEnd, 0)
    host.advance(by: 0.15)
    let halfway = controller.field.underline.presentation()!.strokeEnd
    XCTAssertEqual(halfway, 0.5, accuracy: 0.01)
    XCTAssertFalse(completed)
    host.advance(by: 0.2)
    XCTAssertTrue(completed)
    XCTAssertEqual(controller.field.stops, [true])
    XCTAssertNil(controller.field.underline.animationKeys())
    let underline = host.screen().components(separatedBy: "\n")[7]
    XCTAssertEqual(underline, " " + String(repeating: "⣤", count: 20), "the underline is drawn")
  }

  func testTheCGTypesComeWithEachImport() {
    let color: CGColor = UIColor.red.cgColor
    XCTAssertEqual(color.components, [1, 0, 0, 1])
    let rect: CGRect = CGRect(x: 0, y: 0, width: 10, height: 10)
    XCTAssertEqual(CGPath(rect: rect, transform: nil).boundingBox, rect)
    XCTAssertEqual(
      CATransform3DGetAffineTransform(CATransform3DMakeScale(2, 3, 1)),
      CGAffineTransform(scaleX: 2, y: 3))
    XCTAssertGreaterThanOrEqual(CACurrentMediaTime(), 0)
  }
}
