import Foundation

/// What a window would show, as data: views draw into a display list measured in points, in
/// window coordinates, back to front. Hosts rasterise it (the terminal into cells, UIKitTesting
/// into text); views never write bytes anywhere.
package struct DisplayList {
  package var items: [DisplayItem] = []
  /// Whether the window is in dark appearance: what shows where nothing is drawn is black
  /// then (white in light appearance) in the pixel hosts; a terminal keeps its own background.
  package var isDark = false
  /// The host's question whether to abandon the frame while views draw into the list (nil:
  /// never abandoned).
  package var interruption: FrameInterruption?
  package init() {}
  /// Adds an item, its dynamic colours resolved with `UITraitCollection.current` (the traits
  /// of the view drawing it), so that hosts only ever see fixed colours.
  package mutating func append(_ item: DisplayItem) { items.append(item._resolvingDynamicColors()) }
}

extension DisplayItem {
  /// The item with every dynamic colour in it resolved with `UITraitCollection.current`.
  func _resolvingDynamicColors() -> DisplayItem {
    func fixed(_ color: UIColor) -> UIColor { color._isDynamic ? color._current : color }
    var item = self
    switch content {
    case .fill(let color) where color._isDynamic: item.content = .fill(fixed(color))
    case .border(let kind, let color) where color._isDynamic: item.content = .border(kind, fixed(color))
    case .roundedFill(let color, let rounding) where color._isDynamic: item.content = .roundedFill(fixed(color), rounding)
    case .path(var run) where run.color._isDynamic:
      run.color = fixed(run.color)
      item.content = .path(run)
    case .image(let image):
      if let tint = image.tintColor, tint._isDynamic {
        item.content = .image(image.withTintColor(fixed(tint), renderingMode: image.renderingMode))
      }
    case .text(var run):
      let spansAreDynamic = run.spans.contains {
        $0.style.foreground?._isDynamic == true || $0.style.background?._isDynamic == true
      }
      guard run.color._isDynamic || spansAreDynamic else { break }
      run.color = fixed(run.color)
      if spansAreDynamic {
        for index in run.spans.indices {
          run.spans[index].style.foreground = run.spans[index].style.foreground.map(fixed)
          run.spans[index].style.background = run.spans[index].style.background.map(fixed)
        }
      }
      item.content = .text(run)
    default: break
    }
    return item
  }
}

