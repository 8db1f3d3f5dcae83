import Foundation
import Testing
import UIKit
import UIKitTesting

/// A view drawing an attributed string in its bounds, as custom text views in libraries do.
private final class ParagraphsView: UIView {
  var text = NSAttributedString(string: "")
  override func draw(_ rect: CGRect) {
    text.draw(in: bounds)
  }
}

@MainActor
private func showCells(_ view: UIView, size: CGSize = CGSize(width: 160, height: 128)) -> HeadlessHost {
  let controller = UIViewController()
  controller.view = UIView(frame: CGRect(origin: .zero, size: size))
  controller.view.addSubview(view)
  return HeadlessHost(rootViewController: controller, screenSize: size, measuresTextInCells: true)
}

private func styled(_ string: String, _ configure: (NSMutableParagraphStyle) -> Void) -> NSAttributedString {
  let style = NSMutableParagraphStyle()
  configure(style)
  return NSAttributedString(string: string, attributes: [.paragraphStyle: style])
}

@MainActor
@Suite struct ParagraphStyleTests {
  @Test func theDefaultStyleIsIOSs() {
    let style = NSParagraphStyle.default
    #expect(style === NSParagraphStyle.default, "one shared default, as on iOS")
    #expect(style.alignment == .natural && style.lineBreakMode == .byWordWrapping)
    #expect(style.lineSpacing == 0 && style.paragraphSpacing == 0 && style.paragraphSpacingBefore == 0)
    #expect(style.headIndent == 0 && style.firstLineHeadIndent == 0 && style.tailIndent == 0)
    #expect(style.lineHeightMultiple == 0 && style.minimumLineHeight == 0 && style.maximumLineHeight == 0)
    #expect(style.baseWritingDirection == .natural && style.defaultTabInterval == 0)
    #expect(style.tabStops.map(\.location) == (1...12).map { CGFloat($0) * 28 })
    #expect(style.tabStops.allSatisfy { $0.alignment == .left })
    #expect(style.lineBreakStrategy == [] && style.textLists.isEmpty)
  }

  @Test func copiesCarryEveryAttributeAndCompareEqual() {
    let style = NSMutableParagraphStyle()
    style.alignment = .center
    style.lineSpacing = 3
    style.paragraphSpacingBefore = 5
    style.tailIndent = -10
    style.lineHeightMultiple = 1.5
    style.maximumLineHeight = 40
    style.baseWritingDirection = .rightToLeft
    style.hyphenationFactor = 0.5
    style.lineBreakStrategy = .pushOut
    style.textLists = [NSTextList(markerFormat: .decimal, startingItemNumber: 1)]
    let copy = style.copy() as! NSParagraphStyle
    #expect(copy.isEqual(style) && !(copy is NSMutableParagraphStyle))
    #expect(copy.tailIndent == -10 && copy.lineHeightMultiple == 1.5 && copy.baseWritingDirection == .rightToLeft)
    let other = NSMutableParagraphStyle()
    #expect(!other.isEqual(style))
    other.setParagraphStyle(style)
    #expect(other.isEqual(style))
    let mutable = NSParagraphStyle.default.mutableCopy() as! NSMutableParagraphStyle
    mutable.firstLineHeadIndent = 4
    #expect(NSParagraphStyle.default.firstLineHeadIndent == 0, "a mutable copy leaves the default alone")
  }

  @Test func tabStopsStaySortedAndAreRemovedByValue() {
    let style = NSMutableParagraphStyle()
    style.tabStops = []
    style.addTabStop(NSTextTab(textAlignment: .right, location: 100))
    style.addTabStop(NSTextTab(textAlignment: .left, location: 20))
    #expect(style.tabStops.map(\.location) == [20, 100])
    style.removeTabStop(NSTextTab(textAlignment: .left, location: 20))
    #expect(style.tabStops.map(\.location) == [100])
    style.removeTabStop(NSTextTab(textAlignment: .left, location: 100))
    #expect(style.tabStops.count == 1, "a stop of another alignment is not the same stop")
    style.tabStops = nil
    #expect(style.tabStops.count == 12, "nil brings back the default stops")
    let decimal = NSTextTab(textAlignment: .right, location: 50, options: [.columnTerminators: NSTextTab.columnTerminators(for: Locale(identifier: "en_US"))])
    #expect((decimal.options[.columnTerminators] as? CharacterSet)?.contains(".") == true)
  }

