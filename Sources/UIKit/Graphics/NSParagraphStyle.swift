import Foundation

/// Paragraph attributes of attributed text: alignment, indents, line heights and spacing, tab
/// stops, lists (swift-corelibs-foundation has no `NSParagraphStyle`).
///
/// String measuring and drawing (`boundingRect`, `draw(in:)`, …) lay paragraphs out with their
/// alignment, indents, line heights and spacing; <doc:AttributedTextAndParagraphStyles> says
/// what text views and labels use.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, NSSecureCoding, @unchecked Sendable {
  /// CoreFoundation's object header; the first stored property (see `_CFObjectHeader`).
  private let _cfHeader = _CFObjectHeader.word
  /// How the text system may choose where to break lines, beyond `lineBreakMode`.
  public struct LineBreakStrategy: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Lines are pushed out to keep a lone word off the paragraph's last line.
    public static let pushOut = LineBreakStrategy(rawValue: 1 << 0)
    /// No break between Hangul characters.
    public static let hangulWordPriority = LineBreakStrategy(rawValue: 1 << 1)
    /// What labels use (all of the above; Apple's raw value 0xFFFF).
    public static let standard = LineBreakStrategy(rawValue: 0xFFFF)
  }

  /// The default style: natural alignment, word wrapping, no indents or extra spacing, twelve
  /// left tab stops 28 points apart.
  public class var `default`: NSParagraphStyle { shared }
  private static let shared = NSParagraphStyle()

  /// The direction of `languageName`'s script (nil: the user's language): right to left for
  /// Arabic, Hebrew, Persian, Urdu and the other right-to-left scripts.
  open class func defaultWritingDirection(forLanguage languageName: String?) -> NSWritingDirection {
    let identifier = languageName ?? Locale.current.language.languageCode?.identifier ?? "en"
    return Locale.Language(identifier: identifier).characterDirection == .rightToLeft ? .rightToLeft : .leftToRight
  }

  public static var supportsSecureCoding: Bool { true }

  /// The text alignment.
  open internal(set) var alignment: NSTextAlignment = .natural
  /// How lines break and what happens to a line that does not fit.
  open internal(set) var lineBreakMode: NSLineBreakMode = .byWordWrapping
  /// Space added below each line, in points.
  open internal(set) var lineSpacing: CGFloat = 0
  /// Space added after the paragraph's last line (when a line feed ends it), in points.
  open internal(set) var paragraphSpacing: CGFloat = 0
  /// Space added above the paragraph, in points (never above the text's first paragraph).
  open internal(set) var paragraphSpacingBefore: CGFloat = 0
  /// Indentation of the paragraph's first line from the leading margin, in points.
  open internal(set) var firstLineHeadIndent: CGFloat = 0
  /// Indentation of the paragraph's other lines from the leading margin, in points.
  open internal(set) var headIndent: CGFloat = 0
  /// Where lines end: positive, the distance from the leading margin; zero or negative, the
  /// distance from the trailing margin.
  open internal(set) var tailIndent: CGFloat = 0
  /// The natural line height is multiplied by this (0: not), before the minimum and maximum.
  open internal(set) var lineHeightMultiple: CGFloat = 0
  /// The smallest height of a line, in points (0: no minimum).
  open internal(set) var minimumLineHeight: CGFloat = 0
  /// The largest height of a line, in points (0: no maximum).
  open internal(set) var maximumLineHeight: CGFloat = 0
  /// The paragraph's base writing direction (`.natural`: from its first strong letter).
  open internal(set) var baseWritingDirection: NSWritingDirection = .natural
  /// How eagerly words are hyphenated (0 to 1). Kept: lines here break between words.
  open internal(set) var hyphenationFactor: Float = 0
  /// Whether the system's hyphenation is used when `hyphenationFactor` is 0. Kept.
  open internal(set) var usesDefaultHyphenation: Bool = false
  /// The tab stops, sorted by location.
  open internal(set) var tabStops: [NSTextTab]! = NSParagraphStyle.defaultTabStops
  /// The distance between tab stops after the last of `tabStops`, in points (0: none).
  open internal(set) var defaultTabInterval: CGFloat = 0
  /// Whether text may be tightened before it is truncated. Kept: text is never tightened here.
  open internal(set) var allowsDefaultTighteningForTruncation: Bool = false
  /// How line breaks are chosen. Kept: lines break greedily between words here.
  open internal(set) var lineBreakStrategy: LineBreakStrategy = []
  /// The lists the paragraph is in, outermost first.
  open internal(set) var textLists: [NSTextList] = []

  /// Whether the style sets line heights or spacing (a line laid out in it is not simply its
  /// font's height below the one before).
  var _setsLineHeights: Bool {
    lineSpacing > 0 || paragraphSpacing > 0 || paragraphSpacingBefore > 0 || lineHeightMultiple > 0 && lineHeightMultiple != 1
      || minimumLineHeight > 0 || maximumLineHeight > 0
  }

  /// Whether lines of a paragraph in the style are laid out otherwise than a text's
  /// default lines: indents, an alignment of its own, line heights or spacing.
  var _laysOutLinesOfItsOwn: Bool {
    firstLineHeadIndent != 0 || headIndent != 0 || tailIndent != 0 || alignment != .natural || _setsLineHeights
      || TextTabStops(self) != .standard
  }

  /// The height of a line whose font's own is `natural`: TextKit scales it by the multiple,
  /// then the minimum and maximum clamp it (line spacing not included).
  func _lineHeight(natural: CGFloat) -> CGFloat {
    var height = lineHeightMultiple > 0 ? natural * lineHeightMultiple : natural
    if minimumLineHeight > 0 { height = max(height, minimumLineHeight) }
    if maximumLineHeight > 0 { height = min(height, maximumLineHeight) }
    return height
  }

  /// iOS's default: left tab stops every 28 points, twelve of them.
  static var defaultTabStops: [NSTextTab] {
    (1...12).map { NSTextTab(textAlignment: .left, location: CGFloat($0) * 28) }
  }

  public override init() {
    super.init()
  }

  public required init?(coder: NSCoder) {
    super.init()
  }

  open func encode(with coder: NSCoder) {}

  open func copy(with zone: NSZone? = nil) -> Any {
    let copy = NSParagraphStyle()
    copy.take(self)
    return copy
  }

  open func mutableCopy(with zone: NSZone? = nil) -> Any {
    let copy = NSMutableParagraphStyle()
    copy.take(self)
    return copy
  }

  func take(_ other: NSParagraphStyle) {
    alignment = other.alignment
    lineBreakMode = other.lineBreakMode
    lineSpacing = other.lineSpacing
    paragraphSpacing = other.paragraphSpacing
    paragraphSpacingBefore = other.paragraphSpacingBefore
    firstLineHeadIndent = other.firstLineHeadIndent
    headIndent = other.headIndent
    tailIndent = other.tailIndent
    lineHeightMultiple = other.lineHeightMultiple
    minimumLineHeight = other.minimumLineHeight
    maximumLineHeight = other.maximumLineHeight
    baseWritingDirection = other.baseWritingDirection
    hyphenationFactor = other.hyphenationFactor
    usesDefaultHyphenation = other.usesDefaultHyphenation
    tabStops = other.tabStops
    defaultTabInterval = other.defaultTabInterval
    allowsDefaultTighteningForTruncation = other.allowsDefaultTighteningForTruncation
    lineBreakStrategy = other.lineBreakStrategy
    textLists = other.textLists
  }

  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? NSParagraphStyle else { return false }
    return alignment == other.alignment && lineBreakMode == other.lineBreakMode
      && lineSpacing == other.lineSpacing && paragraphSpacing == other.paragraphSpacing
      && paragraphSpacingBefore == other.paragraphSpacingBefore
      && firstLineHeadIndent == other.firstLineHeadIndent && headIndent == other.headIndent
      && tailIndent == other.tailIndent && lineHeightMultiple == other.lineHeightMultiple
      && minimumLineHeight == other.minimumLineHeight && maximumLineHeight == other.maximumLineHeight
      && baseWritingDirection == other.baseWritingDirection && hyphenationFactor == other.hyphenationFactor
      && usesDefaultHyphenation == other.usesDefaultHyphenation
      && (tabStops ?? []) == (other.tabStops ?? []) && defaultTabInterval == other.defaultTabInterval
      && allowsDefaultTighteningForTruncation == other.allowsDefaultTighteningForTruncation
      && lineBreakStrategy == other.lineBreakStrategy && textLists == other.textLists
  }

  open override var hash: Int { alignment.rawValue &* 31 &+ lineBreakMode.rawValue }
}

