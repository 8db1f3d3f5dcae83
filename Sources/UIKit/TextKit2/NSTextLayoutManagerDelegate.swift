import Foundation

/// What a text layout manager's delegate decides: the layout fragment made for each element (a
/// subclass that draws more), where lines may break, and how links are drawn. The methods are
/// optional (the defaults: a plain fragment, every break allowed, the default link attributes);
/// same-named properties make iOS's optional-call syntax compile
/// (`delegate?.textLayoutManager?(manager, textLayoutFragmentFor: location, in: element)`).
@preconcurrency @MainActor
public protocol NSTextLayoutManagerDelegate: NSObjectProtocol {
  /// The fragment that lays out `textElement` (from `location`): a subclass of
  /// `NSTextLayoutFragment` made with `init(textElement:range:)`.
  func textLayoutManager(
    _ textLayoutManager: NSTextLayoutManager, textLayoutFragmentFor location: any NSTextLocation, in textElement: NSTextElement
  ) -> NSTextLayoutFragment
  /// Whether a line may break before `location` (the default: true). Lines here break where
  /// the text view's line breaking breaks them, and this method is not asked (README).
  func textLayoutManager(
    _ textLayoutManager: NSTextLayoutManager, shouldBreakLineBefore location: any NSTextLocation, hyphenating: Bool
  ) -> Bool
  /// The attributes a link at `location` is drawn with (nil: `renderingAttributes`).
  func textLayoutManager(
    _ textLayoutManager: NSTextLayoutManager, renderingAttributesForLink link: Any, at location: any NSTextLocation,
    defaultAttributes renderingAttributes: [NSAttributedString.Key: Any]
  ) -> [NSAttributedString.Key: Any]?
}

extension NSTextLayoutManagerDelegate {
  public func textLayoutManager(
    _ textLayoutManager: NSTextLayoutManager, textLayoutFragmentFor location: any NSTextLocation, in textElement: NSTextElement
  ) -> NSTextLayoutFragment {
    NSTextLayoutFragment(textElement: textElement, range: textElement.elementRange)
  }
  public func textLayoutManager(
    _ textLayoutManager: NSTextLayoutManager, shouldBreakLineBefore location: any NSTextLocation, hyphenating: Bool
  ) -> Bool { true }
  public func textLayoutManager(
    _ textLayoutManager: NSTextLayoutManager, renderingAttributesForLink link: Any, at location: any NSTextLocation,
    defaultAttributes renderingAttributes: [NSAttributedString.Key: Any]
  ) -> [NSAttributedString.Key: Any]? { nil }

  /// `delegate?.textLayoutManager?(…)`; never nil.
  public var textLayoutManager: NSTextLayoutManagerDelegateCall? { NSTextLayoutManagerDelegateCall(delegate: self) }
}

/// The value behind `delegate?.textLayoutManager?(…)`.
@preconcurrency @MainActor
public struct NSTextLayoutManagerDelegateCall {
  let delegate: any NSTextLayoutManagerDelegate
  public func callAsFunction(
    _ textLayoutManager: NSTextLayoutManager, textLayoutFragmentFor location: any NSTextLocation, in textElement: NSTextElement
  ) -> NSTextLayoutFragment {
    delegate.textLayoutManager(textLayoutManager, textLayoutFragmentFor: location, in: textElement)
  }
  public func callAsFunction(
    _ textLayoutManager: NSTextLayoutManager, shouldBreakLineBefore location: any NSTextLocation, hyphenating: Bool
  ) -> Bool {
    delegate.textLayoutManager(textLayoutManager, shouldBreakLineBefore: location, hyphenating: hyphenating)
  }
  public func callAsFunction(
    _ textLayoutManager: NSTextLayoutManager, renderingAttributesForLink link: Any, at location: any NSTextLocation,
    defaultAttributes renderingAttributes: [NSAttributedString.Key: Any]
  ) -> [NSAttributedString.Key: Any]? {
    delegate.textLayoutManager(textLayoutManager, renderingAttributesForLink: link, at: location, defaultAttributes: renderingAttributes)
  }
}
