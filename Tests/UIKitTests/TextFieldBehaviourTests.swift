import Foundation
import Testing
import UIKit
import UIKitTesting

@MainActor
@Suite struct TargetActionTests {
  @Test func typedMethodReferencesAndUIActionsFireInRegistrationOrder() {
    let (host, fields) = makeForm()
    let field = fields[0]
    let counter = ActionCounter()
    var log: [String] = []
    field.addTarget(counter, action: ActionCounter.editingChanged, for: .editingChanged)
    field.addAction(UIAction { action in log.append("action:\((action.sender as? UITextField)?.text ?? "?")") }, for: .editingChanged)
    field.addTarget(counter, action: ActionCounter.any, for: .allEditingEvents)
    field.becomeFirstResponder()
    host.type("7")
    field.resignFirstResponder()
    #expect(counter.events == ["any", "changed:7", "any", "any"], "allEditingEvents fires for begin, changed and end")
    #expect(log == ["action:7"])
    field.sendActions(for: .editingChanged)
    #expect(counter.events.suffix(2) == ["changed:7", "any"])
  }

  @Test func targetsAndDelegatesAreNotRetained() {
    let (host, fields) = makeForm()
    let field = fields[0]
    weak var weakDelegate: RecordingDelegate?
    weak var weakTarget: ActionCounter?
    do {
      let delegate = RecordingDelegate()
      let target = ActionCounter()
      field.delegate = delegate
      field.addTarget(target, action: ActionCounter.any, for: .editingChanged)
      weakDelegate = delegate
      weakTarget = target
      #expect(field.delegate != nil)
    }
    #expect(weakDelegate == nil && weakTarget == nil)
    #expect(field.delegate == nil)
    field.becomeFirstResponder()
    host.type("x")
    #expect(field.text == "x")
  }

  @Test func aNilTargetTravelsTheResponderChain() {
    final class Controller: UIViewController {
      var received = 0
      func changed(_ sender: UITextField) { received += 1 }
    }
    let controller = Controller()
    let host = HeadlessHost(rootViewController: controller)
    let field = UITextField(frame: CGRect(x: 10, y: 100, width: 200, height: 30))
    controller.view.addSubview(field)
    field.addTarget(nil as Controller?, action: Controller.changed, for: .editingChanged)
    field.becomeFirstResponder()
    host.type("ab")
    #expect(controller.received == 2)
  }

  @Test func removeTargetStopsItsActions() {
    let (host, fields) = makeForm()
    let counter = ActionCounter()
    fields[0].addTarget(counter, action: ActionCounter.any, for: .allEditingEvents)
    fields[0].removeTarget(counter, action: nil, for: .editingChanged)
    fields[0].becomeFirstResponder()
    host.type("x")
    #expect(counter.events == ["any"], "only editingDidBegin is left")
  }

  @Test func aTapGestureOnTheBackgroundDismissesTheKeyboard() {
    final class Controller: UIViewController {
      let field = UITextField(frame: CGRect(x: 20, y: 300, width: 200, height: 40))
      var dismissed = 0
      override func viewDidLoad() {
        view.addSubview(field)
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: Controller.dismissKeyboard))
      }
      func dismissKeyboard(_ sender: UITapGestureRecognizer) {
        dismissed += 1
        field.resignFirstResponder()
      }
    }
    let controller = Controller()
    let host = HeadlessHost(rootViewController: controller)
    host.tap(controller.field)
    #expect(controller.field.isFirstResponder)
    #expect(controller.dismissed == 0, "tapping the field does not fire the background's recognizer")
    host.settle()
    host.tapBackground()
    #expect(controller.dismissed == 1)
    #expect(!controller.field.isFirstResponder)
    host.settle()
    #expect(!host.isKeyboardVisible)
  }

  @Test func sendActionReachesTheFirstResponder() {
    let (host, fields) = makeForm()
    fields[0].becomeFirstResponder()
    host.settle()
    #expect(UIApplication.shared.sendAction(UIResponder.resignFirstResponder, to: nil, from: nil, for: nil))
    #expect(!fields[0].isFirstResponder)
  }
}

