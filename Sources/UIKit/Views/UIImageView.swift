import Foundation

/// Shows an image where its content mode puts it: a bitmap's pixels (pixel hosts), a drawing
/// (every host), or a named image's glyph.
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

  /// The configuration symbol images are shown with, over their own (their size follows it).
  open var preferredSymbolConfiguration: UIImage.SymbolConfiguration? {
    didSet { invalidateIntrinsicContentSize() }
  }

  /// A symbol image with the preferred configuration applied (nil when it changes nothing).
  private func _configured(_ image: UIImage?) -> UIImage? {
    guard let image, image.isSymbolImage, let preferred = preferredSymbolConfiguration else { return nil }
    return image.applyingSymbolConfiguration(preferred)
  }

  open override func sizeThatFits(_ size: CGSize) -> CGSize { (_configured(image) ?? image)?.size ?? .zero }
  open override var intrinsicContentSize: CGSize { (_configured(image) ?? image)?.size ?? .zero }

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    guard let shown = (isHighlighted ? highlightedImage ?? image : image) else { return }
    var shownImage = shown
    if let configured = _configured(shown) { shownImage = configured }
    // A template bitmap takes the view's tint, as iOS draws it.
    if shownImage.tintColor == nil, shownImage._bitmap != nil, shownImage.renderingMode == .alwaysTemplate {
      shownImage = shownImage.withTintColor(tintColor, renderingMode: .alwaysTemplate)
    }
    let frame = UIImageView._frame(of: shownImage.size, in: rect, contentMode: contentMode)
    list.append(DisplayItem(frame: frame, clip: clipsToBounds ? clip.safeIntersection(rect) : clip, content: .image(shownImage), alpha: alpha))
  }

  /// Where an image of `size` goes in `rect` by `contentMode`, as iOS places it: stretched, fit
  /// or filled keeping its aspect, or at its size against an edge or corner (or centred).
  static func _frame(of size: CGSize, in rect: CGRect, contentMode: ContentMode) -> CGRect {
    guard size.width > 0, size.height > 0 else { return rect }
    switch contentMode {
    case .scaleToFill, .redraw:
      return rect
    case .scaleAspectFit, .scaleAspectFill:
      let fit = min(rect.width / size.width, rect.height / size.height)
      let fill = max(rect.width / size.width, rect.height / size.height)
      let k = contentMode == .scaleAspectFit ? fit : fill
      let w = size.width * k, h = size.height * k
      return CGRect(x: rect.midX - w / 2, y: rect.midY - h / 2, width: w, height: h)
    default:
      let x: CGFloat =
        switch contentMode {
        case .left, .topLeft, .bottomLeft: rect.minX
        case .right, .topRight, .bottomRight: rect.maxX - size.width
        default: rect.midX - size.width / 2
        }
      let y: CGFloat =
        switch contentMode {
        case .top, .topLeft, .topRight: rect.minY
        case .bottom, .bottomLeft, .bottomRight: rect.maxY - size.height
        default: rect.midY - size.height / 2
        }
      return CGRect(x: x, y: y, width: size.width, height: size.height)
    }
  }
}
