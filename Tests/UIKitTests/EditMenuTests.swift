import Foundation
import Testing
import UIKit
import UIKitTesting

/// A text field delegate that records the edit-menu messages and can change the menu.
@MainActor
final class EditMenuFieldDelegate: NSObject, UITextFieldDelegate {
  var calls: [String] = []
  /// Builds the menu from the suggested actions (nil: the default menu).
  var menu: ((NSRange, [UIMenuElement]) -> UIMenu?)?

  func textField(
    _ textField: UITextField, editMenuForCharactersIn range: NSRange, suggestedActions: [UIMenuElement]
  ) -> UIMenu? {
    calls.append("menuFor {\(range.location), \(range.length)} \(suggestedActions.map(\.title))")
    return menu?(range, suggestedActions)
  }
  func textField(_ textField: UITextField, willPresentEditMenuWith animator: any UIEditMenuInteractionAnimating) {
    calls.append("willPresent")
    animator.addCompletion { [weak self] in self?.calls.append("presented") }
  }
  func textField(_ textField: UITextField, willDismissEditMenuWith animator: any UIEditMenuInteractionAnimating) {
    calls.append("willDismiss")
  }
  func textFieldDidChangeSelection(_ textField: UITextField) {}
}

/// A field that never pastes.
@MainActor
final class NoPasteField: UITextField {
  override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
    if action == .paste { return false }
    return super.canPerformAction(action, withSender: sender)
  }
}

@MainActor
private func selection(of field: UITextField) -> NSRange {
  guard let range = field.selectedTextRange else { return NSRange(location: NSNotFound, length: 0) }
  let start = field.offset(from: field.beginningOfDocument, to: range.start)
  return NSRange(location: start, length: field.offset(from: range.start, to: range.end))
}

/// A point in the field on the first word (the text starts at the left inset).
@MainActor
private func firstWord(of field: UITextField) -> CGPoint {
  CGPoint(x: field.textRect(forBounds: field.bounds).minX + 10, y: field.bounds.midY)
}

@MainActor
private func makeField(_ text: String, pasteboard: String?) -> (HeadlessHost, UITextField, EditMenuFieldDelegate) {
  UIPasteboard.general.string = pasteboard
  let (host, fields) = makeForm()
  let field = fields[0]
  let delegate = EditMenuFieldDelegate()
  field.delegate = delegate
  field.text = text
  return (host, field, delegate)
}

/// The edit menu (iOS's callout) of text fields and text views, and `UIEditMenuInteraction`.
@MainActor @Suite struct EditMenuTests {
  @Test func doubleTapOnAWordSelectsItAndShowsCutCopyPasteAndSelectAll() {
    let (host, field, _) = makeField("hello world", pasteboard: "x")
    host.doubleTap(field, at: firstWord(of: field))
    #expect(selection(of: field) == NSRange(location: 0, length: 5))
    #expect(host.editMenuItems == ["Cut", "Copy", "Paste", "Select All"])
  }

  @Test func aLongPressAtTheCaretOffersSelectAndSelectAllButNoPasteWithAnEmptyPasteboard() {
    let (host, field, _) = makeField("hello world", pasteboard: nil)
    host.longPress(field, at: firstWord(of: field))
    #expect(selection(of: field).length == 0)
    #expect(host.editMenuItems == ["Select", "Select All"])
  }

  @Test func aShortTapShowsNoMenu() {
    let (host, field, delegate) = makeField("hello world", pasteboard: "x")
    host.tap(field)
    host.tap(field, at: firstWord(of: field))
    #expect(!host.isEditMenuVisible)
    #expect(delegate.calls.isEmpty)
  }

  @Test func theTapThatFocusesAFieldShowsNoMenuEvenWithTextToPaste() {
    let (host, field, delegate) = makeField("", pasteboard: "pasted")
    host.tap(field)
    #expect(field.isFirstResponder)
    #expect(!host.isEditMenuVisible, "iOS only focuses the field; the menu comes from a tap on the caret")
    #expect(delegate.calls.isEmpty)
  }

