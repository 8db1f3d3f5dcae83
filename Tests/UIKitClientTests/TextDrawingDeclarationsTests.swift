// Apple's declarations of the text measuring, drawing, font and attributed-text API, used as iOS
// code uses them (Swift 5 mode, as an app's code is): each line must compile, and the few
// assertions check that the calls reach real behaviour.
import UIKit
import UIKitTesting
import XCTest

final class TextDrawingDeclarationsTests: XCTestCase {
  func testMeasuringAndDrawingDeclarations() {
    let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 14), .foregroundColor: UIColor.black]
    let options: NSStringDrawingOptions = [.usesLineFragmentOrigin, .usesFontLeading, .truncatesLastVisibleLine, .usesDeviceMetrics]
    let context = NSStringDrawingContext()
    context.minimumScaleFactor = 0.5
    let _: CGFloat = context.actualScaleFactor
    let _: CGRect = context.totalBounds
    let size: CGSize = "Hello".size(withAttributes: attributes)
    let nsSize: CGSize = ("Hello" as NSString).size(withAttributes: attributes)
    XCTAssertEqual(size, nsSize)
    let rect: CGRect = "Hello world".boundingRect(
      with: CGSize(width: 100, height: CGFloat.greatestFiniteMagnitude), options: options, attributes: attributes, context: context)
    XCTAssertGreaterThan(rect.height, 0)
    let attributed = NSAttributedString(string: "Hello", attributes: attributes)
    let _: CGSize = attributed.size()
    let _: CGRect = attributed.boundingRect(with: CGSize(width: 100, height: 100), options: .usesLineFragmentOrigin, context: nil)
    // Outside draw(_:) these draw nothing, as on iOS.
    "x".draw(at: .zero, withAttributes: attributes)
    "x".draw(in: CGRect(x: 0, y: 0, width: 10, height: 10), withAttributes: attributes)
    "x".draw(with: CGRect(x: 0, y: 0, width: 10, height: 10), options: options, attributes: attributes, context: context)
    attributed.draw(at: .zero)
    attributed.draw(in: .zero)
    attributed.draw(with: .zero, options: options, context: nil)
  }

  func testFontDeclarations() {
    let font = UIFont.systemFont(ofSize: 17, weight: .semibold)
    let metrics: [CGFloat] = [font.lineHeight, font.ascender, font.descender, font.capHeight, font.xHeight, font.leading, font.pointSize]
    XCTAssertEqual(metrics.count, 7)
    let _: String = font.fontName
    let _: String = font.familyName
    let _: UIFont = UIFont.boldSystemFont(ofSize: 12)
    let _: UIFont = UIFont.italicSystemFont(ofSize: 12)
    let _: UIFont = UIFont.monospacedSystemFont(ofSize: 12, weight: .regular)
    let _: UIFont = UIFont.monospacedDigitSystemFont(ofSize: 12, weight: .bold)
    let _: UIFont = font.withSize(20)
    let descriptor: UIFontDescriptor = font.fontDescriptor
    let traits: UIFontDescriptor.SymbolicTraits = descriptor.symbolicTraits
    XCTAssertTrue(traits.contains(.traitBold))
    if let italic = descriptor.withSymbolicTraits([.traitBold, .traitItalic]) {
      XCTAssertTrue(UIFont(descriptor: italic, size: 0).fontDescriptor.symbolicTraits.contains(.traitItalic))
    }
    let _: UIFontDescriptor = descriptor.withSize(10).addingAttributes([.family: "Helvetica"])
    let _: UIFontDescriptor = UIFontDescriptor.preferredFontDescriptor(withTextStyle: .body)
    let _: Any? = descriptor.object(forKey: .size)
    let body: UIFont = UIFont.preferredFont(forTextStyle: .body)
    let _: UIFont = UIFont.preferredFont(forTextStyle: .headline, compatibleWith: UITraitCollection(preferredContentSizeCategory: .large))
    let scaled: UIFont = UIFontMetrics(forTextStyle: .title1).scaledFont(for: body)
    let _: UIFont = UIFontMetrics.default.scaledFont(for: body, maximumPointSize: 30)
    let _: CGFloat = UIFontMetrics.default.scaledValue(for: 8)
    XCTAssertEqual(scaled.pointSize, 17)
    let category: UIContentSizeCategory = .accessibilityLarge
    XCTAssertTrue(category.isAccessibilityCategory && category > .large)
    let _: Notification.Name = UIContentSizeCategory.didChangeNotification
    let _: String = UIContentSizeCategory.newValueUserInfoKey
  }

  func testAttributedTextDeclarations() {
    let field = UITextField()
    let textView = UITextView()
    let label = UILabel()
    field.adjustsFontForContentSizeCategory = true
    textView.adjustsFontForContentSizeCategory = true
    label.adjustsFontForContentSizeCategory = true
    let adjusting: [UIContentSizeCategoryAdjusting] = [field, textView, label]
    XCTAssertEqual(adjusting.count, 3)
    field.allowsEditingTextAttributes = true
    textView.allowsEditingTextAttributes = true
    field.attributedPlaceholder = NSAttributedString(string: "Name", attributes: [.foregroundColor: UIColor.gray])
    let attachment = NSTextAttachment()
    attachment.image = UIImage(systemName: "paperclip")
    attachment.bounds = CGRect(x: 0, y: -2, width: 12, height: 12)
    let withImage = NSTextAttachment(image: UIImage(systemName: "star")!)
    let _: NSTextAttachment = NSTextAttachment(data: nil, ofType: nil)
    let text = NSMutableAttributedString(string: "see ")
    text.append(NSAttributedString(attachment: withImage))
    text.append(NSAttributedString(string: " link", attributes: [.link: URL(string: "https://swift.org")!, .underlineStyle: NSUnderlineStyle.single.rawValue]))
    textView.attributedText = text
    XCTAssertEqual(textView.text, "see \u{FFFC} link")
    XCTAssertEqual(NSTextAttachment.character, 0xFFFC)
    textView.typingAttributes = [.font: UIFont.boldSystemFont(ofSize: 12)]
    textView.toggleBoldface(nil)
    textView.toggleItalics(nil)
    textView.toggleUnderline(nil)
    field.toggleBoldface(nil)
    let _: [NSAttributedString.Key: Any]? = field.typingAttributes
  }
}
