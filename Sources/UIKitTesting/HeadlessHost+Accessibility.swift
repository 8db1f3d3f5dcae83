import Foundation
import UIKit

// What VoiceOver finds on screen and what it does with it: tests find elements by identifier or
// label, as UI tests do, and act on them as a VoiceOver user would (activate, adjust, choose a
// custom action, escape, magic tap), through the app's own accessibility API.

extension HeadlessHost {
  /// One element VoiceOver finds on screen: a view, or a `UIAccessibilityElement` a container
  /// lists. What it reads is read when the element is found.
  public struct AccessibilityElement: CustomStringConvertible {
    /// The `UIView` or `UIAccessibilityElement`.
    public let object: NSObject
    /// Its `accessibilityIdentifier`.
    public let identifier: String?
    /// Its `accessibilityLabel`, as VoiceOver reads it.
    public let label: String?
    /// Its `accessibilityValue`.
    public let value: String?
    /// Its `accessibilityHint`.
    public let hint: String?
    /// Its `accessibilityTraits`.
    public let traits: UIAccessibilityTraits
    /// Its `accessibilityFrame`, in screen coordinates.
    public let frame: CGRect
    /// Where VoiceOver taps when the element does not handle its activation.
    public let activationPoint: CGPoint
    /// The names of its custom actions, in order (VoiceOver's Actions rotor).
    public let customActions: [String]

    /// The element, as UIKit reads it.
    private let accessible: any _AccessibleObject

    @MainActor init(_ node: _AccessibilityNode) {
      accessible = node.element
      object = node.object
      identifier = node.identifier
      label = node.label
      value = node.value
      hint = node.hint
      traits = node.traits
      frame = node.frame
      activationPoint = node.activationPoint
      customActions = node.customActions.map(\.name)
    }

    @MainActor var node: _AccessibilityNode { _AccessibilityNode(accessible) }

    /// What VoiceOver would say: label, value, then hint, with commas.
    public var description: String {
      [label, value, hint].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
    }
  }

  /// The elements VoiceOver finds on screen, in the order it reads them (swiping right): depth
  /// first, back to front or in a container's `accessibilityElements` order. Hidden views and
  /// `accessibilityElementsHidden` subtrees are left out, an element's subviews are part of it,
  /// and a view with `accessibilityViewIsModal` hides its siblings.
  public var accessibilityElements: [AccessibilityElement] {
    window.layoutIfNeeded()
    return _AccessibilityNode.elements(of: window).map(AccessibilityElement.init)
  }

  /// The first element on screen with `accessibilityIdentifier` `identifier`.
  public func accessibilityElement(identifier: String) -> AccessibilityElement? {
    accessibilityElements.first { $0.identifier == identifier }
  }

  /// The first element on screen whose `accessibilityLabel` is `label`.
  public func accessibilityElement(label: String) -> AccessibilityElement? {
    accessibilityElements.first { $0.label == label }
  }

  /// Activates `element` as VoiceOver's double tap does: `accessibilityActivate()` first; when
  /// that returns false, a tap at its activation point. Returns whether the element handled the
  /// activation itself.
  @discardableResult
  public func activate(_ element: AccessibilityElement) -> Bool {
    let handled = element.node.activate()
    if !handled {
      // The activation point is in screen coordinates; the tap, in the window's.
      let point = element.node.activationPoint
      tap(at: CGPoint(x: point.x - window.frame.minX, y: point.y - window.frame.minY))
    } else {
      endOfTurn()
    }
    return handled
  }

  /// Raises an adjustable element's value, as VoiceOver's swipe up does.
  public func increment(_ element: AccessibilityElement) {
    element.node.increment()
    endOfTurn()
  }

  /// Lowers an adjustable element's value, as VoiceOver's swipe down does.
  public func decrement(_ element: AccessibilityElement) {
    element.node.decrement()
    endOfTurn()
  }

  /// Chooses the custom action named `name` of `element` from VoiceOver's Actions rotor.
  /// Returns what its handler returned; false when the element has no such action.
  @discardableResult
  public func performCustomAction(_ name: String, on element: AccessibilityElement) -> Bool {
    guard let action = element.node.customActions.first(where: { $0.name == name }) else { return false }
    let succeeded = action._perform()
    endOfTurn()
    return succeeded
  }

  /// VoiceOver's escape (the two-finger scrub) on `element`: the element, its containers and
  /// then its responder chain are asked `accessibilityPerformEscape()` until one returns true.
  /// Returns whether one did.
  @discardableResult
  public func performEscape(on element: AccessibilityElement) -> Bool {
    let handled = element.node.escalation.contains { $0.accessibilityPerformEscape() }
    endOfTurn()
    return handled
  }

  /// VoiceOver's scroll by a page (the three-finger swipe) with `element` in focus: asked of
  /// the element, its containers and its responder chain (`accessibilityScroll(_:)`) until one
  /// returns true, a scroll view around the element paging itself. Returns whether one did.
  @discardableResult
  public func performScroll(_ direction: UIAccessibilityScrollDirection, on element: AccessibilityElement) -> Bool {
    let handled = element.node.escalation.contains { $0.accessibilityScroll(direction) }
    endOfTurn()
    return handled
  }

  /// VoiceOver's magic tap (the two-finger double tap) with `element` in focus: asked of the
  /// element, its containers, its responder chain and the app delegate until one returns true.
  @discardableResult
  public func performMagicTap(on element: AccessibilityElement) -> Bool {
    let handled = element.node.escalation.contains { $0.accessibilityPerformMagicTap() }
    endOfTurn()
    return handled
  }
}
