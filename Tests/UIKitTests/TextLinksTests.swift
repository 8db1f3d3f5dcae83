import Foundation
import Testing
@testable import UIKit
import UIKitTesting

// Links in text views: what the data detectors find, how links are drawn, and what a tap and a
// long press on a link, an attachment or a tagged range ask the delegate and do.

/// A delegate written before iOS 17: it answers the `shouldInteractWith` questions only
/// (as told) and records them.
@MainActor
private class LinkRecorder: NSObject, UITextViewDelegate {
  var calls: [String] = []
  var allow = true

  func textView(
    _ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange, interaction: UITextItemInteraction
  ) -> Bool {
    calls.append("shouldInteract \(URL.absoluteString) {\(characterRange.location), \(characterRange.length)} \(interaction.rawValue)")
    return allow
  }
  func textView(
    _ textView: UITextView, shouldInteractWith textAttachment: NSTextAttachment, in characterRange: NSRange,
    interaction: UITextItemInteraction
  ) -> Bool {
    calls.append("shouldInteract attachment {\(characterRange.location), \(characterRange.length)} \(interaction.rawValue)")
    return allow
  }
  func textViewDidChangeSelection(_ textView: UITextView) { calls.append("didChangeSelection") }
}

/// A delegate of iOS 17: it implements the `UITextItem` methods too (so the old questions must
/// never be asked), answering with the closures' results.
@MainActor
private final class ModernLinkRecorder: NSObject, UITextViewDelegate {
  var calls: [String] = []
  var primaryAction: ((UITextItem, UIAction) -> UIAction?)?
  var menu: ((UITextItem, UIMenu) -> UITextItem.MenuConfiguration?)?

  func textView(_ textView: UITextView, primaryActionFor textItem: UITextItem, defaultAction: UIAction) -> UIAction? {
    calls.append("primaryAction \(describe(textItem)) \(defaultAction.title)")
    return primaryAction.map { $0(textItem, defaultAction) } ?? defaultAction
  }
  func textView(
    _ textView: UITextView, menuConfigurationFor textItem: UITextItem, defaultMenu: UIMenu
  ) -> UITextItem.MenuConfiguration? {
    calls.append("menu \(describe(textItem)) \(defaultMenu.children.map(\.title))")
    return menu.map { $0(textItem, defaultMenu) } ?? UITextItem.MenuConfiguration(menu: defaultMenu)
  }
  func textView(
    _ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange, interaction: UITextItemInteraction
  ) -> Bool {
    calls.append("old question asked")
    return true
  }

  func textView(
    _ textView: UITextView, textItemMenuWillDisplayFor textItem: UITextItem, animator: any UIContextMenuInteractionAnimating
  ) {
    calls.append("willDisplay \(describe(textItem)) preview \(animator.previewViewController == nil ? "none" : "some")")
    animator.addCompletion { [weak self] in self?.calls.append("displayed") }
  }
  func textView(
    _ textView: UITextView, textItemMenuWillEndFor textItem: UITextItem, animator: any UIContextMenuInteractionAnimating
  ) {
    calls.append("willEnd \(describe(textItem))")
  }

  private func describe(_ item: UITextItem) -> String {
    let range = "{\(item.range.location), \(item.range.length)}"
    switch item.content {
    case .link(let url): return "link \(url.absoluteString) \(range)"
    case .textAttachment: return "attachment \(range)"
    case .tag(let tag): return "tag \(tag) \(range)"
    }
  }
}

/// A point of `textView` on the character at `offset` (its coordinates).
@MainActor
private func point(_ textView: UITextView, at offset: Int) -> CGPoint {
  let rect = textView.caretRect(for: textView.position(from: textView.beginningOfDocument, offset: offset)!)
  return CGPoint(x: rect.minX + 2, y: rect.midY)
}

/// The screen cell showing the character at `offset` of `textView`.
@MainActor
private func cell(_ host: HeadlessHost, _ textView: UITextView, at offset: Int) -> CellGrid.Cell {
  let rect = textView.caretRect(for: textView.position(from: textView.beginningOfDocument, offset: offset)!)
  let window = textView.convert(rect, to: nil)
  return host.grid()[Int((window.minX / 8).rounded()), Int(window.midY / 16)]
}

