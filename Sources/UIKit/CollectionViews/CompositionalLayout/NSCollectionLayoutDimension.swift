import Foundation
import TextEditing

/// One dimension of a compositional layout's item, group or supplementary item: absolute
/// points, a fraction of its container's width or height, or an estimate that the view
/// replaces with its own size once it is measured.
@preconcurrency @MainActor
open class NSCollectionLayoutDimension: NSObject, @preconcurrency NSCopying {
  enum _Kind: Equatable {
    case fractionalWidth, fractionalHeight, absolute, estimated, uniformAcrossSiblings
  }

  let _kind: _Kind
  /// The value: a fraction, points, or an estimate in points.
  public let dimension: CGFloat

  /// How the class methods make a dimension of the class they are called on.
  ///
  /// Linux difference: Swift cannot call a non-required initializer on `Self`, so this
  /// required initializer stands in for the class methods' Objective-C allocation; call the
  /// class methods instead.
  public required init(_rawKind rawKind: Int, dimension: CGFloat) {
    _kind = [.fractionalWidth, .fractionalHeight, .absolute, .estimated, .uniformAcrossSiblings][
      min(max(rawKind, 0), 4)]
    self.dimension = dimension.isFinite ? dimension : 0
    super.init()
  }

  private static func _rawKind(_ kind: _Kind) -> Int {
    switch kind {
    case .fractionalWidth: 0
    case .fractionalHeight: 1
    case .absolute: 2
    case .estimated: 3
    case .uniformAcrossSiblings: 4
    }
  }

  /// A fraction of the container's width.
  public class func fractionalWidth(_ fractionalWidth: CGFloat) -> Self {
    Self(_rawKind: _rawKind(.fractionalWidth), dimension: fractionalWidth)
  }
  /// A fraction of the container's height.
  public class func fractionalHeight(_ fractionalHeight: CGFloat) -> Self {
    Self(_rawKind: _rawKind(.fractionalHeight), dimension: fractionalHeight)
  }
  /// A size in points.
  public class func absolute(_ absoluteDimension: CGFloat) -> Self {
    Self(_rawKind: _rawKind(.absolute), dimension: absoluteDimension)
  }
  /// A size in points until the view has measured itself.
  public class func estimated(_ estimatedDimension: CGFloat) -> Self {
    Self(_rawKind: _rawKind(.estimated), dimension: estimatedDimension)
  }
  /// The size of the largest of its siblings, estimated until measured (iOS 17).
  public class func uniformAcrossSiblings(estimate estimatedDimension: CGFloat) -> Self {
    Self(_rawKind: _rawKind(.uniformAcrossSiblings), dimension: estimatedDimension)
  }

  /// Whether the dimension is a fraction of the container's width.
  public var isFractionalWidth: Bool { _kind == .fractionalWidth }
  /// Whether the dimension is a fraction of the container's height.
  public var isFractionalHeight: Bool { _kind == .fractionalHeight }
  /// Whether the dimension is in points.
  public var isAbsolute: Bool { _kind == .absolute }
  /// Whether the dimension is an estimate.
  public var isEstimated: Bool { _kind == .estimated || _kind == .uniformAcrossSiblings }
  /// Whether the dimension is the largest sibling's (iOS 17).
  public var isUniformAcrossSiblings: Bool { _kind == .uniformAcrossSiblings }

  /// The dimension in points in a container of `container`.
  func _resolve(in container: CGSize) -> CGFloat {
    switch _kind {
    case .fractionalWidth: max(0, container.width * dimension)
    case .fractionalHeight: max(0, container.height * dimension)
    case .absolute, .estimated, .uniformAcrossSiblings: max(0, dimension)
    }
  }

  public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// A width and a height, each an ``NSCollectionLayoutDimension``.
@preconcurrency @MainActor
open class NSCollectionLayoutSize: NSObject, @preconcurrency NSCopying {
  /// The width.
  public let widthDimension: NSCollectionLayoutDimension
  /// The height.
  public let heightDimension: NSCollectionLayoutDimension

  /// A size of `width` by `height`.
  public init(widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension) {
    widthDimension = width
    heightDimension = height
    super.init()
  }

  /// The size in points in a container of `container`.
  func _resolve(in container: CGSize) -> CGSize {
    CGSize(width: widthDimension._resolve(in: container), height: heightDimension._resolve(in: container))
  }

