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

/// The window's accessibility elements in reading order (back to front, depth first), as
/// VoiceOver finds them: hidden views and `accessibilityElementsHidden` subtrees are skipped;
/// an element's subviews are not elements of their own; a view with `accessibilityViewIsModal`
/// (an alert) hides its siblings.
@MainActor
package enum AccessibilityMirror {
  package static func elements(of window: UIWindow) -> [AccessibilityElement] {
    var result: [AccessibilityElement] = []
    visit(window, window: window, into: &result)
    return result
  }

  private static func visit(_ view: UIView, window: UIWindow, into result: inout [AccessibilityElement]) {
    guard !view.isHidden, view.alpha > 0.01, !view.accessibilityElementsHidden else { return }
    if view.isAccessibilityElement {
      result.append(element(for: view, window: window))
      return
    }
    var subviews = view.subviews
    if let modal = subviews.last(where: { $0.accessibilityViewIsModal && !$0.isHidden }) { subviews = [modal] }
    for subview in subviews { visit(subview, window: window, into: &result) }
  }

  private static func element(for view: UIView, window: UIWindow) -> AccessibilityElement {
    let traits = view.accessibilityTraits
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
    let frame = view.accessibilityFrame
    return AccessibilityElement(
      id: view.accessibilityIdentifier, role: role, label: view.accessibilityLabel,
      value: view.accessibilityValue, hint: view.accessibilityHint, traits: names(of: traits),
      frame: [frame.minX, frame.minY, frame.width, frame.height].map { Double($0) },
      focused: window._firstResponder === view)
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
