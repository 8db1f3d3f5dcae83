import Foundation
import Testing
import UIKit
import UIKitTesting

/// A data source and delegate with a fixed set of components, recording every call.
@MainActor
private final class RecordingPickerModel: NSObject, UIPickerViewDataSource, UIPickerViewDelegate {
  var components: [[String]]
  var calls: [String] = []

  init(_ components: [[String]]) {
    self.components = components
  }

  func numberOfComponents(in pickerView: UIPickerView) -> Int {
    calls.append("components")
    return components.count
  }
  func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int {
    calls.append("rows \(component)")
    return components[component].count
  }
  func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
    calls.append("title \(row) \(component)")
    return components[component][row]
  }
  func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
    calls.append("didSelect \(row) \(component)")
  }
}

/// A delegate giving its rows as views (labels), counting how many it made.
@MainActor
private final class ViewGivingModel: NSObject, UIPickerViewDataSource, UIPickerViewDelegate {
  var made = 0
  var reused = 0
  func numberOfComponents(in pickerView: UIPickerView) -> Int { 1 }
  func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int { 50 }
  func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat { 40 }
  func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat { 120 }
  func pickerView(
    _ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?
  ) -> UIView {
    let label: UILabel
    if let old = view as? UILabel {
      reused += 1
      label = old
    } else {
      made += 1
      label = UILabel()
    }
    label.text = "Item \(row)"
    return label
  }
}

/// A screen with a field whose input view is a picker, a plain field below it, and a picker in
/// the page itself.
@MainActor
private final class PickerFormController: UIViewController {
  let pickerField = UITextField(frame: CGRect(x: 20, y: 60, width: 300, height: 34))
  let plainField = UITextField(frame: CGRect(x: 20, y: 110, width: 300, height: 34))
  let inputPicker = UIPickerView()
  let pagePicker = UIPickerView(frame: CGRect(x: 20, y: 200, width: 300, height: 216))

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    pickerField.borderStyle = .roundedRect
    plainField.borderStyle = .roundedRect
    pickerField.inputView = inputPicker
    view.addSubview(pickerField)
    view.addSubview(plainField)
    view.addSubview(pagePicker)
  }
}

/// A responder that is not a text object and shows a picker in the keyboard's place (the iOS
/// pattern of a tappable row that becomes first responder).
@MainActor
private final class PickerResponderView: UIView {
  let picker = UIPickerView()
  override var canBecomeFirstResponder: Bool { true }
  override var inputView: UIView? { picker }
}

@MainActor @Suite struct PickerViewTests {
  private let fruits = ["Apple", "Banana", "Cherry", "Date", "Elderberry", "Fig", "Grape"]
  private let sizes = ["S", "M", "L"]

  private func pageHost() -> (HeadlessHost, PickerFormController, RecordingPickerModel) {
    let controller = PickerFormController()
    let model = RecordingPickerModel([fruits, sizes])
    controller.loadViewIfNeeded()
    controller.pagePicker.dataSource = model
    controller.pagePicker.delegate = model
    let host = HeadlessHost(rootViewController: controller)
    host.name(controller.pickerField, "picker")
    host.name(controller.plainField, "plain")
    return (host, controller, model)
  }

  // MARK: Data source and delegate