  public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// The space between the items of a group: fixed, or flexible (at least that much, the rest
/// of the group's room shared out).
@preconcurrency @MainActor
open class NSCollectionLayoutSpacing: NSObject, @preconcurrency NSCopying {
  /// The spacing in points (the minimum, when flexible).
  public let spacing: CGFloat
  /// Whether the spacing grows to fill the group.
  public let isFlexibleSpacing: Bool
  /// Whether the spacing is fixed.
  public var isFixedSpacing: Bool { !isFlexibleSpacing }

  /// How the class methods make a spacing of the class they are called on (call them instead).
  public required init(_spacing spacing: CGFloat, flexible: Bool) {
    self.spacing = spacing.isFinite ? max(0, spacing) : 0
    isFlexibleSpacing = flexible
    super.init()
  }

  /// A fixed spacing.
  public class func fixed(_ fixedSpacing: CGFloat) -> Self { Self(_spacing: fixedSpacing, flexible: false) }
  /// A flexible spacing of at least `flexibleSpacing`.
  public class func flexible(_ flexibleSpacing: CGFloat) -> Self { Self(_spacing: flexibleSpacing, flexible: true) }

  public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// Space around an item, added outside its frame (its content insets are inside).
@preconcurrency @MainActor
open class NSCollectionLayoutEdgeSpacing: NSObject, @preconcurrency NSCopying {
  public let leading: NSCollectionLayoutSpacing?
  public let top: NSCollectionLayoutSpacing?
  public let trailing: NSCollectionLayoutSpacing?
  public let bottom: NSCollectionLayoutSpacing?

  public init(
    leading: NSCollectionLayoutSpacing?, top: NSCollectionLayoutSpacing?, trailing: NSCollectionLayoutSpacing?,
    bottom: NSCollectionLayoutSpacing?
  ) {
    self.leading = leading
    self.top = top
    self.trailing = trailing
    self.bottom = bottom
    super.init()
  }

  public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// Where a supplementary item is fastened to its item or group: the edges it sits against,
/// and an offset (absolute, or a fraction of its own size).
@preconcurrency @MainActor
open class NSCollectionLayoutAnchor: NSObject, @preconcurrency NSCopying {
  /// The edges the item sits against (none: centred).
  public let edges: NSDirectionalRectEdge
  /// The offset in points.
  public let offset: CGPoint
  /// Whether the offset is a fraction of the item's size.
  public let isFractionalOffset: Bool
  /// Whether the offset is in points.
  public var isAbsoluteOffset: Bool { !isFractionalOffset }

  /// An anchor at `edges`.
  public convenience init(edges: NSDirectionalRectEdge) {
    self.init(edges: edges, offset: .zero, fractional: false)
  }
  /// An anchor at `edges`, moved by `absoluteOffset` points.
  public convenience init(edges: NSDirectionalRectEdge, absoluteOffset: CGPoint) {
    self.init(edges: edges, offset: absoluteOffset, fractional: false)
  }
  /// An anchor at `edges`, moved by a fraction of the item's size.
  public convenience init(edges: NSDirectionalRectEdge, fractionalOffset: CGPoint) {
    self.init(edges: edges, offset: fractionalOffset, fractional: true)
  }

  init(edges: NSDirectionalRectEdge, offset: CGPoint, fractional: Bool) {
    self.edges = edges
    self.offset = offset
    isFractionalOffset = fractional
    super.init()
  }

  /// The frame of an item of `size` anchored in `container`.
  func _frame(of size: CGSize, in container: CGRect) -> CGRect {
    var x = container.midX - size.width / 2
    var y = container.midY - size.height / 2
    if edges.contains(.leading) { x = container.minX }
    if edges.contains(.trailing) { x = container.maxX - size.width }
    if edges.contains(.top) { y = container.minY }
    if edges.contains(.bottom) { y = container.maxY - size.height }
    let dx = isFractionalOffset ? offset.x * size.width : offset.x
    let dy = isFractionalOffset ? offset.y * size.height : offset.y
    return CGRect(x: x + dx, y: y + dy, width: size.width, height: size.height)
  }

  public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// Where a boundary supplementary item (a section header or footer) sits against its section.
public enum NSRectAlignment: Int, Sendable {
  case none, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing
}
