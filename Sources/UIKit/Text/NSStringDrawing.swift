import Foundation
import Synchronization

// Measuring and drawing strings (Apple's NSStringDrawing.h): `size(withAttributes:)`,
// `boundingRect(with:options:attributes:context:)` and the `draw` methods of NSString, String
// and NSAttributedString.
//
// Text is measured with the measurer of the screen it is shown on: inside a view's `draw(_:)`
// the view's window's (a terminal counts cells), elsewhere the main screen's, which hosts set.
// A view that sizes itself with `boundingRect` and draws with `draw(in:)` therefore gets room
// for every character it draws. Lines break at spaces (a word longer than the line breaks
// between characters); trailing spaces hang past the line's end, as in TextKit.
//
// Drawing goes into the current drawing context: inside a view's `draw(_:)` each line becomes a
// text item of the view's display (drawn among the view's paths, in order). Outside `draw(_:)`
// there is no context, and nothing is drawn, as on iOS.

/// Options for measuring and drawing strings, with Apple's raw values.
public struct NSStringDrawingOptions: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Lay out lines from the rectangle's top-left corner, breaking them to its width (without it,
  /// the text is one line and the origin is its baseline's start).
  public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
  /// Add the font's leading to each line's height.
  public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
  /// Measure the glyphs' own bounds rather than their typographic bounds (the same here: a cell
  /// or a proportional advance is both).
  public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
  /// Cut the last line that fits the rectangle's height with an ellipsis when text is left over
  /// (only with ``usesLineFragmentOrigin``).
  public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// How drawing went, and how far it may shrink text (`minimumScaleFactor`).
open class NSStringDrawingContext: NSObject, @unchecked Sendable {
  /// The smallest scale text may be drawn at to fit (0 or 1: never shrinks). Kept: a terminal
  /// draws every size in one cell, so text is never shrunk.
  open var minimumScaleFactor: CGFloat = 0
  /// The scale the text was drawn at (always 1 here).
  open internal(set) var actualScaleFactor: CGFloat = 1
  /// The bounds of the text last measured or drawn with this context.
  open internal(set) var totalBounds: CGRect = .zero

  public override init() { super.init() }
}

// MARK: - Layout

