import Foundation
import TextEditing

/// The inline style of a date picker: a month's calendar (a header with the month and the
/// arrows to the previous and next month, the weekdays, six weeks of days), and, in date and
/// time mode, the time below it. A click on a day picks it (keeping the time of day); days
/// outside the minimum and maximum dates are grey and cannot be picked.
@MainActor
struct _InlineCalendar {
  let picker: UIDatePicker

  static let headerHeight: CGFloat = 44
  static let weekdayHeight: CGFloat = 24
  static let weekHeight: CGFloat = 40
  static let timeHeight: CGFloat = 44

  static func height(showsTime: Bool) -> CGFloat {
    headerHeight + weekdayHeight + 6 * weekHeight + (showsTime ? timeHeight : 0)
  }

  private var calendar: Calendar { picker._workingCalendar }

  /// The first day of the month shown.
  private var monthStart: Date {
    let calendar = self.calendar
    let parts = picker._shownMonth ?? calendar.dateComponents([.era, .year, .month], from: picker.date)
    return calendar.date(from: parts) ?? picker.date
  }

  /// The 42 days of the grid: the weeks that hold the month, from the locale's first weekday.
  private var gridDays: [Date] {
    let calendar = self.calendar
    let start = monthStart
    let weekday = calendar.component(.weekday, from: start)
    let lead = (weekday - calendar.firstWeekday + 7) % 7
    return (0..<42).compactMap { calendar.date(byAdding: .day, value: $0 - lead, to: start) }
  }

  private func isPickable(_ day: Date) -> Bool {
    let calendar = self.calendar
    let limits = picker._limits
    if let min = limits.min, day < calendar.startOfDay(for: min) { return false }
    if let max = limits.max, day > max { return false }
    return true
  }

  func draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    let calendar = self.calendar
    let font = UIFont.systemFont(ofSize: 17)
    func text(_ string: String, _ frame: CGRect, _ color: UIColor, _ alignment: NSTextAlignment = .center) {
      let run = TextRun(string: string, font: font, color: color, alignment: alignment)
      list.append(DisplayItem(frame: frame, clip: clip, content: .text(run), alpha: alpha))
    }
    let formatter = DateFormatter()
    formatter.locale = picker._locale
    formatter.calendar = calendar
    formatter.timeZone = calendar.timeZone
    formatter.setLocalizedDateFormatFromTemplate("yMMMM")
    let header = CGRect(x: rect.minX, y: rect.minY, width: rect.width, height: Self.headerHeight)
    text(formatter.string(from: monthStart), header.insetBy(dx: 12, dy: 0), .black, .left)
    let tint: UIColor = picker.tintColor ?? .systemBlue
    text("<", CGRect(x: header.maxX - 88, y: header.minY, width: 44, height: header.height), tint)
    text(">", CGRect(x: header.maxX - 44, y: header.minY, width: 44, height: header.height), tint)

    let column = rect.width / 7
    let symbols = calendar.veryShortStandaloneWeekdaySymbols
    for index in 0..<7 where !symbols.isEmpty {
      let symbol = symbols[(calendar.firstWeekday - 1 + index) % symbols.count]
      text(symbol, CGRect(x: rect.minX + CGFloat(index) * column, y: header.maxY, width: column, height: Self.weekdayHeight), .gray)
    }
    let month = calendar.component(.month, from: monthStart)
    let gridTop = header.maxY + Self.weekdayHeight
    for (index, day) in gridDays.enumerated() {
      let frame = CGRect(
        x: rect.minX + CGFloat(index % 7) * column, y: gridTop + CGFloat(index / 7) * Self.weekHeight,
        width: column, height: Self.weekHeight)
      guard calendar.component(.month, from: day) == month else { continue }
      let selected = calendar.isDate(day, inSameDayAs: picker.date)
      if selected {
        list.append(DisplayItem(frame: frame, clip: clip, content: .border(.roundedRect, tint), alpha: alpha))
      }
      let color: UIColor = !isPickable(day) ? .gray : selected ? tint : .black
      text("\(calendar.component(.day, from: day))", frame, color)
    }
    if picker.datePickerMode == .dateAndTime {
      let row = CGRect(x: rect.minX, y: gridTop + 6 * Self.weekHeight, width: rect.width, height: Self.timeHeight)
      let time = DateFormatter()
      time.locale = picker._locale
      time.calendar = calendar
      time.timeZone = calendar.timeZone
      time.dateStyle = .none
      time.timeStyle = .short
      text("Time", row.insetBy(dx: 12, dy: 0), .black, .left)
      text(time.string(from: picker.date), row.insetBy(dx: 12, dy: 0), tint, .right)
    }
  }

  /// A click at `point` (the picker's coordinates): an arrow changes the month shown; a day
  /// picks it.
  func tap(at point: CGPoint) {
    let calendar = self.calendar
    let width = picker.bounds.width
    if point.y < Self.headerHeight {
      let step = point.x >= width - 44 ? 1 : point.x >= width - 88 ? -1 : 0
      guard step != 0, let next = calendar.date(byAdding: .month, value: step, to: monthStart) else { return }
      picker._shownMonth = calendar.dateComponents([.era, .year, .month], from: next)
      return
    }
    let gridTop = Self.headerHeight + Self.weekdayHeight
    guard point.y >= gridTop, point.y < gridTop + 6 * Self.weekHeight, width > 0 else { return }
    let index = Int(bounded: (point.y - gridTop) / Self.weekHeight) * 7 + min(6, Int(bounded: point.x / (width / 7)))
    let days = gridDays
    guard days.indices.contains(index) else { return }
    let day = days[index]
    guard calendar.component(.month, from: day) == calendar.component(.month, from: monthStart), isPickable(day) else {
      return
    }
    // The time of day stays; the day changes.
    let time = calendar.dateComponents([.hour, .minute, .second], from: picker.date)
    var parts = calendar.dateComponents([.era, .year, .month, .day], from: day)
    parts.hour = time.hour
    parts.minute = time.minute
    parts.second = time.second
    picker._userPicked(date: calendar.date(from: parts), duration: nil)
  }
}