@MainActor
private func rgb(_ color: UIColor) -> CellGrid.RGB {
  let c = color.rgba8
  return CellGrid.RGB(r: c.r, g: c.g, b: c.b)
}

/// The notes screen, its text view read-only with `text`, detecting `types`, with a recorder.
@MainActor
private func makeLinks(
  _ text: String, types: UIDataDetectorTypes = [.link, .phoneNumber]
) -> (HeadlessHost, UITextView, LinkRecorder) {
  let (host, controller) = makeNotes()
  let recorder = LinkRecorder()
  let textView = controller.textView
  textView.isEditable = false
  textView.dataDetectorTypes = types
  textView.text = text
  textView.delegate = recorder
  host.window.layoutIfNeeded()
  return (host, textView, recorder)
}

@MainActor @Suite struct TextLinksTests {
  // MARK: Detection

  @Test(arguments: [
    ("see https://apple.com/mac.", ["https://apple.com/mac"]),
    ("(see apple.com)", ["http://apple.com"]),
    ("https://en.wikipedia.org/wiki/Swift_(programming_language), then", ["https://en.wikipedia.org/wiki/Swift_(programming_language)"]),
    ("www.swift.org/blog!", ["http://www.swift.org/blog"]),
    ("mail me@example.org, please", ["mailto:me@example.org"]),
    ("e.g. version 1.2.3 at 10.30", []),
    ("call 555-1234 or (415) 555-0123", ["tel:5551234", "tel:4155550123"]),
    ("+44 20 7946 0958 and 1-800-555-0199", ["tel:+442079460958", "tel:18005550199"]),
    ("on 2024-01-15, order A1234567 costs 1,299.99", []),
    ("ftp://files.example.com/a.txt", ["ftp://files.example.com/a.txt"]),
  ] as [(String, [String])])
  func theDetectorFindsLinksAndPhoneNumbersAndLeavesLookalikes(text: String, urls: [String]) {
    let found = _DataDetector.matches(in: text, types: [.link, .phoneNumber]).map(\.url.absoluteString)
    #expect(found == urls)
  }