/// One drawing operation.
package struct DisplayItem {
  package enum Content {
    /// Fill the frame with a colour.
    case fill(UIColor)
    /// Draw a border just inside the frame.
    case border(BorderKind, UIColor)
    /// Draw one line of text inside the frame.
    case text(TextRun)
    /// Draw an image (hosts draw its glyph).
    case image(UIImage)
    /// Stroke or fill polylines (a view's `draw(_:)` with `UIBezierPath`, a shape layer); the
    /// frame is their bounding box.
    case path(PathRun)
    /// Fill the frame with a colour, its corners rounded (a layer's background with a corner
    /// radius): a host leaves out what lies outside the rounded corners.
    case roundedFill(UIColor, CornerRounding)
    /// Fill the frame with a gradient (a gradient layer), its corners rounded.
    case gradient(CAGradientGeometry, CornerRounding)
  }

  /// Border kinds hosts know how to draw.
  package enum BorderKind: Sendable, Equatable {
    case line, bezel, roundedRect
    /// A layer's border: square corners, except those in the set, which are rounded.
    case layer(rounded: CACornerMask)
  }

  /// Rounded corners: the radius, in points, and which corners it rounds.
  package struct CornerRounding: Sendable, Equatable {
    package var radius: CGFloat
    package var corners: CACornerMask
    package init(radius: CGFloat, corners: CACornerMask) {
      self.radius = radius
      self.corners = corners
    }

    /// Whether `point` lies inside `rect` with these corners rounded.
    package func contains(_ point: CGPoint, in rect: CGRect) -> Bool {
      guard rect.safeContains(point) else { return false }
      let r = min(radius, rect.width / 2, rect.height / 2)
      guard r > 0 else { return true }
      let left = point.x < rect.minX + r
      let right = point.x > rect.maxX - r
      let top = point.y < rect.minY + r
      let bottom = point.y > rect.maxY - r
      let corner: (CACornerMask, CGPoint)? =
        if left && top { (.layerMinXMinYCorner, CGPoint(x: rect.minX + r, y: rect.minY + r)) }
        else if right && top { (.layerMaxXMinYCorner, CGPoint(x: rect.maxX - r, y: rect.minY + r)) }
        else if left && bottom { (.layerMinXMaxYCorner, CGPoint(x: rect.minX + r, y: rect.maxY - r)) }
        else if right && bottom { (.layerMaxXMaxYCorner, CGPoint(x: rect.maxX - r, y: rect.maxY - r)) }
        else { nil }
      guard let (mask, centre) = corner, corners.contains(mask) else { return true }
      let dx = point.x - centre.x
      let dy = point.y - centre.y
      return dx * dx + dy * dy <= r * r
    }
  }

  /// The rectangle drawn into, in window points.
  package var frame: CGRect
  /// Drawing is clipped to this rectangle, in window points.
  package var clip: CGRect
  package var content: Content
  /// Opacity after every ancestor's alpha.
  package var alpha: CGFloat
  /// The hosts that draw this item (both by default).
  package var hosts: Hosts = .all

  /// Whether a host can place the item. Text and images are placed from their frame, which must
  /// be one a screen can hold: a view's arithmetic gone wrong gives one that is not, and such an
  /// item draws nothing rather than trapping on a cell or pixel index made from it. Fills,
  /// borders and paths clip their frames (an infinite fill covers the screen).
  package var isPlaceable: Bool {
    switch content {
    case .text, .image: [frame.minX, frame.minY, frame.maxX, frame.maxY].allSatisfy { $0.magnitude < 1e12 }
    default: true
    }
  }

  /// The kinds of host, for items only one of them draws. A terminal's cell is a 8 × 16 point
  /// block: what iOS draws finer than that (a key's rounded corners and 1 pt shadow, the status
  /// bar's symbols, selection grab handles) is given to pixel hosts only, and the terminal keeps
  /// the cell-sized version it has always drawn, flagged for cells only, so that its screen does
  /// not change when the picture gains a detail.
  package struct Hosts: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The terminal and the text UIKitTesting prints (``CellRasterizer``).
    package static let cells = Hosts(rawValue: 1)
    /// The PNG snapshots and the browser (the Pixels renderer).
    package static let pixels = Hosts(rawValue: 2)
    package static let all: Hosts = [.cells, .pixels]
  }

  package init(frame: CGRect, clip: CGRect, content: Content, alpha: CGFloat = 1, hosts: Hosts = .all) {
    self.frame = frame
    self.clip = clip
    self.content = content
    self.alpha = alpha
    self.hosts = hosts
  }
}

/// One line of text with its caret, selection and marked range. Offsets are UTF-16 offsets of
/// `string`; the rasteriser lays the characters out in its own metrics and places the caret and
/// highlights by offset, so they always line up with the characters it drew.
package struct TextRun {
  package var string: String
  package var font: UIFont
  package var color: UIColor
  package var alignment: NSTextAlignment
  /// Placeholder text (hosts dim it).
  package var isPlaceholder = false
  /// Where the caret is drawn, if it is.
  package var caretOffset: Int?
  /// The caret blink's off phase: the caret keeps its place (a field still scrolls to it) but
  /// is not drawn. Views never set it; a host that blinks the caret does (the browser).
  package var isCaretHidden = false
  /// A highlighted selection.
  package var selectedRange: Range<Int>?
  /// Which ends of `selectedRange` carry a grab handle (the start, the end, both, or none: a
  /// selection made from a hardware keyboard, or an end that lies on another line of a text
  /// view). Hosts that can draw one that small draw it; a terminal cannot.
  package var selectionHandles: SelectionHandles = []
  /// Marked (IME) text, underlined.
  package var markedRange: Range<Int>?
  /// Whether a line too long for the frame scrolls to keep the caret visible (an editing
  /// field) rather than being cut at the end.
  package var scrollsToCaret = false
  /// Per-range styles (attributed text), in UTF-16 offsets of `string`, sorted and disjoint;
  /// characters outside every span take `font` and `color`. Empty for uniform text.
  package var spans: [TextStyleSpan] = []
  /// The tab stops its tabs go to (TextTabs.swift), positions counted from the run's text
  /// start; nil: a tab is drawn as a space.
  package var tabStops: TextTabStops?
  /// The line's base direction for the bidirectional algorithm: true right to left, false left
  /// to right, nil by its first strong letter (left to right when it has none). Hosts draw the
  /// characters in visual order (CellGrid+Bidi.swift).
  package var isRightToLeft: Bool?
  /// A line of justified text: the width, in points from the frame's left edge, that its text
  /// fills by widening the spaces between its words, each host in its own metrics through
  /// ``TextJustification`` (the spaces that end the line hang past it). Nil: the line is drawn
  /// at its natural width, placed by `alignment`.
  package var justifiedWidth: CGFloat?

  package init(string: String, font: UIFont, color: UIColor, alignment: NSTextAlignment) {
    self.string = string
    self.font = font
    self.color = color
    self.alignment = alignment
  }
}

