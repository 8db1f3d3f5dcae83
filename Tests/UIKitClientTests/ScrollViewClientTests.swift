// Apple's keyboard-observer pattern ("Managing the Keyboard" in the Text Programming Guide for
// iOS: "Moving Content That Is Located Under the Keyboard"), written as an iOS app writes it in
// Swift, compiled in Swift 5 mode: a form of many fields in a scroll view; when the keyboard
// shows, the scroll view's bottom inset and indicator insets grow by its height and the active
// field is scrolled into view; when it hides, the insets go back. The one change Linux forces:
// the block form of `addObserver` instead of a selector (its block is `@Sendable`, as in
// iOS's SDK, hence `MainActor.assumeIsolated`, as iOS code written for Swift 6 has it).
import UIKit
import UIKitTesting
import XCTest

class LongFormViewController: UIViewController, UITextFieldDelegate {
  var scrollView: UIScrollView!
  var fields: [UITextField] = []
  var activeField: UITextField?
  var observers: [NSObjectProtocol] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    scrollView = UIScrollView(frame: view.bounds)
    scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    view.addSubview(scrollView)
    for index in 0..<12 {
      let field = UITextField(frame: CGRect(x: 16, y: 16 + CGFloat(index) * 48, width: 200, height: 32))
      field.borderStyle = .roundedRect
      field.placeholder = "Field \(index + 1)"
      field.delegate = self
      scrollView.addSubview(field)
      fields.append(field)
    }
    scrollView.contentSize = CGSize(width: view.bounds.width, height: 16 + 12 * 48)
    registerForKeyboardNotifications()
  }

  // Call this method somewhere in your view controller setup code.
  func registerForKeyboardNotifications() {
    let center = NotificationCenter.default
    observers.append(center.addObserver(forName: UIResponder.keyboardDidShowNotification, object: nil, queue: nil) {
      [weak self] note in MainActor.assumeIsolated { self?.keyboardWasShown(note) }
    })
    observers.append(center.addObserver(forName: UIResponder.keyboardWillHideNotification, object: nil, queue: nil) {
      [weak self] note in MainActor.assumeIsolated { self?.keyboardWillBeHidden(note) }
    })
  }

  deinit {
    for observer in observers { NotificationCenter.default.removeObserver(observer) }
  }

  // Called when the UIKeyboardDidShowNotification is sent.
  func keyboardWasShown(_ aNotification: Notification) {
    guard let info = aNotification.userInfo,
      let kbSize = (info[UIResponder.keyboardFrameBeginUserInfoKey] as? NSValue)?.cgRectValue.size
    else { return }
    let contentInsets = UIEdgeInsets(top: 0.0, left: 0.0, bottom: kbSize.height, right: 0.0)
    scrollView.contentInset = contentInsets
    scrollView.scrollIndicatorInsets = contentInsets

    // If active text field is hidden by keyboard, scroll it so it's visible
    // Your app might not need or want this behavior.
    var aRect = self.view.frame
    aRect.size.height -= kbSize.height
    if let activeField = activeField, !aRect.contains(activeField.frame.origin) {
      scrollView.scrollRectToVisible(activeField.frame, animated: true)
    }
  }

  // Called when the UIKeyboardWillHideNotification is sent
  func keyboardWillBeHidden(_ aNotification: Notification) {
    let contentInsets = UIEdgeInsets.zero
    scrollView.contentInset = contentInsets
    scrollView.scrollIndicatorInsets = contentInsets
  }

  func textFieldDidBeginEditing(_ textField: UITextField) {
    activeField = textField
  }

  func textFieldDidEndEditing(_ textField: UITextField) {
    activeField = nil
  }
}

/// The newer form of the pattern: the keyboard's end frame, converted to the view, decides the
/// bottom inset, in `keyboardWillChangeFrame` (which also comes when it hides).
class ConvertingFormViewController: LongFormViewController {
  override func registerForKeyboardNotifications() {
    observers.append(NotificationCenter.default.addObserver(
      forName: UIResponder.keyboardWillChangeFrameNotification, object: nil, queue: .main
    ) { [weak self] note in MainActor.assumeIsolated { self?.adjustForKeyboard(note) } })
  }

  func adjustForKeyboard(_ notification: Notification) {
    guard let value = notification.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue else { return }
    let keyboardViewEndFrame = view.convert(value.cgRectValue, from: view.window)
    let covered = max(0, view.bounds.maxY - keyboardViewEndFrame.minY) - view.safeAreaInsets.bottom
    scrollView.contentInset.bottom = max(0, covered)
    scrollView.verticalScrollIndicatorInsets.bottom = max(0, covered)
    if let field = activeField {
      scrollView.scrollRectToVisible(field.frame, animated: true)
    }
  }
}

/// A notes screen whose text view's delegate also follows its scrolling (a shadow under a
/// header that shows once the text scrolled), as iOS apps do through `UITextViewDelegate`.
class NotesScreen: UIViewController, UITextViewDelegate {
  let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 320, height: 160))
  var headerShadowVisible = false
  var scrolls = 0
  var changes = 0

  override func viewDidLoad() {
    super.viewDidLoad()
    textView.delegate = self
    view.addSubview(textView)
  }

  func scrollViewDidScroll(_ scrollView: UIScrollView) {
    scrolls += 1
    headerShadowVisible = scrollView.contentOffset.y > 0
  }

  func textViewDidChange(_ textView: UITextView) {
    changes += 1
  }
}

