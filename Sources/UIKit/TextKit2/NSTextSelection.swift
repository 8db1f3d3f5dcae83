import Foundation

/// A selection in TextKit 2: one or more ranges, the unit it grows by, the side of a line wrap
/// its caret is on, and what typing there gets.
open class NSTextSelection: NSObject, @unchecked Sendable {
  /// The unit a selection is made of.
  public enum Granularity: Int, Sendable {
    case character = 0
    case word = 1
    case paragraph = 2
    case line = 3
    case sentence = 4
  }

  /// Which side of a line wrap a caret there belongs to.
  public enum Affinity: Int, Sendable {
    /// The end of the line before.
    case upstream = 0
    /// The start of the line after.
    case downstream = 1
  }

  /// The ranges, in order (one for a caret or a plain selection).
  open private(set) var textRanges: [NSTextRange]
  /// The unit the selection grows by.
  open private(set) var granularity: Granularity
  /// The side of a line wrap the caret is on.
  open private(set) var affinity: Affinity
  /// Whether the selection is a passing one (a marked-text or drag caret): false here.
  open private(set) var isTransient = false
  /// The horizontal place a caret keeps moving up and down lines (container coordinates).
  open var anchorPositionOffset: CGFloat = 0
  /// Whether the ranges are in logical (storage) order rather than visual (true).
  open var isLogical = true
  /// The other end of a split caret in bidirectional text (setting one makes the selection
  /// visual: ``isLogical`` false).
  open var secondarySelectionLocation: (any NSTextLocation)? {
    didSet { if secondarySelectionLocation != nil { isLogical = false } }
  }
  /// The attributes text typed at the selection gets.
  open var typingAttributes: [NSAttributedString.Key: Any] = [:]

  /// A selection of `textRanges`, put in order, overlapping ones joined.
  public init(_ textRanges: [NSTextRange], affinity: Affinity, granularity: Granularity) {
    self.textRanges = NSTextSelection._normalized(textRanges)
    self.affinity = affinity
    self.granularity = granularity
    super.init()
  }

  /// A selection of one range.
  public convenience init(range: NSTextRange, affinity: Affinity, granularity: Granularity) {
    self.init([range], affinity: affinity, granularity: granularity)
  }

  /// A caret at `location`.
  public convenience init(_ location: any NSTextLocation, affinity: Affinity) {
    self.init([NSTextRange(location: location)], affinity: affinity, granularity: .character)
  }

  /// An empty selection: nothing here is archived (there are no nibs).
  public required init?(coder: NSCoder) {
    textRanges = []
    granularity = .character
    affinity = .downstream
    super.init()
  }

  /// `ranges` in document order, ranges that overlap joined into one.
  private static func _normalized(_ ranges: [NSTextRange]) -> [NSTextRange] {
    guard ranges.count > 1 else { return ranges }
    let sorted = ranges.sorted { $0.location.compare($1.location) == .orderedAscending }
    var result: [NSTextRange] = [sorted[0]]
    for range in sorted.dropFirst() {
      let last = result[result.count - 1]
      if range.location.compare(last.endLocation) == .orderedAscending {
        result[result.count - 1] = last.union(range)
      } else {
        result.append(range)
      }
    }
    return result
  }

  /// The same selection of other ranges.
  open func textSelection(with textRanges: [NSTextRange]) -> NSTextSelection {
    let selection = NSTextSelection(textRanges, affinity: affinity, granularity: granularity)
    selection.anchorPositionOffset = anchorPositionOffset
    selection.isLogical = isLogical
    selection.secondarySelectionLocation = secondarySelectionLocation
    selection.typingAttributes = typingAttributes
    return selection
  }

  open override var description: String {
    "<NSTextSelection: \(Unmanaged.passUnretained(self).toOpaque())> ranges \(textRanges.map(\.description)), affinity \(affinity), granularity \(granularity)"
  }
}