/// The grab handles at the ends of a selection (iOS draws them for a selection made by touch).
package struct SelectionHandles: OptionSet, Sendable, Hashable {
  package let rawValue: UInt8
  package init(rawValue: UInt8) { self.rawValue = rawValue }
  /// At the selection's start: a bar the line's height with a dot above it.
  package static let start = SelectionHandles(rawValue: 1)
  /// At the selection's end: a bar the line's height with a dot below it.
  package static let end = SelectionHandles(rawValue: 2)
}

/// How a range of attributed text is drawn: what a host can show of its attributes.
package struct TextRunStyle: Equatable, Sendable {
  /// The text's colour (nil: the run's).
  package var foreground: UIColor?
  /// The colour behind the text (nil: none).
  package var background: UIColor?
  package var isBold = false
  package var isItalic = false
  package var isUnderlined = false
  package var isStrikethrough = false
  /// A link target (`.link`), as a URL string.
  package var link: String?
  /// What an attachment character (U+FFFC) is drawn as: its image's glyph.
  package var attachmentGlyph: String?
  /// Points added after each character (`.kern`): hosts draw it as views measured it
  /// (``TextKerning``), in whole cells on a terminal.
  package var kern: CGFloat = 0
  /// A text highlight's colour scheme (`.textHighlightStyle`, iOS 18), as its raw value; views
  /// resolve it into colours before a host sees the run.
  package var textHighlightScheme: String?

  package init() {}

  package static func == (a: TextRunStyle, b: TextRunStyle) -> Bool {
    a.isBold == b.isBold && a.isItalic == b.isItalic && a.isUnderlined == b.isUnderlined
      && a.isStrikethrough == b.isStrikethrough && a.link == b.link && a.attachmentGlyph == b.attachmentGlyph && a.kern == b.kern
      && sameColor(a.foreground, b.foreground) && sameColor(a.background, b.background)
  }

  private static func sameColor(_ a: UIColor?, _ b: UIColor?) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case (let a?, let b?): a.rgba8 == b.rgba8
    default: false
    }
  }
}

/// A style over a range of a ``TextRun``'s string (UTF-16 offsets).
package struct TextStyleSpan: Equatable, Sendable {
  package var range: Range<Int>
  package var style: TextRunStyle
  package init(range: Range<Int>, style: TextRunStyle) {
    self.range = range
    self.style = style
  }
}

