import Foundation

/// Shows an image (hosts draw its glyph).
@preconcurrency @MainActor
open class UIImageView: UIView {
  /// The image shown.
  open var image: UIImage? {
    didSet { if image !== oldValue { invalidateIntrinsicContentSize() } }
  }
  /// The image shown while highlighted.
  open var highlightedImage: UIImage?
  /// Whether the highlighted image shows.
  open var isHighlighted = false

  /// An image view sized to `image` (a designated initializer, as on iOS: a subclass may
  /// override it and call it).
  public init(image: UIImage?) {
    self.image = image
    super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    isUserInteractionEnabled = false
  }

  /// An image view with an image and a highlighted image, sized to `image` (designated).
  public init(image: UIImage?, highlightedImage: UIImage?) {
    self.image = image
    self.highlightedImage = highlightedImage
    super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    isUserInteractionEnabled = false
  }

  public override init(frame: CGRect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    isUserInteractionEnabled = false
  }

  open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }
  open override var intrinsicContentSize: CGSize { image?.size ?? .zero }

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    guard let shown = (isHighlighted ? highlightedImage ?? image : image) else { return }
    list.append(DisplayItem(frame: rect, clip: clip, content: .image(shown), alpha: alpha))
  }
}