/// A paragraph style whose attributes can be set.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
  open override var alignment: NSTextAlignment {
    get { super.alignment }
    set { super.alignment = newValue }
  }
  open override var lineBreakMode: NSLineBreakMode {
    get { super.lineBreakMode }
    set { super.lineBreakMode = newValue }
  }
  open override var lineSpacing: CGFloat {
    get { super.lineSpacing }
    set { super.lineSpacing = newValue }
  }
  open override var paragraphSpacing: CGFloat {
    get { super.paragraphSpacing }
    set { super.paragraphSpacing = newValue }
  }
  open override var paragraphSpacingBefore: CGFloat {
    get { super.paragraphSpacingBefore }
    set { super.paragraphSpacingBefore = newValue }
  }
  open override var firstLineHeadIndent: CGFloat {
    get { super.firstLineHeadIndent }
    set { super.firstLineHeadIndent = newValue }
  }
  open override var headIndent: CGFloat {
    get { super.headIndent }
    set { super.headIndent = newValue }
  }
  open override var tailIndent: CGFloat {
    get { super.tailIndent }
    set { super.tailIndent = newValue }
  }
  open override var lineHeightMultiple: CGFloat {
    get { super.lineHeightMultiple }
    set { super.lineHeightMultiple = newValue }
  }
  open override var minimumLineHeight: CGFloat {
    get { super.minimumLineHeight }
    set { super.minimumLineHeight = newValue }
  }
  open override var maximumLineHeight: CGFloat {
    get { super.maximumLineHeight }
    set { super.maximumLineHeight = newValue }
  }
  open override var baseWritingDirection: NSWritingDirection {
    get { super.baseWritingDirection }
    set { super.baseWritingDirection = newValue }
  }
  open override var hyphenationFactor: Float {
    get { super.hyphenationFactor }
    set { super.hyphenationFactor = newValue }
  }
  open override var usesDefaultHyphenation: Bool {
    get { super.usesDefaultHyphenation }
    set { super.usesDefaultHyphenation = newValue }
  }
  open override var tabStops: [NSTextTab]! {
    get { super.tabStops }
    // Kept sorted by location, as Apple's setter sorts them; nil brings back the default stops
    // (the property is null-resettable).
    set { super.tabStops = (newValue ?? NSParagraphStyle.defaultTabStops).sorted { $0.location < $1.location } }
  }
  open override var defaultTabInterval: CGFloat {
    get { super.defaultTabInterval }
    set { super.defaultTabInterval = newValue }
  }
  open override var allowsDefaultTighteningForTruncation: Bool {
    get { super.allowsDefaultTighteningForTruncation }
    set { super.allowsDefaultTighteningForTruncation = newValue }
  }
  open override var lineBreakStrategy: NSParagraphStyle.LineBreakStrategy {
    get { super.lineBreakStrategy }
    set { super.lineBreakStrategy = newValue }
  }
  open override var textLists: [NSTextList] {
    get { super.textLists }
    set { super.textLists = newValue }
  }

  /// Adds a tab stop, in order of location.
  open func addTabStop(_ anObject: NSTextTab) {
    tabStops = (tabStops ?? []) + [anObject]
  }

  /// Removes the first tab stop equal to `anObject` (same alignment and location).
  open func removeTabStop(_ anObject: NSTextTab) {
    guard var stops = tabStops, let index = stops.firstIndex(of: anObject) else { return }
    stops.remove(at: index)
    tabStops = stops
  }

  /// Takes every attribute of `obj`.
  open func setParagraphStyle(_ obj: NSParagraphStyle) {
    take(obj)
  }
}