/// Polylines stroked or filled in one colour: what `UIBezierPath.stroke()` and `fill()` record
/// in a view's `draw(_:)`. Points are in the view's coordinates while recorded and in window
/// points in a display list.
package struct PathRun: Equatable, Sendable {
  /// One subpath: its points in order, and whether it returns to its first point (CoreGraphics'
  /// flattened form, so paths need no conversion on their way to a display list).
  package typealias Subpath = CGPathPolyline

  /// How the polylines are painted.
  package enum Mode: Equatable, Sendable {
    /// Their outline, `lineWidth` points wide.
    case stroke(lineWidth: CGFloat)
    /// The area inside them, by the non-zero winding rule or the even-odd rule.
    case fill(evenOdd: Bool)
  }

  package var subpaths: [Subpath]
  package var color: UIColor
  package var mode: Mode

  package init(subpaths: [Subpath], color: UIColor, mode: Mode) {
    self.subpaths = subpaths
    self.color = color
    self.mode = mode
  }

  /// The same run moved by (dx, dy).
  package func offsetBy(dx: CGFloat, dy: CGFloat) -> PathRun {
    var moved = self
    for index in moved.subpaths.indices {
      moved.subpaths[index].points = moved.subpaths[index].points.map { CGPoint(x: $0.x + dx, y: $0.y + dy) }
    }
    return moved
  }

  /// The rectangle the painted dots can cover: the points' bounding box, widened by half the
  /// line width for a stroke; `.null` when there are no points.
  package var bounds: CGRect {
    var minX = CGFloat.infinity, minY = CGFloat.infinity
    var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
    for subpath in subpaths {
      for p in subpath.points {
        minX = min(minX, p.x)
        minY = min(minY, p.y)
        maxX = max(maxX, p.x)
        maxY = max(maxY, p.y)
      }
    }
    guard minX <= maxX else { return .null }
    let box = CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    if case .stroke(let width) = mode { return box.insetBy(dx: -width / 2, dy: -width / 2) }
    return box
  }
}

/// Text measurement: each host supplies its own (a terminal measures in cells).
package protocol TextMeasuring: Sendable {
  /// The size of `string` drawn on one line in `font`, in points.
  func size(of string: String, font: UIFont) -> CGSize
  /// Whether text is measured with the fonts a pixel host draws (which also draws the
  /// selection's grab handles; cell and headless screens draw none).
  var measuresDrawnGlyphs: Bool { get }
  /// The height of the rows text is drawn in, on a screen that draws text in rows (a
  /// terminal's cells); nil where a line may start anywhere. Line heights and spacing that
  /// paragraph styles set round to whole rows there.
  var rowHeight: CGFloat? { get }
  /// The unit what is added to a character's advance comes in (a justified line's spaces,
  /// kerning, a tab's way to its stop): a terminal's cell width, whose columns are whole; 0 (any
  /// width) where a host draws in points.
  var advanceStep: CGFloat { get }
}

extension TextMeasuring {
  package var measuresDrawnGlyphs: Bool { false }
  package var rowHeight: CGFloat? { nil }
  package var advanceStep: CGFloat { 0 }
}

/// The default measurement: each terminal column of the text is half the font's point size
/// wide (so a 17 pt font is about one 8.5 pt cell per column), and a line is the font's line
/// height tall.
package struct ProportionalTextMeasurer: TextMeasuring {
  package init() {}
  package func size(of string: String, font: UIFont) -> CGSize {
    CGSize(
      width: CGFloat(TextWidth.columns(of: string)) * font.pointSize * 0.5,
      height: font.lineHeight.rounded(.up))
  }
}

/// A terminal's measurement: every font draws one terminal column per narrow character (two per
/// wide one) in one cell row, whatever its point size, so a size is a whole number of cells.
package struct CellTextMeasurer: TextMeasuring {
  /// The points one cell covers.
  package var cellSize: CGSize
  /// The emoji sequences the terminal draws joined (the others count as their parts).
  package var joining: EmojiJoining

  package init(cellSize: CGSize, joining: EmojiJoining = .all) {
    self.cellSize = cellSize
    self.joining = joining
  }

  package func size(of string: String, font: UIFont) -> CGSize {
    var widest = 0
    for line in string.split(separator: "\n", omittingEmptySubsequences: false) {
      widest = max(widest, TextWidth.columns(of: line, joining: joining))
    }
    return CGSize(width: CGFloat(widest) * cellSize.width, height: cellSize.height)
  }

  package var rowHeight: CGFloat? { cellSize.height }
  package var advanceStep: CGFloat { cellSize.width }
}
