// Apple's declarations of text view links and data detectors, text items, opening URLs,
// interaction state, the paste delegate, a text view's border style and a label's attributed
// text, used as iOS code uses them (Swift 5 mode, as an app's code is): each line must compile,
// and the assertions check that the calls reach real behaviour.
import UIKit
import UIKitTesting
import XCTest

/// A delegate as an iOS 17 app writes it, with the optional-call syntax of its callers.
private final class LinkDelegate: NSObject, UITextViewDelegate {
  var opened: [URL] = []
  var lastItem: UITextItem?
  func textView(_ textView: UITextView, primaryActionFor textItem: UITextItem, defaultAction: UIAction) -> UIAction? {
    lastItem = textItem
    let _: NSRange = textItem.range
    guard case .link(let url) = textItem.content else { return defaultAction }
    return UIAction(title: "Open in app") { [weak self] _ in self?.opened.append(url) }
  }
  func textView(
    _ textView: UITextView, menuConfigurationFor textItem: UITextItem, defaultMenu: UIMenu
  ) -> UITextItem.MenuConfiguration? {
    UITextItem.MenuConfiguration(preview: .view(UIView()), menu: defaultMenu)
  }
  var menuEvents: [String] = []
  func textView(_ textView: UITextView, textItemMenuWillDisplayFor textItem: UITextItem, animator: UIContextMenuInteractionAnimating) {
    let _: UIViewController? = animator.previewViewController
    animator.addAnimations {}
    animator.addCompletion { [weak self] in self?.menuEvents.append("shown") }
  }
  func textView(_ textView: UITextView, textItemMenuWillEndFor textItem: UITextItem, animator: UIContextMenuInteractionAnimating) {
    menuEvents.append("ending")
  }
}

/// A delegate written for iOS 10 to 16.
private final class OldLinkDelegate: NSObject, UITextViewDelegate {
  var asked: [UITextItemInteraction] = []
  func textView(
    _ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange, interaction: UITextItemInteraction
  ) -> Bool {
    asked.append(interaction)
    return false
  }
  func textView(
    _ textView: UITextView, shouldInteractWith textAttachment: NSTextAttachment, in characterRange: NSRange,
    interaction: UITextItemInteraction
  ) -> Bool { true }
}

private final class PasteDelegate: NSObject, UITextPasteDelegate {
  func textPasteConfigurationSupporting(
    _ textPasteConfigurationSupporting: UITextPasteConfigurationSupporting, transform item: UITextPasteItem
  ) {
    let _: NSItemProvider = item.itemProvider
    let _: Any? = item.localObject
    let _: [NSAttributedString.Key: Any] = item.defaultAttributes
    item.setStringResult("pasted")
  }
}

final class TextLinksDeclarationsTests: XCTestCase {
  func testDataDetectorAndLinkDeclarations() {
    let all: [UIDataDetectorTypes] = [
      .phoneNumber, .link, .address, .calendarEvent, .shipmentTrackingNumber, .flightNumber, .lookupSuggestion,
      .money, .physicalValue, .all, [],
    ]
    XCTAssertEqual(all.count, 11)
    let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
    textView.isEditable = false
    textView.dataDetectorTypes = [.link, .phoneNumber]
    textView.linkTextAttributes = [.foregroundColor: UIColor.systemTeal, .underlineStyle: NSUnderlineStyle.single.rawValue]
    XCTAssertEqual(textView.linkTextAttributes[.foregroundColor] as? UIColor, .systemTeal)
    let interactions: [UITextItemInteraction] = [.invokeDefaultAction, .presentActions, .preview]
    XCTAssertEqual(interactions.map(\.rawValue), [0, 1, 2])
    let _: NSAttributedString.Key = .textItemTag
    let _: UITextItem.MenuConfiguration.Preview = .default
    let _: UITextView.BorderStyle = .roundedRect
    textView.borderStyle = .roundedRect
    XCTAssertEqual(textView.borderStyle, .roundedRect)
  }

  func testOptionalCallSyntaxReachesTheDelegate() {
    let textView = UITextView()
    let old = OldLinkDelegate()
    textView.delegate = old
    let url = URL(string: "https://swift.org")!
    let allowed = textView.delegate?.textView?(textView, shouldInteractWith: url, in: NSRange(location: 0, length: 4), interaction: .invokeDefaultAction)
    XCTAssertEqual(allowed, false)
    XCTAssertEqual(old.asked, [.invokeDefaultAction])
  }

