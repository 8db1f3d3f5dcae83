// UIImage: a bitmap, a drawing, or a named image.
//
// An image holds pixels when it was made from them: `init(cgImage:)`, `init?(data:)` (PNG and
// JPEG files, with the `Pixels` trait), and `UIGraphicsImageRenderer` with the trait. An image a
// renderer drew also keeps its drawing (paths, text and images in points), which the terminal
// draws in cells; without the trait that drawing is all it holds and `cgImage` is nil.
//
// There are no asset catalogs or SF Symbols on Linux. `init?(named:)` and `init?(systemName:)`
// accept any non-empty name, keep it, and give the image the documented default size of 24 × 24
// points at scale 1 (`UIImage.defaultSize`; a symbol configuration's point size changes it).
// Renderers stand in for the image with `glyph`: an emoji or symbol for well-known SF Symbols
// names ("bookmark" → "🔖", "xmark.circle.fill" → "✕", …), otherwise the name's first letter,
// uppercased.

/// An image: a bitmap (``cgImage``), a recorded drawing, or a name that hosts draw as a glyph.
open class UIImage: NSObject, @unchecked Sendable {
  /// CoreFoundation's object header; the first stored property (see `_CFObjectHeader`).
  private let _cfHeader = _CFObjectHeader.word
  /// How an image is drawn: with its own colours or as a template tinted by the view.
  public enum RenderingMode: Int, Sendable, Hashable {
    /// Template for symbol images and images in bars, original otherwise (decided by the context).
    case automatic = 0
    /// Always drawn with the image's own colours.
    case alwaysOriginal = 1
    /// Always drawn as a template: only the alpha channel, tinted.
    case alwaysTemplate = 2
  }

  /// How a resizable image fills the room between its caps.
  public enum ResizingMode: Int, Sendable, Hashable {
    /// The middle is repeated.
    case tile = 0
    /// The middle is stretched.
    case stretch = 1
  }

  /// Which way up an image's pixels are meant to be shown (a camera's rotation).
  public enum Orientation: Int, Sendable, Hashable {
    case up = 0, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored

    /// Whether the pixels are shown turned a quarter (the image is as wide as the pixels are tall).
    var _isSideways: Bool { [.left, .right, .leftMirrored, .rightMirrored].contains(self) }
  }

  /// The size, in points, of images created from a name: 24 × 24.
  package static let defaultSize = CGSize(width: 24, height: 24)

  /// The image's size in points (a bitmap's pixels divided by the scale, turned by the
  /// orientation).
  public let size: CGSize
  /// The number of pixels per point.
  public let scale: CGFloat
  /// How the image is drawn.
  public let renderingMode: RenderingMode
  /// The insets that stay fixed when a resizable image is stretched.
  public let capInsets: UIEdgeInsets
  /// How the middle of a resizable image fills its room.
  public let resizingMode: ResizingMode
  /// Which way up the pixels are shown.
  public let imageOrientation: Orientation
  /// Whether the image came from `init?(systemName:)` (an SF Symbols name).
  public let isSymbolImage: Bool
  /// The colour a template image is drawn in, if one was set with `withTintColor(_:)`.
  package let tintColor: UIColor?
  /// The name the image was created with (asset name or SF Symbols name); nil for unnamed images.
  package let name: String?
  /// The pixels (nil for named images, and for drawings made without the `Pixels` trait).
  package let _bitmap: CGImage?
  /// What a renderer drew, in the image's points (nil for other images).
  package let _drawing: _ImageDrawing?
  /// A symbol image's configuration.
  package let _symbolConfiguration: SymbolConfiguration?

