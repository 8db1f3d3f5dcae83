// Code shaped like an iOS app and its XCTest suite, compiled in Swift 5 mode: nonisolated test
// methods create and drive text fields; a delegate proxy forwards with optional-call syntax; a
// UITextField subclass overrides `text` and `delegate`. It must compile without diagnostics.
import UIKit
import UIKitTesting
import XCTest

/// Forwards every message to another delegate, as proxies in iOS apps do.
class DelegateProxy: NSObject, UITextFieldDelegate {
  weak var forward: UITextFieldDelegate?
  var seen: [String] = []

  func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool {
    seen.append("shouldBegin")
    return forward?.textFieldShouldBeginEditing?(textField) ?? true
  }
  func textFieldDidBeginEditing(_ textField: UITextField) {
    forward?.textFieldDidBeginEditing?(textField)
  }
  func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
    return forward?.textFieldShouldEndEditing?(textField) ?? true
  }
  func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
    forward?.textFieldDidEndEditing?(textField, reason: reason)
  }
  func textField(
    _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
  ) -> Bool {
    seen.append("shouldChange \(range.location),\(range.length) \(string)")
    return forward?.textField?(textField, shouldChangeCharactersIn: range, replacementString: string) ?? true
  }
  func textFieldDidChangeSelection(_ textField: UITextField) {
    forward?.textFieldDidChangeSelection?(textField)
  }
  func textFieldShouldClear(_ textField: UITextField) -> Bool {
    return forward?.textFieldShouldClear?(textField) ?? true
  }
  func textFieldShouldReturn(_ textField: UITextField) -> Bool {
    return forward!.textFieldShouldReturn!(textField)
  }
}

/// The app's real delegate: digits only; implements only the plain didEnd.
class DigitsOnly: NSObject, UITextFieldDelegate {
  var ended = 0
  var returned = 0
  func textField(
    _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
  ) -> Bool {
    return string.rangeOfCharacter(from: CharacterSet.decimalDigits.inverted) == nil
  }
  func textFieldDidEndEditing(_ textField: UITextField) { ended += 1 }
  func textFieldShouldReturn(_ textField: UITextField) -> Bool {
    returned += 1
    textField.resignFirstResponder()
    return true
  }
}

/// A subclass overriding `text` and `delegate`, as apps do to add behaviour.
class TrimmingTextField: UITextField {
  var delegateSets = 0
  override var text: String? {
    get { return super.text }
    set { super.text = newValue?.trimmingCharacters(in: .whitespaces) }
  }
  override weak var delegate: UITextFieldDelegate? {
    didSet { delegateSets += 1 }
  }
}

class ConverterViewController: UIViewController {
  var textField: UITextField!
  var changes = 0

  override func loadView() {
    view = UIView(frame: UIScreen.main.bounds)
    textField = UITextField(frame: CGRect(x: 20, y: 100, width: 200, height: 40))
    textField.keyboardType = .decimalPad
    view.addSubview(textField)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    textField.addTarget(self, action: ConverterViewController.textChanged, for: .editingChanged)
  }

  @IBAction func textChanged(_ sender: UITextField) {
    changes += 1
  }
}

final class ClientShapedTests: XCTestCase {
  func testAProxyForwardsWithOptionalCallSyntax() {
    let controller = ConverterViewController()
    let host = HeadlessHost(rootViewController: controller)
    let proxy = DelegateProxy()
    let digits = DigitsOnly()
    proxy.forward = digits
    controller.textField.delegate = proxy
    host.tap(controller.textField)
    host.type("4a2")
    XCTAssertEqual(controller.textField.text, "42")
    XCTAssertEqual(controller.changes, 2)
    XCTAssertEqual(proxy.seen, ["shouldBegin", "shouldChange 0,0 4", "shouldChange 1,0 a", "shouldChange 1,0 2"])
    host.pressReturn()
    XCTAssertEqual(digits.returned, 1)
    XCTAssertEqual(digits.ended, 1, "didEnd(_:reason:) falls back to the plain didEnd")
    XCTAssertFalse(controller.textField.isFirstResponder)
  }

