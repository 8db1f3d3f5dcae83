import Foundation

/// One laid-out line of a layout fragment: the range of its paragraph's text it shows, its
/// bounds within the layout fragment, and where its characters are.
@preconcurrency @MainActor
open class NSTextLineFragment: NSObject {
  /// The text the line shows part of: its paragraph's (or what it was made with).
  open var attributedString: NSAttributedString { _attributedString ?? _paragraph?.attributedString ?? NSAttributedString(string: "") }
  private var _attributedString: NSAttributedString?
  /// The paragraph whose text the line shows (read when asked for).
  private var _paragraph: NSTextParagraph?
  /// The line's characters in ``attributedString`` (the line break included).
  open private(set) var characterRange: NSRange
  /// The line's bounds, in its layout fragment's coordinates: as wide as its text uses, as tall
  /// as the line (its spacing included).
  open internal(set) var typographicBounds: CGRect
  /// Where the line's first glyph sits, from the line's origin: its left edge and its baseline.
  open internal(set) var glyphOrigin: CGPoint

  /// Each character drawn, in line coordinates (from the line's origin), in visual order:
  /// its range in `attributedString`, its left edge and width.
  var _characters: [(range: Range<Int>, left: CGFloat, width: CGFloat)]
  /// Where the caret stands on a line with no character (line coordinates).
  var _emptyCaretX: CGFloat
  /// The top of the glyphs, from the line's origin.
  var _textTop: CGFloat

  /// A line of `range` of `attributedString`, laid out alone on one line with the screen's
  /// measurer (a layout manager's lines are made by the layout manager).
  public init(attributedString: NSAttributedString, range: NSRange) {
    let length = attributedString.length
    let start = min(max(0, range.location), length)
    let end = min(length, start + max(0, range.length))
    _attributedString = attributedString
    characterRange = NSRange(location: start, length: end - start)
    let font =
      (length > 0 ? attributedString.attribute(.font, at: min(start, length - 1), effectiveRange: nil) as? UIFont : nil)
      ?? UIFont.systemFont(ofSize: 12)
    let measurer = _StringLayout.measurer
    let height = measurer.size(of: "X", font: font).height
    var characters: [(range: Range<Int>, left: CGFloat, width: CGFloat)] = []
    var x: CGFloat = 0
    var offset = start
    let string = (attributedString.string as NSString).substring(with: characterRange)
    for character in string {
      let n = character.utf16.count
      defer { offset += n }
      if character.isNewline { continue }
      let width = measurer.size(of: character == "\t" ? " " : String(character), font: font).width
      characters.append((offset..<(offset + n), x, width))
      x += width
    }
    _characters = characters
    _emptyCaretX = 0
    _textTop = 0
    typographicBounds = CGRect(x: 0, y: 0, width: x, height: height)
    glyphOrigin = CGPoint(x: 0, y: height * font.ascender / max(font.lineHeight, 1))
    super.init()
  }

  /// A line of `range` of `string` with `attributes`.
  public convenience init(string: String, attributes: [NSAttributedString.Key: Any] = [:], range: NSRange) {
    self.init(attributedString: NSAttributedString(string: string, attributes: attributes), range: range)
  }

  /// A line of no text: nothing here is archived (there are no nibs).
  public required init?(coder: NSCoder) {
    _attributedString = NSAttributedString(string: "")
    characterRange = NSRange(location: 0, length: 0)
    typographicBounds = .zero
    glyphOrigin = .zero
    _characters = []
    _emptyCaretX = 0
    _textTop = 0
    super.init()
  }

  /// A line a layout manager laid out.
  init(
    laidOut paragraph: NSTextParagraph?, range: NSRange, bounds: CGRect, glyphOrigin: CGPoint, textTop: CGFloat,
    characters: [(range: Range<Int>, left: CGFloat, width: CGFloat)], emptyCaretX: CGFloat
  ) {
    _paragraph = paragraph
    if paragraph == nil { _attributedString = NSAttributedString(string: "") }
    characterRange = range
    typographicBounds = bounds
    self.glyphOrigin = glyphOrigin
    _characters = characters
    _emptyCaretX = emptyCaretX
    _textTop = textTop
    super.init()
  }

  // MARK: Geometry

  /// Where the caret before the character at `index` of ``attributedString`` stands, from the
  /// line's origin (its baseline's height); the line's end for an index past its characters.
  open func locationForCharacter(at index: Int) -> CGPoint {
    CGPoint(x: _caretX(before: index), y: glyphOrigin.y)
  }

  /// The index in ``attributedString`` of the character under `point` (line coordinates):
  /// the line's first character before its start, `NSNotFound` past its end.
  open func characterIndex(for point: CGPoint) -> Int {
    let x = point.x.isFinite ? point.x : 0
    guard let hit = _hit(x) else { return characterRange.location }
    if let rightmost = _characters.max(by: { $0.left < $1.left }), x >= rightmost.left + rightmost.width { return NSNotFound }
    return hit.character.range.lowerBound
  }

  /// How far across the character under `point` (line coordinates) the point is, 0 to 1.
  open func fractionOfDistanceThroughGlyph(for point: CGPoint) -> CGFloat {
    _hit(point.x.isFinite ? point.x : 0)?.fraction ?? 0
  }

  /// Draws the line's text into `context` with the line's origin at `point`.
  open func draw(at point: CGPoint, in context: CGContext) {
    let length = attributedString.length
    var range = characterRange
    let separator = NSTextParagraph._separatorLength(
      ofTextEndingIn: (attributedString.string as NSString).substring(with: range))
    range.length -= separator
    guard range.length > 0, range.location + range.length <= length else { return }
    let start = _characters.map(\.left).min() ?? 0
    UIGraphicsPushContext(context)
    attributedString.attributedSubstring(from: range).draw(at: CGPoint(x: point.x + start, y: point.y + _textTop))
    UIGraphicsPopContext()
  }

  // MARK: Helpers

  private func _caretX(before index: Int) -> CGFloat {
    if let at = _characters.first(where: { $0.range.lowerBound == index }) { return at.left }
    if let before = _characters.first(where: { $0.range.upperBound == index }) { return before.left + before.width }
    if let inside = _characters.first(where: { $0.range.contains(index) }) { return inside.left }
    return _characters.last.map { $0.left + $0.width } ?? _emptyCaretX
  }

  private func _hit(_ x: CGFloat) -> (character: (range: Range<Int>, left: CGFloat, width: CGFloat), fraction: CGFloat)? {
    guard let (hit, fraction) = _characterHit(atX: x, in: _characters) else { return nil }
    return (hit, min(1, max(0, fraction)))
  }
}
