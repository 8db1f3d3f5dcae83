import Foundation
import Testing
@testable import UIKit
import UIKitTesting

// interactionState, the paste delegate, a text view's border style and a label's attributes.

/// A paste delegate that records its calls and transforms as told.
@MainActor
private final class PasteRecorder: NSObject, UITextPasteDelegate {
  var calls: [String] = []
  var transform: ((any UITextPasteItem) -> Void)?
  var perform: ((any UITextPasteConfigurationSupporting, NSAttributedString, UITextRange) -> UITextRange)?

  func textPasteConfigurationSupporting(
    _ textPasteConfigurationSupporting: any UITextPasteConfigurationSupporting, transform item: any UITextPasteItem
  ) {
    calls.append("transform \(item.itemProvider.registeredTypeIdentifiers)")
    if let transform { transform(item) } else { item.setDefaultResult() }
  }
  func textPasteConfigurationSupporting(
    _ textPasteConfigurationSupporting: any UITextPasteConfigurationSupporting,
    combineItemAttributedStrings itemStrings: [NSAttributedString], for textRange: UITextRange
  ) -> NSAttributedString {
    calls.append("combine \(itemStrings.map(\.string))")
    let joined = NSMutableAttributedString(string: itemStrings.map(\.string).joined(separator: "+"))
    return joined
  }
  func textPasteConfigurationSupporting(
    _ textPasteConfigurationSupporting: any UITextPasteConfigurationSupporting,
    shouldAnimatePasteOf attributedString: NSAttributedString, to textRange: UITextRange
  ) -> Bool {
    calls.append("shouldAnimate \(attributedString.string)")
    return false
  }
  func textPasteConfigurationSupporting(
    _ textPasteConfigurationSupporting: any UITextPasteConfigurationSupporting,
    performPasteOf attributedString: NSAttributedString, to textRange: UITextRange
  ) -> UITextRange {
    calls.append("perform \(attributedString.string)")
    if let perform { return perform(textPasteConfigurationSupporting, attributedString, textRange) }
    // The default: what the protocol extension does.
    let defaults = DefaultPaste()
    return defaults.textPasteConfigurationSupporting(textPasteConfigurationSupporting, performPasteOf: attributedString, to: textRange)
  }
}

/// A paste delegate implementing nothing: its methods are the defaults.
@MainActor
private final class DefaultPaste: NSObject, UITextPasteDelegate {}

@MainActor
private final class FieldChanges: NSObject, UITextFieldDelegate {
  var calls: [String] = []
  func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
    calls.append("shouldChange {\(range.location), \(range.length)} \(string.debugDescription)")
    return true
  }
}

@MainActor @Suite struct TextViewExtrasTests {
  // MARK: interactionState

  @Test func aTextViewsInteractionStateRestoresSelectionScrollAndFirstResponder() {
    let (host, controller) = makeNotes()
    let textView = controller.textView
    textView.text = (1...30).map { "line \($0)" }.joined(separator: "\n")
    host.tap(textView)
    textView.selectedRange = NSRange(location: 12, length: 5)
    textView.contentOffset = CGPoint(x: 0, y: 160)
    let saved = textView.interactionState
    textView.resignFirstResponder()
    textView.selectedRange = NSRange(location: 0, length: 0)
    textView.contentOffset = .zero
    #expect(!textView.isFirstResponder)

    textView.interactionState = saved
    #expect(textView.isFirstResponder)
    #expect(textView.selectedRange == NSRange(location: 12, length: 5))
    #expect(textView.contentOffset == CGPoint(x: 0, y: 160))
    #expect(host.isKeyboardVisible)
  }

  @Test func aStateIsClampedToTheTextItFindsAndSurvivesAPropertyList() throws {
    let (_, controller) = makeNotes()
    let textView = controller.textView
    textView.text = "a long enough text"
    textView.selectedRange = NSRange(location: 7, length: 6)
    // Through a property list and back, as an app saves it for state restoration.
    let data = try PropertyListSerialization.data(fromPropertyList: textView.interactionState, format: .binary, options: 0)
    let restored = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    textView.text = "short"
    textView.interactionState = restored
    #expect(textView.selectedRange == NSRange(location: 5, length: 0))
    textView.interactionState = "not a state"
    #expect(textView.selectedRange == NSRange(location: 5, length: 0))
  }

