import Foundation

/// A selection in a text: an anchor that stays put and a head that moves when the selection is
/// extended, both UTF-16 offsets of the text. A caret is a selection whose anchor and head meet.
public struct TextSelection: Sendable, Hashable, CustomStringConvertible {
  /// The end that stays when the selection is extended.
  public var anchor: Int
  /// The end that moves when the selection is extended (where the caret blinks).
  public var head: Int

  /// A selection from `anchor` to `head`.
  public init(anchor: Int, head: Int) {
    self.anchor = anchor
    self.head = head
  }

  /// A caret (empty selection) at `offset`.
  public static func caret(_ offset: Int) -> TextSelection {
    TextSelection(anchor: offset, head: offset)
  }

  /// A forward selection of `range` (anchor at its start, head at its end).
  public init(range: Range<Int>) {
    self.init(anchor: range.lowerBound, head: range.upperBound)
  }

  /// The selected UTF-16 range, whichever way the selection runs.
  public var range: Range<Int> { min(anchor, head)..<max(anchor, head) }

  /// The selected range as an `NSRange`.
  public var nsRange: NSRange { UTF16Conversion.nsRange(range) }

  /// Whether nothing is selected (the selection is a caret).
  public var isEmpty: Bool { anchor == head }

  /// The selection after `edit` was applied to the text it refers to: offsets before the edit
  /// stay, offsets after it shift by the change in length, and offsets inside the replaced range
  /// move to the end of the replacement.
  public func mapped(through edit: TextEdit) -> TextSelection {
    TextSelection(anchor: edit.map(anchor), head: edit.map(head))
  }

  public var description: String {
    isEmpty ? "caret(\(head))" : "\(anchor)→\(head)"
  }
}
