import Foundation

/// What kind of accessibility element an object is, for assistive technology (VoiceOver reads
/// "button", "heading"…). Combine them: a selected tab is `[.button, .selected]`.
public struct UIAccessibilityTraits: OptionSet, Hashable, Sendable {
  public let rawValue: UInt64
  public init(rawValue: UInt64) { self.rawValue = rawValue }

  public static let none = UIAccessibilityTraits([])
  public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
  public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
  public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
  public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
  public static let playsSound = UIAccessibilityTraits(rawValue: 1 << 4)
  public static let keyboardKey = UIAccessibilityTraits(rawValue: 1 << 5)
  public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
  public static let summaryElement = UIAccessibilityTraits(rawValue: 1 << 7)
  public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
  public static let updatesFrequently = UIAccessibilityTraits(rawValue: 1 << 9)
  public static let searchField = UIAccessibilityTraits(rawValue: 1 << 10)
  public static let startsMediaSession = UIAccessibilityTraits(rawValue: 1 << 11)
  public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
  public static let allowsDirectInteraction = UIAccessibilityTraits(rawValue: 1 << 13)
  public static let causesPageTurn = UIAccessibilityTraits(rawValue: 1 << 14)
  public static let tabBar = UIAccessibilityTraits(rawValue: 1 << 15)
  public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
  public static let toggleButton = UIAccessibilityTraits(rawValue: 1 << 17)
  public static let supportsZoom = UIAccessibilityTraits(rawValue: 1 << 18)
}

// What UIKit's own views report when the app sets nothing, as on iOS: a label is static text
// named by its text; a button is a button named by its title; a text field's value is its text
// (a secure field's, bullets) and its label the placeholder; a disabled control adds
// `.notEnabled`. Kept in one place, since stored-property overrides cannot live in extensions.
extension UIView {
  var _defaultIsAccessibilityElement: Bool {
    switch self {
    case is UILabel, is UIControl, is UITextView, is UIProgressView, is UIActivityIndicatorView: true
    case let imageView as UIImageView: imageView.image != nil
    default: false
    }
  }

  var _defaultAccessibilityLabel: String? {
    switch self {
    case let label as UILabel: label.text
    case let button as UIButton: button.currentTitle
    case let spinner as UIActivityIndicatorView: spinner.isAnimating ? "In progress" : nil
    case let field as UITextField: field.placeholder
    default: nil
    }
  }

  var _defaultAccessibilityValue: String? {
    switch self {
    case let field as UITextField:
      field.isSecureTextEntry
        ? String(repeating: "•", count: field.text?.count ?? 0) : field.text
    case let textView as UITextView: textView.isSecureTextEntry ? nil : textView.text
    // A switch's value is "1" or "0" (what UI tests read as its value), a slider's and a
    // progress view's a percentage, a page control's "page 2 of 5".
    case let toggle as UISwitch: toggle.isOn ? "1" : "0"
    case let slider as UISlider: UIView._percent(slider._fraction(of: slider.value))
    case let progress as UIProgressView: UIView._percent(progress.progress)
    case let pages as UIPageControl: "page \(pages.currentPage + 1) of \(pages.numberOfPages)"
    case let stepper as UIStepper: stepper.value.formatted()
    case let segments as UISegmentedControl:
      segments.selectedSegmentIndex >= 0 ? segments.titleForSegment(at: segments.selectedSegmentIndex) : nil
    default: nil
    }
  }

  static func _percent(_ fraction: Float) -> String {
    "\(Int(bounded: (Double(fraction) * 100).rounded()))%"
  }

  var _defaultAccessibilityTraits: UIAccessibilityTraits {
    var traits: UIAccessibilityTraits
    switch self {
    case is UILabel: traits = .staticText
    case is UIButton, is UISwitch: traits = .button
    case is UISlider, is UIPageControl: traits = .adjustable
    case is UIProgressView, is UIActivityIndicatorView: traits = .updatesFrequently
    case is UIImageView: traits = .image
    default: traits = .none
    }
    if let control = self as? UIControl {
      if !control.isEnabled { traits.insert(.notEnabled) }
      if control.isSelected { traits.insert(.selected) }
    }
    return traits
  }
}