/// Lays text out in lines with a host's measurer.
package enum _StringLayout {
  /// One laid-out line: its UTF-16 range in the string, what it shows, and where: its box
  /// (the paragraph's spacing included) and its text's place in it.
  package struct Line {
    package var range: Range<Int>
    package var string: String
    /// The width used: the head indent and the text (trailing spaces hang past it).
    package var width: CGFloat
    /// The whole height: space before the paragraph, the line, line and paragraph spacing.
    package var height: CGFloat
    package var truncated = false
    /// Where the text starts: the paragraph's head indent.
    package var indent: CGFloat = 0
    /// The width the text is aligned in, from `indent` (nil: unbounded).
    package var boxWidth: CGFloat?
    /// The space above the text (the paragraph's `paragraphSpacingBefore`).
    package var textTop: CGFloat = 0
    /// The text's own line height.
    package var textHeight: CGFloat = 0
    package var alignment: NSTextAlignment = .natural
    /// Whether a line break of its paragraph's own ends the line, or the text does (false: the
    /// line was wrapped). A justified paragraph's last line is not stretched.
    package var endsParagraph = false
  }

  /// The measurer for text measured now: the one of the view being drawn, else the screen's.
  package static var measurer: any TextMeasuring {
    UIGraphicsDrawingContext.currentTextRecording?.measurer ?? screenMeasurer
  }

  private static let screenMeasurerStorage = Mutex<any TextMeasuring>(ProportionalTextMeasurer())

  /// The main screen's measurer (`UIScreen.main._textMeasurer`), readable from any thread, as
  /// string measurement is on iOS.
  package static var screenMeasurer: any TextMeasuring {
    get { screenMeasurerStorage.withLock { $0 } }
    set { screenMeasurerStorage.withLock { $0 = newValue } }
  }

  /// The font a string draws in at `offset`, and the one that sets line heights (the largest).
  static func fonts(of string: NSAttributedString) -> (first: UIFont, largest: UIFont) {
    var largest: UIFont?
    var first: UIFont?
    var location = 0
    while location < string.length {
      var range = NSRange(location: 0, length: 0)
      let font = string.attribute(.font, at: location, effectiveRange: &range) as? UIFont ?? UIFont._defaultAttributedStringFont
      if first == nil { first = font }
      if largest.map({ font.pointSize > $0.pointSize }) ?? true { largest = font }
      location = max(location + 1, range.location + range.length)
    }
    let fallback = UIFont._defaultAttributedStringFont
    return (first ?? fallback, largest ?? fallback)
  }

  /// The paragraph style at UTF-16 offset `offset` (the style of a paragraph is the one at
  /// its start, as TextKit reads it), or the default.
  static func paragraphStyle(of string: NSAttributedString, at offset: Int) -> NSParagraphStyle {
    guard string.length > 0 else { return .default }
    return string.attribute(.paragraphStyle, at: min(offset, string.length - 1), effectiveRange: nil) as? NSParagraphStyle
      ?? .default
  }

  /// The lines of `string`: broken at newlines, and to `width` when it is given, each
  /// paragraph with its style's indents, line height and spacing.
  static func lines(
    of string: NSAttributedString, width: CGFloat?, options: NSStringDrawingOptions, maximumHeight: CGFloat?,
    measurer: any TextMeasuring
  ) -> [Line] {
    let text = string.string
    let font = fonts(of: string).largest
    var naturalHeight = measurer.size(of: "X", font: font).height
    if options.contains(.usesFontLeading) { naturalHeight += font.leading }
    // Kerned characters take their kern after them, as hosts draw it (TextKerning.swift).
    let kerned = kernedRanges(of: string, step: measurer.advanceStep)
    func measure(_ s: Substring) -> CGFloat {
      let width = measurer.size(of: String(s), font: font).width
      guard !kerned.isEmpty, !s.isEmpty else { return width }
      var at = text.utf16.distance(from: text.startIndex, to: s.startIndex)
      var kern: CGFloat = 0
      for character in s {
        if let run = kerned.first(where: { $0.range.contains(at) }) { kern += run.advance }
        at += character.utf16.count
      }
      return width + kern
    }
    var lines: [Line] = []
    var offset = 0
    let paragraphs = options.contains(.usesLineFragmentOrigin) ? text.split(separator: "\n", omittingEmptySubsequences: false) : [text[...]]
    for (number, paragraph) in paragraphs.enumerated() {
      let paragraphStart = offset
      defer { offset = paragraphStart + paragraph.utf16.count + 1 }
      let style = paragraphStyle(of: string, at: paragraphStart)
      let textHeight = style._lineHeight(natural: naturalHeight)
      let firstLine = lines.count
      // The line box of a line: from its head indent to the tail indent.
      func box(first: Bool) -> (indent: CGFloat, width: CGFloat?) {
        let indent = max(0, first ? style.firstLineHeadIndent : style.headIndent)
        guard let width, width > 0 else {
          return (indent, style.tailIndent > 0 ? max(0, style.tailIndent - indent) : nil)
        }
        let end = style.tailIndent > 0 ? min(width, style.tailIndent) : width + style.tailIndent
        return (indent, max(0, end - indent))
      }
      func append(_ range: Range<Int>, _ string: Substring, visibleWidth: CGFloat) {
        let (indent, boxWidth) = box(first: lines.count == firstLine)
        lines.append(Line(
          range: range, string: String(string), width: indent + visibleWidth, height: textHeight + style.lineSpacing,
          indent: indent, boxWidth: boxWidth, textHeight: textHeight, alignment: style.alignment))
      }
      if let available = box(first: true).width {
        // Greedy breaking: words (with their trailing spaces) while they fit.
        var lineStart = paragraph.startIndex
        var lineEnd = paragraph.startIndex
        var index = paragraph.startIndex
        var limit = available
        func emit(_ end: String.Index) {
          let content = paragraph[lineStart..<end]
          var visible = content
          while visible.last == " " { visible = visible.dropLast() }
          let start = paragraphStart + paragraph.utf16.distance(from: paragraph.startIndex, to: lineStart)
          append(start..<(start + content.utf16.count), content, visibleWidth: measure(visible))
          lineStart = end
          limit = box(first: false).width ?? available
        }
        while index < paragraph.endIndex {
          // The next word and the spaces after it.
          var wordEnd = index
          while wordEnd < paragraph.endIndex, paragraph[wordEnd] != " " { wordEnd = paragraph.index(after: wordEnd) }
          var spacesEnd = wordEnd
          while spacesEnd < paragraph.endIndex, paragraph[spacesEnd] == " " { spacesEnd = paragraph.index(after: spacesEnd) }
          if measure(paragraph[lineStart..<wordEnd]) <= limit {
            lineEnd = spacesEnd
            index = spacesEnd
            continue
          }
          if lineEnd > lineStart {
            // The word goes to the next line.
            emit(lineEnd)
            continue
          }
          // A word wider than the line: as many characters as fit (at least one).
          var cut = paragraph.index(after: lineStart)
          while cut < wordEnd, measure(paragraph[lineStart..<paragraph.index(after: cut)]) <= limit {
            cut = paragraph.index(after: cut)
          }
          emit(cut)
          lineEnd = lineStart
          index = lineStart
        }
        if lineStart < paragraph.endIndex || lines.count == firstLine {
          emit(paragraph.endIndex)
        }
      } else {
        append(paragraphStart..<(paragraphStart + paragraph.utf16.count), paragraph, visibleWidth: measure(paragraph))
      }
      lines[lines.count - 1].endsParagraph = true
      // Space before a paragraph never tops the text's first one; space after follows a
      // paragraph a line feed ends.
      if number > 0, style.paragraphSpacingBefore > 0 {
        lines[firstLine].textTop = style.paragraphSpacingBefore
        lines[firstLine].height += style.paragraphSpacingBefore
      }
      if number < paragraphs.count - 1, style.paragraphSpacing > 0 {
        lines[lines.count - 1].height += style.paragraphSpacing
      }
    }
    // Lines past the height are cut; the last visible one ends in an ellipsis when asked.
    // (A height as large as `.greatestFiniteMagnitude`, the usual "unlimited", fits every line.)
    if let maximumHeight, maximumHeight > 0, maximumHeight.isFinite,
      options.contains(.truncatesLastVisibleLine), options.contains(.usesLineFragmentOrigin)
    {
      var fitting = 0
      var bottom: CGFloat = 0
      while fitting < lines.count, bottom + lines[fitting].textTop + lines[fitting].textHeight <= maximumHeight {
        bottom += lines[fitting].height
        fitting += 1
      }
      fitting = max(1, fitting)
      if lines.count > fitting {
        lines.removeSubrange(fitting...)
        var last = lines[fitting - 1]
        var kept = Substring(last.string)
        while kept.last == " " { kept = kept.dropLast() }
        let limit = last.boxWidth ?? .infinity
        while !kept.isEmpty, measure(kept + "…") > limit { kept = kept.dropLast() }
        last.string = String(kept) + "…"
        last.width = last.indent + measure(Substring(last.string))
        last.truncated = true
        lines[fitting - 1] = last
      }
    }
    return lines
  }

  /// The ranges of `string` whose characters are kerned, with what each of their characters
  /// gains where advances are whole `step`s (none: the usual case).
  static func kernedRanges(of string: NSAttributedString, step: CGFloat) -> [(range: Range<Int>, advance: CGFloat)] {
    var ranges: [(range: Range<Int>, advance: CGFloat)] = []
    string.enumerateAttribute(.kern, in: NSRange(location: 0, length: string.length)) { value, range, _ in
      guard let kern = TextKerning.points(value), kern != 0 else { return }
      let advance = TextKerning.advance(kern, step: step)
      if advance != 0 { ranges.append((range.location..<(range.location + range.length), advance)) }
    }
    return ranges
  }

  /// The rectangle `boundingRect` reports for `string`.
  static func boundingRect(
    of string: NSAttributedString, size: CGSize, options: NSStringDrawingOptions, context: NSStringDrawingContext?
  ) -> CGRect {
    let measurer = measurer
    let wraps = options.contains(.usesLineFragmentOrigin)
    let lines = lines(
      of: string, width: wraps && size.width > 0 ? size.width : nil, options: options,
      maximumHeight: size.height, measurer: measurer)
    let width = lines.map(\.width).max() ?? 0
    let height = lines.reduce(0) { $0 + $1.height }
    var rect = CGRect(x: 0, y: 0, width: width, height: height)
    if !wraps {
      // The origin is the baseline's start: the line rises above it by the font's ascent.
      let font = fonts(of: string).largest
      rect.origin.y = -(height * font.ascender / font.lineHeight)
    }
    context?.totalBounds = rect
    context?.actualScaleFactor = 1
    return rect
  }

  /// Draws `string` into the current drawing context: in `rect` (top-left origin, lines broken to
  /// its width and clipped to it) or, with `rect` of zero size, as lines from a point.
  static func draw(
    _ string: NSAttributedString, in rect: CGRect, options: NSStringDrawingOptions, breaksLines: Bool,
    clips: Bool, context: NSStringDrawingContext?
  ) {
    guard let recording = UIGraphicsDrawingContext.currentTextRecording, string.length > 0 else { return }
    let measurer = recording.measurer ?? screenMeasurer
    let lines = lines(
      of: string, width: breaksLines ? rect.width : nil, options: options,
      maximumHeight: clips ? rect.height : nil, measurer: measurer)
    let runs = _AttributeRuns(string, defaults: [:], revision: 0)
    let (firstFont, _) = fonts(of: string)
    let color = (string.length > 0 ? string.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor : nil) ?? .black
    // Text drawn from a point is not clipped by a rectangle of its own, only by the view.
    let clip = clips ? rect : UIGraphicsDrawingContext.unclipped
    var y = rect.minY
    var widest: CGFloat = 0
    for line in lines {
      defer { y += line.height }
      let top = y + line.textTop
      if clips, top + line.textHeight / 2 > rect.maxY { break }
      // A justified paragraph's last line, and a line cut with "…", are natural.
      let stretches = line.alignment == .justified && !line.endsParagraph && !line.truncated
      let alignment = line.alignment == .natural || line.alignment == .justified ? NSTextAlignment.left : line.alignment
      var run = TextRun(string: line.string, font: firstFont, color: color, alignment: alignment)
      if !line.truncated {
        run.spans = runs.spans(in: line.range)
      } else {
        run.spans = runs.spans(in: line.range.lowerBound..<min(line.range.upperBound, line.range.lowerBound + line.string.utf16.count - 1))
      }
      // Aligned within the line's box: from the head indent to the tail indent (or the
      // rectangle's edge); text drawn from a point has no edge, so it runs on from its indent.
      let boxWidth = line.boxWidth ?? (clips ? rect.width - line.indent : max(line.width, 1e6))
      if stretches, line.boxWidth != nil || clips { run.justifiedWidth = max(0, boxWidth) }
      widest = max(widest, line.width)
      recording.record(
        run, frame: CGRect(x: rect.minX + line.indent, y: top, width: max(0, boxWidth), height: line.textHeight), clip: clip,
        lineWidth: line.width)
    }
    context?.totalBounds = CGRect(x: rect.minX, y: rect.minY, width: widest, height: y - rect.minY)
  }
}