/// A proxy forwarding the scroll messages with iOS's optional-call syntax.
class ScrollProxy: NSObject, UITextViewDelegate {
  weak var forward: UITextViewDelegate?
  func scrollViewDidScroll(_ scrollView: UIScrollView) {
    forward?.scrollViewDidScroll?(scrollView)
  }
  func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
    forward?.scrollViewDidEndDragging?(scrollView, willDecelerate: decelerate)
  }
}

final class ScrollViewClientTests: XCTestCase {
  /// The bottom field of a form taller than a small window, focused: the keyboard would cover
  /// it, and the pattern scrolls it up above the keyboard.
  func testTheBottomFieldOfAFormScrollsAboveTheKeyboard() {
    let controller = LongFormViewController()
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 320, height: 480))
    let scrollView = controller.scrollView!
    let last = controller.fields.last!
    // The user scrolls down to the last field with the wheel and taps it.
    host.scroll(scrollView, by: CGPoint(x: 0, y: 400))
    XCTAssertEqual(scrollView.contentOffset.y, 112, "the end of the form: 592 - 480")
    host.tap(last)
    XCTAssertTrue(last.isFirstResponder)
    host.settle()
    let keyboard = host.keyboardFrame!
    XCTAssertEqual(scrollView.contentInset.bottom, keyboard.height)
    XCTAssertEqual(scrollView.verticalScrollIndicatorInsets.bottom, keyboard.height)
    let onScreen = last.convert(last.bounds, to: nil)
    XCTAssertLessThanOrEqual(onScreen.maxY, keyboard.minY, "the field is above the keyboard")
    XCTAssertGreaterThanOrEqual(onScreen.minY, 0)
    let rows = host.screen().components(separatedBy: "\n")
    let keyboardRow = Int(keyboard.minY / 16)
    let fieldRow = rows.firstIndex { $0.contains("Field 12") }
    XCTAssertNotNil(fieldRow, "the screen shows the field:\n\(host.screen())")
    XCTAssertLessThan(fieldRow ?? .max, keyboardRow)
    // Typing shows in it.
    host.type("Hello")
    XCTAssertTrue(host.screen().contains("Hello"))

    // The keyboard goes: the insets go back, and the content stays inside its end.
    last.resignFirstResponder()
    host.settle()
    XCTAssertEqual(scrollView.contentInset, .zero)
    XCTAssertEqual(scrollView.scrollIndicatorInsets, .zero)
    XCTAssertEqual(scrollView.contentOffset.y, 112, "without the inset, back inside the content")
  }

  func testAFieldAlreadyAboveTheKeyboardDoesNotScroll() {
    let controller = LongFormViewController()
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 320, height: 480))
    host.tap(controller.fields[0])
    host.settle()
    XCTAssertEqual(controller.scrollView.contentOffset, .zero)
    XCTAssertGreaterThan(controller.scrollView.contentInset.bottom, 0)
  }

  func testTheConvertedKeyboardFrameVariantMovesEachFocusedFieldIntoView() {
    let controller = ConvertingFormViewController()
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 320, height: 480))
    let scrollView = controller.scrollView!
    host.tap(controller.fields[2])
    host.settle()
    let keyboard = host.keyboardFrame!
    XCTAssertEqual(scrollView.contentInset.bottom, 480 - keyboard.minY)
    // Tab moves through the fields; each is scrolled above the keyboard in turn.
    for index in 3..<12 {
      host.press(.tab)
      host.settle()
      let field = controller.fields[index]
      XCTAssertTrue(field.isFirstResponder)
      let onScreen = field.convert(field.bounds, to: nil)
      XCTAssertLessThanOrEqual(onScreen.maxY, keyboard.minY, "field \(index + 1) above the keyboard")
      XCTAssertGreaterThanOrEqual(onScreen.minY, 0)
    }
    XCTAssertTrue(host.screen().contains("Field 12"))
    controller.fields[11].resignFirstResponder()
    host.settle()
    XCTAssertEqual(scrollView.contentInset.bottom, 0)
    XCTAssertEqual(scrollView.contentOffset.y, 112, "the content's end stays at the bottom")
  }

  func testATextViewsDelegateHearsItScroll() {
    let controller = NotesScreen()
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 320, height: 480))
    host.tap(controller.textView)
    for line in 1...20 { host.type("Line \(line)\n") }
    XCTAssertEqual(controller.changes, 151, "one change per character typed")
    XCTAssertGreaterThan(controller.scrolls, 0, "following the caret scrolled the text view")
    XCTAssertTrue(controller.headerShadowVisible)
    // As a scroll view, its delegate is the same object.
    let asScrollView: UIScrollView = controller.textView
    XCTAssertTrue(asScrollView.delegate === controller)
    // The wheel back to the top.
    host.scroll(controller.textView, by: CGPoint(x: 0, y: -10_000))
    XCTAssertEqual(controller.textView.contentOffset.y, 0)
    XCTAssertFalse(controller.headerShadowVisible)
  }

  func testAProxyForwardsScrollMessagesWithOptionalCalls() {
    let controller = NotesScreen()
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 320, height: 480))
    let proxy = ScrollProxy()
    proxy.forward = controller
    controller.textView.delegate = proxy
    controller.textView.text = (1...40).map { "Line \($0)" }.joined(separator: "\n")
    host.scroll(controller.textView, by: CGPoint(x: 0, y: 64))
    XCTAssertEqual(controller.scrolls, 1)
    XCTAssertTrue(controller.headerShadowVisible)
  }
}