  func testASubclassOverridingTextAndDelegate() {
    let field = TrimmingTextField(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
    field.text = "  padded  "
    XCTAssertEqual(field.text, "padded")
    field.text = nil
    XCTAssertEqual(field.text, "")
    let delegate = DigitsOnly()
    field.delegate = delegate
    XCTAssertEqual(field.delegateSets, 1)
    XCTAssertTrue(field.delegate === delegate)
  }

  func testNonisolatedCodeCreatesAndConfiguresFields() {
    let field = UITextField()
    field.placeholder = "value"
    field.borderStyle = .roundedRect
    field.clearButtonMode = .whileEditing
    field.isSecureTextEntry = true
    field.returnKeyType = .done
    XCTAssertEqual(field.text, "")
    XCTAssertFalse(field.becomeFirstResponder(), "not in a window")
  }
}

/// Padding the way iOS code pads a field: both rect methods inset `super`'s rectangle.
class PaddedTextField: UITextField {
  let padding = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
  override func textRect(forBounds bounds: CGRect) -> CGRect {
    return super.textRect(forBounds: bounds).inset(by: padding)
  }
  override func editingRect(forBounds bounds: CGRect) -> CGRect {
    return super.editingRect(forBounds: bounds).inset(by: padding)
  }
  override func placeholderRect(forBounds bounds: CGRect) -> CGRect {
    return super.placeholderRect(forBounds: bounds).inset(by: padding)
  }
}

final class RectOverrideTests: XCTestCase {
  func testASubclassInsettingEveryRectGetsItsPaddingOnce() {
    let plain = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
    let padded = PaddedTextField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
    for field in [plain, padded] { field.borderStyle = .roundedRect }
    let base = plain.textRect(forBounds: plain.bounds)
    XCTAssertEqual(plain.editingRect(forBounds: plain.bounds), base)
    XCTAssertEqual(plain.placeholderRect(forBounds: plain.bounds), base)
    let once = base.inset(by: padded.padding)
    XCTAssertEqual(padded.textRect(forBounds: padded.bounds), once)
    XCTAssertEqual(padded.editingRect(forBounds: padded.bounds), once, "not inset twice through textRect")
    XCTAssertEqual(padded.placeholderRect(forBounds: padded.bounds), once)
  }
}

/// A field that styles whatever text it is given, as formatting libraries do: its `text` observer
/// sets `attributedText`. On iOS the two setters do not call each other, so this terminates.
class StylingTextField: UITextField {
  var styled = 0
  override var text: String? {
    didSet {
      styled += 1
      attributedText = NSAttributedString(string: text ?? "", attributes: [.foregroundColor: UIColor.systemBlue])
    }
  }
}

/// The same shape on a text view.
class StylingTextView: UITextView {
  var styled = 0
  override var text: String! {
    didSet {
      styled += 1
      attributedText = NSAttributedString(string: text ?? "", attributes: [.foregroundColor: UIColor.systemBlue])
    }
  }
}

/// The same shape on a label.
class StylingLabel: UILabel {
  var styled = 0
  override var text: String? {
    didSet {
      styled += 1
      attributedText = NSAttributedString(string: text ?? "", attributes: [.foregroundColor: UIColor.systemBlue])
    }
  }
}

final class SetterSeparationTests: XCTestCase {
  func testALabelSubclassThatSetsAttributedTextFromTextTerminates() {
    let label = StylingLabel()
    label.text = "hi"
    XCTAssertEqual(label.text, "hi")
    XCTAssertEqual(label.styled, 1)
    XCTAssertEqual(label.textColor, UIColor.systemBlue)
  }

  func testSettingTextOnASubclassThatSetsAttributedTextTerminates() {
    let field = StylingTextField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
    field.text = "hello"
    XCTAssertEqual(field.text, "hello")
    XCTAssertEqual(field.styled, 1)
    XCTAssertEqual(field.textColor, UIColor.systemBlue)
    field.attributedText = NSAttributedString(string: "direct")
    XCTAssertEqual(field.styled, 1, "setting attributedText does not go through the text setter")
    XCTAssertEqual(field.text, "direct")

    let view = StylingTextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    view.text = "notes"
    XCTAssertEqual(view.text, "notes")
    XCTAssertEqual(view.styled, 1)
    view.attributedText = nil
    XCTAssertEqual(view.styled, 1)
    XCTAssertEqual(view.text, "")
  }
}

/// What the inner scene delegate heard.
final class InnerSceneDelegate: UIResponder, UIWindowSceneDelegate {
  static var calls: [String] = []
  func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
    Self.calls.append("willConnect")
  }
  func sceneDidBecomeActive(_ scene: UIScene) { Self.calls.append("didBecomeActive") }
}

/// A scene delegate proxy, as libraries write them: it forwards with iOS's optional-call syntax.
/// UIKit creates it from its class (it declares no initializer, so it inherits the one UIKit uses).
class SceneDelegateProxy: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?
  let inner: UIWindowSceneDelegate? = InnerSceneDelegate()
  func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
    inner?.scene?(scene, willConnectTo: session, options: connectionOptions)
  }
  func sceneDidBecomeActive(_ scene: UIScene) {
    inner?.sceneDidBecomeActive?(scene)
  }
  func sceneWillResignActive(_ scene: UIScene) {
    inner?.sceneWillResignActive?(scene)
  }
}

class ProxiedSceneAppDelegate: UIResponder, UIApplicationDelegate {
  func application(
    _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
    options: UIScene.ConnectionOptions
  ) -> UISceneConfiguration {
    let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    configuration.delegateClass = SceneDelegateProxy.self
    return configuration
  }
}

final class SceneClientTests: XCTestCase {
  func testOptionalCallSyntaxReachesTheSceneDelegate() {
    InnerSceneDelegate.calls = []
    let delegate = ProxiedSceneAppDelegate()
    UIApplication.shared._launch(delegate: delegate)
    XCTAssertTrue(UIApplication.shared.connectedScenes.first?.delegate is SceneDelegateProxy)
    UIApplication.shared._terminate()
    XCTAssertEqual(InnerSceneDelegate.calls, ["willConnect", "didBecomeActive"], "the inner default for willResignActive does nothing")
  }
}