  @Test func dataSourceIsAskedFirstThenTitlesOfTheVisibleRowsOnly() {
    let picker = UIPickerView()
    let model = RecordingPickerModel([Array(repeating: "x", count: 1000), sizes])
    picker.dataSource = model
    picker.delegate = model
    #expect(model.calls.isEmpty, "nothing is asked until the picker needs it")
    #expect(picker.numberOfComponents == 2)
    #expect(model.calls == ["components", "rows 0", "rows 1"])
    #expect(picker.numberOfRows(inComponent: 0) == 1000)
    #expect(picker.numberOfRows(inComponent: 7) == 0)
    #expect(model.calls.count == 3, "counts are kept until a reload")
    model.calls = []
    let controller = UIViewController()
    controller.view.addSubview(picker)
    let host = HeadlessHost(rootViewController: controller)
    _ = host.screen()
    let titles = model.calls.filter { $0.hasPrefix("title") }
    // 216 points of 32-point rows: the centre row and four on each side at most (rows above 0
    // do not exist).
    #expect(titles.contains("title 0 0"))
    #expect(titles.contains("title 2 1"))
    #expect(!titles.contains { $0.hasPrefix("title 10 ") }, "only rows in sight are asked for")
    #expect(!model.calls.contains { $0.hasPrefix("didSelect") })
    // Titles are kept until a reload: drawing again asks nothing.
    model.calls = []
    _ = host.screen()
    #expect(model.calls.isEmpty)
    picker.reloadComponent(1)
    _ = host.screen()
    #expect(model.calls.first == "rows 1")
    #expect(model.calls.contains("title 0 1"))
    #expect(!model.calls.contains("title 0 0"), "the other component's titles are kept")
  }

  @Test func selectionStartsAtTheFirstRowAndSelectRowDoesNotTellTheDelegate() {
    let picker = UIPickerView()
    let model = RecordingPickerModel([fruits, [], sizes])
    picker.dataSource = model
    picker.delegate = model
    #expect(picker.selectedRow(inComponent: 0) == 0)
    #expect(picker.selectedRow(inComponent: 1) == -1, "a component without rows has no selection")
    #expect(picker.selectedRow(inComponent: 9) == -1)
    picker.selectRow(4, inComponent: 0, animated: true)
    picker.selectRow(2, inComponent: 2, animated: false)
    #expect(picker.selectedRow(inComponent: 0) == 4)
    #expect(picker.selectedRow(inComponent: 2) == 2)
    picker.selectRow(99, inComponent: 0, animated: false)
    picker.selectRow(0, inComponent: 5, animated: false)
    #expect(picker.selectedRow(inComponent: 0) == 4, "rows out of range are ignored")
    #expect(!model.calls.contains { $0.hasPrefix("didSelect") })

    // Fewer rows: the selection stays within them.
    model.components[0] = ["One", "Two"]
    model.calls = []
    picker.reloadComponent(0)
    #expect(model.calls == ["rows 0"])
    #expect(picker.selectedRow(inComponent: 0) == 1)
    model.components = [sizes]
    picker.reloadAllComponents()
    #expect(picker.numberOfComponents == 1)
    #expect(picker.selectedRow(inComponent: 0) == 1)
  }