  init(
    name: String?, isSymbol: Bool, size: CGSize, scale: CGFloat = 1,
    renderingMode: RenderingMode = .automatic, capInsets: UIEdgeInsets = .zero, resizingMode: ResizingMode = .tile,
    tintColor: UIColor? = nil, bitmap: CGImage? = nil, orientation: Orientation = .up, drawing: _ImageDrawing? = nil,
    symbolConfiguration: SymbolConfiguration? = nil
  ) {
    self.name = name
    self.isSymbolImage = isSymbol
    self.size = size
    self.scale = scale
    self.renderingMode = renderingMode
    self.capInsets = capInsets
    self.resizingMode = resizingMode
    self.tintColor = tintColor
    self._bitmap = bitmap
    self.imageOrientation = orientation
    self._drawing = drawing
    self._symbolConfiguration = symbolConfiguration
    super.init()
  }

  /// A copy with some drawing options changed.
  func _copy(
    renderingMode: RenderingMode? = nil, capInsets: UIEdgeInsets? = nil, resizingMode: ResizingMode? = nil,
    tintColor: UIColor?? = nil, symbolConfiguration: SymbolConfiguration?? = nil, size: CGSize? = nil
  ) -> UIImage {
    UIImage(
      name: name, isSymbol: isSymbolImage, size: size ?? self.size, scale: scale, renderingMode: renderingMode ?? self.renderingMode,
      capInsets: capInsets ?? self.capInsets, resizingMode: resizingMode ?? self.resizingMode,
      tintColor: tintColor ?? self.tintColor, bitmap: _bitmap, orientation: imageOrientation, drawing: _drawing,
      symbolConfiguration: symbolConfiguration ?? _symbolConfiguration)
  }

  /// Creates an empty image of size zero.
  public override convenience init() {
    self.init(name: nil, isSymbol: false, size: .zero)
  }

  /// Creates the image with an asset name (any non-empty name; 24 × 24 points).
  public convenience init?(named name: String) {
    guard !name.isEmpty else { return nil }
    self.init(name: name, isSymbol: false, size: UIImage.defaultSize)
  }

  /// Creates the image with an SF Symbols name (any non-empty name; 24 × 24 points, drawn as a template).
  public convenience init?(systemName name: String) {
    guard !name.isEmpty else { return nil }
    self.init(name: name, isSymbol: true, size: UIImage.defaultSize)
  }

  /// Creates an unnamed image of the given size, for tests and drawing code.
  package convenience init(size: CGSize, scale: CGFloat = 1) {
    self.init(name: nil, isSymbol: false, size: size, scale: scale)
  }

