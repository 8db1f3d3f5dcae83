import Foundation

/// A view made to be an input view or input accessory view: it looks like the system
/// keyboard's background (the keyboard's grey, for the `.keyboard` style) and, with
/// ``allowsSelfSizing``, takes the height its Auto Layout constraints give it.
@preconcurrency @MainActor
open class UIInputView: UIView {
  /// The look of an input view.
  public enum Style: Int, Sendable {
    /// No keyboard background: the view's own background shows.
    case `default` = 0
    /// The system keyboard's background behind the view's content.
    case keyboard = 1
  }

  /// The look chosen when the view was created.
  open private(set) var inputViewStyle: Style

  /// Whether the view's height comes from its constraints (`systemLayoutSizeFitting`) rather
  /// than its frame, when it is shown as an input or accessory view. False by default.
  open var allowsSelfSizing = false

  /// Creates an input view of `inputViewStyle`.
  public init(frame: CGRect, inputViewStyle: Style) {
    self.inputViewStyle = inputViewStyle
    super.init(frame: frame)
  }

  /// Creates an input view of the `.default` style.
  public override convenience init(frame: CGRect) {
    self.init(frame: frame, inputViewStyle: .default)
  }

  public required init?(coder: NSCoder) {
    inputViewStyle = .default
    super.init(coder: coder)
  }

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    // The keyboard's own grey, drawn under the content as iOS blurs the keyboard's backdrop.
    guard inputViewStyle == .keyboard, backgroundColor == nil else { return }
    list.append(DisplayItem(frame: rect, clip: clip, content: .fill(KeyboardController.backgroundColor), alpha: alpha))
  }
}