  @Test func aPickerWithoutRoomDrawsWithoutCrashing() {
    let controller = UIViewController()
    let picker = UIPickerView(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
    let model = RecordingPickerModel([fruits])
    picker.dataSource = model
    picker.delegate = model
    controller.view.addSubview(picker)
    let host = HeadlessHost(rootViewController: controller)
    #expect(!host.screen().contains("Apple"), "clipped away")
    #expect(host.pickerRows(picker).count == 1)
    picker.frame.size = CGSize(width: 200, height: 10)
    #expect(host.pickerRows(picker).map(\.titles) == [["Apple"]])
  }

  @Test func rowSizeComesFromTheDelegateOrTheDefaults() {
    let picker = UIPickerView()
    #expect(picker.frame.size == CGSize(width: 320, height: 216))
    let model = RecordingPickerModel([fruits, sizes])
    picker.dataSource = model
    picker.delegate = model
    #expect(picker.rowSize(forComponent: 0) == CGSize(width: 160, height: 32))
    let views = ViewGivingModel()
    picker.dataSource = views
    picker.delegate = views
    #expect(picker.rowSize(forComponent: 0) == CGSize(width: 120, height: 40))
    #expect(picker.rowSize(forComponent: 3) == .zero)
  }

  @Test func rowViewsAreTheDelegatesAndAreReusedAsTheWheelTurns() {
    let controller = UIViewController()
    let picker = UIPickerView(frame: CGRect(x: 0, y: 100, width: 320, height: 216))
    let model = ViewGivingModel()
    picker.dataSource = model
    picker.delegate = model
    controller.view.addSubview(picker)
    let host = HeadlessHost(rootViewController: controller)
    let centre = picker.view(forRow: 0, forComponent: 0) as? UILabel
    #expect(centre?.text == "Item 0")
    #expect(picker.view(forRow: 20, forComponent: 0) == nil, "rows out of sight have no view")
    let made = model.made
    host.spinPicker(picker, rows: 10)
    host.settle()
    #expect(picker.selectedRow(inComponent: 0) == 10)
    #expect((picker.view(forRow: 10, forComponent: 0) as? UILabel)?.text == "Item 10")
    #expect(model.reused > 0, "views of rows that left are offered again")
    #expect(model.made - made < 10)
    #expect(host.pickerRows(picker).first { $0.isSelected }?.titles == ["Item 10"])
    #expect(host.screen().contains("Item 10"))
  }

  // MARK: The user turning the wheels

  @Test func theMouseWheelTurnsAComponentAndTheDelegateHearsOnceItStops() {
    let (host, controller, model) = pageHost()
    let picker = controller.pagePicker
    model.calls = []
    host.spinPicker(picker, component: 0, rows: 3)
    #expect(picker.selectedRow(inComponent: 0) == 0, "still turning")
    #expect(!model.calls.contains { $0.hasPrefix("didSelect") })
    host.advance(by: 0.2)
    host.spinPicker(picker, component: 0, rows: -1)
    host.advance(by: 0.25)
    #expect(!model.calls.contains { $0.hasPrefix("didSelect") }, "a new turn restarts the wait")
    host.advance(by: 0.1)
    #expect(model.calls.filter { $0.hasPrefix("didSelect") } == ["didSelect 2 0"])
    #expect(picker.selectedRow(inComponent: 0) == 2)
    #expect(host.timeline.lines.contains("pickerView(_:didSelectRow:inComponent:) 2 0"))

    // Past the end the wheel stops at the last row.
    host.spinPicker(picker, component: 1, rows: 10)
    host.settle()
    #expect(picker.selectedRow(inComponent: 1) == 2)
    #expect(model.calls.last == "didSelect 2 1")
  }

  @Test func clickingARowTurnsItToTheCentreAndDraggingTurnsTheWheel() {
    let (host, controller, model) = pageHost()
    let picker = controller.pagePicker
    host.settle()
    model.calls = []
    let column = picker.rowSize(forComponent: 0)
    // Two rows below the centre of the first component.
    host.tap(picker, at: CGPoint(x: column.width / 2, y: picker.bounds.midY + 2 * column.height))
    host.settle()
    #expect(picker.selectedRow(inComponent: 0) == 2)
    #expect(model.calls.filter { $0.hasPrefix("didSelect") } == ["didSelect 2 0"])
    // A click on the centre row changes nothing.
    host.tap(picker, at: CGPoint(x: column.width / 2, y: picker.bounds.midY))
    host.settle()
    #expect(model.calls.filter { $0.hasPrefix("didSelect") }.count == 1)
    // Dragging up three rows brings later rows to the centre.
    let start = picker.convert(CGPoint(x: column.width / 2, y: picker.bounds.midY + 40), to: nil)
    host.drag(from: start, to: CGPoint(x: start.x, y: start.y - 3 * column.height))
    host.settle()
    #expect(picker.selectedRow(inComponent: 0) == 5)
    #expect(model.calls.filter { $0.hasPrefix("didSelect") } == ["didSelect 2 0", "didSelect 5 0"])
  }

  @Test func theWheelIsDrawnWithTheSelectionCentredAndItsNeighbours() {
    let (host, controller, model) = pageHost()
    defer { withExtendedLifetime(model) {} }
    controller.pagePicker.selectRow(3, inComponent: 0, animated: false)
    let rows = host.pickerRows(controller.pagePicker)
    let centre = rows.firstIndex { $0.isSelected }!
    #expect(rows[centre].titles == ["Date", "S"])
    #expect(rows[centre - 1].titles == ["Cherry", ""])
    #expect(rows[centre + 1].titles == ["Elderberry", "M"])
    let lines = host.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let selected = lines.firstIndex { $0.contains("Date") }!
    #expect(lines[selected].contains("["), "the selection is between the lines: \(lines[selected])")
    #expect(lines[selected].contains("S"))
    #expect(lines[..<selected].contains { $0.contains("Cherry") })
    #expect(lines[(selected + 1)...].contains { $0.contains("Elderberry") })
  }

  // MARK: As an input view

  @Test func aPickerInputViewIsDrawnInTheKeyboardsPlaceAndTakesClicks() {
    let (host, controller, _) = pageHost()
    let model = RecordingPickerModel([fruits])
    controller.inputPicker.dataSource = model
    controller.inputPicker.delegate = model
    host.tap(controller.pickerField)
    #expect(host.keyboardFrame == CGRect(x: 0, y: 844 - 216, width: 390, height: 216))
    #expect(host.softwareKeyboardRows.isEmpty)
    #expect(controller.inputPicker.frame == CGRect(x: 0, y: 628, width: 390, height: 216))
    let screen = host.screen()
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    let apple = lines.firstIndex { $0.contains("Apple") }!
    #expect(apple * 16 >= 628, "the wheel is where the keyboard would be")
    // A click on the row below the centre turns the wheel there.
    host.tap(controller.inputPicker, at: CGPoint(x: 195, y: 108 + 32))
    host.settle()
    #expect(controller.inputPicker.selectedRow(inComponent: 0) == 1)
    #expect(model.calls.last == "didSelect 1 0")
    #expect(controller.pickerField.isFirstResponder, "the field stays first responder")
  }

  @Test func notificationsTreatAnInputViewAsTheKeyboard() {
    let (host, controller, _) = pageHost()
    /// The will-notifications' frames and durations, from the timeline.
    func willFrames() -> [(name: String, begin: CGRect, end: CGRect, duration: Double)] {
      host.timeline.entries(ofKind: .notification).compactMap { entry in
        guard entry.name.hasPrefix("UIKeyboardWill"), let info = entry.notification?.userInfo else { return nil }
        return (
          entry.name, (info[UIResponder.keyboardFrameBeginUserInfoKey] as! NSValue).cgRectValue,
          (info[UIResponder.keyboardFrameEndUserInfoKey] as! NSValue).cgRectValue,
          (info[UIResponder.keyboardAnimationDurationUserInfoKey] as! NSNumber).doubleValue
        )
      }
    }
    let keyboard = TextFieldSequenceTests.self
    host.tap(controller.pickerField)
    #expect(host.timeline.names.suffix(2) == keyboard.keyboardShow[...])
    let picker = CGRect(x: 0, y: 628, width: 390, height: 216)
    let shown = willFrames()
    #expect(shown.last?.end == picker)
    #expect(shown.last?.begin == CGRect(x: 0, y: 844, width: 390, height: 216), "it rises from below the screen")
    #expect(shown.last?.duration == 0.25)
    host.clearTimeline()
    host.settle()
    #expect(host.timeline.names == keyboard.keyboardDidShow)

    // To the plain field: the picker gives way to the keys, posted as a show at once.
    host.clearTimeline()
    host.tap(controller.plainField)
    #expect(host.timeline.names.filter { $0.hasPrefix("UIKeyboard") } == keyboard.keyboardShow)
    host.advance(by: 0)
    #expect(host.timeline.names.filter { $0.hasPrefix("UIKeyboard") } == keyboard.keyboardShow + keyboard.keyboardDidShow)
    let switched = willFrames()
    #expect(switched.count == 2)
    #expect(switched.first?.begin == picker)
    #expect(switched.first?.end == host.keyboardFrame)
    #expect(switched.first?.end != picker)
    #expect(switched.first?.duration == 0)
    #expect(controller.inputPicker.superview == nil, "the picker left the keyboard's place")

    // Back to the picker field, then away: a hide.
    host.tap(controller.pickerField)
    host.settle()
    host.clearTimeline()
    controller.pickerField.resignFirstResponder()
    #expect(host.timeline.names.filter { $0.hasPrefix("UIKeyboard") } == keyboard.keyboardHide)
    host.settle()
    #expect(!host.isKeyboardVisible)
  }

  @Test func reloadInputViewsSwapsTheInputViewWhileFirstResponder() {
    let (host, controller, _) = pageHost()
    let field = controller.plainField
    host.tap(field)
    host.settle()
    let keys = host.keyboardFrame!
    host.clearTimeline()
    let picker = UIPickerView()
    let model = RecordingPickerModel([fruits])
    picker.dataSource = model
    picker.delegate = model
    field.inputView = picker
    #expect(host.keyboardFrame == keys, "nothing changes before reloadInputViews")
    field.reloadInputViews()
    #expect(host.timeline.names == TextFieldSequenceTests.keyboardShow)
    #expect(host.keyboardFrame?.height == 216)
    #expect(picker.window != nil)
    #expect(host.pickerRows(picker).first { $0.isSelected }?.titles == ["Apple"])
    host.settle()
    // Another picker of the same height: still a new keyboard to observers.
    host.clearTimeline()
    let other = UIPickerView()
    field.inputView = other
    field.reloadInputViews()
    #expect(host.timeline.names == TextFieldSequenceTests.keyboardShow)
    #expect(picker.superview == nil)
    // Reloading the same views posts nothing.
    host.settle()
    host.clearTimeline()
    field.reloadInputViews()
    #expect(host.timeline.names.isEmpty)
    // Back to the keys.
    field.inputView = nil
    field.reloadInputViews()
    #expect(host.keyboardFrame == keys)
    #expect(!host.softwareKeyboardRows.isEmpty)
    // Not first responder: nothing happens.
    field.resignFirstResponder()
    host.settle()
    host.clearTimeline()
    field.inputView = picker
    field.reloadInputViews()
    #expect(host.timeline.names.isEmpty)
    #expect(!host.isKeyboardVisible)
  }

  @Test func arrowsTurnThePickerOnlyWhenTheFirstResponderDoesNotUseThem() {
    let controller = UIViewController()
    let row = PickerResponderView(frame: CGRect(x: 0, y: 100, width: 200, height: 40))
    let field = UITextField(frame: CGRect(x: 0, y: 200, width: 200, height: 34))
    let fieldPicker = UIPickerView()
    field.inputView = fieldPicker
    field.text = "abc"
    controller.view.addSubview(row)
    controller.view.addSubview(field)
    let model = RecordingPickerModel([fruits, sizes])
    for picker in [row.picker, fieldPicker] {
      picker.dataSource = model
      picker.delegate = model
    }
    let host = HeadlessHost(rootViewController: controller)
    #expect(row.becomeFirstResponder())
    #expect(host.keyboardFrame?.height == 216)
    #expect(host.press(.down))
    #expect(host.press(.down))
    #expect(host.press(.right))
    #expect(host.press(.down))
    #expect(!host.press(.right), "no component to the right")
    #expect(host.press(.left))
    #expect(host.press(.up))
    host.settle()
    #expect(row.picker.selectedRow(inComponent: 0) == 1)
    #expect(row.picker.selectedRow(inComponent: 1) == 1)

    // A text field keeps its arrows for the caret, as on iOS.
    host.tap(field)
    field.selectedTextRange = field.textRange(from: field.endOfDocument, to: field.endOfDocument)
    host.press(.left)
    host.press(.down)
    host.settle()
    #expect(fieldPicker.selectedRow(inComponent: 0) == 0)
    #expect(field.offset(from: field.beginningOfDocument, to: field.selectedTextRange!.start) == 3)
  }

  @Test func typingStillReachesAFieldWhoseInputViewIsAPicker() {
    let (host, controller, _) = pageHost()
    host.tap(controller.pickerField)
    host.type("Kiwi")
    #expect(controller.pickerField.text == "Kiwi")
    #expect(host.keyboardFrame?.height == 216)
  }
}