  @Test func aTapOnTheCaretShowsTheMenuAndASecondTapHidesIt() {
    let (host, field, delegate) = makeField("hello world", pasteboard: "x")
    let word = firstWord(of: field)
    host.tap(field, at: word)
    #expect(!host.isEditMenuVisible)
    let caret = selection(of: field)
    host.tap(field, at: word)
    #expect(selection(of: field) == caret)
    #expect(host.editMenuItems == ["Paste", "Select", "Select All"])
    #expect(delegate.calls.first == "menuFor {\(caret.location), 0} [\"Paste\", \"Select\", \"Select All\"]")
    host.tap(field, at: word)
    #expect(!host.isEditMenuVisible, "a tap on the caret with the menu showing hides it")
    #expect(delegate.calls.last == "willDismiss")
    host.tap(field, at: word)
    #expect(host.isEditMenuVisible, "and the next one shows it again")
    let end = CGPoint(x: field.bounds.maxX - 12, y: field.bounds.midY)
    host.tap(field, at: end)
    #expect(!host.isEditMenuVisible, "a tap that moves the caret shows none")
  }

  @Test func aTapOnATextViewsCaretShowsTheMenuButATapThatMovesItDoesNot() {
    UIPasteboard.general.string = "x"
    let controller = UIViewController()
    let textView = UITextView(frame: CGRect(x: 0, y: 100, width: 300, height: 200))
    textView.text = "hello world\nsecond line"
    controller.view.addSubview(textView)
    let host = HeadlessHost(rootViewController: controller)
    let first = CGPoint(x: 30, y: 15)
    host.tap(textView, at: first)
    #expect(textView.isFirstResponder && !host.isEditMenuVisible)
    host.tap(textView, at: first)
    #expect(host.isEditMenuVisible)
    host.tap(textView, at: CGPoint(x: 30, y: 40))
    #expect(!host.isEditMenuVisible)
  }

  @Test func anEmptyFieldOffersOnlyPasteAndNothingWithoutPasteboardText() {
    let (host, field, delegate) = makeField("", pasteboard: "pasted")
    host.longPress(field)
    #expect(host.editMenuItems == ["Paste"])
    host.press(.escape)
    UIPasteboard.general.string = nil
    delegate.calls = []
    host.longPress(field)
    #expect(!host.isEditMenuVisible, "no items: no menu")
    #expect(delegate.calls == ["menuFor {0, 0} []"], "asked, but nothing to present")
  }

  @Test func secureTextNeverOffersCutOrCopy() {
    let (host, field, _) = makeField("secret", pasteboard: "p")
    field.isSecureTextEntry = true
    host.doubleTap(field, at: firstWord(of: field))
    #expect(selection(of: field).length > 0)
    #expect(!host.editMenuItems.contains("Cut"))
    #expect(!host.editMenuItems.contains("Copy"))
    #expect(host.editMenuItems.contains("Paste"))
  }

  @Test func theDelegateIsAskedForTheMenuThenToldBeforeItAppearsAndGoes() {
    let (host, field, delegate) = makeField("hello world", pasteboard: nil)
    host.doubleTap(field, at: firstWord(of: field))
    #expect(delegate.calls == ["menuFor {0, 5} [\"Cut\", \"Copy\", \"Select All\"]", "willPresent", "presented"])
    host.press(.escape)
    #expect(!host.isEditMenuVisible)
    #expect(delegate.calls.last == "willDismiss")
    #expect(field.text == "hello world", "Escape only dismissed the menu")
  }

  @Test func choosingCopyPutsTheSelectionOnThePasteboardAndDismisses() {
    let (host, field, delegate) = makeField("hello world", pasteboard: nil)
    host.doubleTap(field, at: firstWord(of: field))
    #expect(host.chooseEditMenuItem("Copy"))
    #expect(UIPasteboard.general.string == "hello")
    #expect(!host.isEditMenuVisible)
    #expect(delegate.calls.suffix(1) == ["willDismiss"])
  }

