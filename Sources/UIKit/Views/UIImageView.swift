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

  /// An image view sized to `image`.
  public convenience init(image: UIImage?) {
    self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    self.image = image
  }

  /// An image view with an image and a highlighted image, sized to `image`.
  public convenience init(image: UIImage?, highlightedImage: UIImage?) {
    self.init(image: image)
    self.highlightedImage = highlightedImage
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
