import Foundation

/// The direction of a run of text (`NSWritingDirection` on Apple's platforms).
public enum NSWritingDirection: Int, Sendable {
  /// The direction the text's content and language give it.
  case natural = -1
  case leftToRight = 0
  case rightToLeft = 1
}

/// One rectangle of a selection, as `UITextInput.selectionRects(for:)` returns them: a range
/// that spans several lines has one per line. Subclasses override the properties (they are
/// read-only here, as in UIKit).
@preconcurrency @MainActor
open class UITextSelectionRect: NSObject {
  /// The rectangle, in the text object's coordinates.
  open var rect: CGRect { .zero }
  /// The direction of the text in the rectangle.
  open var writingDirection: NSWritingDirection { .natural }
  /// Whether the rectangle holds the start of the selection.
  open var containsStart: Bool { false }
  /// Whether the rectangle holds the end of the selection.
  open var containsEnd: Bool { false }
  /// Whether the text in the rectangle runs vertically.
  open var isVertical: Bool { false }

  public override init() {
    super.init()
  }
}

/// The rectangles the text objects hand out.
final class _TextSelectionRect: UITextSelectionRect {
  private let _rect: CGRect
  private let _containsStart: Bool
  private let _containsEnd: Bool

  init(rect: CGRect, containsStart: Bool, containsEnd: Bool) {
    _rect = rect
    _containsStart = containsStart
    _containsEnd = containsEnd
    super.init()
  }

  override var rect: CGRect { _rect }
  override var writingDirection: NSWritingDirection { .leftToRight }
  override var containsStart: Bool { _containsStart }
  override var containsEnd: Bool { _containsEnd }

  override var description: String {
    "<UITextSelectionRect \(_rect)\(_containsStart ? " start" : "")\(_containsEnd ? " end" : "")>"
  }
}
