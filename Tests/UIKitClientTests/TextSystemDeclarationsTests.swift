// Issue 19's list of Apple declarations, as iOS code writes them (Swift 5 mode, as an app's code
// is). Each section of the issue has its file; this one holds what the others do not and says
// where each section is:
//
// - Measuring and drawing text, fonts, Dynamic Type, attributed text per range, typing
//   attributes, ⌘B/⌘I/⌘U, attachments, attributed placeholders: TextDrawingDeclarationsTests.
// - Paragraph styles, tab stops and lists; the text view's scrolling (keyboard dismissal,
//   indicator insets) and read-only selection; the input assistant: here.
// - UITextInput, all of it (tokenizer, input delegate, geometry, writing direction, marked
//   text, input modes, dictation): TextInputDeclarationsTests.
// - The text kit (NSTextStorage, NSTextContainer, NSLayoutManager, UITextView's): TextKitDeclarationsTests.
// - Data detectors, links, UITextItem, opening URLs, interaction state, the paste delegate,
//   the text view's border: TextLinksDeclarationsTests.
// - Text drag and drop (and the drag and drop interactions under it): DragAndDropDeclarationsTests.
//
// Each line must compile; the assertions check that the calls reach real behaviour.
import UIKit
import UIKitTesting
import XCTest

