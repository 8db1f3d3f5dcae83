import Foundation

/// The region text is laid out in: a size, the blank padding at each end of a line, how many
/// lines fit, and how the last one breaks. A text view's container is inside its
/// `textContainerInset` and, while `widthTracksTextView`, as wide as the view less the insets.
///
/// Each line is laid out in what `lineFragmentRect(forProposedRect:at:writingDirection:remaining:)`
/// answers for the line's rectangle: lines flow around `exclusionPaths` (or the shape of a
/// subclass that overrides that method and `isSimpleRectangularTextContainer`), as in TextKit 1,
/// except that a line goes on at the next line rather than right of a path in its middle
/// (README, "Differences Linux forces").
@preconcurrency @MainActor
open class NSTextContainer: NSObject {
  /// The text view the container belongs to (weak: the view owns it).
  weak var _textView: UITextView?
  private var _size: CGSize

  /// Creates a container of `size` (use `.greatestFiniteMagnitude` for no limit).
  public init(size: CGSize) {
    _size = size
    super.init()
  }

  /// A container of no size (a text view's takes its size from the view).
  public convenience override init() {
    self.init(size: .zero)
  }

  /// A container of no size: nothing here is archived (there are no nibs).
  public required init(coder: NSCoder) {
    _size = .zero
    super.init()
  }

  /// The TextKit 1 layout manager that lays text out in this container (set by its
  /// `addTextContainer`); nil in a TextKit 2 stack. Asking a TextKit 2 text view's container
  /// for it switches the view to TextKit 1, as asking the view does.
  open internal(set) var layoutManager: NSLayoutManager? {
    get {
      if let view = _textView, view._usesTextKit2 { view._switchToTextKit1(because: "its layoutManager was accessed") }
      return _layoutManager
    }
    set { _layoutManager = newValue }
  }

  /// The layout manager, also while a TextKit 2 text view keeps it out of sight (it carries the
  /// storage's edits to the view).
  weak var _layoutManager: NSLayoutManager?

  /// The TextKit 2 layout manager that lays text out in this container (set by its
  /// `textContainer`). A TextKit 2 text view's container makes the view's when first asked.
  open internal(set) var textLayoutManager: NSTextLayoutManager? {
    get {
      if _textLayoutManager == nil, let view = _textView, view._usesTextKit2, view._textKit2 == nil {
        _ = view._textKit2Objects()
      }
      return _textLayoutManager
    }
    set { _textLayoutManager = newValue }
  }
  weak var _textLayoutManager: NSTextLayoutManager?

  /// Makes `newLayoutManager` lay out this container in place of the current one, keeping the
  /// container's place in it and the text storage.
  open func replaceLayoutManager(_ newLayoutManager: NSLayoutManager) {
    guard let old = _layoutManager, old !== newLayoutManager else {
      if _layoutManager == nil { newLayoutManager.addTextContainer(self) }
      return
    }
    let storage = old.textStorage
    if let index = old.textContainers.firstIndex(where: { $0 === self }) { old.removeTextContainer(at: index) }
    newLayoutManager.addTextContainer(self)
    if let storage, newLayoutManager.textStorage == nil { storage.addLayoutManager(newLayoutManager) }
  }

  /// The container's size. While it tracks its text view, the tracked sides follow the view
  /// (less its `textContainerInset`) and values set for them are overridden.
  open var size: CGSize {
    get {
      guard let view = _textView else { return _size }
      var size = _size
      let inset = view.textContainerInset
      if widthTracksTextView { size.width = max(0, view.bounds.width - inset.left - inset.right) }
      if heightTracksTextView { size.height = max(0, view.bounds.height - inset.top - inset.bottom) }
      return size
    }
    set {
      let old = size
      guard newValue != _size else { return }
      _size = newValue
      _layoutManager?._containerChangedSize(self, from: old)
      _textLayoutManager?._containerChanged()
      _geometryDidChange()
    }
  }

  /// Areas lines avoid (in container coordinates, taken as their bounding boxes): each line
  /// starts after the paths that cover its start and ends at the first one after that; a line
  /// they leave no room on is skipped.
  open var exclusionPaths: [UIBezierPath] = [] {
    didSet { _geometryDidChange() }
  }

  /// How the last line that fits ends when the text goes on (`.byWordWrapping`: cut at the
  /// line's end; the truncating modes end it with "…"). Lines before it always wrap.
  open var lineBreakMode: NSLineBreakMode = .byWordWrapping {
    didSet { _textView?.setNeedsDisplay() }
  }

