import Foundation

/// What a layout manager's delegate hears about layout. The methods are optional: the protocol
/// extension supplies iOS's behaviour without them (nothing), and same-named properties make
/// iOS's optional-call syntax compile: `delegate?.layoutManagerDidInvalidateLayout?(manager)`,
/// `delegate?.layoutManager?(manager, didCompleteLayoutFor: container, atEnd: true)`. A class's
/// own `layoutManager` property (a text view's) still means its own.
///
/// Besides the three that report layout, the delegate sets the spacing around each line (the
/// usual way to space a text view's lines without touching its text) and may set each line's
/// rectangles and baseline; the others shape glyphs, which nothing here lets a delegate change
/// (README, "Differences Linux forces").
///
/// With a delegate, a text view lays its whole text out on each edit, asking for each line's
/// spacing (its keystroke otherwise rewraps only the lines it touches).
@preconcurrency @MainActor
public protocol NSLayoutManagerDelegate: NSObjectProtocol {
  /// Layout that was complete became invalid (the text or a container changed).
  func layoutManagerDidInvalidateLayout(_ sender: NSLayoutManager)
  /// The text of `textContainer` is laid out; `layoutFinishedFlag` is true when that is the
  /// whole text (always, here: layout is never left unfinished).
  func layoutManager(
    _ layoutManager: NSLayoutManager, didCompleteLayoutFor textContainer: NSTextContainer?, atEnd layoutFinishedFlag: Bool)
  /// `textContainer`'s size changed from `oldSize`; its layout is invalidated next.
  func layoutManager(_ layoutManager: NSLayoutManager, textContainer: NSTextContainer, didChangeGeometryFrom oldSize: CGSize)
  /// The space below the line ending with the glyph at `glyphIndex`, whose line fragment is
  /// `rect`; without this method, its paragraph style's `lineSpacing`.
  func layoutManager(_ layoutManager: NSLayoutManager, lineSpacingAfterGlyphAt glyphIndex: Int, withProposedLineFragmentRect rect: CGRect)
    -> CGFloat
  /// The space above the paragraph whose first line starts with the glyph at `glyphIndex`;
  /// without this method, its paragraph style's `paragraphSpacingBefore`. Not asked for the
  /// text's first paragraph, which starts at the container's top.
  func layoutManager(
    _ layoutManager: NSLayoutManager, paragraphSpacingBeforeGlyphAt glyphIndex: Int, withProposedLineFragmentRect rect: CGRect
  ) -> CGFloat
  /// The space below the paragraph whose last line ends with the glyph at `glyphIndex`;
  /// without this method, its paragraph style's `paragraphSpacing`.
  func layoutManager(
    _ layoutManager: NSLayoutManager, paragraphSpacingAfterGlyphAt glyphIndex: Int, withProposedLineFragmentRect rect: CGRect
  ) -> CGFloat
  /// The line of `glyphRange` is about to take `lineFragmentRect`, its text `lineFragmentUsedRect`
  /// and its baseline `baselineOffset` below the fragment's top: the delegate may change them
  /// and answer true (the line's height, where its text is and where its glyphs sit follow; the
  /// next line starts below the new height). Without this method, false.
  func layoutManager(
    _ layoutManager: NSLayoutManager, shouldSetLineFragmentRect lineFragmentRect: UnsafeMutablePointer<CGRect>,
    lineFragmentUsedRect: UnsafeMutablePointer<CGRect>, baselineOffset: UnsafeMutablePointer<CGFloat>,
    in textContainer: NSTextContainer, forGlyphRange glyphRange: NSRange
  ) -> Bool
}

