import Foundation

/// The data source and delegate of a date picker's wheels: which wheels its mode and locale
/// have, in the locale's order, their titles, and the date the selected rows make.
@MainActor
final class _DatePickerWheels: NSObject, UIPickerViewDataSource, UIPickerViewDelegate {
  enum Column: Equatable {
    case month, day, year
    case hour12, hour24(padded: Bool), minute, meridiem
    /// A day of a range starting at `dayBase` (date and time mode).
    case dayOfRange
    case countdownHours, countdownMinutes
  }

  private unowned let owner: UIDatePicker
  private(set) var columns: [Column] = []
  /// The first day of the date-and-time day wheel, and its number of days.
  private var dayBase = Date()
  private var dayCount = 0
  /// Years on the year wheel: rows are years from 1.
  static let yearCount = 9999
  /// Days either side of the date on the date-and-time day wheel when no limits bound it.
  static let dayReach = 3650

  init(owner: UIDatePicker) {
    self.owner = owner
  }

  /// Works the wheels out again from the picker's mode, locale and limits.
  func reload() {
    let locale = owner._locale
    switch owner.datePickerMode {
    case .date:
      columns = Self.ordered([.month, .day, .year], template: "yMMMMd", locale: locale)
    case .yearAndMonth:
      columns = Self.ordered([.month, .year], template: "yMMMM", locale: locale)
    case .time:
      columns = Self.timeColumns(locale: locale)
    case .dateAndTime:
      columns = [.dayOfRange] + Self.timeColumns(locale: locale)
      rebaseDays()
    case .countDownTimer:
      columns = [.countdownHours, .countdownMinutes]
    }
  }

  /// The day wheel runs between the limits, or ``dayReach`` days either side of the date.
  private func rebaseDays() {
    let calendar = owner._workingCalendar
    let limits = owner._limits
    let today = calendar.startOfDay(for: owner.date)
    let first = limits.min.map { calendar.startOfDay(for: $0) }
      ?? calendar.date(byAdding: .day, value: -Self.dayReach, to: today)!
    let last = limits.max.map { calendar.startOfDay(for: $0) }
      ?? calendar.date(byAdding: .day, value: Self.dayReach, to: today)!
    dayBase = first
    dayCount = max(1, (calendar.dateComponents([.day], from: first, to: last).day ?? 0) + 1)
  }

  /// `parts` in the order the locale writes them in `template`'s pattern.
  private static func ordered(_ parts: [Column], template: String, locale: Locale) -> [Column] {
    let pattern = DateFormatter.dateFormat(fromTemplate: template, options: 0, locale: locale) ?? template
    func position(_ column: Column) -> Int {
      let letters: Set<Character> =
        switch column {
        case .month: ["M", "L"]
        case .day: ["d"]
        default: ["y", "Y", "u"]
        }
      return pattern.firstIndex { letters.contains($0) }.map { pattern.distance(from: pattern.startIndex, to: $0) } ?? Int.max
    }
    return parts.sorted { position($0) < position($1) }
  }

  /// Hours, minutes and (for a 12-hour clock) AM/PM, where the locale puts them.
  private static func timeColumns(locale: Locale) -> [Column] {
    let pattern = DateFormatter.dateFormat(fromTemplate: "jm", options: 0, locale: locale) ?? "h:mm a"
    guard let meridiem = pattern.firstIndex(of: "a") else {
      return [.hour24(padded: pattern.contains("HH") || pattern.contains("kk")), .minute]
    }
    let hour = pattern.firstIndex { "hK".contains($0) } ?? pattern.startIndex
    return meridiem < hour ? [.meridiem, .hour12, .minute] : [.hour12, .minute, .meridiem]
  }

  // MARK: Data source and delegate

  func numberOfComponents(in pickerView: UIPickerView) -> Int { columns.count }

  func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int {
    guard columns.indices.contains(component) else { return 0 }
    switch columns[component] {
    case .month: return 12
    case .day: return 31
    case .year: return Self.yearCount
    case .hour12: return 12
    case .hour24: return 24
    case .minute: return 60 / owner.minuteInterval
    case .meridiem: return 2
    case .dayOfRange: return dayCount
    case .countdownHours: return 24
    case .countdownMinutes: return 60 / owner.minuteInterval
    }
  }

  func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat {
    // Shares of the width: names of days and months are wider than numbers.
    func weight(_ column: Column) -> CGFloat {
      switch column {
      case .month: 2.2
      case .dayOfRange: 2.6
      case .countdownHours, .countdownMinutes: 1.8
      default: 1
      }
    }
    let total = columns.map(weight).reduce(0, +)
    guard columns.indices.contains(component), total > 0 else { return 0 }
    let width = pickerView.bounds.width > 0 ? pickerView.bounds.width : UIPickerView._defaultSize.width
    return (width * weight(columns[component]) / total).rounded(.down)
  }

