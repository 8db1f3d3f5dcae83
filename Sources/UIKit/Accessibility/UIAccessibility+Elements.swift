import Foundation

extension UIAccessibility {
  /// `rect`, in `view`'s coordinates, in screen coordinates (what ``UIView/accessibilityFrame``
  /// and ``UIAccessibilityElement/accessibilityFrame`` hold).
  @MainActor
  public static func convertToScreenCoordinates(_ rect: CGRect, in view: UIView) -> CGRect {
    let inWindow = view.convert(rect, to: nil)
    guard let window = view.window else { return inWindow }
    return inWindow.offsetBy(dx: window.frame.minX, dy: window.frame.minY)
  }

  /// `path`, in `view`'s coordinates, in screen coordinates.
  @MainActor
  public static func convertToScreenCoordinates(_ path: UIBezierPath, in view: UIView) -> UIBezierPath {
    let origin = convertToScreenCoordinates(CGRect(origin: .zero, size: .zero), in: view).origin
    let moved = UIBezierPath(cgPath: path.cgPath)
    moved.apply(CGAffineTransform(translationX: origin.x, y: origin.y))
    return moved
  }

  /// The element assistive technology has in focus. No assistive technology runs on Linux
  /// (see ``isVoiceOverRunning``), so there is none: nil, as on iOS with VoiceOver off.
  @MainActor
  public static func focusedElement(using assistiveTechnologyIdentifier: UIAccessibility.AssistiveTechnologyIdentifier?) -> Any? {
    nil
  }

  /// An assistive technology (``focusedElement(using:)``).
  public struct AssistiveTechnologyIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let notificationVoiceOver = AssistiveTechnologyIdentifier(rawValue: "UIAccessibilityNotificationVoiceOverIdentifier")
    public static let notificationSwitchControl = AssistiveTechnologyIdentifier(rawValue: "UIAccessibilityNotificationSwitchControlIdentifier")
  }
}

/// One element assistive technology finds on screen: a view or a `UIAccessibilityElement`,
/// read alike. Hosts mirror these (the browser's ARIA tree) and tests find elements through them.
@MainActor
package struct _AccessibilityNode {
  /// The view or the `UIAccessibilityElement`.
  package let object: NSObject

  package init(object: NSObject) {
    self.object = object
  }

  package var label: String? {
    switch object {
    case let view as UIView: view.accessibilityLabel
    case let element as UIAccessibilityElement: element.accessibilityLabel
    default: nil
    }
  }
  package var value: String? {
    switch object {
    case let view as UIView: view.accessibilityValue
    case let element as UIAccessibilityElement: element.accessibilityValue
    default: nil
    }
  }
  package var hint: String? {
    switch object {
    case let view as UIView: view.accessibilityHint
    case let element as UIAccessibilityElement: element.accessibilityHint
    default: nil
    }
  }
  package var identifier: String? {
    (object as? any UIAccessibilityIdentification)?.accessibilityIdentifier
  }
  package var traits: UIAccessibilityTraits {
    switch object {
    case let view as UIView: view.accessibilityTraits
    case let element as UIAccessibilityElement: element.accessibilityTraits
    default: .none
    }
  }
  /// In screen coordinates.
  package var frame: CGRect {
    switch object {
    case let view as UIView: view.accessibilityFrame
    case let element as UIAccessibilityElement: element.accessibilityFrame
    default: .zero
    }
  }
  package var activationPoint: CGPoint {
    switch object {
    case let view as UIView: view.accessibilityActivationPoint
    case let element as UIAccessibilityElement: element.accessibilityActivationPoint
    default: .zero
    }
  }
  package var customActions: [UIAccessibilityCustomAction] {
    switch object {
    case let view as UIView: view.accessibilityCustomActions ?? []
    case let element as UIAccessibilityElement: element.accessibilityCustomActions ?? []
    default: []
    }
  }
  /// The view the element is, or the view whose elements it is among (through containers).
  package var view: UIView? {
    var current: AnyObject? = object
    while let next = current {
      if let view = next as? UIView { return view }
      current = (next as? UIAccessibilityElement)?.accessibilityContainer
    }
    return nil
  }

  /// `accessibilityActivate()`: whether the element handled its activation.
  package func activate() -> Bool {
    switch object {
    case let view as UIView: view.accessibilityActivate()
    case let element as UIAccessibilityElement: element.accessibilityActivate()
    default: false
    }
  }
  package func increment() {
    switch object {
    case let view as UIView: view.accessibilityIncrement()
    case let element as UIAccessibilityElement: element.accessibilityIncrement()
    default: break
    }
  }
  package func decrement() {
    switch object {
    case let view as UIView: view.accessibilityDecrement()
    case let element as UIAccessibilityElement: element.accessibilityDecrement()
    default: break
    }
  }

  /// Who is asked, in order, when assistive technology sends the element an escape, a magic
  /// tap or a scroll: the element, its containers up to its view, then the responder chain
  /// from that view (its superviews and view controllers, the window, the application and the
  /// app delegate).
  package var escalation: [UIResponder] {
    var chain: [UIResponder] = []
    var current: AnyObject? = object
    while let element = current as? UIAccessibilityElement {
      chain.append(element)
      current = element.accessibilityContainer
    }
    var responder = current as? UIResponder
    while let next = responder {
      chain.append(next)
      responder = next.next
    }
    if let delegate = UIApplication.shared.delegate as? UIResponder, !chain.contains(where: { $0 === delegate }) {
      chain.append(delegate)
    }
    return chain
  }

  /// The elements of `window` in the order assistive technology reads them: depth first,
  /// back to front, or in a container's `accessibilityElements` order. Hidden views and
  /// `accessibilityElementsHidden` subtrees are skipped; an element's subviews are not elements
  /// of their own; a view with `accessibilityViewIsModal` (an alert) hides its siblings.
  package static func elements(of window: UIWindow) -> [_AccessibilityNode] {
    var result: [_AccessibilityNode] = []
    var visited = Set<ObjectIdentifier>()
    visit(window, into: &result, visited: &visited)
    return result
  }

  private static func visit(_ object: Any, into result: inout [_AccessibilityNode], visited: inout Set<ObjectIdentifier>) {
    // A container listing an ancestor (or itself) must not loop.
    guard let object = object as? NSObject, visited.insert(ObjectIdentifier(object)).inserted else { return }
    let children: [Any]
    switch object {
    case let view as UIView:
      guard !view.isHidden, view.alpha > 0.01, !view.accessibilityElementsHidden else { return }
      if view.isAccessibilityElement {
        result.append(_AccessibilityNode(object: view))
        return
      }
      if let elements = view.accessibilityElements {
        children = elements
      } else {
        let count = view.accessibilityElementCount()
        children = count > 0 ? (0..<count).compactMap { view.accessibilityElement(at: $0) } : view.subviews
      }
    case let element as UIAccessibilityElement:
      guard !element.accessibilityElementsHidden else { return }
      if element.isAccessibilityElement {
        result.append(_AccessibilityNode(object: element))
        return
      }
      children = element.accessibilityElements ?? []
    default:
      return
    }
    var shown = children
    if let modal = children.last(where: isModal) { shown = [modal] }
    for child in shown { visit(child, into: &result, visited: &visited) }
  }

  private static func isModal(_ object: Any) -> Bool {
    switch object {
    case let view as UIView: view.accessibilityViewIsModal && !view.isHidden
    case let element as UIAccessibilityElement: element.accessibilityViewIsModal && !element.accessibilityElementsHidden
    default: false
    }
  }
}
