import Foundation
import TextEditing
import QuartzCore

/// Where a layout puts one element of a collection view (a cell, a supplementary view or a
/// decoration view) and how it looks there: frame, alpha, z-index, hidden, transform.
///
/// A custom layout makes these with the three convenience initializers and may subclass the
/// class to carry more; a subclass overrides `copy(with:)` and `isEqual(_:)`, as on iOS, since
/// the collection view copies attributes and compares them to skip work.
@preconcurrency @MainActor
open class UICollectionViewLayoutAttributes: NSObject, @preconcurrency NSCopying {
  /// The element's frame in the collection view's content.
  open var frame: CGRect {
    get {
      CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }
    set {
      size = newValue.size
      center = CGPoint(x: newValue.midX, y: newValue.midY)
    }
  }
  /// The element's centre.
  open var center: CGPoint = .zero
  /// The element's size.
  open var size: CGSize = .zero
  /// The element's bounds (its origin is zero unless set).
  open var bounds: CGRect {
    get { CGRect(origin: _boundsOrigin, size: size) }
    set {
      _boundsOrigin = newValue.origin
      size = newValue.size
    }
  }
  private var _boundsOrigin: CGPoint = .zero
  /// The element's transform, in 3-D.
  open var transform3D: CATransform3D = CATransform3DIdentity
  /// The element's affine transform (the 3-D transform's affine part).
  open var transform: CGAffineTransform {
    get { CATransform3DGetAffineTransform(transform3D) }
    set { transform3D = CATransform3DMakeAffineTransform(newValue) }
  }
  /// The element's opacity.
  open var alpha: CGFloat = 1
  /// Which element is above which (higher is in front; cells default to 0).
  open var zIndex = 0
  /// Whether the element is not shown (it is not given a view).
  open var isHidden = false
  /// The element's index path.
  open var indexPath = IndexPath(item: 0, section: 0)

  /// Whether the element is a cell, a supplementary view or a decoration view.
  open var representedElementCategory: UICollectionView.ElementCategory { _category }
  /// The kind of a supplementary or decoration view (nil for a cell).
  open var representedElementKind: String? { _kind }

  var _category: UICollectionView.ElementCategory = .cell
  var _kind: String?
  /// Which dimensions the layout fixed (a list's width): a view's preferred attributes keep
  /// them and measure the others.
  var _fixedWidth = false
  var _fixedHeight = false
  /// For an element of a list section: the list's appearance, and whether the cell is its
  /// section's first and last (an inset-grouped list rounds those corners).
  var _listAppearance: UICollectionLayoutListConfiguration.Appearance?
  var _listPosition: (first: Bool, last: Bool) = (false, false)
  var _listHeaderMode: UICollectionLayoutListConfiguration.HeaderMode = .none

  /// Attributes of nothing yet (the convenience initializers say what they are for).
  public required override init() {
    super.init()
  }

  /// Attributes for the cell of the item at `indexPath`.
  public convenience init(forCellWith indexPath: IndexPath) {
    self.init()
    self.indexPath = indexPath
  }

  /// Attributes for a supplementary view (a header, a footer, a badge) of `elementKind`.
  public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
    self.init()
    self.indexPath = indexPath
    _category = .supplementaryView
    _kind = elementKind
  }

  /// Attributes for a decoration view of `decorationViewKind` (registered with the layout).
  public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
    self.init()
    self.indexPath = indexPath
    _category = .decorationView
    _kind = decorationViewKind
  }

  /// A copy of the same class with the same values (a subclass adds its own after calling
  /// `super`).
  open func copy(with zone: NSZone? = nil) -> Any {
    let copy = type(of: self).init()
    copy.center = center
    copy.size = size
    copy._boundsOrigin = _boundsOrigin
    copy.transform3D = transform3D
    copy.alpha = alpha
    copy.zIndex = zIndex
    copy.isHidden = isHidden
    copy.indexPath = indexPath
    copy._category = _category
    copy._kind = _kind
    copy._fixedWidth = _fixedWidth
    copy._fixedHeight = _fixedHeight
    copy._listAppearance = _listAppearance
    copy._listPosition = _listPosition
    copy._listHeaderMode = _listHeaderMode
    return copy
  }

  // NSObject's equality, hash and description are nonisolated; attributes are only used on
  // the main actor.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UICollectionViewLayoutAttributes, type(of: other) == type(of: self) else {
      return false
    }
    return MainActor.assumeIsolated { _isEqual(other) }
  }

  private func _isEqual(_ other: UICollectionViewLayoutAttributes) -> Bool {
    center == other.center && size == other.size && _boundsOrigin == other._boundsOrigin
      && transform3D == other.transform3D && alpha == other.alpha && zIndex == other.zIndex
      && isHidden == other.isHidden && indexPath == other.indexPath && _category == other._category
      && _kind == other._kind
  }

  open override var hash: Int {
    MainActor.assumeIsolated {
      var hasher = Hasher()
      hasher.combine(indexPath)
      hasher.combine(_category)
      hasher.combine(_kind)
      return hasher.finalize()
    }
  }

  open override var description: String {
    MainActor.assumeIsolated { _description }
  }

  private var _description: String {
    let kind = _kind.map { "; kind = \($0)" } ?? ""
    return
      "<\(type(of: self)): index path: (\(indexPath)); element category: \(_category)\(kind); frame = \(frame)\(isHidden ? "; hidden" : "")\(alpha != 1 ? "; alpha = \(alpha)" : "")\(zIndex != 0 ? "; zIndex = \(zIndex)" : "")>"
  }
}

extension UICollectionView {
  /// What an element of a collection view is.
  public enum ElementCategory: UInt, Sendable {
    case cell, supplementaryView, decorationView
  }

  /// The kind of a flow or compositional layout's section headers.
  public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
  /// The kind of a flow or compositional layout's section footers.
  public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"
}