  func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
    guard columns.indices.contains(component) else { return nil }
    let calendar = owner._workingCalendar
    switch columns[component] {
    case .month:
      let names = calendar.standaloneMonthSymbols
      return names.indices.contains(row) ? names[row] : "\(row + 1)"
    case .day, .year: return "\(row + 1)"
    case .hour12: return "\(row + 1)"
    case .hour24(let padded): return padded ? String(format: "%02d", row) : "\(row)"
    case .minute: return String(format: "%02d", row * owner.minuteInterval)
    case .meridiem: return row == 0 ? calendar.amSymbol : calendar.pmSymbol
    case .dayOfRange:
      guard let day = calendar.date(byAdding: .day, value: row, to: dayBase) else { return nil }
      let formatter = DateFormatter()
      formatter.locale = owner._locale
      formatter.calendar = calendar
      formatter.timeZone = calendar.timeZone
      if calendar.isDateInToday(day) {
        formatter.dateStyle = .medium
        formatter.doesRelativeDateFormatting = true
      } else {
        formatter.setLocalizedDateFormatFromTemplate("EEEMMMd")
      }
      return formatter.string(from: day)
    case .countdownHours: return row == 1 ? "1 hour" : "\(row) hours"
    case .countdownMinutes: return "\(row * owner.minuteInterval) min"
    }
  }

  func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
    if owner.datePickerMode == .countDownTimer {
      let hours = pickerView.selectedRow(inComponent: 0)
      let minutes = pickerView.selectedRow(inComponent: 1) * owner.minuteInterval
      owner._userPicked(date: nil, duration: TimeInterval(hours * 3600 + minutes * 60))
      return
    }
    owner._userPicked(date: date(from: pickerView), duration: nil)
  }

  // MARK: Dates and rows

  /// The date the selected rows make: the picker's date with the wheels' parts put in (a day
  /// past the month's end becomes its last day, as iOS turns the day wheel back).
  func date(from picker: UIPickerView) -> Date? {
    let calendar = owner._workingCalendar
    var parts = calendar.dateComponents([.era, .year, .month, .day, .hour, .minute, .second], from: owner.date)
    var hour12: Int?
    var isPM = (parts.hour ?? 0) >= 12
    for (index, column) in columns.enumerated() {
      let row = picker.selectedRow(inComponent: index)
      guard row >= 0 else { continue }
      switch column {
      case .month: parts.month = row + 1
      case .day: parts.day = row + 1
      case .year: parts.year = row + 1
      case .hour12: hour12 = row + 1
      case .hour24: parts.hour = row
      case .minute: parts.minute = row * owner.minuteInterval
      case .meridiem: isPM = row == 1
      case .dayOfRange:
        guard let day = calendar.date(byAdding: .day, value: row, to: dayBase) else { continue }
        let dayParts = calendar.dateComponents([.era, .year, .month, .day], from: day)
        parts.era = dayParts.era
        parts.year = dayParts.year
        parts.month = dayParts.month
        parts.day = dayParts.day
      case .countdownHours, .countdownMinutes: break
      }
    }
    if let hour12 { parts.hour = hour12 % 12 + (isPM ? 12 : 0) }
    if columns.contains(.day), let day = parts.day {
      var first = parts
      first.day = 1
      if let start = calendar.date(from: first), let days = calendar.range(of: .day, in: .month, for: start) {
        parts.day = min(day, days.count)
      }
    }
    return calendar.date(from: parts)
  }

  /// Turns the wheels to the picker's date (or duration).
  func select(in picker: UIPickerView, animated: Bool, sparingTurning: Bool = false) {
    if columns.isEmpty { reload() }
    if owner.datePickerMode == .countDownTimer {
      let total = Int(owner.countDownDuration) / 60
      if !(sparingTurning && picker._isTurning(0)) { picker.selectRow(total / 60, inComponent: 0, animated: animated) }
      if !(sparingTurning && picker._isTurning(1)) {
        picker.selectRow(total % 60 / owner.minuteInterval, inComponent: 1, animated: animated)
      }
      return
    }
    let calendar = owner._workingCalendar
    let date = owner.date
    if columns.contains(.dayOfRange) {
      let offset = calendar.dateComponents([.day], from: dayBase, to: calendar.startOfDay(for: date)).day ?? 0
      if offset < 0 || offset >= dayCount {
        rebaseDays()
        picker.reloadAllComponents()
      }
    }
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    for (index, column) in columns.enumerated() {
      let row: Int
      switch column {
      case .month: row = (parts.month ?? 1) - 1
      case .day: row = (parts.day ?? 1) - 1
      case .year: row = min(max((parts.year ?? 1) - 1, 0), Self.yearCount - 1)
      case .hour12:
        let hour = (parts.hour ?? 0) % 12
        row = (hour == 0 ? 12 : hour) - 1
      case .hour24: row = parts.hour ?? 0
      case .minute: row = (parts.minute ?? 0) / owner.minuteInterval
      case .meridiem: row = (parts.hour ?? 0) >= 12 ? 1 : 0
      case .dayOfRange:
        row = calendar.dateComponents([.day], from: dayBase, to: calendar.startOfDay(for: date)).day ?? 0
      case .countdownHours, .countdownMinutes: continue
      }
      if sparingTurning && picker._isTurning(index) { continue }
      picker.selectRow(row, inComponent: index, animated: animated)
    }
  }
}