  @Test func choosingPasteReplacesTheSelection() {
    let (host, field, _) = makeField("hello world", pasteboard: "bye")
    host.doubleTap(field, at: firstWord(of: field))
    #expect(host.chooseEditMenuItem("Paste"))
    #expect(field.text == "bye world")
  }

  @Test func choosingCutRemovesTheSelection() {
    let (host, field, _) = makeField("hello world", pasteboard: nil)
    host.doubleTap(field, at: firstWord(of: field))
    host.chooseEditMenuItem("Cut")
    #expect(field.text == " world")
    #expect(UIPasteboard.general.string == "hello")
  }

  @Test func choosingSelectAllSelectsEverythingAndShowsTheMenuAgain() {
    let (host, field, _) = makeField("hello world", pasteboard: nil)
    host.longPress(field, at: firstWord(of: field))
    host.chooseEditMenuItem("Select All")
    #expect(selection(of: field) == NSRange(location: 0, length: 11))
    #expect(host.editMenuItems == ["Cut", "Copy"])
  }

  @Test func aTapElsewhereDismissesTheMenu() {
    let (host, field, delegate) = makeField("hello world", pasteboard: nil)
    host.doubleTap(field, at: firstWord(of: field))
    host.tapBackground()
    #expect(!host.isEditMenuVisible)
    #expect(delegate.calls.last == "willDismiss")
  }

  /// In a terminal: one row of titles above the field's text.
  @Test func theMenuIsDrawnAsABarOfTitlesAboveTheSelection() throws {
    UIPasteboard.general.string = nil
    let controller = FormController(count: 1)
    let host = HeadlessHost(rootViewController: controller, measuresTextInCells: true)
    let field = controller.fields[0]
    field.text = "hello world"
    host.doubleTap(field, at: firstWord(of: field))
    let lines = host.screen().components(separatedBy: "\n")
    let fieldTop = Int(field.convert(field.bounds, to: nil).minY / 16)
    let menuRow = try #require(lines.firstIndex { $0.contains("Cut") && $0.contains("Copy") })
    #expect(menuRow < fieldTop + 1, "above the field's text")
    #expect(lines[menuRow].contains("Select All"))
    let callout = try #require(host.window._editMenuInteraction?._callout)
    #expect(callout.frame.height == 16, "one cell row")
  }

  /// Where text is laid out in points: iOS's bar, 36 points tall with an 8-point arrow whose tip
  /// is at the selection, above it when there is room and below it otherwise; thin separators
  /// between the titles.
  @Test func inPointsTheMenuIsIOSsBarWithAnArrowAtTheSelection() throws {
    UIPasteboard.general.string = nil
    let controller = FormController(count: 1)
    let host = HeadlessHost(rootViewController: controller)
    let field = controller.fields[0]
    field.text = "hello world"
    host.doubleTap(field, at: firstWord(of: field))
    let callout = try #require(host.window._editMenuInteraction?._callout)
    #expect(abs(callout.frame.height - (36 + 8)) < 0.001)
    let fieldFrame = field.convert(field.bounds, to: nil)
    // The form's first field is near the top: no room above under the status bar, so below,
    // the arrow pointing up.
    #expect(callout.frame.minY >= fieldFrame.midY)
    #expect(callout.arrow.pointsUp)
    let list = host.window.displayList()
    let arrow = list.items.first { item in
      if case .path(let run) = item.content { return run.subpaths.first?.points.count == 3 }
      return false
    }
    #expect(arrow != nil, "the arrow is drawn")
    let separators = list.items.filter { item in
      if case .fill = item.content { return item.frame.width == 0.5 && callout.frame.contains(item.frame) }
      return false
    }
    #expect(separators.count == host.editMenuItems.count - 1)
  }

  @Test func canPerformActionHidesPasteAndStopsCommandV() {
    UIPasteboard.general.string = "p"
    let controller = FormController(count: 0)
    let host = HeadlessHost(rootViewController: controller)
    let field = NoPasteField(frame: CGRect(x: 20, y: 60, width: 300, height: 34))
    controller.view.addSubview(field)
    field.text = "hello"
    host.longPress(field)
    #expect(!host.editMenuItems.contains("Paste"))
    #expect(host.editMenuItems.contains("Select All"))
    host.press(.escape)
    host.press(.character("v"), modifiers: .command)
    #expect(field.text == "hello")
  }