  @Test func aFieldsInteractionStateRestoresSelectionAndFirstResponder() {
    let (host, controller) = makeNotes()
    let field = controller.field
    field.text = "héllo wörld"
    host.tap(field)
    field.selectedTextRange = field.textRange(
      from: field.position(from: field.beginningOfDocument, offset: 6)!, to: field.endOfDocument)
    let saved = field.interactionState
    host.tap(controller.textView)
    #expect(!field.isFirstResponder)
    field.interactionState = saved
    #expect(field.isFirstResponder)
    let range = field.selectedTextRange!
    #expect(field.text(in: range) == "wörld")
  }

  // MARK: Paste delegate

  @Test func aPasteAsksThePasteDelegateInIOSOrderAndInsertsThroughTheOneMutationPath() {
    let (host, controller) = makeNotes()
    let field = controller.field
    let changes = FieldChanges()
    let paste = PasteRecorder()
    var count = 0
    paste.transform = { item in
      count += 1
      if count == 1 { item.setStringResult("ÉTÉ") } else { item.setDefaultResult() }
    }
    field.delegate = changes
    field.pasteDelegate = paste
    host.tap(field)
    host.type("ab")
    UIPasteboard.general.strings = ["été", "x"]
    #expect(host.press(.character("v"), modifiers: .command))
    #expect(paste.calls == [
      "transform [\"public.utf8-plain-text\"]", "transform [\"public.utf8-plain-text\"]",
      "combine [\"ÉTÉ\", \"x\"]", "shouldAnimate ÉTÉ+x", "perform ÉTÉ+x",
    ])
    #expect(changes.calls.last == "shouldChange {2, 0} \"ÉTÉ+x\"")
    #expect(field.text == "abÉTÉ+x")
    #expect(field.offset(from: field.beginningOfDocument, to: field.selectedTextRange!.start) == 7)
  }

  @Test func aDelegateThatPerformsThePasteItselfPlacesTheCaretAtTheEndOfItsRange() {
    let (host, controller) = makeNotes()
    let textView = controller.textView
    let paste = PasteRecorder()
    paste.perform = { target, string, range in
      let view = target as! UITextView
      view.replace(range, withText: "[" + string.string + "]")
      return view.textRange(from: range.start, to: view.position(from: range.start, offset: string.length + 2)!)!
    }
    textView.pasteDelegate = paste
    host.tap(textView)
    host.type("12")
    UIPasteboard.general.string = "👍"
    textView.paste(nil)
    #expect(textView.text == "12[👍]")
    #expect(textView.selectedRange == NSRange(location: 6, length: 0))
  }

  @Test func noResultPastesNothingAndAsksNoMore() {
    let (host, controller) = makeNotes()
    let textView = controller.textView
    let paste = PasteRecorder()
    paste.transform = { $0.setNoResult() }
    textView.pasteDelegate = paste
    host.tap(textView)
    UIPasteboard.general.string = "secret"
    textView.paste(nil)
    #expect(paste.calls == ["transform [\"public.utf8-plain-text\"]"])
    #expect(textView.text == "")
  }

  @Test func theItemProviderHandsBackTheStringLaterOnAnotherQueue() {
    let provider = NSItemProvider(item: "hi" as NSString, typeIdentifier: "public.utf8-plain-text")
    #expect(provider.registeredTypeIdentifiers == ["public.utf8-plain-text"])
    #expect(provider.hasItemConformingToTypeIdentifier("public.text"))
    #expect(!provider.hasItemConformingToTypeIdentifier("public.image"))
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var loaded: String?
    provider.loadItem(forTypeIdentifier: "public.plain-text", options: nil) { item, error in
      loaded = (item as? NSString)?.description ?? "error: \(String(describing: error))"
      done.signal()
    }
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(loaded == "hi")
  }

  // MARK: Border style

  @Test func aRoundedRectTextViewDrawsARoundedBorderThatStaysWhileTheTextScrolls() {
    let (host, controller) = makeNotes()
    let textView = controller.textView
    textView.text = (1...20).map { "row \($0)" }.joined(separator: "\n")
    #expect(textView.borderStyle == .none)
    let plain = host.screen()
    textView.borderStyle = .roundedRect
    let bordered = host.screen()
    #expect(plain != bordered)
    let frame = textView.convert(textView.bounds, to: nil)
    let top = Int(frame.minY / 16), left = Int(frame.minX / 8)
    let grid = host.grid()
    #expect(grid[left, top].text == "╭")
    textView.contentOffset = CGPoint(x: 0, y: 64)
    #expect(host.grid()[left, top].text == "╭")
  }

  // MARK: Labels

  @Test func aLabelDrawsEachRangesAttributes() {
    let controller = UIViewController()
    let label = UILabel(frame: CGRect(x: 0, y: 100, width: 240, height: 16))
    controller.view.addSubview(label)
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 320, height: 480), measuresTextInCells: true)
    let text = NSMutableAttributedString(string: "Bold red under strike link")
    text.addAttribute(.font, value: UIFont.boldSystemFont(ofSize: 17), range: NSRange(location: 0, length: 4))
    text.addAttribute(.foregroundColor, value: UIColor.systemRed, range: NSRange(location: 5, length: 3))
    text.addAttribute(.underlineStyle, value: NSUnderlineStyle.single.rawValue, range: NSRange(location: 9, length: 5))
    text.addAttribute(.strikethroughStyle, value: 1, range: NSRange(location: 15, length: 6))
    text.addAttribute(.link, value: URL(string: "https://swift.org")!, range: NSRange(location: 22, length: 4))
    label.attributedText = text
    label.textAlignment = .left
    host.window.layoutIfNeeded()
    let grid = host.grid()
    let row = Int(label.convert(label.bounds, to: nil).midY / 16)
    func at(_ offset: Int) -> CellGrid.Cell { grid[offset, row] }
    #expect(at(0).text == "B" && at(0).isBold)
    #expect(!at(5).isBold)
    let red = UIColor.systemRed.rgba8
    #expect(at(5).foreground == CellGrid.RGB(r: red.r, g: red.g, b: red.b))
    #expect(at(9).isUnderlined && !at(8).isUnderlined)
    #expect(at(15).isStrikethrough && !at(14).isStrikethrough)
    let blue = UIColor.link.rgba8
    #expect(at(22).link == "https://swift.org" && at(22).isUnderlined)
    #expect(at(22).foreground == CellGrid.RGB(r: blue.r, g: blue.g, b: blue.b))
    // The getter hands the attributes back; plain text drops them.
    #expect(label.attributedText?.attribute(.strikethroughStyle, at: 16, effectiveRange: nil) != nil)
    // Plain text drops the ranges' attributes (the label's font stays the first character's).
    label.text = text.string
    let plain = host.grid()
    #expect(plain[0, row].isBold && plain[5, row].isBold)
    #expect(!plain[9, row].isUnderlined && !plain[15, row].isStrikethrough && plain[22, row].link == nil)
  }

  @Test func aWrappedLabelKeepsEachRangeOnItsLine() {
    let controller = UIViewController()
    let label = UILabel(frame: CGRect(x: 0, y: 96, width: 80, height: 64))
    label.numberOfLines = 0
    controller.view.addSubview(label)
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 320, height: 480), measuresTextInCells: true)
    let text = NSMutableAttributedString(string: "plain words then café bold")
    text.addAttribute(.font, value: UIFont.boldSystemFont(ofSize: 17), range: (text.string as NSString).range(of: "bold"))
    label.attributedText = text
    label.textAlignment = .left
    host.window.layoutIfNeeded()
    let screen = host.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let grid = host.grid()
    guard let row = screen.firstIndex(where: { $0.contains("bold") }) else {
      Issue.record("no line shows bold: \(screen)")
      return
    }
    let column = screen[row].distance(from: screen[row].startIndex, to: screen[row].range(of: "bold")!.lowerBound)
    #expect(grid[column, row].isBold)
    #expect(!grid[max(0, column - 2), row].isBold)
  }
}
