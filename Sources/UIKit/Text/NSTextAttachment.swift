import Foundation

/// What text layout asks of an attachment: the image to draw and the rectangle it takes.
public protocol NSTextAttachmentContainer: NSObjectProtocol {
  /// The image to draw for the attachment at `charIndex` (UTF-16) in `imageBounds`.
  func image(forBounds imageBounds: CGRect, textContainer: NSTextContainer?, characterIndex charIndex: Int) -> UIImage?
  /// The rectangle the attachment at `charIndex` takes in its line, relative to the baseline.
  func attachmentBounds(
    for textContainer: NSTextContainer?, proposedLineFragment lineFrag: CGRect, glyphPosition position: CGPoint,
    characterIndex charIndex: Int
  ) -> CGRect
}

/// An image (or other content) shown inside attributed text: one attachment character
/// (U+FFFC, ``NSTextAttachment/character``) in the string, with this object as its
/// `.attachment` attribute. Hosts draw the image's glyph in its place (a terminal cell shows an
/// emoji or symbol for an SF Symbol, a picture frame for an image without one).
open class NSTextAttachment: NSObject, NSTextAttachmentContainer, @unchecked Sendable {
  /// CoreFoundation's object header; the first stored property (see `_CFObjectHeader`).
  private let _cfHeader = _CFObjectHeader.word
  /// The character that stands for an attachment in the string: U+FFFC OBJECT REPLACEMENT
  /// CHARACTER (Apple's `NSAttachmentCharacter`).
  public static let character: Int = 0xFFFC

  /// The attachment's data, if it was made from data.
  open var contents: Data?
  /// The uniform type identifier of ``contents``.
  open var fileType: String?
  /// The image drawn for the attachment.
  open var image: UIImage?
  /// Where the image is drawn, relative to the line's baseline (`.zero`: the image's own size
  /// on the baseline).
  open var bounds: CGRect = .zero
  /// Extra space on each side of the attachment in the line (iOS 15).
  open var lineLayoutPadding: CGFloat = 0

  /// An attachment with `contentData` of type `uti` (both may be nil).
  public init(data contentData: Data?, ofType uti: String?) {
    contents = contentData
    fileType = uti
    super.init()
  }

  /// An attachment with no contents.
  public override convenience init() {
    self.init(data: nil, ofType: nil)
  }

  /// An attachment showing `image`.
  public convenience init(image: UIImage) {
    self.init(data: nil, ofType: nil)
    self.image = image
  }

  /// The image drawn for the attachment at `charIndex`: ``image`` (override to draw another,
  /// as iOS asks it each time it draws; `textContainer` is nil outside a text view's layout).
  open func image(forBounds imageBounds: CGRect, textContainer: NSTextContainer?, characterIndex charIndex: Int) -> UIImage? {
    image
  }

  /// The rectangle the attachment takes: ``bounds``, or the image's size on the baseline when
  /// `bounds` is empty.
  open func attachmentBounds(
    for textContainer: NSTextContainer?, proposedLineFragment lineFrag: CGRect, glyphPosition position: CGPoint,
    characterIndex charIndex: Int
  ) -> CGRect {
    if bounds != .zero { return bounds }
    return CGRect(origin: .zero, size: image?.size ?? .zero)
  }

  /// What a cell host draws for the attachment: the image's glyph, or a frame (🖼) when there is
  /// no image.
  package var _glyph: String { Self._glyph(of: image) }

  /// The glyph of the image the attachment at `offset` draws (``image(forBounds:textContainer:characterIndex:)``).
  package func _glyph(at offset: Int) -> String {
    Self._glyph(of: image(forBounds: bounds, textContainer: nil, characterIndex: offset))
  }

  private static func _glyph(of image: UIImage?) -> String {
    guard let image else { return "\u{1F5BC}" }
    return image.glyph
  }
}

extension NSAttributedString {
  /// A string of one attachment character carrying `attachment`.
  public convenience init(attachment: NSTextAttachment) {
    self.init(string: "\u{FFFC}", attributes: [.attachment: attachment])
  }
}
