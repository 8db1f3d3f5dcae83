import Foundation

/// Read-only text: one line by default, wrapped by words when `numberOfLines` is 0 or more
/// than 1, centred vertically in its bounds.
@preconcurrency @MainActor
open class UILabel: UIView {
  /// The text (nil: none). Setting it drops the attributes of an attributed text.
  open var text: String? {
    get { _text }
    set {
      _text = newValue
      _runs = nil
      invalidateIntrinsicContentSize()
    }
  }
  private var _text: String?
  /// The attributes of ``attributedText`` per range (nil: the text has the label's font and
  /// colour throughout).
  private var _runs: _AttributeRuns?
  /// The text with attributes. Each range keeps its own (drawn: colours, bold, italic,
  /// underline, strikethrough, links in the link colour, underlined, as iOS draws them); the
  /// first character's font and colour become the label's, and lines are laid out in that font.
  /// Setting it does not go through an overriding `text` setter (as on iOS: a subclass whose
  /// `text` observer sets `attributedText` must not recurse).
  open var attributedText: NSAttributedString? {
    get {
      guard let text = _text else { return nil }
      if let runs = _runs { return runs.attributedString(text) }
      return NSAttributedString(string: text, attributes: [.font: font!, .foregroundColor: textColor!])
    }
    set {
      _text = newValue?.string
      _runs = nil
      invalidateIntrinsicContentSize()
      if let newValue, newValue.length > 0 {
        if let font = newValue.attribute(.font, at: 0, effectiveRange: nil) as? UIFont { self.font = font }
        if let color = newValue.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor { textColor = color }
        if let style = newValue.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle {
          textAlignment = style.alignment
        }
        // Characters without a font or colour of their own keep none, drawn plain in the label's
        // colour (as a text view draws them).
        _runs = _AttributeRuns(newValue, defaults: [:], revision: 0)
      }
    }
  }
  /// The font (system 17 pt by default; nil restores it).
  open var font: UIFont! {
    get { _font }
    set {
      guard _appearanceSetterProceeds("font") else { return }
      _font = newValue ?? UIFont._defaultLabelFont
      // As on iOS, the label's font applies to the whole attributed text.
      if let length = _runs?.length { _runs?.modify(in: 0..<length) { $0[.font] = _font } }
      invalidateIntrinsicContentSize()
    }
  }
  private var _font: UIFont = UIFont._defaultLabelFont
  /// The text colour (`.label` by default; nil restores it).
  open var textColor: UIColor! {
    get { _textColor }
    set {
      guard _appearanceSetterProceeds("textColor") else { return }
      _textColor = newValue ?? .label
      if let length = _runs?.length { _runs?.modify(in: 0..<length) { $0[.foregroundColor] = _textColor } }
    }
  }
  private var _textColor: UIColor = .label
  /// The colour of the text while highlighted.
  open var highlightedTextColor: UIColor?
  /// Whether the label draws highlighted.
  open var isHighlighted = false
  /// Whether the label draws enabled (disabled text is dimmed).
  open var isEnabled = true
  /// The horizontal alignment.
  open var textAlignment: NSTextAlignment = .natural
  /// The most lines drawn (0: as many as needed).
  open var numberOfLines = 1 {
    didSet { if numberOfLines != oldValue { invalidateIntrinsicContentSize() } }
  }
  /// How a line too long for the width ends.
  open var lineBreakMode: NSLineBreakMode = .byTruncatingTail {
    didSet { if lineBreakMode != oldValue { setNeedsDisplay() } }
  }
  /// The last truncation: a label is drawn at every frame, and the same text in the same width
  /// truncates the same way.
  private var _truncationMemo:
    (text: String, shown: Int, width: CGFloat, font: UIFont, kern: CGFloat, measurer: Int?, mode: NSLineBreakMode, line: _TruncatedLine?)?
  /// Whether the font shrinks (down to `minimumScaleFactor`) to fit one line in the width.
  open var adjustsFontSizeToFitWidth = false
  /// Whether the font (one from `preferredFont(forTextStyle:)` or `UIFontMetrics`) follows
  /// content size category changes.
  open var adjustsFontForContentSizeCategory = false
  /// The smallest scale of the font ``adjustsFontSizeToFitWidth`` may use.
  open var minimumScaleFactor: CGFloat = 0
  /// The width at which multi-line text wraps for ``intrinsicContentSize`` (0: unbounded).
  open var preferredMaxLayoutWidth: CGFloat = 0 {
    didSet { if preferredMaxLayoutWidth != oldValue { invalidateIntrinsicContentSize() } }
  }