  @Test func rangesAreUTF16OffsetsAfterEmojiAndAccents() {
    let text = "👩‍💻 café: https://example.com/x 📞 555-1234"
    let matches = _DataDetector.matches(in: text, types: .all)
    let ns = text as NSString
    #expect(matches.map { ns.substring(with: NSRange(location: $0.range.lowerBound, length: $0.range.count)) }
      == ["https://example.com/x", "555-1234"])
    #expect(_DataDetector.matches(in: text, types: .phoneNumber).count == 1)
    #expect(_DataDetector.matches(in: text, types: [.address, .calendarEvent]).isEmpty)
  }

  // MARK: Drawing

  @Test func detectedLinksAreDrawnInTheTintAsLinksOnlyWhileNotEditable() {
    let (host, textView, _) = makeLinks("go apple.com now")
    let link = cell(host, textView, at: 4)
    #expect(link.text == "p")
    #expect(link.link == "http://apple.com")
    #expect(link.foreground == rgb(textView.tintColor))
    #expect(!link.isUnderlined)
    #expect(cell(host, textView, at: 1).link == nil)
    #expect(cell(host, textView, at: 1).foreground != rgb(textView.tintColor))
    textView.tintColor = .systemRed
    #expect(cell(host, textView, at: 4).foreground == rgb(.systemRed))
    textView.isEditable = true
    #expect(cell(host, textView, at: 4).link == nil, "an editable view detects nothing, as on iOS")
  }

  @Test func anEditableViewDetectsNothingWhileTheUserTypes() {
    let (host, controller) = makeNotes()
    let textView = controller.textView
    textView.dataDetectorTypes = .all
    host.tap(textView)
    host.type("see apple.com or 555-1234")
    #expect(textView._linkState.detectedKey == nil, "no detection on the keystroke path of an editable view")
    #expect(cell(host, textView, at: 5).link == nil)
    textView.resignFirstResponder()
    textView.isEditable = false
    #expect(cell(host, textView, at: 5).link == "http://apple.com")
    #expect(cell(host, textView, at: 18).link == "tel:5551234")
  }

  @Test func linkAttributesAreDrawnWithLinkTextAttributesOverTheRunsOwnColour() {
    let (host, controller) = makeNotes()
    let textView = controller.textView
    let text = NSMutableAttributedString(string: "Read the terms")
    text.addAttributes([.link: URL(string: "https://example.com/terms")!, .foregroundColor: UIColor.systemGreen], range: NSRange(location: 9, length: 5))
    textView.attributedText = text
    textView.linkTextAttributes = [.foregroundColor: UIColor.systemPurple, .underlineStyle: NSUnderlineStyle.single.rawValue]
    let cellOfLink = cell(host, textView, at: 10)
    #expect(cellOfLink.link == "https://example.com/terms")
    #expect(cellOfLink.foreground == rgb(.systemPurple))
    #expect(cellOfLink.isUnderlined)
    #expect(!cell(host, textView, at: 2).isUnderlined)
    #expect(textView.linkTextAttributes[.foregroundColor] as? UIColor == .systemPurple)
  }

  // MARK: Tapping

  @Test func aTapOnALinkAsksTheOldDelegateMethodThenOpensTheURL() {
    let (host, textView, recorder) = makeLinks("call 555-1234 today")
    host.tap(textView, at: point(textView, at: 7))
    host.settle()
    #expect(recorder.calls == ["shouldInteract tel:5551234 {5, 8} 0"])
    #expect(host.openedURLs == [URL(string: "tel:5551234")!])
    #expect(!textView.isFirstResponder, "a tap on a link does not start a selection session")
  }

  @Test func anOldDelegateAnsweringFalseKeepsTheLinkClosed() {
    let (host, textView, recorder) = makeLinks("see apple.com")
    recorder.allow = false
    host.tap(textView, at: point(textView, at: 5))
    #expect(recorder.calls == ["shouldInteract http://apple.com {4, 9} 0"])
    #expect(host.openedURLs.isEmpty)
  }

  @Test func theIOS17MethodIsAskedInsteadOfTheOldOneAndItsActionRuns() {
    let (host, textView, _) = makeLinks("see apple.com")
    let recorder = ModernLinkRecorder()
    textView.delegate = recorder
    var ran: [String] = []
    recorder.primaryAction = { item, _ in
      UIAction(title: "Mine") { _ in ran.append("mine \(item.range.location)") }
    }
    host.tap(textView, at: point(textView, at: 5))
    #expect(recorder.calls == ["primaryAction link http://apple.com {4, 9} Open Link"])
    #expect(ran == ["mine 4"])
    #expect(host.openedURLs.isEmpty)
    // The default action opens it.
    recorder.primaryAction = nil
    host.tap(textView, at: point(textView, at: 5))
    host.settle()
    #expect(host.openedURLs == [URL(string: "http://apple.com")!])
  }

  @Test func withoutADelegateATapOpensTheLinkAndTheTimelineRecordsTheQuestion() {
    let (host, textView, _) = makeLinks("see apple.com")
    textView.delegate = nil
    host.clearTimeline()
    host.tap(textView, at: point(textView, at: 5))
    #expect(host.openedURLs == [URL(string: "http://apple.com")!])
    let delegateCalls = host.timeline.entries.filter { $0.kind == .delegate }.map(\.name)
    #expect(delegateCalls == ["textView(_:primaryActionFor:defaultAction:)"])
  }

  @Test func aTapBesideALinkSelectsAsInAnyReadOnlyView() {
    let (host, textView, recorder) = makeLinks("see apple.com")
    host.tap(textView, at: point(textView, at: 1))
    #expect(textView.isFirstResponder)
    #expect(recorder.calls == ["didChangeSelection"])
    #expect(host.openedURLs.isEmpty)
  }

  @Test func inAnEditableViewATapOnALinkPutsTheCaretThere() {
    let (host, controller) = makeNotes()
    let textView = controller.textView
    let recorder = LinkRecorder()
    textView.delegate = recorder
    textView.attributedText = NSAttributedString(string: "site", attributes: [.link: "https://example.com"])
    host.tap(textView, at: point(textView, at: 2))
    #expect(textView.isFirstResponder)
    #expect(marked(textView) == "si|te")
    #expect(!recorder.calls.contains { $0.hasPrefix("shouldInteract") })
    #expect(host.openedURLs.isEmpty)
  }

  @Test func aTapOnAnAttachmentAsksTheAttachmentQuestion() {
    let (host, controller) = makeNotes()
    let textView = controller.textView
    let recorder = LinkRecorder()
    recorder.allow = false
    textView.isEditable = false
    textView.delegate = recorder
    let text = NSMutableAttributedString(string: "a ")
    text.append(NSAttributedString(attachment: NSTextAttachment(image: UIImage(systemName: "paperclip")!)))
    textView.attributedText = text
    host.tap(textView, at: point(textView, at: 2))
    #expect(recorder.calls == ["shouldInteract attachment {2, 1} 0"])
  }

  @Test func aTaggedRangeIsATextItemWithItsTag() {
    let (host, controller) = makeNotes()
    let textView = controller.textView
    let recorder = ModernLinkRecorder()
    var tags: [String] = []
    recorder.primaryAction = { item, _ in
      if case .tag(let tag) = item.content { tags.append(tag) }
      return nil
    }
    textView.isEditable = false
    textView.delegate = recorder
    let text = NSMutableAttributedString(string: "#swift rocks")
    text.addAttribute(.textItemTag, value: "swift", range: NSRange(location: 0, length: 6))
    textView.attributedText = text
    host.tap(textView, at: point(textView, at: 3))
    #expect(recorder.calls == ["primaryAction tag swift {0, 6} Show Menu"])
    #expect(tags == ["swift"])
    #expect(host.openedURLs.isEmpty)
  }

  // MARK: Long press

  @Test func aLongPressShowsTheLinksMenuAndItsCopyCopiesTheURL() {
    let (host, textView, recorder) = makeLinks("see https://swift.org")
    host.longPress(textView, at: point(textView, at: 8))
    #expect(recorder.calls == ["shouldInteract https://swift.org {4, 17} 1"])
    #expect(host.editMenuItems == ["Open Link", "Copy Link"])
    #expect(host.chooseEditMenuItem("Copy Link"))
    #expect(UIPasteboard.general.string == "https://swift.org")
    #expect(host.openedURLs.isEmpty)
  }

  @Test func theIOS17MenuMethodChoosesTheMenu() {
    let (host, textView, _) = makeLinks("call 555-1234")
    let recorder = ModernLinkRecorder()
    textView.delegate = recorder
    var shared = false
    recorder.menu = { _, defaultMenu in
      UITextItem.MenuConfiguration(menu: UIMenu(children: defaultMenu.children + [UIAction(title: "Share") { _ in shared = true }]))
    }
    host.longPress(textView, at: point(textView, at: 6))
    #expect(recorder.calls == [
      "menu link tel:5551234 {5, 8} [\"Call\", \"Copy\"]", "willDisplay link tel:5551234 {5, 8} preview none", "displayed",
    ])
    #expect(host.editMenuItems == ["Call", "Copy", "Share"])
    #expect(host.chooseEditMenuItem("Share"))
    #expect(shared)
    #expect(recorder.calls.last == "willEnd link tel:5551234 {5, 8}")
  }

  @Test func anOldDelegateRefusingPresentActionsShowsNoMenu() {
    let (host, textView, recorder) = makeLinks("see apple.com")
    recorder.allow = false
    host.longPress(textView, at: point(textView, at: 5))
    #expect(recorder.calls == ["shouldInteract http://apple.com {4, 9} 1"])
    #expect(!host.isEditMenuVisible)
  }

  // MARK: Opening URLs

  @Test func openReportsToItsCompletionHandlerAfterReturning() {
    let host = HeadlessHost(rootViewController: UIViewController())
    var results: [Bool] = []
    UIApplication.shared.open(URL(string: "https://example.com")!) { results.append($0) }
    #expect(results.isEmpty, "asynchronous, as on iOS")
    host.settle()
    UIApplication.shared.open(URL(string: "https://example.com/u")!, options: [.universalLinksOnly: true]) { results.append($0) }
    host.settle()
    #expect(results == [true, false])
    #expect(host.openedURLs == [URL(string: "https://example.com")!])
    #expect(UIApplication.shared.canOpenURL(URL(string: "tel:123")!))
  }
}
