import Foundation

/// The object that gives a picker view's rows their titles or views and their sizes, and hears
/// of the user's selections. Every method is optional: the protocol extension supplies iOS's
/// defaults (no title, no view, the picker's own widths and row height, nothing on selection).
///
/// A row shows, in iOS's order of preference, the delegate's view
/// (``pickerView(_:viewForRow:forComponent:reusing:)``), its attributed title, its title, or
/// "?" (what iOS shows when the delegate answers none of them).
///
/// Linux Swift has no `optional` requirements: `delegate?.pickerView?(…)` compiles through the
/// ``UIPickerViewDelegate/pickerView`` property and always reaches an implementation (the
/// conforming type's, or the default).
@preconcurrency @MainActor
public protocol UIPickerViewDelegate: NSObjectProtocol {
  /// The width of `component`, in points.
  func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat
  /// The height of every row of `component`, in points.
  func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat
  /// The title of `row` in `component` (nil: none).
  func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String?
  /// The styled title of `row` in `component`; preferred to the plain title when not nil.
  func pickerView(
    _ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int
  ) -> NSAttributedString?
  /// A view to show for `row` in `component`, preferred to the titles. `view` is a view the
  /// picker used for a row that scrolled out of sight (reuse it, or return a new one).
  func pickerView(
    _ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?
  ) -> UIView
  /// The user selected `row` in `component` (called once the wheel stopped; not called for
  /// ``UIPickerView/selectRow(_:inComponent:animated:)``).
  func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int)
}

/// What the default `viewForRow` answers: the marker that the delegate gives no views.
final class _UIPickerNoRowView: UIView {}

extension UIPickerViewDelegate {
  public func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat {
    pickerView._defaultWidth(forComponent: component)
  }
  public func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat {
    UIPickerView._defaultRowHeight
  }
  public func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
    nil
  }
  public func pickerView(
    _ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int
  ) -> NSAttributedString? { nil }
  public func pickerView(
    _ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?
  ) -> UIView { _UIPickerNoRowView() }
  public func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {}
}

// MARK: Optional-call syntax

extension UIPickerViewDelegate {
  /// `delegate?.pickerView?(picker, titleForRow: row, forComponent: c)` and the other
  /// `pickerView(…)` methods (see ``UIPickerViewDelegate``).
  public var pickerView: UIPickerViewDelegateCall? { UIPickerViewDelegateCall(delegate: self) }
}

/// The callable behind `delegate?.pickerView?(…)`: each overload calls the delegate's method.
@preconcurrency @MainActor
public struct UIPickerViewDelegateCall {
  let delegate: any UIPickerViewDelegate

  public func callAsFunction(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat {
    delegate.pickerView(pickerView, widthForComponent: component)
  }
  public func callAsFunction(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat {
    delegate.pickerView(pickerView, rowHeightForComponent: component)
  }
  public func callAsFunction(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
    delegate.pickerView(pickerView, titleForRow: row, forComponent: component)
  }
  public func callAsFunction(
    _ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int
  ) -> NSAttributedString? {
    delegate.pickerView(pickerView, attributedTitleForRow: row, forComponent: component)
  }
  public func callAsFunction(
    _ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?
  ) -> UIView {
    delegate.pickerView(pickerView, viewForRow: row, forComponent: component, reusing: view)
  }
  public func callAsFunction(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
    delegate.pickerView(pickerView, didSelectRow: row, inComponent: component)
  }
}
