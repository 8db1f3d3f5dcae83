import Foundation
import Testing
import UIKit
import UIKitTesting

// UITextInput's edit-menu requirements (iOS 16), which text fields and text views answer by
// asking their delegates (a subclass overriding them decides first), and the delegates' iOS 26
// forms with ranges, asked in preference to the one-range forms.

/// A text view delegate with only the iOS 26 forms.
@MainActor
private final class RangesViewDelegate: NSObject, UITextViewDelegate {
  var calls: [String] = []
  var allows = true
  func textView(_ textView: UITextView, shouldChangeTextInRanges ranges: [NSValue], replacementText text: String) -> Bool {
    calls.append("ranges \(ranges.map { NSStringFromRange($0.rangeValue) }) \"\(text)\"")
    return allows
  }
  func textView(_ textView: UITextView, editMenuForTextInRanges ranges: [NSValue], suggestedActions: [UIMenuElement]) -> UIMenu? {
    calls.append("menu \(ranges.map { NSStringFromRange($0.rangeValue) })")
    return UIMenu(children: suggestedActions + [UIAction(title: "Define") { _ in }])
  }
}

/// A text view delegate with both forms: only the ranges form is asked.
@MainActor
private final class BothFormsDelegate: NSObject, UITextViewDelegate {
  var calls: [String] = []
  func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
    calls.append("one")
    return true
  }
  func textView(_ textView: UITextView, shouldChangeTextInRanges ranges: [NSValue], replacementText text: String) -> Bool {
    calls.append("ranges")
    return true
  }
}

/// A one-range delegate, as code written before iOS 26 has.
@MainActor
private final class OneRangeFieldDelegate: NSObject, UITextFieldDelegate {
  var ranges: [NSRange] = []
  func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
    ranges.append(range)
    return string != "!"
  }
  func textField(_ textField: UITextField, editMenuForCharactersIn range: NSRange, suggestedActions: [UIMenuElement]) -> UIMenu? {
    ranges.append(range)
    return nil
  }
}

/// A text view that builds its own edit menu and hears the menu come and go before its delegate.
@MainActor
private final class MenuTextView: UITextView {
  var calls: [String] = []
  override func editMenu(for textRange: UITextRange, suggestedActions: [UIMenuElement]) -> UIMenu? {
    calls.append("editMenu(for:) \(offset(from: beginningOfDocument, to: textRange.start))")
    let copyOnly = suggestedActions.filter { $0.title == "Copy" }
    return UIMenu(children: copyOnly + [UIAction(title: "Share") { _ in }])
  }
  override func willPresentEditMenu(animator: any UIEditMenuInteractionAnimating) {
    calls.append("willPresent")
    super.willPresentEditMenu(animator: animator)
  }
  override func willDismissEditMenu(animator: any UIEditMenuInteractionAnimating) {
    calls.append("willDismiss")
    super.willDismissEditMenu(animator: animator)
  }
}

/// A text view delegate that records the menu's coming and going.
@MainActor
private final class PresentingDelegate: NSObject, UITextViewDelegate {
  weak var view: MenuTextView?
  func textView(_ textView: UITextView, willPresentEditMenuWith animator: any UIEditMenuInteractionAnimating) {
    view?.calls.append("delegate willPresent")
  }
  func textView(_ textView: UITextView, willDismissEditMenuWith animator: any UIEditMenuInteractionAnimating) {
    view?.calls.append("delegate willDismiss")
  }
  func textView(_ textView: UITextView, editMenuForTextIn range: NSRange, suggestedActions: [UIMenuElement]) -> UIMenu? {
    view?.calls.append("delegate menu")
    return nil
  }
}

@MainActor
private func showTextView(_ textView: UITextView) -> HeadlessHost {
  let controller = UIViewController()
  textView.frame = CGRect(x: 20, y: 100, width: 300, height: 200)
  controller.view.addSubview(textView)
  let host = HeadlessHost(rootViewController: controller)
  host.settle()
  return host
}