extension NSLayoutManagerDelegate {
  public func layoutManagerDidInvalidateLayout(_ sender: NSLayoutManager) {}
  public func layoutManager(
    _ layoutManager: NSLayoutManager, didCompleteLayoutFor textContainer: NSTextContainer?, atEnd layoutFinishedFlag: Bool
  ) {}
  public func layoutManager(
    _ layoutManager: NSLayoutManager, textContainer: NSTextContainer, didChangeGeometryFrom oldSize: CGSize
  ) {}
  public func layoutManager(
    _ layoutManager: NSLayoutManager, lineSpacingAfterGlyphAt glyphIndex: Int, withProposedLineFragmentRect rect: CGRect
  ) -> CGFloat {
    layoutManager._paragraphStyle(atGlyph: glyphIndex)?.lineSpacing ?? 0
  }
  public func layoutManager(
    _ layoutManager: NSLayoutManager, paragraphSpacingBeforeGlyphAt glyphIndex: Int, withProposedLineFragmentRect rect: CGRect
  ) -> CGFloat {
    layoutManager._paragraphStyle(atGlyph: glyphIndex)?.paragraphSpacingBefore ?? 0
  }
  public func layoutManager(
    _ layoutManager: NSLayoutManager, paragraphSpacingAfterGlyphAt glyphIndex: Int, withProposedLineFragmentRect rect: CGRect
  ) -> CGFloat {
    layoutManager._paragraphStyle(atGlyph: glyphIndex)?.paragraphSpacing ?? 0
  }
  public func layoutManager(
    _ layoutManager: NSLayoutManager, shouldSetLineFragmentRect lineFragmentRect: UnsafeMutablePointer<CGRect>,
    lineFragmentUsedRect: UnsafeMutablePointer<CGRect>, baselineOffset: UnsafeMutablePointer<CGFloat>,
    in textContainer: NSTextContainer, forGlyphRange glyphRange: NSRange
  ) -> Bool {
    false
  }

  /// `delegate?.layoutManagerDidInvalidateLayout?(manager)`; never nil.
  public var layoutManagerDidInvalidateLayout: ((NSLayoutManager) -> Void)? {
    { self.layoutManagerDidInvalidateLayout($0) }
  }
  /// `delegate?.layoutManager?(…)`; never nil.
  public var layoutManager: NSLayoutManagerDelegateCall? { NSLayoutManagerDelegateCall(delegate: self) }
}

/// The value behind `delegate?.layoutManager?(…)`: the delegate methods whose base name is
/// `layoutManager`.
@preconcurrency @MainActor
public struct NSLayoutManagerDelegateCall {
  let delegate: any NSLayoutManagerDelegate
  public func callAsFunction(
    _ layoutManager: NSLayoutManager, didCompleteLayoutFor textContainer: NSTextContainer?, atEnd layoutFinishedFlag: Bool
  ) {
    delegate.layoutManager(layoutManager, didCompleteLayoutFor: textContainer, atEnd: layoutFinishedFlag)
  }
  public func callAsFunction(
    _ layoutManager: NSLayoutManager, textContainer: NSTextContainer, didChangeGeometryFrom oldSize: CGSize
  ) {
    delegate.layoutManager(layoutManager, textContainer: textContainer, didChangeGeometryFrom: oldSize)
  }
  public func callAsFunction(
    _ layoutManager: NSLayoutManager, lineSpacingAfterGlyphAt glyphIndex: Int, withProposedLineFragmentRect rect: CGRect
  ) -> CGFloat {
    delegate.layoutManager(layoutManager, lineSpacingAfterGlyphAt: glyphIndex, withProposedLineFragmentRect: rect)
  }
  public func callAsFunction(
    _ layoutManager: NSLayoutManager, paragraphSpacingBeforeGlyphAt glyphIndex: Int, withProposedLineFragmentRect rect: CGRect
  ) -> CGFloat {
    delegate.layoutManager(layoutManager, paragraphSpacingBeforeGlyphAt: glyphIndex, withProposedLineFragmentRect: rect)
  }
  public func callAsFunction(
    _ layoutManager: NSLayoutManager, paragraphSpacingAfterGlyphAt glyphIndex: Int, withProposedLineFragmentRect rect: CGRect
  ) -> CGFloat {
    delegate.layoutManager(layoutManager, paragraphSpacingAfterGlyphAt: glyphIndex, withProposedLineFragmentRect: rect)
  }
  public func callAsFunction(
    _ layoutManager: NSLayoutManager, shouldSetLineFragmentRect lineFragmentRect: UnsafeMutablePointer<CGRect>,
    lineFragmentUsedRect: UnsafeMutablePointer<CGRect>, baselineOffset: UnsafeMutablePointer<CGFloat>,
    in textContainer: NSTextContainer, forGlyphRange glyphRange: NSRange
  ) -> Bool {
    delegate.layoutManager(
      layoutManager, shouldSetLineFragmentRect: lineFragmentRect, lineFragmentUsedRect: lineFragmentUsedRect,
      baselineOffset: baselineOffset, in: textContainer, forGlyphRange: glyphRange)
  }
}
