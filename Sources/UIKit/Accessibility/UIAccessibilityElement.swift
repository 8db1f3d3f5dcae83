import Foundation

/// An element for assistive technology that is not a view: a part a view draws itself (a bar
/// of a chart, a face in a photo, a link in a label). The view that contains it lists it in its
/// ``UIView/accessibilityElements``.
///
/// Its frame is in screen coordinates (``accessibilityFrame``), or in the container's
/// (``accessibilityFrameInContainerSpace``), which follows the container as it moves or
/// scrolls. An element is an element by default (``isAccessibilityElement`` is true); one that
/// is not is a container of its own ``accessibilityElements``.
@preconcurrency @MainActor
open class UIAccessibilityElement: UIResponder, UIAccessibilityIdentification {
  /// Creates an element for an item in `container` (the view that lists it, or another element).
  public init(accessibilityContainer container: Any) {
    accessibilityContainer = container as AnyObject
    super.init()
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  /// The view (or element) the element belongs to. Weak, as on iOS: the container keeps its
  /// elements, not the other way round.
  open weak var accessibilityContainer: AnyObject?
  /// Whether assistive technology reads the element (true by default).
  open var isAccessibilityElement = true
  /// A short description of the element ("Play", "Page 3").
  open var accessibilityLabel: String?
  /// What activating the element does ("Plays the song").
  open var accessibilityHint: String?
  /// The element's current value ("50%").
  open var accessibilityValue: String?
  /// What kind of element it is.
  open var accessibilityTraits: UIAccessibilityTraits = .none
  /// A string that identifies the element in tests.
  open var accessibilityIdentifier: String?
  /// The language its label, value and hint are spoken in (nil: the app's).
  open var accessibilityLanguage: String?

  /// The element's frame in screen coordinates: the one set, or, while
  /// ``accessibilityFrameInContainerSpace`` is set, that frame converted from the container's
  /// coordinates as the container is now (so it follows scrolling).
  open var accessibilityFrame: CGRect {
    get {
      let local = accessibilityFrameInContainerSpace
      guard !local.isNull else { return _accessibilityFrame }
      switch accessibilityContainer {
      case let view as UIView: return UIAccessibility.convertToScreenCoordinates(local, in: view)
      case let element as UIAccessibilityElement:
        let origin = element.accessibilityFrame.origin
        return local.offsetBy(dx: origin.x, dy: origin.y)
      default: return local
      }
    }
    set { _accessibilityFrame = newValue }
  }
  private var _accessibilityFrame = CGRect.zero
  /// The element's frame in its container's coordinates (`CGRect.null`, the default: unset).
  open var accessibilityFrameInContainerSpace = CGRect.null
  /// Where assistive technology taps to activate the element when ``accessibilityActivate()``
  /// does not handle it, in screen coordinates; unless set, the frame's centre.
  open var accessibilityActivationPoint: CGPoint {
    get { _accessibilityActivationPoint ?? CGPoint(x: accessibilityFrame.midX, y: accessibilityFrame.midY) }
    set { _accessibilityActivationPoint = newValue }
  }
  private var _accessibilityActivationPoint: CGPoint?
  /// The element's outline in screen coordinates when it is not a rectangle.
  open var accessibilityPath: UIBezierPath?
  /// Actions offered beside activation (VoiceOver's Actions rotor).
  open var accessibilityCustomActions: [UIAccessibilityCustomAction]?
  /// Whether assistive technology skips the element and what it contains.
  open var accessibilityElementsHidden = false
  /// Whether assistive technology ignores the element's siblings.
  open var accessibilityViewIsModal = false
  /// Whether its elements are read together.
  open var shouldGroupAccessibilityChildren = false
  /// The elements in it, when it is a container (``isAccessibilityElement`` false).
  open var accessibilityElements: [Any]?
  /// What kind of container it is.
  open var accessibilityContainerType: UIAccessibilityContainerType = .none

  /// The label with speech attributes; it and ``accessibilityLabel`` are one value.
  open var accessibilityAttributedLabel: NSAttributedString? {
    get { accessibilityLabel.map { NSAttributedString(string: $0) } }
    set { accessibilityLabel = newValue?.string }
  }
  /// The value with speech attributes; it and ``accessibilityValue`` are one value.
  open var accessibilityAttributedValue: NSAttributedString? {
    get { accessibilityValue.map { NSAttributedString(string: $0) } }
    set { accessibilityValue = newValue?.string }
  }
  /// The hint with speech attributes; it and ``accessibilityHint`` are one value.
  open var accessibilityAttributedHint: NSAttributedString? {
    get { accessibilityHint.map { NSAttributedString(string: $0) } }
    set { accessibilityHint = newValue?.string }
  }

  /// Called when assistive technology activates the element: return true if it handled it;
  /// false (the default) taps ``accessibilityActivationPoint`` instead.
  open func accessibilityActivate() -> Bool { false }
  /// Called to raise an adjustable element's value.
  open func accessibilityIncrement() {}
  /// Called to lower an adjustable element's value.
  open func accessibilityDecrement() {}
}

/// An object that a test can find by a string of its own: views, bar items, images and
/// accessibility elements.
@preconcurrency @MainActor
public protocol UIAccessibilityIdentification: NSObjectProtocol {
  /// A string that identifies the object in tests.
  var accessibilityIdentifier: String? { get set }
}

extension UIView: UIAccessibilityIdentification {}

/// What kind of container an element is, for assistive technology.
public enum UIAccessibilityContainerType: Int, Sendable, Hashable {
  case none = 0
  case dataTable = 1
  case list = 2
  case landmark = 3
  case semanticGroup = 4
}

/// Which way assistive technology scrolls (``UIResponder/accessibilityScroll(_:)``).
public enum UIAccessibilityScrollDirection: Int, Sendable, Hashable {
  case right = 1
  case left = 2
  case up = 3
  case down = 4
  case next = 5
  case previous = 6
}
