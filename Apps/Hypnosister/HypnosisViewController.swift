import UIKit

/// Seed 002's screen (the book's chapter 7, WUSTLHypnosisViewController in the seed): a text
/// field over the hypnosis view; Return draws the typed message 20 times at random places in red,
/// clears the field and dismisses the keyboard.
///
/// The code follows the seed's listing. What Linux forces is marked: there is no `arc4random`
/// everywhere Swift runs (glibc has it only since 2.36), so the random numbers come from a
/// generator property that tests can replace with a seeded one.
class HypnosisViewController: UIViewController, UITextFieldDelegate {

  /// The field the message is typed into (the book keeps it local to `loadView`; tests read it).
  var textField: UITextField!

  /// Where the messages' random positions come from: the system's generator (the book's
  /// `arc4random`), or a seeded one in tests.
  var randomNumberGenerator: any RandomNumberGenerator = SystemRandomNumberGenerator()

  override func loadView() {
    let backgroundView = HypnosisView()

    let textField = UITextField(frame: CGRect(x: 40, y: 70, width: 240, height: 30))

    // Setting the border style on the text field will allow us to see it more easily.
    textField.borderStyle = .roundedRect
    // iOS draws a rounded-rect field on white; here the field paints it, over the rings.
    textField.backgroundColor = .white
    textField.placeholder = "Hypnotize me"
    textField.returnKeyType = .done

    // The view controller answers the field's delegate messages (Return, below).
    textField.delegate = self

    backgroundView.addSubview(textField)
    self.textField = textField

    self.view = backgroundView
  }

  // MARK: UITextFieldDelegate

  func textFieldShouldReturn(_ textField: UITextField) -> Bool {
    drawHypnoticMessage(textField.text)

    textField.text = ""
    textField.resignFirstResponder()

    return true
  }

  // MARK: The hypnotic message

  func drawHypnoticMessage(_ message: String?) {
    for _ in 0..<20 {
      let messageLabel = UILabel()

      // Configure the label's colors and text.
      messageLabel.backgroundColor = .clear
      messageLabel.textColor = .red
      messageLabel.text = message

      // This method resizes the label, which will be relative
      // to the text that it is displaying.
      messageLabel.sizeToFit()

      // Get a random x value that fits within the hypnosis view's width.
      let width = Int(view.bounds.size.width - messageLabel.bounds.size.width)
      let x = random(below: width)

      // Get a random y value that fits within the hypnosis view's height.
      let height = Int(view.bounds.size.height - messageLabel.bounds.size.height)
      let y = random(below: height)

      // Update the label's frame.
      var frame = messageLabel.frame
      frame.origin = CGPoint(x: x, y: y)
      messageLabel.frame = frame

      // Add the label to the hierarchy.
      view.addSubview(messageLabel)

      // Make the label move a little as the device tilts (a terminal does not tilt: the
      // effects are kept and do nothing).
      var motionEffect = UIInterpolatingMotionEffect(keyPath: "center.x", type: .tiltAlongHorizontalAxis)
      motionEffect.minimumRelativeValue = -25
      motionEffect.maximumRelativeValue = 25
      messageLabel.addMotionEffect(motionEffect)

      // The seed's listing says .tiltAlongHorizontalAxis here too, a slip: the book moves
      // center.y with the vertical tilt.
      motionEffect = UIInterpolatingMotionEffect(keyPath: "center.y", type: .tiltAlongVerticalAxis)
      motionEffect.minimumRelativeValue = -25
      motionEffect.maximumRelativeValue = 25
      messageLabel.addMotionEffect(motionEffect)
    }
  }

  /// `arc4random() % bound`, for the positions: a number from 0 up to `bound`, exclusive. The
  /// book's `% width` divides by zero (and crashes) when a label is exactly as wide as the view,
  /// and goes wild when it is wider; the intent is "anywhere it fits", so with no room the label
  /// goes to 0 (the left or top edge), and the screen's edge cuts what sticks out.
  private func random(below bound: Int) -> Int {
    guard bound > 0 else { return 0 }
    return Int.random(in: 0..<bound, using: &randomNumberGenerator)
  }
}
