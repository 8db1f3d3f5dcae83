import Foundation
import TextEditing

/// A view a collection view reuses: the base of its cells and of its supplementary and
/// decoration views (section headers, footers, badges, backgrounds).
@preconcurrency @MainActor
open class UICollectionReusableView: UIView {
  /// The identifier the collection view reuses the view under.
  open var reuseIdentifier: String? { _reuseIdentifier }
  var _reuseIdentifier: String?

  public override init(frame: CGRect) {
    super.init(frame: frame)
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  /// How a collection view makes a view of a registered class: through the class's
  /// `init(frame:)` (its override, if it has one).
  ///
  /// Linux difference: Swift cannot call a non-required initializer on a class object, so this
  /// required convenience initializer stands in for Objective-C's `[[viewClass alloc]
  /// initWithFrame:]`. A subclass that overrides `init(frame:)` and `init?(coder:)` (or declares
  /// no initializer) inherits it; one with only initializers of its own must also override
  /// `init(frame:)` to be registered.
  public required convenience init(_registeredFrame frame: CGRect) {
    self.init(frame: frame)
  }

  /// Called before the collection view hands the view out again from its reuse queue: reset
  /// state that is not content. The default does nothing for a reusable view; a cell clears
  /// its selection and highlight.
  open func prepareForReuse() {}

  /// Applies the layout's attributes (the collection view has already set the frame, alpha,
  /// z-position and hidden state); a view with custom attributes reads them here.
  open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

  /// The layout of the collection view is about to change from `oldLayout` to `newLayout`.
  open func willTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {}
  /// The layout of the collection view changed from `oldLayout` to `newLayout`.
  open func didTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {}

  /// The attributes the view would like, given those the layout proposes: the default measures
  /// the view (its Auto Layout constraints, or `sizeThatFits`) in the dimensions the layout
  /// estimated, keeping those it fixed. The collection view asks only layouts that estimate
  /// sizes (a flow layout's `estimatedItemSize`, a compositional layout's `.estimated`).
  open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes)
    -> UICollectionViewLayoutAttributes
  {
    let preferred = layoutAttributes.copy() as! UICollectionViewLayoutAttributes
    let size = _fittingSize(for: layoutAttributes)
    if !preferred._fixedWidth { preferred.size.width = size.width }
    if !preferred._fixedHeight { preferred.size.height = size.height }
    return preferred
  }

  /// The view's size with `attributes`' fixed dimensions kept.
  func _fittingSize(for attributes: UICollectionViewLayoutAttributes) -> CGSize {
    let target = attributes.size
    let measured = _measuredView
    if _measuredUsesAutoLayout {
      // Measured from the constraints first; then laid out at that size (labels of several
      // lines wrap at the width layout gives them) and measured again. Laying the content out
      // at the estimate instead would squeeze its constraints (iOS measures a cell before
      // laying it out at its estimated size). The view keeps the size it measured, which is
      // the one its layout gives it next.
      let extra = _measuringInset
      func measure() -> CGSize {
        var size = measured.systemLayoutSizeFitting(
          CGSize(
            width: attributes._fixedWidth ? max(0, target.width - extra) : UIView.layoutFittingCompressedSize.width,
            height: attributes._fixedHeight ? target.height : UIView.layoutFittingCompressedSize.height),
          withHorizontalFittingPriority: attributes._fixedWidth ? .required : .fittingSizeLevel,
          verticalFittingPriority: attributes._fixedHeight ? .required : .fittingSizeLevel)
        size.width += extra
        size.height = max(size.height, _minimumHeight)
        return CGSize(
          width: attributes._fixedWidth ? target.width : size.width.rounded(.up),
          height: attributes._fixedHeight ? target.height : size.height.rounded(.up))
      }
      frame.size = measure()
      layoutIfNeeded()
      let size = measure()
      if size != frame.size { frame.size = size }
      return size
    }
    if bounds.size != target { frame.size = target }
    layoutIfNeeded()
    let fitted = sizeThatFits(
      CGSize(width: attributes._fixedWidth ? target.width : 0, height: attributes._fixedHeight ? target.height : 0))
    return CGSize(width: fitted.width.rounded(.up), height: fitted.height.rounded(.up))
  }

  /// Something inside changed its intrinsic size: with self-sizing invalidation on, the view
  /// is measured again at the collection view's next layout pass.
  func _intrinsicSizeChangedInside() {
    guard let collectionView = _collectionView, collectionView.selfSizingInvalidation != .disabled,
      _layoutAttributes != nil
    else { return }
    _needsSizing = true
    collectionView.setNeedsLayout()
  }

  /// The collection view applied `attributes` (every time, even when they equal the last):
  /// list cells take their list's appearance from them.
  func _listAttributesApplied(_ attributes: UICollectionViewLayoutAttributes) {}

  /// The width beside the measured view (a list cell's indentation and accessories).
  var _measuringInset: CGFloat { 0 }
  /// The least height the view takes (a list cell's 44 points).
  var _minimumHeight: CGFloat { 0 }

  /// The view whose constraints give the size (a cell's content view).
  var _measuredView: UIView { self }

  /// Whether the measured view is sized by Auto Layout.
  var _measuredUsesAutoLayout: Bool { _measuredView._contentUsesAutoLayout }

  /// The element the view shows now, set by its collection view.
  var _layoutAttributes: UICollectionViewLayoutAttributes?
  weak var _collectionView: UICollectionView?
  /// Whether the view was configured since it was last measured (self-sizing asks it again).
  var _needsSizing = true
  /// The size the layout proposed when the view was last measured.
  var _sizedFor: CGSize?
}
