import Foundation

/// How a drag preview is cut from its view: the part shown and what is behind it.
///
/// On iOS this subclasses `UIPreviewParameters`, which this UIKit does not have; the members
/// are the same.
@preconcurrency @MainActor
open class UIDragPreviewParameters: NSObject {
  /// The part of the view the preview shows, in the view's coordinates (nil: all of it).
  open var visiblePath: UIBezierPath?
  /// The shape of the preview's shadow (hosts here draw no shadows).
  open var shadowPath: UIBezierPath?
  /// The colour behind the view's content in the preview (nil: the system's, white).
  open var backgroundColor: UIColor!

  /// The lines of text a text preview shows, in the view's coordinates (empty for a view).
  var _textLineRects: [CGRect] = []
  /// Whether the preview draws text in the label colour (`stripTextColorFromPreviews`).
  var _stripsTextColor = false

  /// Parameters showing the whole view.
  public override init() {
    super.init()
  }

  /// Parameters showing only `textLineRects` of the view (each an `NSValue` of a `CGRect` in
  /// the view's coordinates): a preview of lines of text, as a text view lifts a selection.
  public init(textLineRects: [NSValue]) {
    _textLineRects = textLineRects.map(\.cgRectValue)
    super.init()
    let path = UIBezierPath()
    for rect in _textLineRects { path.append(UIBezierPath(rect: rect)) }
    visiblePath = path
  }

}