// MARK: - NSAttributedString

extension NSAttributedString {
  /// The size of the string drawn on one line per paragraph.
  public func size() -> CGSize {
    _StringLayout.boundingRect(
      of: self, size: .zero, options: [.usesLineFragmentOrigin], context: nil
    ).size
  }

  /// The rectangle the string takes when drawn with `options` in a rectangle of `size` (width 0:
  /// unlimited). Without `.usesLineFragmentOrigin` the text is one line and the rectangle's origin
  /// is relative to its baseline. Sizes may be fractional: round them up to size a view.
  public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) -> CGRect {
    _StringLayout.boundingRect(of: self, size: size, options: options, context: context)
  }

  /// Draws the string with the top-left of its first line at `point` (one line per paragraph).
  public func draw(at point: CGPoint) {
    _StringLayout.draw(
      self, in: CGRect(origin: point, size: .zero), options: [.usesLineFragmentOrigin], breaksLines: false, clips: false,
      context: nil)
  }

  /// Draws the string in `rect`: lines broken to its width, clipped to it.
  public func draw(in rect: CGRect) {
    _StringLayout.draw(self, in: rect, options: [.usesLineFragmentOrigin], breaksLines: true, clips: true, context: nil)
  }

  /// Draws the string with `options`: with `.usesLineFragmentOrigin` as ``draw(in:)`` (cut with an
  /// ellipsis when `.truncatesLastVisibleLine` asks); without it, one line whose baseline starts
  /// at `rect.origin`.
  public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) {
    if options.contains(.usesLineFragmentOrigin) {
      _StringLayout.draw(self, in: rect, options: options, breaksLines: true, clips: true, context: context)
    } else {
      let font = _StringLayout.fonts(of: self).largest
      let measurer = _StringLayout.measurer
      let height = measurer.size(of: "X", font: font).height
      let top = rect.minY - height * font.ascender / font.lineHeight
      _StringLayout.draw(
        self, in: CGRect(x: rect.minX, y: top, width: 0, height: 0), options: options, breaksLines: false, clips: false,
        context: context)
    }
  }
}