  @Test func writingDirectionOfLanguages() {
    #expect(NSParagraphStyle.defaultWritingDirection(forLanguage: "ar") == .rightToLeft)
    #expect(NSParagraphStyle.defaultWritingDirection(forLanguage: "he") == .rightToLeft)
    #expect(NSParagraphStyle.defaultWritingDirection(forLanguage: "en") == .leftToRight)
    #expect(NSParagraphStyle.defaultWritingDirection(forLanguage: "ja") == .leftToRight)
  }

  @Test func listMarkers() {
    let decimal = NSTextList(markerFormat: NSTextList.MarkerFormat("({decimal})"), startingItemNumber: 3)
    #expect(decimal.marker(forItemNumber: 3) == "(3)" && decimal.isOrdered && decimal.startingItemNumber == 3)
    #expect(NSTextList(markerFormat: .lowercaseRoman, startingItemNumber: 1).marker(forItemNumber: 1994) == "mcmxciv")
    #expect(NSTextList(markerFormat: .uppercaseRoman, startingItemNumber: 1).marker(forItemNumber: 4) == "IV")
    #expect(NSTextList(markerFormat: .uppercaseAlpha, startingItemNumber: 1).marker(forItemNumber: 27) == "AA")
    #expect(NSTextList(markerFormat: .lowercaseLatin, startingItemNumber: 1).marker(forItemNumber: 26) == "z")
    #expect(NSTextList(markerFormat: .uppercaseHexadecimal, startingItemNumber: 1).marker(forItemNumber: 255) == "FF")
    #expect(NSTextList(markerFormat: .octal, startingItemNumber: 1).marker(forItemNumber: 8) == "10")
    let disc = NSTextList(markerFormat: .disc, options: 0)
    #expect(disc.marker(forItemNumber: 7) == "\u{2022}" && !disc.isOrdered && disc.startingItemNumber == 1)
    #expect(NSTextList(markerFormat: .check, options: 0).marker(forItemNumber: 1) == "\u{2713}")
  }

  // Cells: 8 points a column, 16 a line.
  @Test func lineHeightsAndSpacingAddUpInBoundingRects() {
    _ = showCells(UIView())
    func height(_ text: NSAttributedString, width: CGFloat = 160) -> CGFloat {
      text.boundingRect(with: CGSize(width: width, height: .greatestFiniteMagnitude), options: .usesLineFragmentOrigin, context: nil).height
    }
    #expect(height(NSAttributedString(string: "a\nb")) == 32)
    #expect(height(styled("a\nb") { $0.lineSpacing = 4 }) == 40, "line spacing below each line")
    #expect(height(styled("a\nb") { $0.paragraphSpacing = 10 }) == 42, "after the first paragraph only: the second has no line feed")
    #expect(height(styled("a\nb") { $0.paragraphSpacingBefore = 6 }) == 38, "never above the first paragraph")
    #expect(height(styled("a\nb") { $0.minimumLineHeight = 30 }) == 60)
    #expect(height(styled("a\nb") { $0.maximumLineHeight = 10 }) == 20)
    #expect(height(styled("a\nb") { $0.lineHeightMultiple = 2 }) == 64)
    #expect(height(styled("a\nb") { $0.lineHeightMultiple = 2; $0.maximumLineHeight = 24 }) == 48, "the maximum clamps the multiple")
    // Wrapped lines of one paragraph each get the line spacing, none the paragraph spacing.
    #expect(height(styled("aaaa bbbb") { $0.lineSpacing = 2; $0.paragraphSpacing = 50 }, width: 40) == 36)
  }

  @Test func indentsNarrowTheLinesAndCountInTheWidth() {
    _ = showCells(UIView())
    func rect(_ text: NSAttributedString, width: CGFloat) -> CGRect {
      text.boundingRect(with: CGSize(width: width, height: .greatestFiniteMagnitude), options: .usesLineFragmentOrigin, context: nil)
    }
    // 80 points is 10 cells; a head indent of 16 leaves 8 for "one two three".
    #expect(rect(NSAttributedString(string: "one two three"), width: 80).height == 32)
    let indented = rect(styled("one two three") { $0.firstLineHeadIndent = 16; $0.headIndent = 16 }, width: 80)
    #expect(indented.height == 32 && indented.width == 16 + 56, "\"one two \" / \"three\": the indent is in the used width")
    #expect(rect(styled("one two three") { $0.tailIndent = -24 }, width: 80).height == 32, "lines end 3 cells early: \"one two\" still fits")
    #expect(rect(styled("one two three") { $0.tailIndent = 40 }, width: 80).height == 48, "a positive tail indent is a line end 5 cells in")
  }