  @Test func theDelegateAddsAnActionThatRunsWithTheInteractionAsSender() {
    let (host, field, delegate) = makeField("hello world", pasteboard: nil)
    var ran: [String] = []
    delegate.menu = { range, suggested in
      UIMenu(children: suggested + [UIAction(title: "Shout") { action in
        ran.append("shout \(range.length) \(action.sender is UIEditMenuInteraction)")
      }])
    }
    host.doubleTap(field, at: firstWord(of: field))
    #expect(host.editMenuItems == ["Cut", "Copy", "Select All", "Shout"])
    host.chooseEditMenuItem("Shout")
    #expect(ran == ["shout 5 true"])
    #expect(!host.isEditMenuVisible)
  }

  @Test func deferredElementsAreFilledInWhenTheyComeAndCachedUnlessUncached() {
    let (host, field, delegate) = makeField("hello world", pasteboard: nil)
    var pending: UIDeferredMenuElement.Completion?
    var cachedAsked = 0
    var uncachedAsked = 0
    let later = UIDeferredMenuElement { completion in pending = completion }
    let cached = UIDeferredMenuElement { completion in
      cachedAsked += 1
      completion([UIAction(title: "Cached") { _ in }])
    }
    let uncached = UIDeferredMenuElement.uncached { completion in
      uncachedAsked += 1
      completion([UIAction(title: "Fresh") { _ in }])
    }
    delegate.menu = { _, _ in UIMenu(children: [later, cached, uncached]) }
    host.doubleTap(field, at: firstWord(of: field))
    #expect(host.editMenuItems == ["Loading…", "Cached", "Fresh"])
    pending?([UIAction(title: "Later") { _ in }])
    #expect(host.editMenuItems == ["Later", "Cached", "Fresh"])
    host.press(.escape)
    host.doubleTap(field, at: firstWord(of: field))
    #expect(host.editMenuItems == ["Later", "Cached", "Fresh"])
    #expect(cachedAsked == 1)
    #expect(uncachedAsked == 2)
  }

  @Test func submenusOpenInTheBarAndInlineSectionsAreFlattened() {
    let (host, field, delegate) = makeField("hello world", pasteboard: nil)
    var chosen: [String] = []
    let sizes = UIMenu(title: "Size", options: .singleSelection, children: [
      UIAction(title: "Small", state: .on) { _ in chosen.append("small") },
      UIAction(title: "Large") { _ in chosen.append("large") },
    ])
    let hidden = UIAction(title: "Secret", attributes: .hidden) { _ in }
    delegate.menu = { _, suggested in
      UIMenu(children: [UIMenu(options: .displayInline, children: suggested), hidden, sizes])
    }
    host.doubleTap(field, at: firstWord(of: field))
    #expect(host.editMenuItems == ["Cut", "Copy", "Select All", "Size ›"])
    host.chooseEditMenuItem("Size ›")
    #expect(host.editMenuItems == ["Small", "Large"])
    host.chooseEditMenuItem("Large")
    #expect(chosen == ["large"])
    #expect(sizes.selectedElements.map(\.title) == ["Large"])
  }

