import Foundation
import Testing
import UIKit
import UIKitTesting

/// A delegate that records what it is asked and answers as configured.
@MainActor
final class RecordingDelegate: NSObject, UITextFieldDelegate {
  var shouldBegin = true
  var shouldEnd = true
  var shouldClear = true
  var shouldReturn = true
  /// Answers `shouldChangeCharactersIn` (default: yes).
  var shouldChange: (UITextField, NSRange, String) -> Bool = { _, _, _ in true }
  var calls: [String] = []
  /// What the field looked like inside each call.
  var observations: [String] = []

  func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool {
    calls.append("shouldBegin")
    return shouldBegin
  }
  func textFieldDidBeginEditing(_ textField: UITextField) {
    calls.append("didBegin")
    observations.append("didBegin editing=\(textField.isEditing) first=\(textField.isFirstResponder)")
  }
  func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
    calls.append("shouldEnd")
    return shouldEnd
  }
  func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
    calls.append("didEnd(\(reason == .committed ? "committed" : "cancelled"))")
    observations.append("didEnd editing=\(textField.isEditing) first=\(textField.isFirstResponder)")
  }
  func textField(
    _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
  ) -> Bool {
    calls.append("shouldChange {\(range.location), \(range.length)} \(string.debugDescription)")
    observations.append("shouldChange text=\(textField.text!)")
    return shouldChange(textField, range, string)
  }
  func textFieldDidChangeSelection(_ textField: UITextField) {
    calls.append("didChangeSelection")
  }
  func textFieldShouldClear(_ textField: UITextField) -> Bool {
    calls.append("shouldClear")
    return shouldClear
  }
  func textFieldShouldReturn(_ textField: UITextField) -> Bool {
    calls.append("shouldReturn")
    return shouldReturn
  }
}

/// A screen with text fields stacked from the top, 300 × 34 pt each.
@MainActor
final class FormController: UIViewController {
  let fields: [UITextField]

  init(count: Int = 1) {
    fields = (0..<count).map { index in
      let field = UITextField(frame: CGRect(x: 20, y: 60 + CGFloat(index) * 50, width: 300, height: 34))
      field.borderStyle = .roundedRect
      field.tag = index + 1
      return field
    }
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    for field in fields { view.addSubview(field) }
  }
}

/// A host with `count` fields, field i named "A", "B", ...
@MainActor
func makeForm(_ count: Int = 1) -> (HeadlessHost, [UITextField]) {
  let controller = FormController(count: count)
  let host = HeadlessHost(rootViewController: controller)
  for (index, field) in controller.fields.enumerated() {
    host.name(field, String(UnicodeScalar(UInt8(65 + index))))
  }
  return (host, controller.fields)
}

/// Counts a target's actions.
@MainActor
final class ActionCounter: NSObject {
  var events: [String] = []
  func editingChanged(_ sender: UITextField) { events.append("changed:\(sender.text!)") }
  func any() { events.append("any") }
}

/// Collects the notifications of one name posted on the default center.
final class NotificationCollector: @unchecked Sendable {
  private(set) var notes: [Notification] = []
  private var observer: NSObjectProtocol?

  init(_ name: Notification.Name, object: AnyObject? = nil) {
    observer = NotificationCenter.default.addObserver(forName: name, object: object, queue: nil) {
      [weak self] note in self?.notes.append(note)
    }
  }

  deinit { stop() }

  func stop() {
    if let observer { NotificationCenter.default.removeObserver(observer) }
    observer = nil
  }
}

/// A collection view cell showing one label, as apps write them (a subclass overriding
/// `init(frame:)`).
@MainActor
final class LabelCell: UICollectionViewCell {
  let label = UILabel()

  override init(frame: CGRect) {
    super.init(frame: frame)
    contentView.addSubview(label)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  override func layoutSubviews() {
    super.layoutSubviews()
    label.frame = contentView.bounds
  }
}