final class TextSystemDeclarationsTests: XCTestCase {
  func testParagraphStyleDeclarations() {
    // class NSParagraphStyle : NSObject, NSCopying, NSMutableCopying, NSSecureCoding
    let base: NSParagraphStyle = NSParagraphStyle.default
    let _: NSWritingDirection = NSParagraphStyle.defaultWritingDirection(forLanguage: "ar")
    let _: NSWritingDirection = NSParagraphStyle.defaultWritingDirection(forLanguage: nil)
    let _: NSTextAlignment = base.alignment
    let _: NSLineBreakMode = base.lineBreakMode
    let _: CGFloat = base.lineSpacing
    let _: CGFloat = base.paragraphSpacing
    let _: CGFloat = base.paragraphSpacingBefore
    let _: CGFloat = base.firstLineHeadIndent
    let _: CGFloat = base.headIndent
    let _: CGFloat = base.tailIndent
    let _: CGFloat = base.lineHeightMultiple
    let _: CGFloat = base.minimumLineHeight
    let _: CGFloat = base.maximumLineHeight
    let _: NSWritingDirection = base.baseWritingDirection
    let _: Float = base.hyphenationFactor
    let _: Bool = base.usesDefaultHyphenation
    let _: [NSTextTab]! = base.tabStops
    let _: CGFloat = base.defaultTabInterval
    let _: Bool = base.allowsDefaultTighteningForTruncation
    let _: NSParagraphStyle.LineBreakStrategy = base.lineBreakStrategy
    let _: [NSTextList] = base.textLists
    XCTAssertTrue(NSParagraphStyle.supportsSecureCoding)

    // class NSMutableParagraphStyle : NSParagraphStyle
    let style = NSMutableParagraphStyle()
    style.alignment = .justified
    style.lineBreakMode = .byCharWrapping
    style.lineSpacing = 2
    style.paragraphSpacing = 4
    style.paragraphSpacingBefore = 3
    style.firstLineHeadIndent = 10
    style.headIndent = 5
    style.tailIndent = -5
    style.lineHeightMultiple = 1.2
    style.minimumLineHeight = 10
    style.maximumLineHeight = 30
    style.baseWritingDirection = .leftToRight
    style.hyphenationFactor = 0.2
    style.usesDefaultHyphenation = true
    style.tabStops = [NSTextTab(textAlignment: .left, location: 40)]
    style.defaultTabInterval = 36
    style.allowsDefaultTighteningForTruncation = true
    style.lineBreakStrategy = [.pushOut, .hangulWordPriority]
    XCTAssertEqual(NSParagraphStyle.LineBreakStrategy.standard.rawValue, 0xFFFF)
    style.addTabStop(NSTextTab(textAlignment: .right, location: 20, options: [:]))
    style.removeTabStop(NSTextTab(textAlignment: .left, location: 40))
    XCTAssertEqual(style.tabStops.map { $0.location }, [20])
    let copy = style.copy() as! NSParagraphStyle
    let mutable = copy.mutableCopy() as! NSMutableParagraphStyle
    mutable.setParagraphStyle(NSParagraphStyle.default)
    XCTAssertEqual(copy, style)
    XCTAssertEqual(mutable.alignment, .natural)

    // class NSTextTab
    let tab = NSTextTab(textAlignment: .right, location: 80, options: [NSTextTab.OptionKey.columnTerminators: NSTextTab.columnTerminators(for: nil)])
    let _: NSTextAlignment = tab.alignment
    let _: CGFloat = tab.location
    let _: [NSTextTab.OptionKey: Any] = tab.options

    // class NSTextList
    let list = NSTextList(markerFormat: .decimal, options: [.prependEnclosingMarker], startingItemNumber: 2)
    let legacy = NSTextList(markerFormat: NSTextList.MarkerFormat("{upper-roman}."), options: 0)
    list.startingItemNumber = 5
    let _: NSTextList.MarkerFormat = list.markerFormat
    let _: NSTextList.Options = list.listOptions
    let _: Bool = list.isOrdered
    XCTAssertEqual(list.marker(forItemNumber: 5), "5")
    XCTAssertEqual(legacy.marker(forItemNumber: 9), "IX.")
    style.textLists = [list]

    // The paragraph style reaches what strings measure.
    let plain = NSAttributedString(string: "a\nb").boundingRect(
      with: CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude), options: .usesLineFragmentOrigin, context: nil)
    let spaced = NSAttributedString(string: "a\nb", attributes: [.paragraphStyle: style]).boundingRect(
      with: CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude), options: .usesLineFragmentOrigin, context: nil)
    XCTAssertGreaterThan(spaced.height, plain.height)
  }

  func testTextViewScrollingAndReadOnlyDeclarations() {
    let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    let modes: [UIScrollView.KeyboardDismissMode] = [.none, .onDrag, .interactive, .onDragWithAccessory, .interactiveWithAccessory]
    XCTAssertEqual(modes.map { $0.rawValue }, [0, 1, 2, 3, 4])
    textView.keyboardDismissMode = .interactive
    textView.verticalScrollIndicatorInsets = UIEdgeInsets(top: 4, left: 0, bottom: 4, right: 0)
    textView.horizontalScrollIndicatorInsets = .zero
    textView.automaticallyAdjustsScrollIndicatorInsets = false
    textView.scrollIndicatorInsets = UIEdgeInsets(top: 1, left: 0, bottom: 1, right: 0)
    XCTAssertEqual(textView.verticalScrollIndicatorInsets.top, 1, "scrollIndicatorInsets sets both")
    textView.showsVerticalScrollIndicator = true
    textView.flashScrollIndicators()

    // Read-only, selectable: select and copy.
    textView.isEditable = false
    textView.isSelectable = true
    textView.text = "Terms apply"
    let controller = UIViewController()
    controller.view.addSubview(textView)
    let host = HeadlessHost(rootViewController: controller)
    host.doubleTap(textView, at: textView.caretRect(for: textView.position(from: textView.beginningOfDocument, offset: 8)!).origin)
    XCTAssertEqual(textView.selectedRange, NSRange(location: 6, length: 5))
    XCTAssertEqual(host.editMenuItems, ["Copy", "Select All"])
    XCTAssertTrue(host.chooseEditMenuItem("Copy"))
    XCTAssertEqual(UIPasteboard.general.string, "apply")
    XCTAssertEqual(textView.text, "Terms apply")
  }

  func testInputAssistantDeclarations() {
    let field = UITextField()
    let item: UITextInputAssistantItem = field.inputAssistantItem
    item.allowsHidingShortcuts = false
    item.leadingBarButtonGroups = []
    item.trailingBarButtonGroups = [UIBarButtonItemGroup(barButtonItems: [], representativeItem: nil)]
    item.keyboardActionButtonItem = nil
    let group: UIBarButtonItemGroup = item.trailingBarButtonGroups[0]
    let button = UIBarButtonItem(title: "Done", style: .done, target: nil, action: nil)
    group.barButtonItems = [button]
    group.representativeItem = nil
    group.isHidden = false
    let _: Bool = group.isDisplayingRepresentativeItem
    XCTAssertTrue(button.buttonGroup === group)
    let _: UITextInputAssistantItem = UISearchBar().inputAssistantItem
  }
}
