import Foundation

/// An image (or other content) shown inside attributed text: one attachment character
/// (U+FFFC, ``NSTextAttachment/character``) in the string, with this object as its
/// `.attachment` attribute. Hosts draw the image's glyph in its place (a terminal cell shows an
/// emoji or symbol for an SF Symbol, a picture frame for an image without one).
open class NSTextAttachment: NSObject, @unchecked Sendable {
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

  /// What a cell host draws for the attachment: the image's glyph, or a frame (🖼) when there is
  /// no image.
  package var _glyph: String {
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
