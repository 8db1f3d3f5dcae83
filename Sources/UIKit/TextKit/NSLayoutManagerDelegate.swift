import Foundation

/// What a layout manager's delegate hears about layout. The methods are optional: the protocol
/// extension supplies iOS's behaviour without them (nothing), and same-named properties make
/// iOS's optional-call syntax compile: `delegate?.layoutManagerDidInvalidateLayout?(manager)`,
/// `delegate?.layoutManager?(manager, didCompleteLayoutFor: container, atEnd: true)`. A class's
/// own `layoutManager` property (a text view's) still means its own.
///
/// Only these three are provided: the others shape glyphs and line fragments, which nothing here
/// lets a delegate change (README, "Differences Linux forces").
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
}

extension NSLayoutManagerDelegate {
  public func layoutManagerDidInvalidateLayout(_ sender: NSLayoutManager) {}
  public func layoutManager(
    _ layoutManager: NSLayoutManager, didCompleteLayoutFor textContainer: NSTextContainer?, atEnd layoutFinishedFlag: Bool
  ) {}
  public func layoutManager(
    _ layoutManager: NSLayoutManager, textContainer: NSTextContainer, didChangeGeometryFrom oldSize: CGSize
  ) {}

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
}