@MainActor
@Suite struct TextInputTests {
  @Test func positionsAndRangesAreUTF16OffsetsComparedByValue() throws {
    let (host, fields) = makeForm()
    defer { withExtendedLifetime(host) {} }
    let field = fields[0]
    field.text = "a😀b"
    let start = field.beginningOfDocument
    #expect(field.offset(from: start, to: field.endOfDocument) == 4)
    let afterEmoji = try #require(field.position(from: start, offset: 3))
    #expect(afterEmoji == field.position(from: field.endOfDocument, offset: -1))
    #expect(field.position(from: start, offset: -1) == nil)
    #expect(field.position(from: start, offset: 5) == nil)
    let range = try #require(field.textRange(from: start, to: afterEmoji))
    #expect(field.text(in: range) == "a😀")
    #expect(field.compare(start, to: afterEmoji) == .orderedAscending)
    field.replace(range, withText: "x")
    #expect(field.text == "xb")
    #expect(field.hasText)
  }

  @Test func selectedTextRangeIsSettableWithoutFocus() throws {
    let (host, fields) = makeForm()
    defer { withExtendedLifetime(host) {} }
    let field = fields[0]
    field.text = "hello"
    let from = try #require(field.position(from: field.beginningOfDocument, offset: 1))
    let to = try #require(field.position(from: field.beginningOfDocument, offset: 3))
    field.selectedTextRange = field.textRange(from: from, to: to)
    #expect(field.selectedTextRange == field.textRange(from: from, to: to))
    #expect(!field.isFirstResponder)
  }

  @Test func markedTextAndUnmark() {
    let (host, fields) = makeForm()
    let field = fields[0]
    field.becomeFirstResponder()
    field.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0))
    #expect(field.markedTextRange.map { field.text(in: $0) } == "ni")
    field.setMarkedText("你", selectedRange: NSRange(location: 1, length: 0))
    field.unmarkText()
    #expect(field.markedTextRange == nil)
    #expect(field.text == "你")
    _ = host
  }

  @Test func typingAttributesExistOnlyWhileEditing() {
    let (host, fields) = makeForm()
    defer { withExtendedLifetime(host) {} }
    let field = fields[0]
    #expect(field.typingAttributes == nil)
    field.becomeFirstResponder()
    #expect(field.typingAttributes?[.font] as? UIFont == field.font)
    field.resignFirstResponder()
    field.typingAttributes = [:]
    #expect(field.typingAttributes == nil)
  }

  @Test func fontColourAndAlignmentApplyToTheWholeText() {
    let field = UITextField()
    field.text = "abc"
    field.textColor = nil
    #expect(field.textColor == UIColor.label)
    field.font = UIFont.systemFont(ofSize: 30)
    #expect((field.attributedText?.attribute(.font, at: 2, effectiveRange: nil) as? UIFont)?.pointSize == 30)
    field.textAlignment = .center
    #expect((field.defaultTextAttributes[.paragraphStyle] as? NSParagraphStyle)?.alignment == .center)
  }
}

@MainActor
@Suite struct OverlayAndRectTests {
  @Test func viewModesFollowSeed001sTable() {
    let (host, fields) = makeForm()
    let field = fields[0]
    let left = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
    field.leftView = left
    field.clearButtonMode = .whileEditing
    field.text = "x"
    let cases: [(UITextField.ViewMode, Bool, Bool)] = [
      (.never, false, false), (.never, true, false),
      (.always, false, true), (.always, true, true),
      (.whileEditing, false, false), (.whileEditing, true, true),
      (.unlessEditing, false, true), (.unlessEditing, true, false),
    ]
    for (mode, editing, shown) in cases {
      field.leftViewMode = mode
      if editing { field.becomeFirstResponder() } else { field.resignFirstResponder() }
      _ = host.screen()
      #expect((left.superview === field) == shown, "leftViewMode \(mode) editing \(editing)")
    }
  }

  @Test func rectsMakeRoomForOverlays() {
    let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
    field.borderStyle = .roundedRect
    let bounds = field.bounds
    let plain = field.textRect(forBounds: bounds)
    field.leftView = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
    field.leftViewMode = .always
    let withLeft = field.textRect(forBounds: bounds)
    #expect(withLeft.minX >= 30 && withLeft.maxX == plain.maxX)
    field.text = "x"
    field.clearButtonMode = .always
    let clear = field.clearButtonRect(forBounds: bounds)
    #expect(clear.size == CGSize(width: 19, height: 19))
    #expect(field.textRect(forBounds: bounds).maxX <= clear.minX)
    field.text = ""
    #expect(field.textRect(forBounds: bounds).maxX == plain.maxX, "no clear button without text")
  }

