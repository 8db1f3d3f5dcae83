import UIKit

/// The book's BNRHypnosisterView (chapters 4 and 5): concentric circles, 20 points apart, from
/// the centre out past the corners, stroked 10 points wide in light gray.
///
/// In a terminal the rings are drawn with Braille dots (2 × 4 per cell): circles in points,
/// ellipses in cells.
class HypnosisView: UIView {
  /// The rings' colour. Chapter 5: setting it asks for a redraw.
  var circleColor: UIColor = .lightGray {
    didSet {
      setNeedsDisplay()
    }
  }

  override init(frame: CGRect) {
    super.init(frame: frame)
    // All HypnosisViews start with a clear background colour.
    backgroundColor = .clear
  }

  required init?(coder: NSCoder) {
    super.init(coder: coder)
    backgroundColor = .clear
  }

  override func draw(_ rect: CGRect) {
    let bounds = self.bounds

    // Figure out the center of the bounds rectangle.
    var center = CGPoint()
    center.x = bounds.origin.x + bounds.size.width / 2.0
    center.y = bounds.origin.y + bounds.size.height / 2.0

    // The largest circle will circumscribe the view.
    let maxRadius = hypot(bounds.size.width, bounds.size.height) / 2.0

    let path = UIBezierPath()

    var currentRadius = maxRadius
    while currentRadius > 0 {
      // Lift the pen: without this, a line would join each circle to the next.
      path.move(to: CGPoint(x: center.x + currentRadius, y: center.y))
      path.addArc(
        withCenter: center, radius: currentRadius, startAngle: 0, endAngle: .pi * 2.0, clockwise: true)
      currentRadius -= 20
    }

    // Configure line width to 10 points.
    path.lineWidth = 10

    // Configure the drawing color.
    circleColor.setStroke()

    // Draw the line!
    path.stroke()
  }
}