  public override init(frame: CGRect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    isUserInteractionEnabled = false
  }


  /// How text is measured: by the window's measurer, or, outside a window (a label sized with
  /// `sizeToFit()` before it is added, as iOS code often does), by the key window's, since on a
  /// device text measures the same wherever the label is.
  private var measurer: any TextMeasuring {
    window?.textMeasurer ?? UIApplication.shared.keyWindow?.textMeasurer ?? ProportionalTextMeasurer()
  }

  /// The lines of the text laid out for `width` (nil: unbounded).
  func _lines(width: CGFloat?, font: UIFont) -> [String] { _laidOutLines(width: width, font: font).lines }

  /// The lines of the text laid out for `width` (nil: unbounded), and which of them end their
  /// paragraph (the text's line breaks, or its end, rather than wrapping): a justified label
  /// stretches the others.
  func _laidOutLines(width: CGFloat?, font: UIFont, limit: Int? = nil) -> (lines: [String], endsParagraph: [Bool]) {
    let numberOfLines = limit ?? self.numberOfLines
    guard let text, !text.isEmpty else { return ([], []) }
    // One line: the text with its line breaks drawn as spaces. (Most labels have no break, and
    // a label is laid out at every frame: that case copies nothing.)
    guard numberOfLines != 1 else {
      guard text.utf8.contains(0x0A) else { return ([text], [true]) }
      return ([text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ")], [true])
    }
    // Lines break with each character taking the kern of the text's first (a label's kern is
    // almost always its whole text's); drawing and sizing take each character's own.
    let kern = _kerning()?(0) ?? 0
    func kernedWidth(_ string: String) -> CGFloat {
      measurer.size(of: string, font: font).width + (kern == 0 ? 0 : kern * CGFloat(string.count))
    }
    let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var lines: [String] = []
    var endsParagraph: [Bool] = []
    for paragraph in paragraphs {
      defer {
        endsParagraph += Array(repeating: false, count: lines.count - endsParagraph.count)
        endsParagraph[endsParagraph.count - 1] = true
      }
      guard let width, width > 0 else {
        lines.append(paragraph)
        continue
      }
      var line = ""
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
        let candidate = line.isEmpty ? String(word) : line + " " + word
        if line.isEmpty || kernedWidth(candidate) <= width {
          line = candidate
        } else {
          lines.append(line)
          line = String(word)
        }
        // A single word wider than the line breaks by character.
        while kernedWidth(line) > width, line.count > 1 {
          var head = ""
          for character in line {
            if kernedWidth(head + String(character)) > width, !head.isEmpty { break }
            head.append(character)
          }
          lines.append(head)
          line = String(line.dropFirst(head.count))
        }
      }
      lines.append(line)
    }
    if numberOfLines > 0 && lines.count > numberOfLines {
      lines = Array(lines.prefix(numberOfLines))
      // The last line shown stands for the rest of the text: drawn as a last line.
      endsParagraph = Array(endsParagraph.prefix(numberOfLines - 1)) + [true]
    }
    return (lines, endsParagraph)
  }

  /// The size of the text laid out in `size` (a side of 0: no limit; a multi-line label without
  /// a width wraps at ``preferredMaxLayoutWidth``), through
  /// ``textRect(forBounds:limitedToNumberOfLines:)`` as on iOS: a subclass that insets its text
  /// there sizes with its insets.
  open override func sizeThatFits(_ size: CGSize) -> CGSize { _fittingSize(width: size.width, height: size.height) }

  private func _fittingSize(width: CGFloat, height: CGFloat) -> CGSize {
    let unlimited = CGFloat.greatestFiniteMagnitude
    // One line is as wide as its text whatever width is proposed (drawing cuts it).
    let wrapWidth = numberOfLines == 1 ? unlimited : width > 0 ? width : (preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : unlimited)
    let rect = textRect(
      forBounds: CGRect(x: 0, y: 0, width: wrapWidth, height: height > 0 ? height : unlimited),
      limitedToNumberOfLines: numberOfLines)
    return CGSize(width: max(0, rect.width).rounded(.up), height: max(0, rect.height).rounded(.up))
  }

  /// Where the text goes in `bounds`: at its top left, as wide as its widest line (at most the
  /// bounds' width) and as tall as its lines, `numberOfLines` of them at most (0: all). Override
  /// to change the rectangle the label sizes itself by (``sizeThatFits(_:)`` and
  /// ``intrinsicContentSize`` ask it); an inset label outsets what `super` answers for its inset
  /// bounds, and insets the rectangle it passes to `super`'s ``drawText(in:)``.
  open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
    let width: CGFloat? = numberOfLines == 1 || !(bounds.width < .greatestFiniteMagnitude) ? nil : max(0, bounds.width)
    let lines = _laidOutLines(width: width, font: _font, limit: numberOfLines).lines
    guard !lines.isEmpty else { return CGRect(origin: bounds.origin, size: .zero) }
    let starts = _runs.map { _ in _offsets(of: lines) }
    var widest = lines.indices.map { index in
      measurer.size(of: lines[index], font: _font).width + _kernWidth(of: lines[index], at: starts?[index] ?? 0)
    }.max() ?? 0
    if bounds.width > 0, bounds.width < .greatestFiniteMagnitude, numberOfLines == 1 { widest = min(widest, bounds.width) }
    return CGRect(x: bounds.minX, y: bounds.minY, width: widest, height: _lineMetrics(font: _font).pitch * CGFloat(lines.count))
  }

