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

/// What assistive technology reads of an element and asks of it: the members views and
/// `UIAccessibilityElement`s both declare (on iOS, NSObject's informal protocol). The calls go
/// through each class's own members, so a subclass's overrides answer.
@MainActor
package protocol _AccessibleObject: NSObject {
  var accessibilityLabel: String? { get }
  var accessibilityValue: String? { get }
  var accessibilityHint: String? { get }
  var accessibilityIdentifier: String? { get }
  var accessibilityTraits: UIAccessibilityTraits { get }
  var accessibilityFrame: CGRect { get }
  var accessibilityActivationPoint: CGPoint { get }
  var accessibilityCustomActions: [UIAccessibilityCustomAction]? { get }
  func accessibilityActivate() -> Bool
  func accessibilityIncrement()
  func accessibilityDecrement()
}

extension UIView: _AccessibleObject {}
extension UIAccessibilityElement: _AccessibleObject {}

/// One element assistive technology finds on screen: a view or a `UIAccessibilityElement`,
/// read alike. Hosts mirror these (the browser's ARIA tree) and tests find elements through them.
@MainActor
package struct _AccessibilityNode {
  /// The view or the `UIAccessibilityElement`.
  package let element: any _AccessibleObject
  package var object: NSObject { element }

  package init(_ element: any _AccessibleObject) {
    self.element = element
  }

  package var label: String? { element.accessibilityLabel }
  package var value: String? { element.accessibilityValue }
  package var hint: String? { element.accessibilityHint }
  package var identifier: String? { element.accessibilityIdentifier }
  package var traits: UIAccessibilityTraits { element.accessibilityTraits }
  /// In screen coordinates.
  package var frame: CGRect { element.accessibilityFrame }
  package var activationPoint: CGPoint { element.accessibilityActivationPoint }
  package var customActions: [UIAccessibilityCustomAction] { element.accessibilityCustomActions ?? [] }

  /// `accessibilityActivate()`: whether the element handled its activation.
  package func activate() -> Bool { element.accessibilityActivate() }
  package func increment() { element.accessibilityIncrement() }
  package func decrement() { element.accessibilityDecrement() }

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
        result.append(_AccessibilityNode(view))
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
        result.append(_AccessibilityNode(element))
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