  @Test func overriddenRectsAreUsedAndAbsentOverlaysNeverAsked() {
    final class Inset: UITextField {
      var askedLeft = 0
      override func textRect(forBounds bounds: CGRect) -> CGRect { bounds.insetBy(dx: 40, dy: 0) }
      override func editingRect(forBounds bounds: CGRect) -> CGRect { bounds.insetBy(dx: 40, dy: 0) }
      override func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        askedLeft += 1
        return super.leftViewRect(forBounds: bounds)
      }
    }
    let field = Inset(frame: CGRect(x: 0, y: 0, width: 240, height: 32))
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    window.addSubview(field)
    let host = HeadlessHost(window: window)
    field.text = "hi"
    let line = host.screen().split(separator: "\n")[0]
    #expect(line.hasPrefix("     hi"), "text starts 40 pt (5 cells) in: \(line)")
    #expect(field.askedLeft == 0)
  }
}

@MainActor
@Suite struct SoftwareKeyboardTests {
  @Test func decimalPadHasTheLocalesSeparatorAndNoReturnKey() {
    for (identifier, separator) in [("en_US", "."), ("de_DE", ",")] {
      let controller = FormController()
      let host = HeadlessHost(rootViewController: controller, locale: Locale(identifier: identifier))
      controller.fields[0].keyboardType = .decimalPad
      controller.fields[0].becomeFirstResponder()
      let keys = host.softwareKeyboardRows.joined()
      #expect(keys.contains(separator))
      #expect(host.returnKeyLabel == nil)
      #expect(Set(keys).isSuperset(of: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"]))
      controller.fields[0].resignFirstResponder()
    }
  }

  @Test func everyKeyboardTypeShowsItsKeys() {
    let (host, fields) = makeForm()
    defer { withExtendedLifetime(host) {} }
    let expectations: [(UIKeyboardType, [String], Bool)] = [
      (.default, ["q", "w", "space"], true), (.asciiCapable, ["q", "space"], true),
      (.numbersAndPunctuation, ["1", "-", "/"], true), (.URL, [".", "/", ".com"], true),
      (.numberPad, ["1", "0"], false), (.phonePad, ["1", "0"], false),
      (.namePhonePad, ["q"], true), (.emailAddress, ["@", "."], true),
      (.decimalPad, ["1", "."], false), (.twitter, ["@", "#"], true),
      (.webSearch, ["q", "."], true), (.asciiCapableNumberPad, ["1", "0"], false),
    ]
    for (type, required, hasReturn) in expectations {
      fields[0].resignFirstResponder()
      fields[0].keyboardType = type
      fields[0].becomeFirstResponder()
      let keys = Set(host.softwareKeyboardRows.joined().map { $0.count == 1 ? $0.lowercased() : $0 })
      #expect(keys.isSuperset(of: required), "\(type): \(keys.sorted())")
      #expect((host.returnKeyLabel != nil) == hasReturn, "\(type)")
    }
  }

  @Test func typingOnTheSoftwareKeyboardCapitalisesSentences() {
    let (host, fields) = makeForm()
    let delegate = RecordingDelegate()
    fields[0].delegate = delegate
    fields[0].becomeFirstResponder()
    // Sentences: the keyboard opens shifted, and shift goes off after one letter.
    #expect(host.softwareKeyboardRows.joined().contains("H"))
    #expect(host.tapKey("H") && host.tapKey("i") && host.tapKey("123") && host.tapKey("."))
    #expect(host.tapKey("space"))
    #expect(host.softwareKeyboardRows.joined().contains("O"), "shifted again after \". \"")
    #expect(host.tapKey("O") && host.tapKey("k"))
    #expect(fields[0].text == "Hi. Ok")
    #expect(delegate.calls.filter { $0.hasPrefix("shouldChange") }.count == 6)
    #expect(host.tapKey("⌫"))
    #expect(fields[0].text == "Hi. O")
    // Typing exact text un-shifts where needed.
    #expect(host.typeOnSoftwareKeyboard("k, fine"))
    #expect(fields[0].text == "Hi. Ok, fine")
  }