  func testATapOnADetectedLinkRunsTheDelegatesAction() {
    final class Screen: UIViewController {
      let textView = UITextView(frame: CGRect(x: 0, y: 100, width: 300, height: 100))
      override func viewDidLoad() {
        super.viewDidLoad()
        textView.isEditable = false
        textView.dataDetectorTypes = .all
        textView.text = "Docs at swift.org"
        view.addSubview(textView)
      }
    }
    let screen = Screen()
    let host = HeadlessHost(rootViewController: screen)
    let delegate = LinkDelegate()
    screen.textView.delegate = delegate
    let start = screen.textView.position(from: screen.textView.beginningOfDocument, offset: 10)!
    let rect = screen.textView.caretRect(for: start)
    host.tap(screen.textView, at: CGPoint(x: rect.minX + 2, y: rect.midY))
    XCTAssertEqual(delegate.opened, [URL(string: "http://swift.org")!])
    // The item UIKit made, asked about again with the optional-call syntax.
    guard let item = delegate.lastItem else { return XCTFail("no text item") }
    XCTAssertEqual(item.range, NSRange(location: 8, length: 9))
    let textView = screen.textView
    let action = textView.delegate?.textView?(textView, primaryActionFor: item, defaultAction: UIAction(title: "Open") { _ in })
    XCTAssertEqual(action?.title, "Open in app")
    XCTAssertNotNil(textView.delegate?.textView?(textView, menuConfigurationFor: item, defaultMenu: UIMenu(children: [])))
    host.longPress(textView, at: CGPoint(x: rect.minX + 2, y: rect.midY))
    XCTAssertEqual(host.editMenuItems, ["Open Link", "Copy Link"])
    XCTAssertEqual(delegate.menuEvents, ["shown"])
  }

  func testOpeningURLs() {
    let host = HeadlessHost(rootViewController: UIViewController())
    var opened: Bool?
    let options: [UIApplication.OpenExternalURLOptionsKey: Any] = [.universalLinksOnly: false, .eventAttribution: NSNull()]
    UIApplication.shared.open(URL(string: "mailto:a@b.org")!, options: options) { opened = $0 }
    UIApplication.shared.open(URL(string: "https://example.com")!)
    host.settle()
    XCTAssertEqual(opened, true)
    XCTAssertEqual(host.openedURLs.count, 2)
    XCTAssertTrue(UIApplication.shared.canOpenURL(URL(string: "https://example.com")!))
  }

  func testInteractionStateAndPasteDeclarations() {
    let field = UITextField()
    let textView = UITextView()
    let state: Any = textView.interactionState
    textView.interactionState = state
    field.interactionState = field.interactionState
    let paste = PasteDelegate()
    field.pasteDelegate = paste
    textView.pasteDelegate = paste
    let supporting: [UITextPasteConfigurationSupporting] = [field, textView]
    XCTAssertEqual(supporting.count, 2)
    let configuration = UIPasteConfiguration(acceptableTypeIdentifiers: ["public.utf8-plain-text"])
    configuration.addAcceptableTypeIdentifiers(["public.url"])
    textView.pasteConfiguration = configuration
    XCTAssertEqual(textView.pasteConfiguration?.acceptableTypeIdentifiers.count, 2)
    let _: UIPasteConfigurationSupporting = UIView()
    let provider = NSItemProvider(item: "x" as NSString, typeIdentifier: "public.utf8-plain-text")
    XCTAssertTrue(provider.hasItemConformingToTypeIdentifier("public.plain-text"))
    let range = textView.textRange(from: textView.beginningOfDocument, to: textView.endOfDocument)!
    let joined = paste.textPasteConfigurationSupporting?(textView, combineItemAttributedStrings: [NSAttributedString(string: "a"), NSAttributedString(string: "b")], for: range)
    XCTAssertEqual(joined?.string, "ab")
    let animate = paste.textPasteConfigurationSupporting?(textView, shouldAnimatePasteOf: NSAttributedString(string: "ab"), to: range)
    XCTAssertEqual(animate, true)
  }

  func testLabelAttributedText() {
    let label = UILabel()
    let text = NSMutableAttributedString(string: "Terms and Privacy")
    text.addAttribute(.link, value: URL(string: "https://example.com/terms")!, range: NSRange(location: 0, length: 5))
    text.addAttribute(.strikethroughStyle, value: NSUnderlineStyle.single.rawValue, range: NSRange(location: 6, length: 3))
    label.attributedText = text
    XCTAssertNotNil(label.attributedText?.attribute(.link, at: 2, effectiveRange: nil))
  }
}
