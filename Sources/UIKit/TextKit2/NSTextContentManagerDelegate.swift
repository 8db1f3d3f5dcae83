import Foundation

/// What a content manager's delegate decides: the element at a location, and which elements
/// are laid out. Both methods are optional (the defaults: no element of the delegate's, every
/// element enumerated).
@preconcurrency @MainActor
public protocol NSTextContentManagerDelegate: NSObjectProtocol {
  /// An element the delegate makes for the content at `location`, or nil for the manager's own.
  func textContentManager(_ textContentManager: NSTextContentManager, textElementAt location: any NSTextLocation) -> NSTextElement?
  /// Whether `textElement` is enumerated (false hides it from layout).
  func textContentManager(
    _ textContentManager: NSTextContentManager, shouldEnumerate textElement: NSTextElement,
    options: NSTextContentManager.EnumerationOptions
  ) -> Bool
}

extension NSTextContentManagerDelegate {
  public func textContentManager(
    _ textContentManager: NSTextContentManager, textElementAt location: any NSTextLocation
  ) -> NSTextElement? { nil }
  public func textContentManager(
    _ textContentManager: NSTextContentManager, shouldEnumerate textElement: NSTextElement,
    options: NSTextContentManager.EnumerationOptions
  ) -> Bool { true }

  /// `delegate?.textContentManager?(…)`; never nil.
  public var textContentManager: NSTextContentManagerDelegateCall? { NSTextContentManagerDelegateCall(delegate: self) }
}

/// The value behind `delegate?.textContentManager?(…)`.
@preconcurrency @MainActor
public struct NSTextContentManagerDelegateCall {
  let delegate: any NSTextContentManagerDelegate
  public func callAsFunction(_ textContentManager: NSTextContentManager, textElementAt location: any NSTextLocation) -> NSTextElement? {
    delegate.textContentManager(textContentManager, textElementAt: location)
  }
  public func callAsFunction(
    _ textContentManager: NSTextContentManager, shouldEnumerate textElement: NSTextElement,
    options: NSTextContentManager.EnumerationOptions
  ) -> Bool {
    delegate.textContentManager(textContentManager, shouldEnumerate: textElement, options: options)
  }
}