  @Test func theNumberPadOffersOnlyDigitsButTheHardwareKeyboardTypesAnything() {
    let (host, fields) = makeForm()
    fields[0].keyboardType = .numberPad
    fields[0].becomeFirstResponder()
    #expect(!host.typeOnSoftwareKeyboard("a"))
    #expect(host.typeOnSoftwareKeyboard("42"))
    host.type("a")
    #expect(fields[0].text == "42a")
  }

  @Test func returnKeyLabelsFollowTheLocale() {
    for (identifier, label) in [("en_US", "Done"), ("zh_Hans_CN", "完成")] {
      let controller = FormController()
      let host = HeadlessHost(rootViewController: controller, locale: Locale(identifier: identifier))
      controller.fields[0].returnKeyType = .done
      controller.fields[0].becomeFirstResponder()
      #expect(host.returnKeyLabel == label)
      controller.fields[0].resignFirstResponder()
    }
  }

  @Test func enablesReturnKeyAutomatically() {
    let (host, fields) = makeForm()
    fields[0].enablesReturnKeyAutomatically = true
    fields[0].becomeFirstResponder()
    #expect(!host.isReturnKeyEnabled)
    host.type("a")
    #expect(host.isReturnKeyEnabled)
  }

  @Test func inputViewReplacesTheKeyboardAndTheAccessorySitsAbove() throws {
    let (host, fields) = makeForm()
    let picker = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 200))
    let bar = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 44))
    fields[0].inputView = picker
    fields[0].inputAccessoryView = bar
    fields[0].becomeFirstResponder()
    let frame = try #require(host.keyboardFrame)
    #expect(frame.height == 244)
    #expect(host.softwareKeyboardRows.isEmpty)
    #expect(bar.frame.minY == frame.minY && picker.frame.minY == frame.minY + 44)
  }

  @Test func togglingTheSoftwareKeyboardHidesIt() {
    let (host, fields) = makeForm()
    fields[0].becomeFirstResponder()
    host.settle()
    host.clearTimeline()
    host.isSoftwareKeyboardEnabled = false
    #expect(host.timeline.names == TextFieldSequenceTests.keyboardHide)
    host.type("still types")
    #expect(fields[0].text == "still types")
  }
}

@MainActor
@Suite struct ScreenTests {
  @Test func theScreenShowsPlaceholderTextAndKeyboard() {
    let (host, fields) = makeForm()
    fields[0].placeholder = "value"
    let empty = host.screen()
    #expect(empty.contains("value"))
    #expect(empty.contains("[") && empty.contains("]"), "a 34 pt field is two cell rows: brackets, not a box")
    fields[0].becomeFirstResponder()
    host.type("日本 ok")
    let screen = host.screen()
    #expect(!screen.contains("value"))
    #expect(screen.contains("日本 ok"))
    #expect(screen.contains("q") && screen.contains("return"))
    let caret = host.caretCell
    // "日本 ok" is 7 columns wide: the caret is after them, 3 cells in from x = 20 pt.
    #expect(caret?.column == 3 + 7 && caret?.row == 4)
  }
}

/// What a field draws under its text.
@MainActor
@Suite struct TextFieldBackgroundTests {
  @Test func aRoundedRectFieldIsFilledOverWhateverIsBehindIt() {
    let (host, fields) = makeForm()
    fields[0].superview?.backgroundColor = .red
    let fills = host.window.displayList().items.compactMap { item -> (CGRect, UIColor)? in
      if case .fill(let color) = item.content { return (item.frame, color) } else { return nil }
    }
    let frame = fields[0].convert(fields[0].bounds, to: nil)
    #expect(fills.contains { $0.0 == frame && $0.1 == .white }, "the system background, resolved in light appearance")
    fields[0].borderStyle = .line
    let after = host.window.displayList().items.filter {
      if case .fill = $0.content { return $0.frame == frame } else { return false }
    }
    #expect(after.isEmpty, "other borders are not filled")
  }
}
