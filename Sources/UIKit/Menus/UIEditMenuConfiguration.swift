import Foundation

/// Where an edit menu's arrow points.
public enum UIEditMenuArrowDirection: Int, Sendable {
  case automatic, up, down, left, right
}

/// What an edit menu is presented for: an identifier and the point it comes from.
@preconcurrency @MainActor
open class UIEditMenuConfiguration: NSObject {
  /// The identifier given when the configuration was made (a new UUID when none was).
  public let identifier: any NSCopying
  /// The point, in the interaction's view, the menu is presented from.
  public let sourcePoint: CGPoint
  /// Which way the menu's arrow should point: `.down` puts the menu above the target, `.up`
  /// below it; `.automatic` above unless there is no room.
  open var preferredArrowDirection: UIEditMenuArrowDirection = .automatic

  init(_identifier identifier: (any NSCopying)?, sourcePoint: CGPoint) {
    self.identifier = identifier ?? NSUUID()
    self.sourcePoint = sourcePoint
  }

  /// A configuration for a menu presented from `sourcePoint` (in the interaction's view).
  public convenience init(identifier: (any NSCopying)?, sourcePoint: CGPoint) {
    self.init(_identifier: identifier, sourcePoint: sourcePoint)
  }
}
