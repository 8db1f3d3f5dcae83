import Foundation
import Testing
import UIKit
import UIKitTesting

/// The order of delegate messages, notifications and control events, as timelines (UIKit's
/// documentation writes it out: "Editing text fields and text views").
@MainActor
@Suite struct TextFieldSequenceTests {
  static let keyboardShow = [
    "UIKeyboardWillChangeFrameNotification", "UIKeyboardWillShowNotification",
  ]
  static let keyboardDidShow = [
    "UIKeyboardDidChangeFrameNotification", "UIKeyboardDidShowNotification",
  ]
  static let keyboardHide = [
    "UIKeyboardWillChangeFrameNotification", "UIKeyboardWillHideNotification",
  ]
  static let keyboardDidHide = [
    "UIKeyboardDidChangeFrameNotification", "UIKeyboardDidHideNotification",
  ]

  @Test func beginningToEditFollowsTheMeasuredOrder() {
    let (host, fields) = makeForm()
    let delegate = RecordingDelegate()
    fields[0].delegate = delegate
    #expect(fields[0].becomeFirstResponder())
    #expect(host.timeline.names == [
      "textFieldShouldBeginEditing(_:)", "textFieldDidBeginEditing(_:)",
      "UITextFieldTextDidBeginEditingNotification", ".editingDidBegin",
    ] + Self.keyboardShow)
    #expect(delegate.observations == ["didBegin editing=true first=true"])
    host.clearTimeline()
    host.advance(by: 0.2)
    #expect(host.timeline.names.isEmpty, "the did-notifications wait for the 0.25 s animation")
    host.advance(by: 0.05)
    #expect(host.timeline.names == Self.keyboardDidShow)
  }

  /// The clock is shared by every test and keeps going: at some readings 0.2 + 0.05 falls one
  /// unit in the last place short of 0.25, which once kept the test above from seeing the "did"
  /// notifications in a full run.
  @Test func advancingByPartsReachesWhatWasScheduledForTheirSum() {
    let (host, fields) = makeForm()
    var steps = 0
    while (host.now + 0.2) + 0.05 >= host.now + 0.25, steps < 2_000 {
      host.advance(by: 0.0137)
      steps += 1
    }
    // Such a reading is near at hand while the shared clock is young; from about 1,000 s on the
    // two sums almost never differ (a full run can take the clock there). What follows must
    // hold at any reading, the one where they differ most of all.
    #expect(fields[0].becomeFirstResponder())
    host.clearTimeline()
    host.advance(by: 0.2)
    #expect(host.timeline.names.isEmpty)
    host.advance(by: 0.05)
    #expect(host.timeline.names == Self.keyboardDidShow)
  }

  @Test func refusingToBeginLeavesEverythingAsItWas() {
    let (host, fields) = makeForm()
    let delegate = RecordingDelegate()
    delegate.shouldBegin = false
    fields[0].delegate = delegate
    #expect(!fields[0].becomeFirstResponder())
    host.settle()
    #expect(host.timeline.names == ["textFieldShouldBeginEditing(_:)"])
    #expect(!fields[0].isFirstResponder && !fields[0].isEditing && !host.isKeyboardVisible)
  }

  @Test func becomingFirstResponderOutsideAWindowFails() {
    let field = UITextField(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
    let delegate = RecordingDelegate()
    field.delegate = delegate
    #expect(!field.becomeFirstResponder())
    #expect(delegate.calls.isEmpty)
  }

  @Test func typingAsksFirstThenTellsInOrder() {
    let (host, fields) = makeForm()
    let delegate = RecordingDelegate()
    fields[0].delegate = delegate
    fields[0].becomeFirstResponder()
    host.settle()
    host.clearTimeline()
    host.type("a")
    #expect(host.timeline.lines == [
      "A: textField(_:shouldChangeCharactersIn:replacementString:) {0, 0} \"a\"",
      "A: textFieldDidChangeSelection(_:)",
      "A: .editingChanged",
      "A: UITextFieldTextDidChangeNotification",
    ])
    #expect(delegate.observations.last == "shouldChange text=", "the delegate sees the old text")
  }

  @Test func aRefusedChangeChangesAndPostsNothing() {
    let (host, fields) = makeForm()
    let delegate = RecordingDelegate()
    delegate.shouldChange = { _, _, _ in false }
    fields[0].delegate = delegate
    fields[0].text = "abc"
    fields[0].becomeFirstResponder()
    host.settle()
    host.clearTimeline()
    host.type("x")
    host.deleteBackward()
    host.paste("pasted")
    host.compose(["n"], commit: "你")
    #expect(fields[0].text == "abc")
    #expect(host.timeline.names.allSatisfy { $0 == "textField(_:shouldChangeCharactersIn:replacementString:)" })
    #expect(host.timeline.names.count == 5)
  }

  @Test func seed001WorkedExamplesThroughRealInput() {
    let (host, fields) = makeForm()
    let field = fields[0]
    let delegate = RecordingDelegate()
    field.delegate = delegate
    field.text = "abcde"
    host.tap(field)
    host.press(.end)
    delegate.calls.removeAll()
    host.type("f")
    #expect(delegate.calls.first == "shouldChange {5, 0} \"f\"")

    field.text = "abcde"
    host.press(.end)
    host.press(.left, modifiers: .shift)
    host.press(.left, modifiers: .shift)
    host.press(.left, modifiers: .shift)
    delegate.calls.removeAll()
    host.type("f")
    #expect(delegate.calls.first == "shouldChange {2, 3} \"f\"")
    #expect(field.text == "abf")

    field.text = "abcde"
    field.selectedTextRange = field.textRange(
      from: field.position(from: field.beginningOfDocument, offset: 1)!, to: field.endOfDocument)
    delegate.calls.removeAll()
    host.paste("cde")
    #expect(delegate.calls.first == "shouldChange {1, 4} \"cde\"")
    #expect(field.text == "acde")

    host.press(.character("a"), modifiers: .command)
    delegate.calls.removeAll()
    host.deleteBackward()
    #expect(delegate.calls.first == "shouldChange {0, 4} \"\"")
    #expect(field.text == "")
  }

  @Test func backspaceInAnEmptyFieldAsksNothing() {
    let (host, fields) = makeForm()
    let delegate = RecordingDelegate()
    fields[0].delegate = delegate
    fields[0].becomeFirstResponder()
    host.settle()
    host.clearTimeline()
    host.deleteBackward()
    #expect(host.timeline.names.isEmpty)
  }

  @Test func endingFollowsTheOrderAndTheKeyboardHides() {
    let (host, fields) = makeForm()
    let delegate = RecordingDelegate()
    fields[0].delegate = delegate
    fields[0].becomeFirstResponder()
    host.settle()
    host.clearTimeline()
    #expect(fields[0].resignFirstResponder())
    #expect(host.timeline.names == [
      "textFieldShouldEndEditing(_:)", "textFieldDidEndEditing(_:reason:)",
      "UITextFieldTextDidEndEditingNotification", ".editingDidEnd",
    ] + Self.keyboardHide)
    #expect(delegate.calls.contains("didEnd(committed)"))
    #expect(delegate.observations.last == "didEnd editing=false first=false")
    host.clearTimeline()
    host.settle()
    #expect(host.timeline.names == Self.keyboardDidHide)
    #expect(!host.isKeyboardVisible)
  }

  @Test func refusingToEndKeepsTheFocusButAForcedEndDoesNotAsk() {
    let (host, fields) = makeForm()
    let delegate = RecordingDelegate()
    delegate.shouldEnd = false
    fields[0].delegate = delegate
    fields[0].becomeFirstResponder()
    host.settle()
    host.clearTimeline()
    #expect(!fields[0].resignFirstResponder())
    #expect(fields[0].isFirstResponder && fields[0].isEditing)
    #expect(host.timeline.names == ["textFieldShouldEndEditing(_:)"])
    #expect(!host.window.endEditing(false))
    host.clearTimeline()
    #expect(host.window.endEditing(true))
    #expect(!fields[0].isFirstResponder)
    #expect(host.timeline.names.first == "textFieldDidEndEditing(_:reason:)")
  }

  @Test func removingTheEditingFieldFromItsWindowEndsEditing() {
    let (host, fields) = makeForm()
    let delegate = RecordingDelegate()
    delegate.shouldEnd = false
    fields[0].delegate = delegate
    fields[0].becomeFirstResponder()
    host.settle()
    fields[0].removeFromSuperview()
    #expect(!fields[0].isFirstResponder)
    #expect(delegate.calls.suffix(1) == ["didEnd(committed)"])
    host.settle()
    #expect(!host.isKeyboardVisible)
  }

  @Test func movingFromOneFieldToAnotherKeepsTheKeyboard() {
    let (host, fields) = makeForm(2)
    let a = RecordingDelegate()
    let b = RecordingDelegate()
    fields[0].delegate = a
    fields[1].delegate = b
    fields[0].becomeFirstResponder()
    host.settle()
    host.clearTimeline()
    #expect(fields[1].becomeFirstResponder())
    host.settle()
    #expect(host.timeline.lines == [
      "B: textFieldShouldBeginEditing(_:)",
      "A: textFieldShouldEndEditing(_:)",
      "A: textFieldDidEndEditing(_:reason:) .committed",
      "A: UITextFieldTextDidEndEditingNotification",
      "A: .editingDidEnd",
      "B: textFieldDidBeginEditing(_:)",
      "B: UITextFieldTextDidBeginEditingNotification",
      "B: .editingDidBegin",
    ], "no keyboard notifications: the same keyboard stays up")
  }

  @Test func aKeyboardOfAnotherHeightOnTheNextFieldIsShownAgainWithoutAnimation() throws {
    let (host, fields) = makeForm(2)
    fields[1].keyboardType = .numberPad
    fields[0].becomeFirstResponder()
    host.settle()
    let before = try #require(host.keyboardFrame)
    host.clearTimeline()
    let collector = NotificationCollector(UIResponder.keyboardWillShowNotification)
    defer { collector.stop() }
    fields[1].becomeFirstResponder()
    // Duration 0: the "did" notifications need no time to pass, only the main queue to turn.
    host.advance(by: 0)
    // The text fields' notifications come first (as when the keyboard first shows), then the
    // keyboard's; no hide between the fields.
    #expect(host.timeline.lines == [
      "A: UITextFieldTextDidEndEditingNotification",
      "A: .editingDidEnd",
      "B: UITextFieldTextDidBeginEditingNotification",
      "B: .editingDidBegin",
      "UIKeyboardWillChangeFrameNotification",
      "UIKeyboardWillShowNotification",
      "UIKeyboardDidChangeFrameNotification",
      "UIKeyboardDidShowNotification",
    ])
    let after = try #require(host.keyboardFrame)
    #expect(after.height < before.height, "a number pad has no prediction bar")
    let info = try #require(collector.notes.first?.userInfo)
    #expect(info[UIResponder.keyboardFrameBeginUserInfoKey] as? CGRect == before)
    #expect(info[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect == after)
    #expect(info[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double == 0)
  }

  @Test func anAccessoryViewOnOneFieldAndNotTheNextShowsTheKeyboardAgain() throws {
    let (host, fields) = makeForm(2)
    let bar = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 44))
    fields[0].inputAccessoryView = bar
    fields[0].becomeFirstResponder()
    host.settle()
    let before = try #require(host.keyboardFrame)
    host.clearTimeline()
    fields[1].becomeFirstResponder()
    host.settle()
    #expect(host.timeline.names.filter { $0.hasPrefix("UIKeyboard") } == [
      "UIKeyboardWillChangeFrameNotification", "UIKeyboardWillShowNotification",
      "UIKeyboardDidChangeFrameNotification", "UIKeyboardDidShowNotification",
    ])
    #expect(try #require(host.keyboardFrame).height == before.height - 44)
  }

  @Test func eachVetoOnTheWayFromAToB() {
    let (host, fields) = makeForm(2)
    let a = RecordingDelegate()
    let b = RecordingDelegate()
    fields[0].delegate = a
    fields[1].delegate = b
    fields[0].becomeFirstResponder()
    host.settle()

    b.shouldBegin = false
    #expect(!fields[1].becomeFirstResponder())
    #expect(fields[0].isFirstResponder)
    #expect(!a.calls.contains("shouldEnd"), "A is not asked when B refuses to begin")

    b.shouldBegin = true
    a.shouldEnd = false
    #expect(!fields[1].becomeFirstResponder())
    #expect(fields[0].isFirstResponder && !fields[1].isEditing)
    #expect(b.calls == ["shouldBegin", "shouldBegin"])

    a.shouldEnd = true
    host.press(.tab)
    #expect(fields[1].isFirstResponder)
    host.press(.tab, modifiers: .shift)
    #expect(fields[0].isFirstResponder)
  }

  @Test func tabOutOfAFieldThatRefusesToEndAsksItOnceAndStays() {
    let (host, fields) = makeForm(5)
    let a = RecordingDelegate()
    let others = (1..<5).map { _ in RecordingDelegate() }
    fields[0].delegate = a
    for (field, delegate) in zip(fields.dropFirst(), others) { field.delegate = delegate }
    fields[0].becomeFirstResponder()
    host.settle()
    a.calls.removeAll()
    a.shouldEnd = false
    host.press(.tab)
    #expect(fields[0].isFirstResponder)
    #expect(a.calls.filter { $0 == "shouldEnd" }.count == 1, "asked once, not once per other field")
    #expect(others[0].calls == ["shouldBegin"], "the next field was asked to begin first, as on iOS")
    #expect(others.dropFirst().allSatisfy { $0.calls.isEmpty }, "no other field is tried")
    host.press(.tab, modifiers: .shift)
    #expect(a.calls.filter { $0 == "shouldEnd" }.count == 2, "each Tab is one more attempt")
    #expect(fields[0].isFirstResponder)
  }

  @Test func theClearButtonAsksShouldClearNotShouldChange() {
    let (host, fields) = makeForm()
    let field = fields[0]
    field.clearButtonMode = .whileEditing
    let delegate = RecordingDelegate()
    field.delegate = delegate
    field.text = "hello"
    field.becomeFirstResponder()
    host.settle()
    host.clearTimeline()
    delegate.shouldClear = false
    host.tapClearButton(of: field)
    #expect(field.text == "hello")
    #expect(host.timeline.names.filter { !$0.hasPrefix(".touch") } == ["textFieldShouldClear(_:)"])
    host.clearTimeline()
    delegate.shouldClear = true
    host.tapClearButton(of: field)
    #expect(field.text == "")
    #expect(host.timeline.names.filter { !$0.hasPrefix(".touch") } == [
      "textFieldShouldClear(_:)", "textFieldDidChangeSelection(_:)", ".editingChanged",
      "UITextFieldTextDidChangeNotification",
    ])
  }

  @Test func clearsOnBeginEditingAsksShouldClearBeforeDidBegin() {
    let (host, fields) = makeForm()
    let field = fields[0]
    field.clearsOnBeginEditing = true
    field.text = "old"
    let delegate = RecordingDelegate()
    field.delegate = delegate
    field.becomeFirstResponder()
    #expect(field.text == "")
    #expect(Array(host.timeline.names.prefix(3)) == [
      "textFieldShouldBeginEditing(_:)", "textFieldShouldClear(_:)", "textFieldDidBeginEditing(_:)",
    ])
    #expect(!host.timeline.names.contains(".editingChanged"))
  }

  @Test func returnAsksShouldReturnThenEndsOnExitWhenSomethingListens() {
    let (host, fields) = makeForm()
    let field = fields[0]
    let delegate = RecordingDelegate()
    field.delegate = delegate
    field.becomeFirstResponder()
    host.settle()
    host.clearTimeline()
    host.pressReturn()
    #expect(host.timeline.names == [
      "textFieldShouldReturn(_:)", ".editingDidEndOnExit", ".primaryActionTriggered",
    ])
    #expect(field.isFirstResponder, "nothing listens for .editingDidEndOnExit: the field stays")

    let counter = ActionCounter()
    field.addTarget(counter, action: ActionCounter.any, for: .editingDidEndOnExit)
    host.clearTimeline()
    host.pressReturn()
    #expect(!field.isFirstResponder)
    #expect(Array(host.timeline.names.prefix(4)) == [
      "textFieldShouldReturn(_:)", ".editingDidEndOnExit", ".primaryActionTriggered",
      "textFieldShouldEndEditing(_:)",
    ])
    #expect(counter.events == ["any"])

    field.becomeFirstResponder()
    delegate.shouldReturn = false
    host.clearTimeline()
    host.pressReturn()
    #expect(host.timeline.names == ["textFieldShouldReturn(_:)"])
    #expect(field.isFirstResponder)
  }

  @Test func settingTextIsSilentAndPutsTheCaretAtTheEnd() {
    let (host, fields) = makeForm()
    let field = fields[0]
    let delegate = RecordingDelegate()
    field.delegate = delegate
    field.becomeFirstResponder()
    host.settle()
    host.clearTimeline()
    field.text = "hello"
    #expect(host.timeline.names.isEmpty)
    #expect(field.offset(from: field.beginningOfDocument, to: field.selectedTextRange!.start) == 5)
    field.text = nil
    #expect(field.text == "")
  }

  @Test func programmaticInsertAndDeleteSkipTheDelegateButTellObservers() {
    let (host, fields) = makeForm()
    let field = fields[0]
    let delegate = RecordingDelegate()
    field.delegate = delegate
    field.becomeFirstResponder()
    host.settle()
    host.clearTimeline()
    field.insertText("ab")
    field.deleteBackward()
    #expect(field.text == "a")
    #expect(host.timeline.names == [
      "textFieldDidChangeSelection(_:)", ".editingChanged", "UITextFieldTextDidChangeNotification",
      "textFieldDidChangeSelection(_:)", ".editingChanged", "UITextFieldTextDidChangeNotification",
    ])
  }

  @Test func pinyinStepsAskEachTimeSoALimitCanBlockTheLastCharacter() {
    let (host, fields) = makeForm()
    let field = fields[0]
    let delegate = RecordingDelegate()
    // Seed 001: a field limited to 3 UTF-16 units, checked in shouldChangeCharactersIn.
    delegate.shouldChange = { field, range, string in
      (field.text! as NSString).replacingCharacters(in: range, with: string).utf16.count <= 3
    }
    field.delegate = delegate
    field.text = "ab"
    field.becomeFirstResponder()
    delegate.calls.removeAll()
    host.compose(["h", "ha"], commit: "哈")
    #expect(delegate.calls.filter { $0.hasPrefix("shouldChange") } == [
      "shouldChange {2, 0} \"h\"", "shouldChange {2, 1} \"ha\"", "shouldChange {2, 1} \"哈\"",
    ])
    #expect(field.text == "ab哈")
    #expect(field.markedTextRange == nil)

    field.text = "abc"
    delegate.calls.removeAll()
    host.compose(["h", "ha"], commit: "哈")
    #expect(field.text == "abc", "at the limit, every step is refused, the final character too")
  }

  @Test func undoAndRedoGoThroughTheDelegate() {
    let (host, fields) = makeForm()
    let field = fields[0]
    let delegate = RecordingDelegate()
    field.delegate = delegate
    field.becomeFirstResponder()
    host.type("abc")
    host.press(.left)
    host.type("X")
    #expect(field.text == "abXc")
    delegate.calls.removeAll()
    host.press(.character("z"), modifiers: .command)
    #expect(field.text == "abc")
    #expect(delegate.calls.first == "shouldChange {2, 1} \"\"")
    host.press(.character("z"), modifiers: .command)
    #expect(field.text == "")
    host.press(.character("z"), modifiers: [.command, .shift])
    #expect(field.text == "abc")
    host.press(.character("z"), modifiers: [.command, .shift])
    #expect(field.text == "abXc")
    #expect(field.undoManager?.canRedo == false)
  }

  @Test func emojiAndCombiningMarksAreDeletedWhole() {
    let (host, fields) = makeForm()
    let field = fields[0]
    let delegate = RecordingDelegate()
    field.delegate = delegate
    field.becomeFirstResponder()
    host.type("a👨‍👩‍👧‍👦🇯🇵e\u{301}")
    delegate.calls.removeAll()
    host.deleteBackward(3)
    #expect(delegate.calls.filter { $0.hasPrefix("shouldChange") } == [
      "shouldChange {16, 2} \"\"", "shouldChange {12, 4} \"\"", "shouldChange {1, 11} \"\"",
    ])
    #expect(field.text == "a")
  }

  @Test func aSecureFieldReplacesItsTextOnTheFirstKeyAfterRegainingFocus() {
    let (host, fields) = makeForm(2)
    let field = fields[0]
    field.isSecureTextEntry = true
    let delegate = RecordingDelegate()
    field.delegate = delegate
    field.becomeFirstResponder()
    host.type("secret")
    fields[1].becomeFirstResponder()
    field.becomeFirstResponder()
    delegate.calls.removeAll()
    host.type("x")
    #expect(delegate.calls.first == "shouldChange {6, 0} \"x\"", "the delegate hears of the key at the caret")
    #expect(field.text == "x")
    UIPasteboard.general.string = "unchanged"
    host.press(.character("a"), modifiers: .command)
    host.press(.character("c"), modifiers: .command)
    host.press(.character("x"), modifiers: .command)
    #expect(UIPasteboard.general.string == "unchanged")
    #expect(field.text == "x")
    // The field spans rows 3–5 of 16 pt cells; its text is on the middle row.
    let row = host.screen().split(separator: "\n", omittingEmptySubsequences: false)[4]
    #expect(row.contains("•") && !row.contains("x"))
  }

  @Test func keyboardNotificationsCarryFramesAndAnimationAsOnIOS() throws {
    let (host, fields) = makeForm()
    let collector = NotificationCollector(UIResponder.keyboardWillShowNotification)
    defer { collector.stop() }
    fields[0].becomeFirstResponder()
    let note = try #require(collector.notes.first)
    #expect(note.object == nil)
    let info = try #require(note.userInfo)
    let begin = try #require((info[UIResponder.keyboardFrameBeginUserInfoKey] as? NSValue)?.cgRectValue)
    let end = try #require((info[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue)
    #expect(begin.minY == 844)
    #expect(end.maxY == 844 && end.width == 390 && end.height > 200)
    #expect((info[UIResponder.keyboardAnimationDurationUserInfoKey] as? NSNumber)?.doubleValue == 0.25)
    #expect((info[UIResponder.keyboardAnimationCurveUserInfoKey] as? NSNumber)?.intValue == 7)
    #expect((info[UIResponder.keyboardIsLocalUserInfoKey] as? NSNumber)?.boolValue == true)
    #expect(host.keyboardFrame == end)

    // Read as iOS code reads it, the structs and numbers cast from the boxes directly.
    #expect(info[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect == end)
    #expect(info[UIResponder.keyboardFrameBeginUserInfoKey] as? CGRect == begin)
    #expect(info[UIResponder.keyboardFrameEndUserInfoKey] as! CGRect == end)
    #expect(info[UIResponder.keyboardFrameEndUserInfoKey] is CGRect)
    #expect(info[UIResponder.keyboardFrameEndUserInfoKey] as? CGPoint == nil, "a rect box is no point")
    #expect(info[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double == 0.25)
    #expect(info[UIResponder.keyboardAnimationDurationUserInfoKey] as? TimeInterval == 0.25)
    #expect(info[UIResponder.keyboardAnimationCurveUserInfoKey] as? UInt == 7)
    #expect(info[UIResponder.keyboardAnimationCurveUserInfoKey] as? Int == 7)
    #expect(info[UIResponder.keyboardIsLocalUserInfoKey] as? Bool == true)
    // The usual conversion of the curve into animation options.
    let curve = try #require(info[UIResponder.keyboardAnimationCurveUserInfoKey] as? UInt)
    #expect(UIView.AnimationOptions(rawValue: curve << 16).rawValue == 7 << 16)
    #expect(UITextField.textDidChangeNotification.rawValue == "UITextFieldTextDidChangeNotification")
    #expect(UIResponder.keyboardDidHideNotification.rawValue == "UIKeyboardDidHideNotification")
  }
}