  /// Resizes the label to fit its whole text on as many lines as it may use.
  open override func sizeToFit() {
    let fitting = sizeThatFits(numberOfLines == 1 ? .zero : CGSize(width: bounds.width, height: 0))
    frame = CGRect(origin: frame.origin, size: fitting)
  }

  /// A label of several lines without a `preferredMaxLayoutWidth` wraps at the width layout
  /// gave it, as on iOS: its height follows its width, in a second pass when the width changes.
  open override var intrinsicContentSize: CGSize {
    let wrapWidth = preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : (numberOfLines != 1 ? bounds.width : 0)
    return _fittingSize(width: wrapWidth, height: 0)
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    if numberOfLines != 1, preferredMaxLayoutWidth == 0, bounds.width != _widthOfLastLayout {
      _widthOfLastLayout = bounds.width
      invalidateIntrinsicContentSize()
    }
  }
  private var _widthOfLastLayout: CGFloat = 0

  /// Draws the label's text in `rect`, centred vertically in it, into the current drawing
  /// context. UIKit calls it with the bounds whenever the label is drawn; override it to draw
  /// differently (inset, top-aligned, through a layout manager's `drawGlyphs(forGlyphRange:at:)`)
  /// and call `super` with another rectangle, or draw the text yourself and do not.
  open func drawText(in rect: CGRect) {
    guard let recording = UIGraphicsDrawingContext.currentTextRecording else { return }
    for (frame, run) in _drawnLines(in: rect) {
      // The label's own text is not cut at its bounds (a line a little wider than a terminal's
      // cells allow stays whole), only by what its ancestors show.
      recording.record(run, frame: frame, clip: UIGraphicsDrawingContext.unclipped, lineWidth: frame.width)
    }
  }

  /// The text block is centred vertically: its first baseline is one ascent below the block's
  /// top, its last one line's descent above the block's bottom.
  override var _firstBaseline: _Baseline {
    let line = measurer.size(of: "X", font: _font).height
    let block = max(line, intrinsicContentSize.height)
    return _Baseline(heightFraction: 0.5, offset: -block / 2 + line * _font.ascender / _font.lineHeight)
  }

