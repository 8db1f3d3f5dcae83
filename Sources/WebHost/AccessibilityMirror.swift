import UIKit

/// One element of the accessibility tree, as the page mirrors it in ARIA over the pixels.
package struct AccessibilityElement: Encodable, Equatable, Sendable {
  /// The view's `accessibilityIdentifier` (tests find elements by it).
  package var id: String?
  /// The ARIA role the page gives it: `textbox`, `switch`, `slider`, `progressbar`,
  /// `radiogroup` (a segmented control), `button`, `img`, `heading`, `link`, `text`.
  package var role: String
  package var label: String?
  package var value: String?
  package var hint: String?
  /// The traits' Swift names (`staticText`, `button`, `notEnabled`…).
  package var traits: [String]
  /// In window points: x, y, width, height.
  package var frame: [Double]
  /// Whether it is the first responder (the field being edited).
  package var focused: Bool
}

/// The window's accessibility elements in reading order, as VoiceOver finds them (UIKit's
/// `_AccessibilityNode.elements(of:)`): views and the `UIAccessibilityElement`s containers list.
@MainActor
package enum AccessibilityMirror {
  package static func elements(of window: UIWindow) -> [AccessibilityElement] {
    _AccessibilityNode.elements(of: window).map { element(for: $0, window: window) }
  }

  private static func element(for node: _AccessibilityNode, window: UIWindow) -> AccessibilityElement {
    let traits = node.traits
    let view = node.object as? UIView
    let role: String
    if view is UITextField || view is UITextView || traits.contains(.searchField) {
      role = "textbox"
    } else if view is UISwitch {
      role = "switch"
    } else if view is UIProgressView || view is UIActivityIndicatorView {
      role = "progressbar"
    } else if view is UISegmentedControl {
      role = "radiogroup"
    } else if traits.contains(.adjustable) {
      role = "slider"
    } else if traits.contains(.button) || traits.contains(.keyboardKey) {
      role = "button"
    } else if traits.contains(.link) {
      role = "link"
    } else if traits.contains(.header) {
      role = "heading"
    } else if traits.contains(.image) {
      role = "img"
    } else {
      role = "text"
    }
    // The page lays the mirror over the window: screen coordinates less the window's origin.
    let frame = node.frame.offsetBy(dx: -window.frame.minX, dy: -window.frame.minY)
    return AccessibilityElement(
      id: node.identifier, role: role, label: node.label,
      value: node.value, hint: node.hint, traits: names(of: traits),
      frame: [frame.minX, frame.minY, frame.width, frame.height].map { Double($0) },
      focused: view != nil && window._firstResponder === view)
  }

  private static let traitNames: [(UIAccessibilityTraits, String)] = [
    (.button, "button"), (.link, "link"), (.image, "image"), (.selected, "selected"),
    (.playsSound, "playsSound"), (.keyboardKey, "keyboardKey"), (.staticText, "staticText"),
    (.summaryElement, "summaryElement"), (.notEnabled, "notEnabled"),
    (.updatesFrequently, "updatesFrequently"), (.searchField, "searchField"),
    (.startsMediaSession, "startsMediaSession"), (.adjustable, "adjustable"),
    (.allowsDirectInteraction, "allowsDirectInteraction"), (.causesPageTurn, "causesPageTurn"),
    (.tabBar, "tabBar"), (.header, "header"), (.toggleButton, "toggleButton"), (.supportsZoom, "supportsZoom"),
  ]

  static func names(of traits: UIAccessibilityTraits) -> [String] {
    traitNames.filter { traits.contains($0.0) }.map(\.1)
  }
}
