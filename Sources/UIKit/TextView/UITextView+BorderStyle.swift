import Foundation

extension UITextView {
  /// The border around a text view (iOS 17).
  public enum BorderStyle: Int, Sendable {
    /// No border.
    case none = 0
    /// A rounded rectangle, as a `.roundedRect` text field's.
    case roundedRect = 1
  }

  /// Draws the border of ``borderStyle`` around the view's frame (`rect`, window points): it
  /// stays in place while the text scrolls. A rounded rectangle is filled first, as a
  /// rounded-rect text field is, whatever shows behind it.
  func _drawBorder(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    guard borderStyle == .roundedRect else { return }
    list.append(DisplayItem(frame: rect, clip: clip, content: .fill(.systemBackground), alpha: alpha))
    list.append(DisplayItem(frame: rect, clip: clip, content: .border(.roundedRect, .systemGray4), alpha: alpha))
  }
}
