import UIKit

/// Seed 000's converter: type a temperature in Fahrenheit, read it in Celsius.
///
/// The code follows the book's listing. What Linux forces is marked: there is no storyboard (the
/// scene is built in `loadView`), `@IBOutlet` needs Objective-C (the outlets are plain
/// implicitly unwrapped properties), and there are no selectors (target-action takes a method
/// reference).
class ConversionViewController: UIViewController, UITextFieldDelegate {

  // Linux: `@IBOutlet var celsiusLabel: UILabel!` — connected in loadView instead.
  var celsiusLabel: UILabel!
  var textField: UITextField!

  /// The user's locale: the decimal separator the delegate allows once, and the number format.
  /// The book reads `Locale.current`; on Linux Foundation reports en_001 there whatever the
  /// environment says, so the locale is a property a test (or an app) can set.
  var locale = Locale.current {
    didSet {
      numberFormatter.locale = locale
      if isViewLoaded { updateCelsiusLabel() }
    }
  }

  var fahrenheitValue: Measurement<UnitTemperature>? {
    didSet {
      updateCelsiusLabel()
    }
  }

  var celsiusValue: Measurement<UnitTemperature>? {
    if let fahrenheitValue = fahrenheitValue {
      return fahrenheitValue.converted(to: .celsius)
    } else {
      return nil
    }
  }

  let numberFormatter: NumberFormatter = {
    let nf = NumberFormatter()
    nf.numberStyle = .decimal
    nf.minimumFractionDigits = 0
    nf.maximumFractionDigits = 1
    return nf
  }()

  // MARK: The scene of Main.storyboard, in code

  /// The book's burnt orange (chapter 3's label colour).
  static let burntOrange = UIColor(red: 225 / 255, green: 88 / 255, blue: 41 / 255, alpha: 1)

  override func loadView() {
    let view = UIView(frame: UIScreen.main.bounds)
    // Chapter 3's background colour.
    view.backgroundColor = UIColor(red: 245 / 255, green: 244 / 255, blue: 241 / 255, alpha: 1)

    let textField = UITextField()
    textField.widthAnchor.constraint(equalToConstant: 250).isActive = true
    textField.placeholder = "value"
    textField.textColor = Self.burntOrange
    textField.font = .systemFont(ofSize: 70)
    textField.textAlignment = .center
    textField.borderStyle = .none
    textField.keyboardType = .decimalPad
    textField.autocorrectionType = .no
    textField.spellCheckingType = .no
    textField.accessibilityIdentifier = "fahrenheit"
    // Linux: the Editing Changed connection of the storyboard, with a method reference.
    textField.addTarget(self, action: ConversionViewController.fahrenheitFieldEditingChanged, for: .editingChanged)
    textField.delegate = self
    self.textField = textField

    func label(_ text: String, size: CGFloat, color: UIColor = .black) -> UILabel {
      let label = UILabel()
      label.text = text
      label.font = .systemFont(ofSize: size)
      label.textColor = color
      label.textAlignment = .center
      return label
    }
    let celsiusLabel = label("100", size: 70, color: Self.burntOrange)
    celsiusLabel.accessibilityIdentifier = "celsius"
    self.celsiusLabel = celsiusLabel

    // The storyboard's constraints: the field 8 points below the top of the safe area (the
    // book's top layout guide), 250 wide, and each label below the one above, all centred
    // horizontally.
    let fahrenheitLabel = label("degrees Fahrenheit", size: 36)
    let isReallyLabel = label("is really", size: 36)
    let celsiusUnitLabel = label("degrees Celsius", size: 36)
    let column = [textField, fahrenheitLabel, isReallyLabel, celsiusLabel, celsiusUnitLabel]
    for subview in column {
      subview.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(subview)
      subview.centerXAnchor.constraint(equalTo: view.centerXAnchor).isActive = true
    }
    textField.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 8).isActive = true
    for (above, below) in zip(column, column.dropFirst()) {
      below.topAnchor.constraint(equalTo: above.bottomAnchor, constant: 8).isActive = true
    }

    // Linux: the Tap Gesture Recognizer dragged onto the background, connected to dismissKeyboard.
    let tap = UITapGestureRecognizer(target: self, action: ConversionViewController.dismissKeyboard)
    view.addGestureRecognizer(tap)

    self.view = view
  }

  override func viewDidLoad() {
    super.viewDidLoad()

    numberFormatter.locale = locale
    updateCelsiusLabel()
  }

  // MARK: Actions

  @IBAction func fahrenheitFieldEditingChanged(_ textField: UITextField) {
    // The book's `Double(text)` reads only "."; the formatter reads the locale's separator.
    if let text = textField.text, let value = numberFormatter.number(from: text) {
      fahrenheitValue = Measurement(value: value.doubleValue, unit: .fahrenheit)
    } else {
      fahrenheitValue = nil
    }
  }

  @IBAction func dismissKeyboard(_ sender: UITapGestureRecognizer) {
    textField.resignFirstResponder()
  }

  func updateCelsiusLabel() {
    if let celsiusValue = celsiusValue {
      celsiusLabel.text = numberFormatter.string(from: NSNumber(value: celsiusValue.value))
    } else {
      celsiusLabel.text = "???"
    }
  }

  // MARK: UITextFieldDelegate

  func textField(
    _ textField: UITextField,
    shouldChangeCharactersIn range: NSRange,
    replacementString string: String
  ) -> Bool {
    let decimalSeparator = locale.decimalSeparator ?? "."
    let existingTextHasDecimalSeparator = textField.text?.range(of: decimalSeparator)
    let replacementTextHasDecimalSeparator = string.range(of: decimalSeparator)

    // Bronze challenge: no letters, whether typed on a hardware keyboard or pasted.
    let replacementTextHasLetters = string.rangeOfCharacter(from: .letters)

    if existingTextHasDecimalSeparator != nil, replacementTextHasDecimalSeparator != nil {
      return false
    } else if replacementTextHasLetters != nil {
      return false
    } else {
      return true
    }
  }
}