  @Test func aTextViewShowsTheMenuOnARightClickWithItsDelegate() {
    final class Delegate: NSObject, UITextViewDelegate {
      var calls: [String] = []
      func textView(_ textView: UITextView, editMenuForTextIn range: NSRange, suggestedActions: [UIMenuElement]) -> UIMenu? {
        calls.append("menuFor {\(range.location), \(range.length)}")
        return nil
      }
      func textView(_ textView: UITextView, willPresentEditMenuWith animator: any UIEditMenuInteractionAnimating) {
        calls.append("willPresent")
      }
      func textView(_ textView: UITextView, willDismissEditMenuWith animator: any UIEditMenuInteractionAnimating) {
        calls.append("willDismiss")
      }
    }
    UIPasteboard.general.string = nil
    let controller = FormController(count: 0)
    let host = HeadlessHost(rootViewController: controller)
    let textView = UITextView(frame: CGRect(x: 20, y: 100, width: 300, height: 100))
    controller.view.addSubview(textView)
    let delegate = Delegate()
    textView.delegate = delegate
    textView.text = "one two"
    host.rightClick(textView, at: CGPoint(x: 12, y: 10))
    #expect(textView.isFirstResponder)
    #expect(host.editMenuItems == ["Select", "Select All"])
    host.chooseEditMenuItem("Select")
    #expect(textView.selectedRange.length > 0)
    #expect(host.editMenuItems == ["Cut", "Copy", "Select All"], "Select brings the menu back")
    #expect(delegate.calls == ["menuFor {1, 0}", "willPresent", "willDismiss", "menuFor {0, 3}", "willPresent"])
    textView.resignFirstResponder()
    #expect(!host.isEditMenuVisible)
    #expect(delegate.calls.last == "willDismiss")
  }

  @Test func aTextViewAnswersCanPerformActionByItsSelection() {
    UIPasteboard.general.string = "p"
    let controller = FormController(count: 0)
    let host = HeadlessHost(rootViewController: controller)
    let textView = UITextView(frame: CGRect(x: 20, y: 100, width: 300, height: 100))
    controller.view.addSubview(textView)
    textView.text = "one two"
    host.doubleTap(textView, at: CGPoint(x: 12, y: 10))
    #expect(host.editMenuItems == ["Cut", "Copy", "Paste", "Select All"])
    #expect(textView.canPerformAction(.cut, withSender: nil))
    #expect(!textView.canPerformAction(.select, withSender: nil), "a selection: no Select")
    #expect(!textView.canPerformAction(Selector("save:"), withSender: nil))
  }

