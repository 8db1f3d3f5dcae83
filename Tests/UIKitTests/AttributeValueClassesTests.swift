import Foundation
import Testing
import UIKit

/// UIKit's value classes in Foundation's attributed strings: neighbouring and overlapping runs,
/// enumeration, comparison and copies. Before the classes carried CoreFoundation's header word,
/// each of these halted the process in `CFBasicHashesAreEqual` (SIGILL): CoreFoundation read a
/// font's point size where it looks for an object's type.
@MainActor @Suite
struct AttributeValueClassesTests {
  /// One value of each class, and a second that differs from it.
  static let pairs: [(String, AnyObject, AnyObject)] = {
    let style = NSMutableParagraphStyle()
    style.alignment = .center
    let shadow = NSShadow()
    shadow.shadowBlurRadius = 2
    let attachment = NSTextAttachment()
    attachment.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
    let list = NSTextList(markerFormat: .disc, options: 0)
    return [
      ("UIFont", UIFont.systemFont(ofSize: 12), UIFont.boldSystemFont(ofSize: 12)),
      ("UIColor", UIColor(red: 0, green: 0, blue: 0, alpha: 1), UIColor(red: 1, green: 0, blue: 0, alpha: 1)),
      ("NSParagraphStyle", NSParagraphStyle.default, style),
      ("NSShadow", NSShadow(), shadow),
      ("NSTextAttachment", NSTextAttachment(), attachment),
      ("UIImage", UIImage(), UIImage(systemName: "star") ?? UIImage()),
      ("UIFontDescriptor", UIFont.systemFont(ofSize: 12).fontDescriptor, UIFont.systemFont(ofSize: 30).fontDescriptor),
      ("NSTextTab", NSTextTab(textAlignment: .left, location: 0), NSTextTab(textAlignment: .right, location: 1)),
      ("NSTextList", NSTextList(markerFormat: .decimal, options: 0), list),
    ]
  }()

  @Test(arguments: 0..<9)
  func eachClassStartsWithCoreFoundationsHeader(_ index: Int) {
    let (name, value, other) = Self.pairs[index]
    for object in [value, other] {
      let word = Unmanaged.passUnretained(object).toOpaque().load(fromByteOffset: 16, as: UInt64.self)
      #expect(word == 0x180, "\(name) (\(type(of: object))) must keep the header as its first stored property")
    }
  }

  @Test(arguments: 0..<9)
  func neighbouringRunsOfDifferentValues(_ index: Int) {
    let (name, a, b) = Self.pairs[index]
    let key = NSAttributedString.Key("test.value")
    let text = NSMutableAttributedString(string: "abcdef")
    text.setAttributes([key: a], range: NSRange(location: 0, length: 3))
    text.setAttributes([key: b], range: NSRange(location: 3, length: 3))
    text.addAttribute(key, value: b, range: NSRange(location: 2, length: 2))
    var runs: [NSRange] = []
    text.enumerateAttributes(in: NSRange(location: 0, length: 6), options: []) { _, range, _ in runs.append(range) }
    #expect(runs == [NSRange(location: 0, length: 2), NSRange(location: 2, length: 4)], "\(name)")
    var longest = NSRange()
    _ = text.attribute(key, at: 4, longestEffectiveRange: &longest, in: NSRange(location: 0, length: 6))
    #expect(longest == NSRange(location: 2, length: 4), "\(name)")
    let copy = text.copy() as! NSAttributedString
    #expect(copy.isEqual(to: text), "\(name)")
    let mutable = text.mutableCopy() as! NSMutableAttributedString
    mutable.setAttributes([key: a], range: NSRange(location: 5, length: 1))
    #expect(!mutable.isEqual(to: text), "\(name)")
    #expect(NSAttributedString(attributedString: text).isEqual(to: text), "\(name)")
    text.deleteCharacters(in: NSRange(location: 1, length: 3))
    #expect(text.length == 3)
  }

  @Test func equalValuesMadeApartMergeIntoOneRunAsOnIOS() {
    let text = NSMutableAttributedString(string: "abcdef")
    text.setAttributes([.font: UIFont.systemFont(ofSize: 15)], range: NSRange(location: 0, length: 3))
    text.setAttributes([.font: UIFont.systemFont(ofSize: 15)], range: NSRange(location: 3, length: 3))
    var longest = NSRange()
    _ = text.attributes(at: 0, longestEffectiveRange: &longest, in: NSRange(location: 0, length: 6))
    #expect(longest == NSRange(location: 0, length: 6))

    let other = NSMutableAttributedString(string: "abcdef")
    other.setAttributes([.font: UIFont.systemFont(ofSize: 15), .foregroundColor: UIColor.red], range: NSRange(location: 0, length: 6))
    let same = NSMutableAttributedString(string: "abcdef")
    same.setAttributes([.font: UIFont.systemFont(ofSize: 15), .foregroundColor: UIColor.red], range: NSRange(location: 0, length: 6))
    #expect(other.isEqual(to: same))
  }

  @Test func aLabelInTwoFontsAndColours() {
    let text = NSMutableAttributedString(string: "Bold plain")
    text.addAttributes([.font: UIFont.boldSystemFont(ofSize: 17), .foregroundColor: UIColor.red], range: NSRange(location: 0, length: 4))
    text.addAttributes([.font: UIFont.systemFont(ofSize: 17), .foregroundColor: UIColor.blue], range: NSRange(location: 4, length: 6))
    let label = UILabel()
    label.attributedText = text
    let back = try! #require(label.attributedText)
    #expect(back.string == "Bold plain")
    #expect((back.attribute(.font, at: 0, effectiveRange: nil) as? UIFont) == UIFont.boldSystemFont(ofSize: 17))
    #expect((back.attribute(.foregroundColor, at: 5, effectiveRange: nil) as? UIColor) == UIColor.blue)
  }
}