  override var _lastBaseline: _Baseline {
    let line = measurer.size(of: "X", font: _font).height
    let block = max(line, intrinsicContentSize.height)
    return _Baseline(heightFraction: 0.5, offset: block / 2 - line * (-_font.descender) / _font.lineHeight)
  }

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    // As iOS's `drawRect:` does, the label draws through `drawText(in:)` with its bounds, into
    // a context of its own: what an override draws there lands where the label is.
    let drawnBounds = bounds
    let origin = CGPoint(x: rect.minX - drawnBounds.minX, y: rect.minY - drawnBounds.minY)
    if type(of: self) == UILabel.self {
      // No override can draw anything else: the lines go straight into the list (a screen of
      // table rows draws many labels on every frame).
      for (frame, run) in _drawnLines(in: drawnBounds) {
        list.append(DisplayItem(frame: frame.offsetBy(dx: origin.x, dy: origin.y), clip: clip, content: .text(run), alpha: alpha))
      }
      return
    }
    let (paths, texts, images) = UIGraphicsDrawingContext.recordingAll(measurer: window?.textMeasurer) {
      drawText(in: drawnBounds)
    }
    guard !paths.isEmpty || !texts.isEmpty || !images.isEmpty else { return }
    UIGraphicsDrawingContext.inDrawingOrder(paths: paths, texts: texts, images: images) { drawn in
      UIView._append(drawn, origin: origin, visible: clip, alpha: alpha, into: &list)
    }
  }

  /// The label's lines as drawn in `rect` (in the coordinates `rect` is in): each line's box
  /// and its run, the block centred vertically.
  private func _drawnLines(in rect: CGRect) -> [(frame: CGRect, run: TextRun)] {
    var font = _font
    if adjustsFontSizeToFitWidth, numberOfLines == 1, let text {
      let minimum = max(1, font.pointSize * minimumScaleFactor)
      while font.pointSize > minimum, measurer.size(of: text, font: font).width > rect.width {
        font = font.withSize(max(minimum, font.pointSize - 1))
      }
    }
    // Every line, then those that fit: `numberOfLines` of them, and those inside the bounds.
    var (lines, endsParagraph) = _laidOutLines(width: numberOfLines == 1 ? nil : rect.width, font: font, limit: numberOfLines == 1 ? 1 : 0)
    guard !lines.isEmpty else { return [] }
    let (lineHeight, pitch) = _lineMetrics(font: font)
    var shown = lines.count
    if numberOfLines > 0 { shown = min(shown, numberOfLines) }
    // Half a point of slack: a label sized to its lines holds them all. (Absurd line heights from
    // a paragraph style give no count: all are drawn.)
    let fitting = ((rect.height - lineHeight + 0.5) / pitch).rounded(.down) + 1
    if numberOfLines != 1, pitch > 0, fitting.isFinite, fitting < CGFloat(shown) { shown = max(1, Int(fitting)) }
    let last = _truncatedLastLine(of: lines, shown: shown, width: rect.width, font: font)
    if shown < lines.count {
      lines = Array(lines.prefix(shown))
      // The last line shown stands for the rest of the text: drawn as a last line.
      endsParagraph = Array(endsParagraph.prefix(shown - 1)) + [true]
    }
    if let last { lines[shown - 1] = last.string }
    let total = pitch * CGFloat(lines.count)
    var y = rect.minY + max(0, (rect.height - total) / 2)
    let color = isHighlighted ? (highlightedTextColor ?? _textColor) : _textColor
    // `.natural` follows the interface's direction, not the text's (as a UILabel does on iOS).
    // So does a justified paragraph's last line; its other lines fill the label's width.
    let alignment = textAlignment._resolved(rightToLeft: _isRightToLeft)
    let naturalAlignment = NSTextAlignment.natural._resolved(rightToLeft: _isRightToLeft)
    let lineOffsets = _runs.map { _ in _offsets(of: last == nil ? lines : Array(lines.dropLast())) }
    var drawn: [(frame: CGRect, run: TextRun)] = []
    drawn.reserveCapacity(lines.count)
    for (index, line) in lines.enumerated() {
      var run = TextRun(
        string: line, font: font, color: isEnabled ? color : color.withAlphaComponent(0.4),
        alignment: alignment == .justified ? naturalAlignment : alignment)
      if alignment == .justified, !endsParagraph[index] { run.justifiedWidth = rect.width }
      if let runs = _runs, let last, index == lines.count - 1 {
        run.spans = Self._labelSpans(
          Self._truncatedSpans(last, runs: runs), dimmed: !isEnabled, highlighted: isHighlighted ? highlightedTextColor : nil)
      } else if let runs = _runs, let start = lineOffsets?[index] {
        let spans = runs.spans(in: start..<min(runs.length, start + line.utf16.count))
        run.spans = Self._labelSpans(spans, dimmed: !isEnabled, highlighted: isHighlighted ? highlightedTextColor : nil)
      }
      drawn.append((CGRect(x: rect.minX, y: y, width: rect.width, height: lineHeight), run))
      y += pitch
    }
    return drawn
  }

  /// The last of the first `shown` of `lines` truncated by ``lineBreakMode`` when the text goes
  /// on past it or it is wider than `width` (nil: drawn as laid out). It holds the rest of the
  /// text from its start (UILabel+Truncation.swift).
  private func _truncatedLastLine(of lines: [String], shown: Int, width: CGFloat, font: UIFont) -> _TruncatedLine? {
    guard shown > 0, let text = _text else { return nil }
    let moreText = shown < lines.count
    // Wrapped lines are never wider than the label (a word too long breaks by character): a
    // label of several lines truncates only when text goes on past its last line.
    guard numberOfLines == 1 || moreText else { return nil }
    let mode = lineBreakMode
    let kern = _kerning()?(0) ?? 0
    let stamp = window?._textMeasurerStamp
    if let memo = _truncationMemo, memo.text == text, memo.shown == shown, memo.width == width, memo.font === font,
      memo.kern == kern, memo.measurer == stamp, memo.mode == mode
    {
      return memo.line
    }
    let start: Int
    let rest: String
    if numberOfLines == 1 {
      start = 0
      rest = lines[0]
    } else {
      start = _offsets(of: Array(lines.prefix(shown)))[shown - 1]
      let string = text as NSString
      rest = string.substring(from: min(start, string.length)).replacingOccurrences(of: "\n", with: " ")
    }
    let measurer = self.measurer
    let line = Self._truncate(rest, start: start, width: width, mode: mode, moreText: moreText) {
      measurer.size(of: $0, font: font).width + (kern == 0 ? 0 : kern * CGFloat($0.count))
    }
    _truncationMemo = (text, shown, width, font, kern, stamp, mode, line)
    return line
  }

  /// The height of each line (the font's, as the paragraph style of the label's attributed
  /// text sets it: its multiple, minimum and maximum) and the distance from one line to the next
  /// (its line spacing added). A label lays all its lines out alike, so the first paragraph's
  /// style is the label's.
  private func _lineMetrics(font: UIFont) -> (height: CGFloat, pitch: CGFloat) {
    let natural = measurer.size(of: "X", font: font).height
    guard let runs = _runs, runs.length > 0,
      let style = runs.attributes(at: 0).attributes[.paragraphStyle] as? NSParagraphStyle
    else { return (natural, natural) }
    let height = style._lineHeight(natural: natural)
    return (height, height + style.lineSpacing)
  }

  /// What kerning adds after the character at a UTF-16 offset of the attributed text, as the
  /// host draws it; nil when nothing is kerned.
  private func _kerning() -> ((Int) -> CGFloat)? {
    guard let runs = _runs, runs.length > 0 else { return nil }
    return runs.kerning(step: measurer.advanceStep)
  }

  /// What kerning adds to `line` drawn from UTF-16 `start` of the text.
  private func _kernWidth(of line: String, at start: Int) -> CGFloat {
    guard let kerning = _kerning() else { return 0 }
    var at = start
    var total: CGFloat = 0
    for character in line {
      total += kerning(at)
      at += character.utf16.count
    }
    return total
  }

  /// Where each drawn line starts in the text (UTF-16): lines are the text's words in order,
  /// rejoined by single spaces, so each is found at or after the end of the one before. A
  /// single line is the whole text with its line breaks drawn as spaces (same offsets).
  private func _offsets(of lines: [String]) -> [Int] {
    guard numberOfLines != 1, let text = _text else { return lines.map { _ in 0 } }
    let string = text as NSString
    var cursor = 0
    var result: [Int] = []
    for line in lines {
      if line.isEmpty {
        result.append(cursor)
        // An empty line is an empty paragraph: step over its line break.
        if cursor < string.length { cursor += 1 }
        continue
      }
      let found = string.range(of: line, options: [], range: NSRange(location: cursor, length: string.length - cursor))
      let start = found.location == NSNotFound ? cursor : found.location
      result.append(start)
      cursor = start + (line as NSString).length
    }
    return result
  }

  /// How a label draws attribute spans: a link in the link colour, underlined (as iOS's label
  /// draws `.link` text, whatever colour the range has); dimmed like the text when disabled.
  /// A highlighted label with a `highlightedTextColor` draws all its text in it.
  private static func _labelSpans(_ spans: [TextStyleSpan], dimmed: Bool, highlighted: UIColor?) -> [TextStyleSpan] {
    spans.map { span in
      var span = span
      if span.style.link != nil {
        span.style.foreground = .link
        span.style.isUnderlined = true
      }
      if let highlighted { span.style.foreground = highlighted }
      if dimmed, let foreground = span.style.foreground { span.style.foreground = foreground.withAlphaComponent(0.4) }
      return span
    }
  }
}
