import Foundation

/// The layout of one element (a paragraph): its lines, its frame in the text container, and
/// its drawing. A layout manager makes one per element, or asks its delegate for a subclass
/// (`textLayoutManager(_:textLayoutFragmentFor:in:)`) that draws more (a background, a bubble);
/// the text view draws such a fragment through its `draw(at:in:)`.
@preconcurrency @MainActor
open class NSTextLayoutFragment: NSObject {
  /// Options for enumerating layout fragments.
  public struct EnumerationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// From the end toward the start.
    public static let reverse = EnumerationOptions(rawValue: 1 << 0)
    /// Sizes may be estimated (here they are always laid out).
    public static let estimatesSize = EnumerationOptions(rawValue: 1 << 1)
    /// Each fragment is laid out before it is given.
    public static let ensuresLayout = EnumerationOptions(rawValue: 1 << 2)
    /// The empty line after a final paragraph separator (or of an empty document) is given too:
    /// in an empty document, as a fragment of its own.
    public static let ensuresExtraLineFragment = EnumerationOptions(rawValue: 1 << 3)
  }

  /// How far a fragment's layout has come.
  public enum State: UInt, Sendable {
    /// Not laid out.
    case none = 0
    /// Its size is estimated.
    case estimatedUsageBounds = 1
    /// Its size is known.
    case calculatedUsageBounds = 2
    /// Its lines are laid out.
    case layoutAvailable = 3
  }

  /// The element laid out.
  open var textElement: NSTextElement? { _element }
  private let _element: NSTextElement
  /// The part of the element laid out: all of it (following the element when an edit before
  /// it moves it), or the range it was made with.
  open var rangeInElement: NSTextRange {
    if _wholeElement, let range = _element.elementRange { return range }
    return _rangeInElement
  }
  private let _rangeInElement: NSTextRange
  /// Whether the fragment lays out its whole element.
  private let _wholeElement: Bool

  /// The layout manager that made (or took) the fragment.
  open internal(set) weak var textLayoutManager: NSTextLayoutManager?

  /// The queue layout would run on (layout runs on the main actor here).
  open var layoutQueue: OperationQueue?

  /// The layout of `textElement`'s `rangeInElement` (the whole element when nil), made by a
  /// layout manager or its delegate.
  public init(textElement: NSTextElement, range rangeInElement: NSTextRange?) {
    _element = textElement
    _rangeInElement = rangeInElement ?? textElement.elementRange ?? NSTextRange(location: _TextLocation(0))
    _wholeElement = rangeInElement == nil || textElement.elementRange.map { rangeInElement!.isEqual(to: $0) } == true
    super.init()
  }

  /// A fragment of an empty paragraph: nothing here is archived (there are no nibs).
  public required init?(coder: NSCoder) {
    let element = NSTextParagraph(attributedString: nil)
    _element = element
    _rangeInElement = NSTextRange(location: _TextLocation(0))
    _wholeElement = false
    super.init()
  }

  // MARK: Layout

  /// The laid-out lines and frame (nil until laid out or after invalidation).
  var _layout: _FragmentLayout?
  /// The layout manager's change count when the frame was last placed.
  private var _placedAt = 0
  /// The layout manager's change count when the layout was made or last placed (nil: none).
  var _placedRevision: Int? { _layout == nil ? nil : _placedAt }

  /// How far layout has come.
  open var state: State { _layout == nil ? .none : .layoutAvailable }

  /// Drops the layout; it is made again when next asked for.
  open func invalidateLayout() { _layout = nil }

  /// The laid-out lines (laid out now if they were not).
  open var textLineFragments: [NSTextLineFragment] { _ensureLayout()?.lines ?? [] }

  /// The fragment's frame in the text container: from where its leftmost line's glyphs start
  /// (after the container's line fragment padding and the paragraph's indent) to its widest
  /// line's end, from its first line's top to its last line's bottom (as TextKit 2 gives it
  /// since iOS 17).
  open var layoutFragmentFrame: CGRect { _ensureLayout()?.frame ?? .zero }

  /// What the fragment draws, from its frame's origin: its lines' bounds (a subclass that draws
  /// outside them widens this).
  open var renderingSurfaceBounds: CGRect {
    guard let layout = _ensureLayout() else { return .zero }
    var bounds = CGRect(origin: .zero, size: layout.frame.size)
    for line in layout.lines { bounds = bounds.union(line.typographicBounds) }
    return bounds
  }

  /// Space a subclass reserves before its lines (0 here). The text view lays its paragraphs
  /// out itself, so an override moves neither lines nor frames (README).
  open var leadingPadding: CGFloat { 0 }
  /// Space a subclass reserves after its lines (0 here; see ``leadingPadding``).
  open var trailingPadding: CGFloat { 0 }
  /// Space a subclass reserves above its first line (0 here; see ``leadingPadding``).
  open var topMargin: CGFloat { 0 }
  /// Space a subclass reserves below its last line (0 here; see ``leadingPadding``).
  open var bottomMargin: CGFloat { 0 }

  /// The line showing `textLocation` (nil for a location outside the fragment): with
  /// `isUpstreamAffinity`, a location where a line wraps belongs to the line before.
  open func textLineFragment(for textLocation: any NSTextLocation, isUpstreamAffinity: Bool) -> NSTextLineFragment? {
    guard let layout = _ensureLayout(), let start = rangeInElement.location._offset, let target = textLocation._offset,
      let end = rangeInElement.endLocation._offset, target >= start, target <= end
    else { return nil }
    let index = target - start
    var previous: NSTextLineFragment?
    for line in layout.lines {
      let range = line.characterRange
      if index >= range.location, index < range.location + range.length || (range.length == 0 && index == range.location) {
        // Upstream, a wrap point is the line before's end; the empty line after the paragraph's
        // separator (the only line a break precedes) is its own.
        if isUpstreamAffinity, index == range.location, range.length > 0, let previous { return previous }
        return line
      }
      previous = line
    }
    return index == end - start ? layout.lines.last : nil
  }

  /// The line at `verticalOffset` (fragment coordinates): with `requiresExactMatch`, the line
  /// spanning it or nil; otherwise the first line whose bottom is below it (nil past the last).
  open func textLineFragment(forVerticalOffset verticalOffset: CGFloat, requiresExactMatch: Bool) -> NSTextLineFragment? {
    guard let lines = _ensureLayout()?.lines, verticalOffset.isFinite else { return nil }
    if requiresExactMatch {
      return lines.first { verticalOffset >= $0.typographicBounds.minY && verticalOffset < $0.typographicBounds.maxY }
    }
    return lines.first { verticalOffset < $0.typographicBounds.maxY }
  }

  // MARK: Drawing

  /// Draws the fragment's lines into `context` with the fragment's origin at `point`. A
  /// subclass draws around them and calls `super` for the text; in a text view the text is
  /// drawn where `super` is called (with the view's selection, marked text and links).
  open func draw(at point: CGPoint, in context: CGContext) {
    if let request = NSTextLayoutFragment._drawingForView, request.fragment === self {
      request.reached = true
      request.pathsBeforeText = context.drawings.count
      return
    }
    for line in textLineFragments {
      line.draw(at: CGPoint(x: point.x + line.typographicBounds.minX, y: point.y + line.typographicBounds.minY), in: context)
    }
  }

  /// Set while a text view draws this fragment: `super.draw(at:in:)` marks where the text goes.
  final class _ViewDrawing {
    let fragment: NSTextLayoutFragment
    var reached = false
    var pathsBeforeText = 0
    init(fragment: NSTextLayoutFragment) { self.fragment = fragment }
  }
  static var _drawingForView: _ViewDrawing?

  // MARK: Helpers

  /// The fragment's layout, made by its layout manager when missing.
  @discardableResult
  func _ensureLayout() -> _FragmentLayout? {
    guard let manager = textLayoutManager else { return _layout }
    if let layout = _layout {
      if _placedAt == manager._revision { return layout }
      // Changes only after it: where it was.
      if let end = _offsets?.upperBound, manager._unchangedBefore(end, since: _placedAt) {
        _placedAt = manager._revision
        return layout
      }
      // Laid out before a change elsewhere: the same lines, moved.
      if let moved = manager._moved(self, layout) {
        _layout = moved
        _placedAt = manager._revision
        return moved
      }
    }
    _layout = manager._layOut(self)
    _placedAt = manager._revision
    return _layout
  }

  /// The element's range as UTF-16 offsets of a content storage.
  var _offsets: Range<Int>? { rangeInElement._offsets ?? _element.elementRange?._offsets }
}

/// A layout fragment's laid-out lines and frame.
struct _FragmentLayout {
  var frame: CGRect
  var lines: [NSTextLineFragment]
  /// The paragraph's direction when its lines were laid out (nil: no lines).
  var rightToLeft: Bool? = nil
}