  /// The blank space at each end of every line (5 points by default, as on iOS). Libraries set
  /// it to 0, with `textContainerInset = .zero`, so that text starts at the view's edge.
  open var lineFragmentPadding: CGFloat = 5 {
    didSet { if lineFragmentPadding != oldValue { _geometryDidChange() } }
  }

  /// The most lines laid out in the container (0: no limit). Text past them, or past the
  /// container's height, is not drawn.
  open var maximumNumberOfLines = 0 {
    didSet { if maximumNumberOfLines != oldValue { _geometryDidChange() } }
  }

  /// Whether the width follows the text view's (less its insets): true for a text view's own
  /// container.
  open var widthTracksTextView = false {
    // Turned off, the width stays what the view gave it.
    willSet { if !newValue, widthTracksTextView, _textView != nil { _size.width = size.width } }
    didSet { if widthTracksTextView != oldValue { _geometryDidChange() } }
  }

  /// Whether the height follows the text view's (less its insets).
  open var heightTracksTextView = false {
    willSet { if !newValue, heightTracksTextView, _textView != nil { _size.height = size.height } }
    didSet { if heightTracksTextView != oldValue { _geometryDidChange() } }
  }

  /// Whether the container is a plain rectangle (no exclusion paths).
  open var isSimpleRectangularTextContainer: Bool { exclusionPaths.isEmpty }

  /// The widest part of `proposedRect` (container coordinates) that no exclusion path covers
  /// and that lies inside the container, where a line at `characterIndex` would go; the part
  /// right of an exclusion that splits the line goes into `remainingRect`. Paths are taken as
  /// their bounding boxes.
  open func lineFragmentRect(
    forProposedRect proposedRect: CGRect, at characterIndex: Int, writingDirection baseWritingDirection: NSWritingDirection,
    remaining remainingRect: UnsafeMutablePointer<CGRect>?
  ) -> CGRect {
    remainingRect?.pointee = .zero
    let bounds = CGRect(origin: .zero, size: size)
    var rect = proposedRect.safeIntersection(bounds)
    if rect.isNull || rect.width <= 0 { return .zero }
    let blockers = exclusionPaths.map(\.bounds).filter { $0.minY < rect.maxY && $0.maxY > rect.minY && $0.maxX > rect.minX && $0.minX < rect.maxX }
      .sorted { $0.minX < $1.minX }
    for blocker in blockers {
      if blocker.minX <= rect.minX {
        // Covers the start: the line begins after it.
        let start = max(rect.minX, blocker.maxX)
        rect = CGRect(x: start, y: rect.minY, width: max(0, rect.maxX - start), height: rect.height)
      } else {
        // Splits the line: the part after it remains for the next fragment.
        if blocker.maxX < rect.maxX {
          remainingRect?.pointee = CGRect(x: blocker.maxX, y: rect.minY, width: rect.maxX - blocker.maxX, height: rect.height)
        }
        rect.size.width = blocker.minX - rect.minX
        break
      }
      if rect.width <= 0 { return .zero }
    }
    return rect
  }

  /// The fragment of the line `lineHeight` tall at `top` (container coordinates), starting at
  /// character `start`, in a container `width` wide and `height` tall, proposed from `left`
  /// to the container's right edge: what
  /// ``lineFragmentRect(forProposedRect:at:writingDirection:remaining:)`` answers, with the
  /// part it leaves right of a path. Lines below the height are not shown, but are still laid
  /// out (the layout manager counts them): they take the full width.
  func _fragment(top: CGFloat, at start: Int, lineHeight: CGFloat, width: CGFloat, height: CGFloat, left: CGFloat = 0) -> TextViewLayout.Fragment {
    let proposed = CGRect(x: left, y: top, width: max(0, width - left), height: lineHeight)
    if proposed.maxY > height { return TextViewLayout.Fragment(x: left, width: proposed.width) }
    var remaining = CGRect.zero
    let rect = lineFragmentRect(forProposedRect: proposed, at: start, writingDirection: .natural, remaining: &remaining)
    var fragment = TextViewLayout.Fragment(x: left, width: 0)
    if !rect.isNull, rect.width > 0 { fragment = TextViewLayout.Fragment(x: rect.minX, width: rect.width) }
    if !remaining.isNull, remaining.width > 0 { fragment.remaining = TextViewLayout.Span(x: remaining.minX, width: remaining.width) }
    return fragment
  }

  /// The container's geometry changed: its layout manager lays the text out again.
  private func _geometryDidChange() {
    _layoutManager?.textContainerChangedGeometry(self)
    _textLayoutManager?._containerChanged()
  }
}