  @Test func keyCommandsAskCanPerformAction() {
    final class Screen: UIViewController {
      let field = UITextField(frame: CGRect(x: 20, y: 60, width: 300, height: 34))
      var allowsSave = true
      var saved = 0
      lazy var saveCommand = UIKeyCommand(input: "s", modifierFlags: .command, action: Screen.save)
      override var keyCommands: [UIKeyCommand]? { [saveCommand] }
      override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(field)
      }
      override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        if action == saveCommand.action { return allowsSave }
        return super.canPerformAction(action, withSender: sender)
      }
      func save() { saved += 1 }
    }
    let screen = Screen()
    let host = HeadlessHost(rootViewController: screen)
    host.tap(screen.field)
    host.press(.character("s"), modifiers: .command)
    #expect(screen.saved == 1)
    #expect(screen.field.target(forAction: screen.saveCommand.action, withSender: nil) as? Screen === screen)
    screen.allowsSave = false
    host.press(.character("s"), modifiers: .command)
    #expect(screen.saved == 1)
    #expect(screen.field.target(forAction: screen.saveCommand.action, withSender: nil) == nil)
  }

  @Test func aViewWithAnEditMenuInteractionPresentsWhatItsDelegateReturns() {
    final class Canvas: UIView, UIEditMenuInteractionDelegate {
      var calls: [String] = []
      func editMenuInteraction(
        _ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration,
        suggestedActions: [UIMenuElement]
      ) -> UIMenu? {
        calls.append("menuFor \(suggestedActions.map(\.title))")
        return UIMenu(children: [UIAction(title: "Duplicate") { [weak self] _ in self?.calls.append("duplicate") }])
      }
      func editMenuInteraction(
        _ interaction: UIEditMenuInteraction, targetRectFor configuration: UIEditMenuConfiguration
      ) -> CGRect {
        calls.append("targetRect")
        return CGRect(x: 10, y: 40, width: 20, height: 20)
      }
      func editMenuInteraction(
        _ interaction: UIEditMenuInteraction, willPresentMenuFor configuration: UIEditMenuConfiguration,
        animator: any UIEditMenuInteractionAnimating
      ) {
        calls.append("willPresent")
      }
      func editMenuInteraction(
        _ interaction: UIEditMenuInteraction, willDismissMenuFor configuration: UIEditMenuConfiguration,
        animator: any UIEditMenuInteractionAnimating
      ) {
        calls.append("willDismiss")
      }
    }
    let controller = FormController(count: 0)
    let host = HeadlessHost(rootViewController: controller)
    let canvas = Canvas(frame: CGRect(x: 0, y: 100, width: 390, height: 200))
    controller.view.addSubview(canvas)
    let interaction = UIEditMenuInteraction(delegate: canvas)
    canvas.addInteraction(interaction)
    #expect(canvas.interactions.count == 1)
    #expect(interaction.view === canvas)
    interaction.presentEditMenu(with: UIEditMenuConfiguration(identifier: nil, sourcePoint: CGPoint(x: 20, y: 50)))
    #expect(host.editMenuItems == ["Duplicate"])
    #expect(canvas.calls == ["menuFor []", "willPresent", "targetRect"])
    #expect(interaction.location(in: nil) == CGPoint(x: 20, y: 150))
    host.chooseEditMenuItem("Duplicate")
    #expect(canvas.calls.suffix(2) == ["willDismiss", "duplicate"])
    interaction.presentEditMenu(with: UIEditMenuConfiguration(identifier: nil, sourcePoint: .zero))
    canvas.removeInteraction(interaction)
    #expect(!host.isEditMenuVisible, "leaving the view dismisses")
    #expect(interaction.view == nil)
  }

  @Test func menusAndActionsKeepWhatTheyAreGiven() {
    let action = UIAction(
      title: "Bold", subtitle: "⌘B", image: nil, identifier: UIAction.Identifier("bold"),
      discoverabilityTitle: "Make Bold", attributes: [.destructive], state: .mixed
    ) { _ in }
    #expect(action.title == "Bold")
    #expect(action.subtitle == "⌘B")
    #expect(action.identifier.rawValue == "bold")
    #expect(action.discoverabilityTitle == "Make Bold")
    #expect(action.attributes == .destructive)
    #expect(action.state == .mixed)
    action.title = "Strong"
    #expect(action.title == "Strong")
    let menu = UIMenu(title: "Format", identifier: .format, options: [.displayInline], children: [action])
    #expect(menu.identifier == .format)
    #expect(menu.identifier.rawValue == "com.apple.menu.format")
    let replaced = menu.replacingChildren([])
    #expect(replaced.title == "Format")
    #expect(replaced.options == .displayInline)
    #expect(replaced.children.isEmpty)
    #expect(menu.children.count == 1)
    action.state = .on
    #expect(menu.selectedElements.map(\.title) == ["Strong"])
  }
}

@MainActor @Suite struct EditMenuPagingTests {
  @Test func itemsThatDoNotFitGoOnPagesReachedWithArrows() {
    let (host, field, delegate) = makeField("hello world", pasteboard: nil)
    var chosen: [String] = []
    let names = (1...12).map { "Action number \($0)" }
    delegate.menu = { _, _ in
      UIMenu(children: names.map { name in UIAction(title: name) { _ in chosen.append(name) } })
    }
    host.doubleTap(field, at: firstWord(of: field))
    let first = host.editMenuItems
    #expect(first.first == "Action number 1")
    #expect(first.last == "▸")
    #expect(first.count < names.count, "not all fit: \(first)")
    var seen = first.filter { $0 != "▸" && $0 != "◂" }
    var pages = 1
    while host.editMenuItems.last == "▸", pages < 20 {
      #expect(host.chooseEditMenuItem("▸"))
      pages += 1
      #expect(host.editMenuItems.first == "◂")
      seen += host.editMenuItems.filter { $0 != "▸" && $0 != "◂" }
    }
    #expect(seen == names, "every item once, in order")
    #expect(host.isEditMenuVisible, "paging keeps the menu")
    host.chooseEditMenuItem(names.last!)
    #expect(chosen == [names.last!])
  }
}
