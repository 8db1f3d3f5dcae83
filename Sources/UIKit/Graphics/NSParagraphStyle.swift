import Foundation

/// Paragraph attributes of attributed text (the parts UIKit text objects use: alignment, line
/// breaking and spacing). swift-corelibs-foundation has no `NSParagraphStyle`.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
  /// The default style: natural alignment, word wrapping, no extra spacing.
  public static let `default` = NSParagraphStyle()

  /// The text alignment.
  open internal(set) var alignment: NSTextAlignment = .natural
  /// How lines break.
  open internal(set) var lineBreakMode: NSLineBreakMode = .byWordWrapping
  /// Extra space between lines, in points.
  open internal(set) var lineSpacing: CGFloat = 0
  /// Space after the paragraph, in points.
  open internal(set) var paragraphSpacing: CGFloat = 0
  /// Indentation of the first line, in points.
  open internal(set) var firstLineHeadIndent: CGFloat = 0
  /// Indentation of the other lines, in points.
  open internal(set) var headIndent: CGFloat = 0

  public override init() {
    super.init()
  }

  open func copy(with zone: NSZone? = nil) -> Any {
    let copy = NSParagraphStyle()
    copy.take(self)
    return copy
  }

  open func mutableCopy(with zone: NSZone? = nil) -> Any {
    let copy = NSMutableParagraphStyle()
    copy.take(self)
    return copy
  }

  func take(_ other: NSParagraphStyle) {
    alignment = other.alignment
    lineBreakMode = other.lineBreakMode
    lineSpacing = other.lineSpacing
    paragraphSpacing = other.paragraphSpacing
    firstLineHeadIndent = other.firstLineHeadIndent
    headIndent = other.headIndent
  }

  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? NSParagraphStyle else { return false }
    return alignment == other.alignment && lineBreakMode == other.lineBreakMode
      && lineSpacing == other.lineSpacing && paragraphSpacing == other.paragraphSpacing
      && firstLineHeadIndent == other.firstLineHeadIndent && headIndent == other.headIndent
  }

  open override var hash: Int { alignment.rawValue &* 31 &+ lineBreakMode.rawValue }
}

/// A paragraph style whose attributes can be set.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
  open override var alignment: NSTextAlignment {
    get { super.alignment }
    set { super.alignment = newValue }
  }
  open override var lineBreakMode: NSLineBreakMode {
    get { super.lineBreakMode }
    set { super.lineBreakMode = newValue }
  }
  open override var lineSpacing: CGFloat {
    get { super.lineSpacing }
    set { super.lineSpacing = newValue }
  }
  open override var paragraphSpacing: CGFloat {
    get { super.paragraphSpacing }
    set { super.paragraphSpacing = newValue }
  }
  open override var firstLineHeadIndent: CGFloat {
    get { super.firstLineHeadIndent }
    set { super.firstLineHeadIndent = newValue }
  }
  open override var headIndent: CGFloat {
    get { super.headIndent }
    set { super.headIndent = newValue }
  }
}
