import Foundation

/// A shadow for the `shadow` attribute of attributed text: where it falls, how blurred, in what
/// colour.
open class NSShadow: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
  /// CoreFoundation's object header; the first stored property (see `_CFObjectHeader`).
  private let _cfHeader = _CFObjectHeader.word
  public static var supportsSecureCoding: Bool { true }

  /// The shadow's offset from the text, in points (right and down are positive).
  open var shadowOffset: CGSize = .zero
  /// The blur radius, in points (0: sharp).
  open var shadowBlurRadius: CGFloat = 0
  /// The colour (a `UIColor`; nil: black at a third opacity, as TextKit draws it).
  open var shadowColor: Any?

  public override init() {
    super.init()
  }

  public required init?(coder: NSCoder) {
    super.init()
  }

  open func encode(with coder: NSCoder) {}

  open func copy(with zone: NSZone? = nil) -> Any {
    let copy = NSShadow()
    copy.shadowOffset = shadowOffset
    copy.shadowBlurRadius = shadowBlurRadius
    copy.shadowColor = shadowColor
    return copy
  }

  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? NSShadow else { return false }
    return shadowOffset == other.shadowOffset && shadowBlurRadius == other.shadowBlurRadius
      && (shadowColor as? UIColor) == (other.shadowColor as? UIColor)
  }

  open override var hash: Int { shadowBlurRadius.hashValue }
}