// MARK: - NSString and String

extension NSString {
  /// The size of the string drawn with `attrs` (one line per paragraph).
  public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
    NSAttributedString(string: self as String, attributes: attrs).size()
  }

  /// The rectangle the string takes drawn with `options` and `attributes` in a rectangle of `size`.
  public func boundingRect(
    with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
    context: NSStringDrawingContext?
  ) -> CGRect {
    NSAttributedString(string: self as String, attributes: attributes).boundingRect(with: size, options: options, context: context)
  }

  /// Draws the string at `point` with `attrs`.
  public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
    NSAttributedString(string: self as String, attributes: attrs).draw(at: point)
  }

  /// Draws the string in `rect` with `attrs`.
  public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
    NSAttributedString(string: self as String, attributes: attrs).draw(in: rect)
  }

  /// Draws the string in `rect` with `options` and `attributes`.
  public func draw(
    with rect: CGRect, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
    context: NSStringDrawingContext?
  ) {
    NSAttributedString(string: self as String, attributes: attributes).draw(with: rect, options: options, context: context)
  }
}

// Swift's String reaches these through NSString on Apple's platforms; here it has its own.
extension StringProtocol {
  /// The size of the string drawn with `attrs` (one line per paragraph).
  public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
    NSAttributedString(string: String(self), attributes: attrs).size()
  }

  /// The rectangle the string takes drawn with `options` and `attributes` in a rectangle of `size`.
  public func boundingRect(
    with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
    context: NSStringDrawingContext?
  ) -> CGRect {
    NSAttributedString(string: String(self), attributes: attributes).boundingRect(with: size, options: options, context: context)
  }

  /// Draws the string at `point` with `attrs`.
  public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
    NSAttributedString(string: String(self), attributes: attrs).draw(at: point)
  }

  /// Draws the string in `rect` with `attrs`.
  public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
    NSAttributedString(string: String(self), attributes: attrs).draw(in: rect)
  }

  /// Draws the string in `rect` with `options` and `attributes`.
  public func draw(
    with rect: CGRect, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
    context: NSStringDrawingContext?
  ) {
    NSAttributedString(string: String(self), attributes: attributes).draw(with: rect, options: options, context: context)
  }
}
