import Foundation

/// The shape of a multi-line text preview, from a layout manager: the rectangles of the first
/// line, the lines between and the last line of a range, as a text view lifts them.
///
/// `image` is an image of the preview's size: images here carry no pixels (hosts draw the
/// preview from the view itself, cut to its lines).
@preconcurrency @MainActor
open class UITextDragPreviewRenderer: NSObject {
  /// The layout manager the text is laid out by.
  open private(set) var layoutManager: NSLayoutManager
  /// The characters previewed (UTF-16, of the layout manager's text storage).
  private let range: NSRange
  private let unifiesRects: Bool
  /// One rectangle per line, in the text container's coordinates.
  private let lines: [CGRect]

  /// A renderer for `range` as `layoutManager` lays it out in its first text container.
  public convenience init(layoutManager: NSLayoutManager, range: NSRange) {
    self.init(layoutManager: layoutManager, range: range, unifyRects: false)
  }

  /// A renderer for `range`; with `unifyRects` the lines between the first and the last span
  /// the whole width of the text, and the first and last lines reach the body's edges.
  public init(layoutManager: NSLayoutManager, range: NSRange, unifyRects: Bool) {
    self.layoutManager = layoutManager
    self.range = range
    unifiesRects = unifyRects
    var lines: [CGRect] = []
    if let container = layoutManager.textContainers.first {
      let glyphs = layoutManager.glyphRange(forCharacterRange: range, actualCharacterRange: nil)
      layoutManager.enumerateEnclosingRects(
        forGlyphRange: glyphs, withinSelectedGlyphRange: glyphs, in: container
      ) { rect, _ in
        if rect.width > 0 { lines.append(rect) }
      }
    }
    self.lines = lines
    super.init()
  }

  /// The first line's rectangle (zero without text).
  open var firstLineRect: CGRect {
    guard var first = lines.first else { return .zero }
    if unifiesRects, lines.count > 1 { first.size.width = max(first.width, body.maxX - first.minX) }
    return first
  }

  /// The rectangle of the lines between the first and the last (zero for one or two lines).
  open var bodyRect: CGRect {
    guard lines.count > 2 else { return .zero }
    return body
  }

  /// The last line's rectangle (zero for a single line).
  open var lastLineRect: CGRect {
    guard lines.count > 1, var last = lines.last else { return .zero }
    if unifiesRects {
      let left = min(last.minX, body.minX)
      last.size.width = last.maxX - left
      last.origin.x = left
    }
    return last
  }

  /// The lines between, widened to every line's span when rects are unified.
  private var body: CGRect {
    let middle = lines.count > 2 ? Array(lines.dropFirst().dropLast()) : []
    let all = unifiesRects ? lines : middle
    guard let first = all.first else { return .zero }
    var union = all.dropFirst().reduce(first) { $0.union($1) }
    if !middle.isEmpty {
      union.origin.y = middle[0].minY
      union.size.height = middle[middle.count - 1].maxY - middle[0].minY
    }
    return union
  }

  /// An image the size of all the lines.
  open var image: UIImage {
    let bounds =
      lines.first.map { first in lines.dropFirst().reduce(first) { $0.union($1) } } ?? .zero
    return UIImage(name: nil, isSymbol: false, size: bounds.size)
  }

  /// Moves the three rectangles by `origin` (where the text container's origin lies in the
  /// view), and, when rects are unified, lines the first and last up with the body.
  open func adjust(
    firstLineRect: inout CGRect, bodyRect: inout CGRect, lastLineRect: inout CGRect,
    textOrigin origin: CGPoint
  ) {
    firstLineRect = firstLineRect.offsetBy(dx: origin.x, dy: origin.y)
    bodyRect = bodyRect.offsetBy(dx: origin.x, dy: origin.y)
    lastLineRect = lastLineRect.offsetBy(dx: origin.x, dy: origin.y)
    guard unifiesRects, !bodyRect.isEmpty else { return }
    firstLineRect.size.width = bodyRect.maxX - firstLineRect.minX
    lastLineRect.size.width = lastLineRect.maxX - bodyRect.minX
    lastLineRect.origin.x = bodyRect.minX
  }
}
