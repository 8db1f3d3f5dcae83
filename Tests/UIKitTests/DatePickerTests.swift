import Foundation
import Testing
import UIKit
import UIKitTesting

/// Counts a date picker's actions.
@MainActor
private final class DateTarget: NSObject {
  var values: [Date] = []
  func changed(_ sender: UIDatePicker) { values.append(sender.date) }
}

/// A field whose input view is a date picker (wheels), and a plain field.
@MainActor
private final class DateFormController: UIViewController {
  let dateField = UITextField(frame: CGRect(x: 20, y: 60, width: 300, height: 34))
  let plainField = UITextField(frame: CGRect(x: 20, y: 110, width: 300, height: 34))
  let picker = UIDatePicker()

  override func viewDidLoad() {
    super.viewDidLoad()
    picker.datePickerMode = .date
    picker.preferredDatePickerStyle = .wheels
    picker.timeZone = TimeZone(identifier: "UTC")
    dateField.inputView = picker
    view.addSubview(dateField)
    view.addSubview(plainField)
  }
}

@MainActor @Suite struct DatePickerTests {
  private let utc = TimeZone(identifier: "UTC")!

  /// 2026-03-14 09:26:00 UTC.
  private var pi: Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = utc
    return calendar.date(from: DateComponents(year: 2026, month: 3, day: 14, hour: 9, minute: 26))!
  }

  private func picker(_ mode: UIDatePicker.Mode, locale: String = "en_US") -> UIDatePicker {
    let picker = UIDatePicker()
    picker.datePickerMode = mode
    picker.preferredDatePickerStyle = .wheels
    picker.locale = Locale(identifier: locale)
    picker.timeZone = utc
    picker.calendar = Calendar(identifier: .gregorian)
    return picker
  }

  private func centre(_ host: HeadlessHost, _ picker: UIDatePicker) -> [String] {
    host.pickerRows(picker).first { $0.isSelected }?.titles ?? []
  }

  // MARK: Properties

  @Test func defaultsAndStylesFollowIOS() {
    let picker = UIDatePicker()
    #expect(picker.datePickerMode == .dateAndTime)
    #expect(picker.preferredDatePickerStyle == .automatic)
    #expect(picker.datePickerStyle == .compact)
    #expect(picker.minuteInterval == 1)
    #expect(picker.countDownDuration == 0)
    #expect(picker.roundsToMinuteInterval)
    #expect(abs(picker.date.timeIntervalSinceNow) < 60)
    picker.datePickerMode = .countDownTimer
    #expect(picker.datePickerStyle == .wheels, "a countdown timer only has wheels")
    picker.datePickerMode = .date
    picker.preferredDatePickerStyle = .inline
    #expect(picker.datePickerStyle == .inline)
    picker.preferredDatePickerStyle = .wheels
    #expect(picker.frame.size == CGSize(width: 320, height: 216))
    #expect(UIDatePicker.Mode.yearAndMonth.rawValue == 4)
    #expect(UIDatePickerStyle.inline.rawValue == 3)
  }

  @Test func datesAreClampedToTheLimitsUnlessTheLimitsCross() {
    let picker = picker(.dateAndTime)
    picker.minimumDate = pi
    picker.maximumDate = pi.addingTimeInterval(86_400)
    picker.date = pi.addingTimeInterval(-100)
    #expect(picker.date == pi)
    picker.setDate(pi.addingTimeInterval(10 * 86_400), animated: true)
    #expect(picker.date == pi.addingTimeInterval(86_400))
    picker.minimumDate = pi.addingTimeInterval(2 * 86_400)
    picker.date = pi.addingTimeInterval(1000 * 86_400)
    #expect(picker.date == pi.addingTimeInterval(1000 * 86_400), "a minimum after the maximum: both ignored")
    picker.minimumDate = nil
    #expect(picker.date == pi.addingTimeInterval(86_400), "a new limit clamps the date")
  }

  @Test func minuteIntervalRoundsAndCountdownIsBounded() {
    let picker = picker(.time)
    picker.minuteInterval = 7
    #expect(picker.minuteInterval == 1, "7 does not divide 60")
    picker.minuteInterval = 45
    #expect(picker.minuteInterval == 1)
    picker.minuteInterval = 15
    picker.date = pi
    #expect(picker.date == pi.addingTimeInterval(4 * 60), "09:26 rounds to 09:30")
    picker.roundsToMinuteInterval = false
    picker.date = pi
    #expect(picker.date == pi)

    let timer = self.picker(.countDownTimer)
    timer.countDownDuration = 100_000
    #expect(timer.countDownDuration == 86_340)
    timer.countDownDuration = 3_725
    #expect(timer.countDownDuration == 3_720, "whole minutes")
  }

  // MARK: Wheels

  @Test func wheelsFollowTheLocalesOrderAndNames() {
    let controller = UIViewController()
    let us = picker(.date)
    let german = picker(.date, locale: "de_DE")
    let time = picker(.time)
    let time24 = picker(.time, locale: "de_DE")
    for (index, p) in [us, german, time, time24].enumerated() {
      p.frame = CGRect(x: 0, y: CGFloat(index) * 216, width: 390, height: 216)
      p.date = pi
      controller.view.addSubview(p)
    }
    let host = HeadlessHost(rootViewController: controller)
    #expect(centre(host, us) == ["March", "14", "2026"])
    #expect(centre(host, german) == ["14", "März", "2026"])
    #expect(centre(host, time) == ["9", "26", "AM"])
    #expect(centre(host, time24) == ["09", "26"])
    let rows = host.pickerRows(us)
    let middle = rows.firstIndex { $0.isSelected }!
    #expect(rows[middle - 1].titles == ["February", "13", "2025"])
    #expect(rows[middle + 1].titles == ["April", "15", "2027"])

    let both = picker(.dateAndTime)
    both.frame = CGRect(x: 0, y: 0, width: 390, height: 216)
    both.date = pi
    controller.view.addSubview(both)
    #expect(centre(host, both) == ["Sat, Mar 14", "9", "26", "AM"])
  }

  @Test func withoutALocaleThePickerFollowsTheHostsLocale() {
    let controller = UIViewController()
    let picker = UIDatePicker(frame: CGRect(x: 0, y: 100, width: 390, height: 216))
    picker.datePickerMode = .date
    picker.preferredDatePickerStyle = .wheels
    picker.timeZone = utc
    picker.calendar = Calendar(identifier: .gregorian)
    picker.date = pi
    controller.view.addSubview(picker)
    let host = HeadlessHost(rootViewController: controller, locale: Locale(identifier: "de_DE"))
    #expect(centre(host, picker) == ["14", "März", "2026"])
  }

  @Test func valueChangedComesFromTheUserOnlyOnceTheWheelStops() {
    let controller = UIViewController()
    let picker = picker(.date)
    picker.frame = CGRect(x: 0, y: 100, width: 390, height: 216)
    picker.date = pi
    let target = DateTarget()
    picker.addTarget(target, action: DateTarget.changed, for: .valueChanged)
    controller.view.addSubview(picker)
    let host = HeadlessHost(rootViewController: controller)
    host.name(picker, "date")
    picker.date = pi.addingTimeInterval(86_400)
    picker.setDate(pi, animated: true)
    #expect(target.values.isEmpty, "setting the date in code sends nothing")

    host.spinPicker(picker, component: 1, rows: 3)
    #expect(target.values.isEmpty)
    host.settle()
    #expect(target.values == [pi.addingTimeInterval(3 * 86_400)])
    #expect(host.timeline.lines.contains("date: .valueChanged"))

    // 31 in February: the day turns back to the month's last day.
    picker.date = pi.addingTimeInterval(17 * 86_400)  // March 31
    host.spinPicker(picker, component: 0, rows: -1)
    host.settle()
    #expect(centre(host, picker) == ["February", "28", "2026"])
    #expect(picker.date == pi.addingTimeInterval(-14 * 86_400))
  }

  /// A user flicks the year and, while it still turns, the month: the year stopping first must
  /// not turn the month back (found by the person form: 10/22/23 came out as 11/22/23).
  @Test func aWheelTurnedWhileAnotherStillTurnsKeepsItsTurn() {
    let controller = UIViewController()
    let picker = picker(.date)
    picker.frame = CGRect(x: 0, y: 100, width: 390, height: 216)
    picker.date = pi
    let target = DateTarget()
    picker.addTarget(target, action: DateTarget.changed, for: .valueChanged)
    controller.view.addSubview(picker)
    let host = HeadlessHost(rootViewController: controller)
    host.spinPicker(picker, component: 2, rows: -3)
    host.spinPicker(picker, component: 0, rows: -1)
    #expect(centre(host, picker) == ["February", "14", "2023"])
    host.settle()
    #expect(centre(host, picker) == ["February", "14", "2023"])
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = utc
    #expect(picker.date == calendar.date(from: DateComponents(year: 2023, month: 2, day: 14, hour: 9, minute: 26)))
    #expect(target.values.last == picker.date)
  }

  @Test func theWheelsBounceBackToTheLimits() {
    let controller = UIViewController()
    let picker = picker(.date)
    picker.frame = CGRect(x: 0, y: 100, width: 390, height: 216)
    picker.date = pi
    picker.maximumDate = pi.addingTimeInterval(2 * 86_400)
    let target = DateTarget()
    picker.addTarget(target, action: DateTarget.changed, for: .valueChanged)
    controller.view.addSubview(picker)
    let host = HeadlessHost(rootViewController: controller)
    host.spinPicker(picker, component: 1, rows: 5)
    host.settle()
    #expect(picker.date == pi.addingTimeInterval(2 * 86_400))
    #expect(centre(host, picker) == ["March", "16", "2026"])
    #expect(target.values.count == 1)
    // Already at the maximum: turning further changes nothing and sends nothing.
    host.spinPicker(picker, component: 1, rows: 1)
    host.settle()
    #expect(target.values.count == 1)
  }

  @Test func countdownWheelsSetTheDuration() {
    let controller = UIViewController()
    let timer = picker(.countDownTimer)
    timer.frame = CGRect(x: 0, y: 100, width: 390, height: 216)
    timer.minuteInterval = 5
    timer.countDownDuration = 90 * 60
    controller.view.addSubview(timer)
    let host = HeadlessHost(rootViewController: controller)
    #expect(centre(host, timer) == ["1 hour", "30 min"])
    let target = DateTarget()
    timer.addTarget(target, action: DateTarget.changed, for: .valueChanged)
    host.spinPicker(timer, component: 1, rows: 2)
    host.settle()
    #expect(timer.countDownDuration == 100 * 60)
    #expect(target.values.count == 1)
  }

  // MARK: Compact and inline

  @Test func compactShowsTheDateAsAButton() {
    let controller = UIViewController()
    let picker = UIDatePicker()
    picker.locale = Locale(identifier: "en_US")
    picker.timeZone = utc
    picker.datePickerMode = .date
    picker.date = pi
    picker.frame.origin = CGPoint(x: 16, y: 100)
    controller.view.addSubview(picker)
    let host = HeadlessHost(rootViewController: controller)
    #expect(picker.datePickerStyle == .compact)
    #expect(host.screen().contains("Mar 14, 2026"))
    #expect(host.pickerRows(picker).isEmpty, "no wheels")
  }

  @Test func inlineShowsTheMonthAndAClickPicksADay() {
    let controller = UIViewController()
    let picker = UIDatePicker(frame: CGRect(x: 0, y: 100, width: 336, height: 308))
    picker.locale = Locale(identifier: "en_US")
    picker.timeZone = utc
    picker.calendar = Calendar(identifier: .gregorian)
    picker.datePickerMode = .date
    picker.preferredDatePickerStyle = .inline
    picker.date = pi
    let target = DateTarget()
    picker.addTarget(target, action: DateTarget.changed, for: .valueChanged)
    controller.view.addSubview(picker)
    let host = HeadlessHost(rootViewController: controller)
    let screen = host.screen()
    #expect(screen.contains("March 2026"))
    #expect(screen.contains("[14]") || screen.contains("[ 14 ]") || screen.contains("14"))
    // March 2026 starts on a Sunday: the 18th is in the third week, fourth column.
    let column = picker.bounds.width / 7
    host.tap(picker, at: CGPoint(x: column * 3.5, y: 44 + 24 + 2 * 40 + 20))
    #expect(target.values == [pi.addingTimeInterval(4 * 86_400)])
    // The next month's arrow shows April; the date stays.
    host.tap(picker, at: CGPoint(x: picker.bounds.width - 22, y: 22))
    #expect(host.screen().contains("April 2026"))
    #expect(target.values.count == 1)
  }

  // MARK: As an input view

  @Test func aDatePickerInputViewShowsWheelsAndPostsKeyboardNotifications() {
    let controller = DateFormController()
    let host = HeadlessHost(rootViewController: controller)
    controller.picker.locale = Locale(identifier: "en_US")
    controller.picker.date = pi
    host.name(controller.dateField, "date")
    host.name(controller.plainField, "plain")
    host.tap(controller.dateField)
    let notes = host.timeline.names.filter { $0.hasPrefix("UIKeyboard") }
    #expect(notes == TextFieldSequenceTests.keyboardShow)
    #expect(host.keyboardFrame == CGRect(x: 0, y: 628, width: 390, height: 216))
    let screen = host.screen().split(separator: "\n", omittingEmptySubsequences: false)
    let line = screen.firstIndex { $0.contains("March") && $0.contains("2026") }
    #expect(line.map { $0 * 16 >= 628 } == true, "the wheels are in the keyboard's place")
    host.settle()
    host.clearTimeline()
    host.tap(controller.plainField)
    host.settle()
    #expect(host.timeline.names.filter { $0.hasPrefix("UIKeyboard") }
      == TextFieldSequenceTests.keyboardShow + TextFieldSequenceTests.keyboardDidShow)
    #expect(!host.softwareKeyboardRows.isEmpty)
    #expect(controller.picker.window == nil)
  }
}