@MainActor
@Suite struct TextEditRangesTests {
  @Test func aTextViewAsksTheRangesFormWithTheRangeItEdits() {
    let textView = UITextView()
    textView.text = "hello"
    let delegate = RangesViewDelegate()
    textView.delegate = delegate
    let host = showTextView(textView)
    textView.becomeFirstResponder()
    textView.selectedRange = NSRange(location: 1, length: 3)
    host.type("a")
    #expect(delegate.calls == ["ranges [\"{1, 3}\"] \"a\""])
    #expect(textView.text == "hao")
    delegate.allows = false
    host.type("b")
    #expect(textView.text == "hao", "vetoed through the ranges form")
  }

  @Test func theRangesFormIsAskedInsteadOfTheOneRangeForm() {
    let textView = UITextView()
    let delegate = BothFormsDelegate()
    textView.delegate = delegate
    let host = showTextView(textView)
    textView.becomeFirstResponder()
    host.type("xy")
    #expect(delegate.calls == ["ranges", "ranges"])
  }

  @Test func aOneRangeDelegateGetsTheUnionOfTheRanges() {
    let field = UITextField()
    let delegate = OneRangeFieldDelegate()
    field.delegate = delegate
    let ranges = [NSValue(range: NSRange(location: 8, length: 2)), NSValue(range: NSRange(location: 3, length: 1))]
    #expect(delegate.textField(field, shouldChangeCharactersInRanges: ranges, replacementString: "x"))
    #expect(!delegate.textField(field, shouldChangeCharactersInRanges: ranges, replacementString: "!"))
    #expect(delegate.ranges == [NSRange(location: 3, length: 7), NSRange(location: 3, length: 7)])
    // The optional-call syntax of iOS 26 code.
    let optional: (any UITextFieldDelegate)? = delegate
    #expect(optional?.textField?(field, shouldChangeCharactersInRanges: ranges, replacementString: "y") == true)
    #expect(optional?.textField?(field, editMenuForCharactersInRanges: ranges, suggestedActions: []) == nil)
    #expect(delegate.ranges.last == NSRange(location: 3, length: 7))
  }

  @Test func aFieldKeepsAskingAOneRangeDelegateWhileTyping() {
    let (host, fields) = makeForm()
    let field = fields[0]
    let delegate = OneRangeFieldDelegate()
    field.delegate = delegate
    field.becomeFirstResponder()
    host.type("ab!")
    #expect(field.text == "ab")
    #expect(delegate.ranges == [NSRange(location: 0, length: 0), NSRange(location: 1, length: 0), NSRange(location: 2, length: 0)])
  }

  @Test func theRangesFormBuildsATextViewsMenu() {
    let textView = UITextView()
    textView.text = "hello world"
    let delegate = RangesViewDelegate()
    textView.delegate = delegate
    let host = showTextView(textView)
    textView.becomeFirstResponder()
    textView.selectedRange = NSRange(location: 6, length: 5)
    host.longPress(textView, at: CGPoint(x: 60, y: 12))
    #expect(delegate.calls.last?.hasPrefix("menu [\"{") == true)
    #expect(host.editMenuItems.last == "Define")
  }

  @Test func aSubclassBuildsTheMenuAndHearsItBeforeTheDelegate() {
    let textView = MenuTextView()
    textView.text = "hello world"
    let delegate = PresentingDelegate()
    delegate.view = textView
    textView.delegate = delegate
    let host = showTextView(textView)
    textView.becomeFirstResponder()
    host.doubleTap(textView, at: CGPoint(x: 12, y: 12))
    #expect(host.editMenuItems == ["Copy", "Share"])
    #expect(textView.calls == ["editMenu(for:) 0", "willPresent", "delegate willPresent"], "the delegate's menu is not asked")
    host.press(.escape)
    #expect(textView.calls.suffix(2) == ["willDismiss", "delegate willDismiss"])
  }

  @Test func theOptionalCallSyntaxReachesTheTextInput() throws {
    let textView = UITextView()
    textView.text = "abc"
    let delegate = PresentingDelegate()
    textView.delegate = delegate
    let input: any UITextInput = textView
    let range = try #require(input.textRange(from: input.beginningOfDocument, to: input.endOfDocument))
    let menu = input.editMenu?(for: range, suggestedActions: [UIAction(title: "X") { _ in }])
    #expect(menu == nil, "the delegate answered nil: the suggested actions are shown")
    // A conformer of its own leaves them out: the defaults answer.
    let custom = UITextField()
    #expect((custom as any UITextInput).editMenu?(for: range, suggestedActions: []) == nil)
  }
}
