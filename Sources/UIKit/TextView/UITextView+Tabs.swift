import Foundation
import TextEditing

// Tabs in a text view go to tab stops (TextTabs.swift): the layout wraps them at their width
// where they start, and a line holding one is placed character by character (`_VisualCharacter`),
// so the caret, taps, selection and the layout manager's glyph positions follow the widths the
// host draws the tabs at (the drawn line carries its paragraph's stops, `TextRun.tabStops`).

extension UITextView {
  /// The tab stops of the paragraph holding UTF-16 `offset`: its style's when the text is laid
  /// out by paragraph, else the standard ones.
  func _tabStops(at offset: Int) -> TextTabStops {
    guard _layoutsByParagraph else { return .standard }
    return TextTabStops(_runs.attributes(at: offset).attributes[.paragraphStyle] as? NSParagraphStyle)
  }

  /// What each tab of `string` (the text's from UTF-16 `offset`, a line's drawn text) gains
  /// over a space's width, the characters before it taking their widths and `kerns`; nil when
  /// the line has no tab.
  func _tabExtras(of string: String, at offset: Int, kerns: [CGFloat]?) -> [CGFloat]? {
    guard string.utf8.contains(0x09) else { return nil }
    let measure = _measure()
    return _tabStops(at: offset).extras(
      of: string, kerns: kerns, space: measure(" "), step: _measurer.advanceStep, width: { measure($0) })
  }
}
