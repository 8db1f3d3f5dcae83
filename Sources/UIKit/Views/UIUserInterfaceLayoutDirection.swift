import Foundation

/// The direction of a user interface: which side is leading.
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
  /// Leading is the left edge.
  case leftToRight = 0
  /// Leading is the right edge (Arabic, Hebrew, …).
  case rightToLeft = 1
}

/// A semantic description of a view's contents, used to decide whether the view flips between
/// left-to-right and right-to-left layouts.
public enum UISemanticContentAttribute: Int, Sendable {
  /// The default: the view flips with the interface.
  case unspecified = 0
  /// Playback controls (play, rewind, a scrubber): never flipped.
  case playback = 1
  /// A directional control (a D-pad, text-alignment segments): never flipped.
  case spatial = 2
  /// Always laid out left to right.
  case forceLeftToRight = 3
  /// Always laid out right to left.
  case forceRightToLeft = 4
}

extension UIView {
  /// The direction a view's `.unspecified` content takes: the closest ancestor that forces one
  /// (`.forceLeftToRight` / `.forceRightToLeft`) decides for the views it holds, as iOS's trait
  /// layout direction does; else the app's.
  var _inheritedLayoutDirection: UIUserInterfaceLayoutDirection {
    var current = superview
    while let view = current {
      switch view.semanticContentAttribute {
      case .forceLeftToRight: return .leftToRight
      case .forceRightToLeft: return .rightToLeft
      default: current = view.superview
      }
    }
    return UIApplication.shared.userInterfaceLayoutDirection
  }

  /// Whether the view lays out its own content right to left.
  var _isRightToLeft: Bool { effectiveUserInterfaceLayoutDirection == .rightToLeft }

  /// The semantic content attribute changed: constraints with leading and trailing edges are
  /// compiled again, and the view and what it holds are laid out and drawn again.
  func _layoutDirectionChanged() {
    _hierarchyRoot._layoutEngine?.needsRebuild = true
    superview?.setNeedsLayout()
    func mark(_ view: UIView) {
      view.setNeedsLayout()
      view.setNeedsDisplay()
      for subview in view.subviews { mark(subview) }
    }
    mark(self)
  }
}

extension NSTextAlignment {
  /// `.natural` resolved for text laid out in `direction`: left or right.
  func _resolved(rightToLeft: Bool) -> NSTextAlignment {
    self == .natural ? (rightToLeft ? .right : .left) : self
  }
}