  @Test func drawnParagraphsTakeTheirIndentsSpacingAndAlignment() {
    let view = ParagraphsView(frame: CGRect(x: 0, y: 0, width: 80, height: 96))
    let first = NSMutableParagraphStyle()
    first.firstLineHeadIndent = 16
    first.headIndent = 8
    first.paragraphSpacing = 16
    let second = NSMutableParagraphStyle()
    second.alignment = .right
    let text = NSMutableAttributedString(string: "one two three\n", attributes: [.paragraphStyle: first])
    text.append(NSAttributedString(string: "end", attributes: [.paragraphStyle: second]))
    view.text = text
    let host = showCells(view)
    #expect(host.screen() == "  one two\n three\n\n       end")
  }

  @Test func truncationCountsEachLinesOwnHeight() {
    _ = showCells(UIView())
    let text = styled("one two three four") { $0.lineSpacing = 8 }
    // Lines of 24 points: two fit in 50 (the second's text ends at 40), the third's would end at 64.
    let rect = text.boundingRect(
      with: CGSize(width: 64, height: 50), options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine], context: nil)
    #expect(rect.height == 48)
  }

  @Test func aLabelTakesItsAttributedTextsLineSpacingAndAlignment() {
    let label = UILabel()
    label.numberOfLines = 0
    let style = NSMutableParagraphStyle()
    style.lineSpacing = 16
    style.alignment = .center
    label.attributedText = NSAttributedString(string: "ab\ncd", attributes: [.paragraphStyle: style])
    #expect(label.textAlignment == .center, "the first paragraph's alignment becomes the label's")
    let host = showCells(label)
    #expect(label.sizeThatFits(CGSize(width: 80, height: 0)) == CGSize(width: 16, height: 64))
    label.frame = CGRect(x: 0, y: 0, width: 48, height: 64)
    #expect(host.screen() == "  ab\n\n  cd")
    label.text = "ab\ncd"
    #expect(label.sizeThatFits(CGSize(width: 80, height: 0)).height == 32, "plain text has no paragraph style")
  }

  @Test func fixingAttributesGivesEachParagraphItsFirstCharactersStyle() {
    let centred = NSMutableParagraphStyle()
    centred.alignment = .center
    let right = NSMutableParagraphStyle()
    right.alignment = .right
    let text = NSMutableAttributedString(string: "ab\ncd\nef")
    text.addAttribute(.paragraphStyle, value: centred, range: NSRange(location: 0, length: 1))
    text.addAttribute(.paragraphStyle, value: right, range: NSRange(location: 4, length: 3))
    text.addAttribute(.attachment, value: NSTextAttachment(), range: NSRange(location: 6, length: 2))
    text.fixAttributes(in: NSRange(location: 1, length: 6))
    func style(_ offset: Int) -> NSTextAlignment? {
      (text.attribute(.paragraphStyle, at: offset, effectiveRange: nil) as? NSParagraphStyle)?.alignment
    }
    #expect((0..<3).map(style) == [.center, .center, .center], "the first paragraph, line feed included")
    #expect((3..<6).map(style) == [nil, nil, nil], "\"cd\" starts without a style, so it has none")
    #expect((6..<8).map(style) == [.right, .right], "the last paragraph takes the style of its first character")
    #expect(text.attribute(.attachment, at: 6, effectiveRange: nil) == nil, "an attachment stays only on U+FFFC")
    let withAttachment = NSMutableAttributedString(attributedString: NSAttributedString(attachment: NSTextAttachment()))
    withAttachment.fixAttributes(in: NSRange(location: 0, length: 1))
    #expect(withAttachment.attribute(.attachment, at: 0, effectiveRange: nil) != nil)
  }

  @Test func shadowsCompareByValueAndCopy() {
    let shadow = NSShadow()
    shadow.shadowOffset = CGSize(width: 1, height: 2)
    shadow.shadowBlurRadius = 3
    shadow.shadowColor = UIColor.red
    let copy = shadow.copy() as! NSShadow
    #expect(copy.isEqual(shadow) && copy !== shadow)
    copy.shadowBlurRadius = 0
    #expect(!copy.isEqual(shadow))
    let text = NSAttributedString(string: "x", attributes: [.shadow: shadow, .textEffect: NSAttributedString.TextEffectStyle.letterpressStyle.rawValue])
    #expect((text.attribute(.shadow, at: 0, effectiveRange: nil) as? NSShadow)?.shadowOffset == CGSize(width: 1, height: 2))
  }
}