  /// Returns a copy of the image with another rendering mode.
  open func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
    _copy(renderingMode: renderingMode)
  }

  /// Returns a copy of the image drawn in `color` (rendering mode always-original, as on iOS).
  open func withTintColor(_ color: UIColor) -> UIImage {
    withTintColor(color, renderingMode: .alwaysOriginal)
  }

  /// Returns a copy of the image drawn in `color` with the given rendering mode.
  open func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
    _copy(renderingMode: renderingMode, tintColor: .some(color))
  }

  /// Returns a copy of the image that stretches between the given cap insets (tiling the middle,
  /// as iOS's default resizing mode does).
  open func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage {
    _copy(capInsets: capInsets, resizingMode: .tile)
  }

  /// Returns a copy of the image that fills the room between the cap insets by `resizingMode`.
  open func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode) -> UIImage {
    _copy(capInsets: capInsets, resizingMode: resizingMode)
  }

  // MARK: Drawing into the current context (UIImage+Bitmap.swift)

  /// Draws the image with its top-left corner at `point`, at its size.
  open func draw(at point: CGPoint) {
    draw(in: CGRect(origin: point, size: size))
  }

  /// Draws the image at `point` with `blendMode` and `alpha`.
  open func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
    draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
  }

  /// Draws the image scaled into `rect` (a resizable image keeps its caps), upright. In a view's
  /// `draw(_:)` the image is shown where it was drawn; in an image renderer it is painted.
  open func draw(in rect: CGRect) {
    draw(in: rect, blendMode: .normal, alpha: 1)
  }

  /// Draws the image scaled into `rect` with `blendMode` and `alpha`.
  open func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
    _draw(in: rect, blendMode: blendMode, alpha: alpha)
  }

  /// Fills `rect` with the image repeated from its origin.
  open func drawAsPattern(in rect: CGRect) {
    _drawAsPattern(in: rect)
  }

  // MARK: Configurations (UIImage+SymbolConfiguration.swift)

  /// A copy of the image with `configuration` (a symbol's size follows it).
  open func withConfiguration(_ configuration: UIImage.Configuration) -> UIImage {
    _withConfiguration(configuration)
  }

  /// A copy of a symbol image with `configuration` applied over its own; nil for other images.
  open func applyingSymbolConfiguration(_ configuration: UIImage.SymbolConfiguration) -> UIImage? {
    guard isSymbolImage else { return nil }
    let combined = _symbolConfiguration?.applying(configuration) ?? configuration
    return withConfiguration(combined)
  }

  /// Named images are equal when their names, kinds, sizes and drawing options match; unnamed images only to themselves.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UIImage else { return false }
    if self === other { return true }
    guard let name, name == other.name else { return false }
    return isSymbolImage == other.isSymbolImage && size == other.size && scale == other.scale
      && renderingMode == other.renderingMode && capInsets == other.capInsets
      && resizingMode == other.resizingMode && tintColor == other.tintColor
  }

  /// A hash of the name (the object's identity for unnamed images).
  open override var hash: Int {
    guard let name else { return ObjectIdentifier(self).hashValue }
    var hasher = Hasher()
    hasher.combine(name)
    hasher.combine(isSymbolImage)
    return hasher.finalize()
  }

  /// The image's name (or "unnamed", or its pixels) and size.
  open override var description: String {
    let kind = isSymbolImage ? "symbol" : "named"
    let label = name.map { "\(kind)(\($0))" } ?? _bitmap.map { "\($0.width) × \($0.height) pixels" } ?? "unnamed"
    return "<UIImage> \(label) {\(size.width), \(size.height)}"
  }

  // MARK: For renderers

  /// A short piece of text to draw in place of the image: a symbol for known SF Symbols names, else the name's first letter, uppercased ("" when unnamed).
  package var glyph: String {
    guard let name else { return "" }
    if isSymbolImage, let symbol = UIImage.symbolGlyph(for: name) { return symbol }
    return name.first.map { String($0).uppercased() } ?? ""
  }

  /// Whether ``glyph`` stands in for a filled symbol ("bookmark.fill") with the outline symbol's
  /// glyph, having no filled one of its own: renderers mark it (inverse video in cells), so that
  /// the filled and the outline symbol look different, as they do on iOS.
  package var glyphStandsInForFill: Bool {
    guard isSymbolImage, let name, name.split(separator: ".").contains("fill") else { return false }
    return UIImage.symbolGlyphs[name] == nil
  }

  /// The stand-in for an SF Symbols name: exact match first, then with trailing ".fill", ".circle", … components dropped.
  package static func symbolGlyph(for systemName: String) -> String? {
    var components = systemName.split(separator: ".").map(String.init)
    while !components.isEmpty {
      if let glyph = symbolGlyphs[components.joined(separator: ".")] { return glyph }
      components.removeLast()
    }
    return nil
  }

  private static let symbolGlyphs: [String: String] = [
    "bookmark": "🔖", "magnifyingglass": "🔍", "xmark": "✕", "checkmark": "✓", "plus": "+",
    "minus": "−", "multiply": "×", "divide": "÷", "equal": "=", "star": "☆", "star.fill": "★",
    "heart": "♡", "heart.fill": "♥", "trash": "🗑", "gear": "⚙", "gearshape": "⚙", "person": "👤",
    "person.2": "👥", "house": "🏠", "folder": "📁", "doc": "📄", "doc.text": "📄", "paperclip": "📎",
    "link": "🔗", "lock": "🔒", "lock.open": "🔓", "key": "🔑", "bell": "🔔", "bell.slash": "🔕",
    "envelope": "✉", "phone": "📞", "message": "💬", "bubble.left": "💬", "bubble.right": "💬",
    "camera": "📷", "photo": "🖼", "mic": "🎤", "mic.slash": "🎤", "video": "📹", "calendar": "📅",
    "clock": "🕒", "alarm": "⏰", "timer": "⏲", "globe": "🌐", "map": "🗺", "mappin": "📍",
    "location": "➤", "cart": "🛒", "bag": "👜", "creditcard": "💳", "gift": "🎁", "tag": "🏷",
    "flag": "⚑", "pencil": "✎", "square.and.pencil": "✎", "square.and.arrow.up": "⇪",
    "square.and.arrow.down": "⇩", "keyboard": "⌨", "keyboard.chevron.compact.down": "⌨",
    "printer": "🖨", "eye": "👁", "eye.slash": "👁", "sun.max": "☀", "moon": "☾", "cloud": "☁",
    "bolt": "⚡", "flame": "🔥", "drop": "💧", "leaf": "🍃", "book": "📖", "books.vertical": "📚",
    "music.note": "♪", "play": "▶", "pause": "⏸", "stop": "⏹", "backward": "⏪", "forward": "⏩",
    "shuffle": "🔀", "repeat": "🔁", "speaker": "🔈", "speaker.wave.2": "🔉", "speaker.wave.3": "🔊",
    "speaker.slash": "🔇", "wifi": "📶", "battery.100": "🔋", "info": "ℹ", "info.circle": "ⓘ",
    "questionmark": "?", "exclamationmark": "!", "exclamationmark.triangle": "⚠",
    "chevron.left": "‹", "chevron.right": "›", "chevron.up": "˄", "chevron.down": "˅",
    "chevron.backward": "‹", "chevron.forward": "›", "arrow.left": "←", "arrow.right": "→",
    "arrow.up": "↑", "arrow.down": "↓", "arrow.backward": "←", "arrow.forward": "→",
    "arrow.clockwise": "↻", "arrow.counterclockwise": "↺", "arrow.uturn.backward": "↶",
    "arrow.uturn.forward": "↷", "arrowshape.turn.up.left": "↩", "arrow.up.arrow.down": "⇅", "return": "⏎", "delete.left": "⌫",
    "delete.backward": "⌫", "delete.right": "⌦", "shift": "⇧", "capslock": "⇪", "command": "⌘",
    "option": "⌥", "control": "⌃", "escape": "⎋", "space": "␣", "ellipsis": "…",
    "line.3.horizontal": "≡", "line.horizontal.3": "≡", "list.bullet": "☰",
    "circle": "○", "circle.fill": "●", "square": "□", "square.fill": "■", "triangle": "△",
    "triangle.fill": "▲", "diamond": "◇", "diamond.fill": "◆", "checkmark.circle": "✓",
    "checkmark.square": "☑", "xmark.square": "☒", "bold": "B", "italic": "I", "underline": "U",
    "strikethrough": "S", "textformat": "Aa", "text.alignleft": "⇤", "text.aligncenter": "↔",
    "text.alignright": "⇥", "doc.on.doc": "⧉", "doc.on.clipboard": "📋", "scissors": "✂",
    "hand.thumbsup": "👍", "hand.thumbsdown": "👎", "face.smiling": "☺", "wand.and.stars": "✨",
    "sparkles": "✨", "qrcode": "▦", "barcode": "║", "cube": "⬡", "hammer": "🔨", "wrench": "🔧",
    "paintbrush": "🖌", "paperplane": "➢", "tray": "📥", "archivebox": "🗄", "externaldrive": "🖴",
    "icloud": "☁", "network": "🖧", "antenna.radiowaves.left.and.right": "📡",
  ]
}
