import Foundation

/// A control for picking a date, a time, both, or a countdown duration. It sends
/// `.valueChanged` when the user changes the date (once the wheel has stopped, or on a click
/// in the calendar), never when code sets it.
///
/// Its wheels follow its ``locale``, ``calendar`` and ``timeZone``: the order of the month, day
/// and year wheels, month names, a 12- or 24-hour clock. Without a locale it takes the user's
/// (the host's keyboard locale; `Locale.current` does not change on Linux).
@preconcurrency @MainActor
open class UIDatePicker: UIControl {
  /// What the picker picks.
  public enum Mode: Int, Sendable {
    /// Hours and minutes (and AM/PM where the locale uses a 12-hour clock).
    case time = 0
    /// Month, day and year, in the locale's order.
    case date = 1
    /// A day (weekday, month and day; "Today"), hours and minutes.
    case dateAndTime = 2
    /// Hours and minutes of a duration (``countDownDuration``).
    case countDownTimer = 3
    /// Month and year.
    case yearAndMonth = 4
  }

  /// What the picker picks (`.dateAndTime` by default).
  open var datePickerMode: Mode = .dateAndTime {
    didSet { if oldValue != datePickerMode { _configurationChanged() } }
  }

  /// The style asked for (`.automatic` by default); ``datePickerStyle`` is the one shown.
  open var preferredDatePickerStyle: UIDatePickerStyle = .automatic {
    didSet { if oldValue != preferredDatePickerStyle { _configurationChanged() } }
  }

  /// The style shown: the preferred one where the mode has it (a countdown timer and years and
  /// months only have wheels; `.automatic` is compact for dates and times, as on iOS 14).
  open var datePickerStyle: UIDatePickerStyle {
    switch datePickerMode {
    case .countDownTimer, .yearAndMonth: return .wheels
    case .time:
      // A time has no calendar: inline shows the time as compact does.
      return preferredDatePickerStyle == .wheels ? .wheels : .compact
    case .date, .dateAndTime:
      return preferredDatePickerStyle == .automatic ? .compact : preferredDatePickerStyle
    }
  }

  /// The locale of the wheels' names and order (nil: the user's).
  open var locale: Locale? {
    didSet { _configurationChanged() }
  }

  /// The calendar the date is picked in (setting nil returns to the current calendar).
  open var calendar: Calendar! {
    get { _calendar }
    set {
      _calendar = newValue ?? Calendar.current
      _configurationChanged()
    }
  }
  private var _calendar = Calendar.current

  /// The time zone the date is shown in (nil: the calendar's).
  open var timeZone: TimeZone? {
    didSet { _configurationChanged() }
  }

  /// The date shown (the current date when the picker was created). Setting it clamps it to
  /// ``minimumDate`` … ``maximumDate`` and rounds it to ``minuteInterval``; no action is sent.
  open var date: Date {
    get { _date }
    set { setDate(newValue, animated: false) }
  }
  private var _date = Date()

  /// The earliest date the user can pick (nil: none). Ignored when later than ``maximumDate``.
  open var minimumDate: Date? {
    didSet { _clampAfterLimitChange() }
  }

  /// The latest date the user can pick (nil: none). Ignored when earlier than ``minimumDate``.
  open var maximumDate: Date? {
    didSet { _clampAfterLimitChange() }
  }

  /// The step of the minutes wheel, 1 to 30 and dividing 60 (other values leave it at 1).
  open var minuteInterval: Int {
    get { _minuteInterval }
    set {
      _minuteInterval = (1...30).contains(newValue) && 60 % newValue == 0 ? newValue : 1
      _configurationChanged()
    }
  }
  private var _minuteInterval = 1

  /// Whether the date rounds to ``minuteInterval`` (true by default).
  open var roundsToMinuteInterval = true {
    didSet { _configurationChanged() }
  }

  /// The duration of a countdown timer, in seconds: 0 by default, at most 23:59 (86,340 s),
  /// whole minutes of ``minuteInterval``.
  open var countDownDuration: TimeInterval {
    get { _countDownDuration }
    set {
      let minutes = Int(max(0, min(newValue, 86_340)) / 60)
      _countDownDuration = TimeInterval(minutes - minutes % _minuteInterval) * 60
      _syncWheels(animated: false)
    }
  }
  private var _countDownDuration: TimeInterval = 0

  /// The wheels (shown for the `.wheels` style).
  private lazy var _wheels: UIPickerView = {
    let picker = UIPickerView(frame: bounds)
    picker.dataSource = _source
    picker.delegate = _source
    return picker
  }()
  private lazy var _source = _DatePickerWheels(owner: self)
  /// The month the inline calendar shows (its first day, in the picker's calendar).
  var _shownMonth: DateComponents?

  public override init(frame: CGRect) {
    super.init(frame: frame)
    _date = _normalized(_date)
    _configurationChanged()
  }

  /// A date picker of its intrinsic size, which follows its style and mode while the picker
  /// keeps it (so that `UIDatePicker()` made `.wheels` has a wheel's height as an input view).
  public convenience init() {
    self.init(frame: .zero)
    _naturalSize = .zero
    _fitNaturalSize()
  }

  /// The natural size last given to a picker created without a frame (nil: it keeps the size it
  /// was given).
  private var _naturalSize: CGSize?

  /// A picker still at its former natural size takes the new one.
  private func _fitNaturalSize() {
    guard let natural = _naturalSize, frame.size == natural else { return }
    let size = intrinsicContentSize
    let fitted = CGSize(width: max(0, size.width), height: max(0, size.height))
    _naturalSize = fitted
    frame.size = fitted
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    _configurationChanged()
  }

  /// Sets the date (clamped and rounded as ``date`` is) without sending an action.
  open func setDate(_ date: Date, animated: Bool) {
    _date = _normalized(date)
    _syncWheels(animated: animated)
  }

  // MARK: Resolved settings

  /// The locale shown: the picker's, else the user's.
  var _locale: Locale { locale ?? UIApplication.shared.keyWindow?.keyboard.locale ?? .current }

  /// The calendar with the picker's time zone and locale, for computing and naming dates.
  var _workingCalendar: Calendar {
    var calendar = _calendar
    if let timeZone { calendar.timeZone = timeZone }
    calendar.locale = _locale
    return calendar
  }

  /// The limits in force (none when the minimum is later than the maximum, as iOS ignores
  /// them then).
  var _limits: (min: Date?, max: Date?) {
    if let min = minimumDate, let max = maximumDate, min > max { return (nil, nil) }
    return (minimumDate, maximumDate)
  }

  /// `date` within the limits and on the minute interval.
  func _normalized(_ date: Date) -> Date {
    var result = date
    if roundsToMinuteInterval, _minuteInterval > 1, datePickerMode != .countDownTimer {
      let step = TimeInterval(_minuteInterval * 60)
      let offset = TimeInterval(_workingCalendar.timeZone.secondsFromGMT(for: result))
      result = Date(timeIntervalSince1970: ((result.timeIntervalSince1970 + offset) / step).rounded() * step - offset)
    }
    let limits = _limits
    if let min = limits.min, result < min { result = min }
    if let max = limits.max, result > max { result = max }
    return result
  }

  private func _clampAfterLimitChange() {
    let clamped = _normalized(_date)
    if clamped != _date { _date = clamped }
    // The date-and-time day wheel runs between the limits.
    _source.reload()
    if _wheels.superview === self { _wheels.reloadAllComponents() }
    _syncWheels(animated: false)
  }

  /// The locale the wheels were worked out for.
  private var _configuredLocale: String?

  open override func didMoveToWindow() {
    super.didMoveToWindow()
    // Without a locale of its own the picker follows the user's, known once it is on screen.
    if window != nil, _locale.identifier != _configuredLocale { _configurationChanged() }
  }

  private func _configurationChanged() {
    _configuredLocale = _locale.identifier
    _date = _normalized(_date)
    _shownMonth = nil
    if datePickerStyle == .wheels {
      if _wheels.superview !== self { addSubview(_wheels) }
      _source.reload()
      _wheels.reloadAllComponents()
      _syncWheels(animated: false)
    } else if _wheels.superview === self {
      _wheels.removeFromSuperview()
    }
    invalidateIntrinsicContentSize()
    _fitNaturalSize()
    setNeedsLayout()
  }

  /// The wheels turn to the date (or duration).
  /// Turns the wheels to the date. After the user's pick, a wheel the user is still turning is
  /// left alone (`sparingTurning`): it reports its own row when it stops, and turning it back to
  /// the old value would lose the user's second turn (year, then month, quickly).
  private func _syncWheels(animated: Bool, sparingTurning: Bool = false) {
    guard _wheels.superview === self else { return }
    _source.select(in: _wheels, animated: animated, sparingTurning: sparingTurning)
  }

  /// The wheels, when the picker shows them (the keyboard turns them with the arrows).
  package var _wheelsIfShown: UIPickerView? { _wheels.superview === self ? _wheels : nil }

  /// The user turned a wheel to a new date (or duration): it is clamped as iOS bounces the
  /// wheels back, and the action is sent if the value changed.
  func _userPicked(date newDate: Date?, duration: TimeInterval?) {
    if let duration {
      let old = _countDownDuration
      // A countdown cannot be zero: iOS turns the wheel on to the first step.
      _countDownDuration = duration > 0 ? duration : TimeInterval(_minuteInterval * 60)
      _syncWheels(animated: true, sparingTurning: true)
      if _countDownDuration != old { sendActions(for: .valueChanged) }
      return
    }
    guard let newDate else { return }
    let old = _date
    _date = _normalized(newDate)
    _syncWheels(animated: true, sparingTurning: true)
    if _date != old { sendActions(for: .valueChanged) }
  }

  // MARK: Layout

  open override var intrinsicContentSize: CGSize {
    switch datePickerStyle {
    case .wheels, .automatic: return UIPickerView._defaultSize
    case .compact:
      let text = _compactText
      let measured = (window?.textMeasurer ?? ProportionalTextMeasurer()).size(of: text, font: UIFont.systemFont(ofSize: 17))
      return CGSize(width: (measured.width + 2 * 12).rounded(.up), height: 34)
    case .inline:
      return CGSize(width: 320, height: _InlineCalendar.height(showsTime: datePickerMode == .dateAndTime))
    }
  }

  open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

  open override func layoutSubviews() {
    super.layoutSubviews()
    if _wheels.superview === self { _wheels.frame = bounds }
  }

  // MARK: Compact and inline

  /// What the compact style shows: the date, the time, or both, in the locale's short forms.
  var _compactText: String {
    let formatter = DateFormatter()
    formatter.locale = _locale
    formatter.calendar = _workingCalendar
    formatter.timeZone = _workingCalendar.timeZone
    switch datePickerMode {
    case .time:
      formatter.dateStyle = .none
      formatter.timeStyle = .short
    case .date:
      formatter.dateStyle = .medium
      formatter.timeStyle = .none
    case .dateAndTime:
      formatter.dateStyle = .medium
      formatter.timeStyle = .short
    case .countDownTimer, .yearAndMonth:
      formatter.setLocalizedDateFormatFromTemplate("yMMMM")
    }
    return formatter.string(from: _date)
  }

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    switch datePickerStyle {
    case .compact:
      // A grey capsule around the date, as iOS's compact button.
      let rounding = DisplayItem.CornerRounding(radius: 6, corners: [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
      list.append(DisplayItem(frame: rect, clip: clip, content: .roundedFill(UIColor(white: 0.9, alpha: 1), rounding), alpha: alpha))
      let color: UIColor = isEnabled ? (tintColor ?? .systemBlue) : .gray
      let run = TextRun(string: _compactText, font: UIFont.systemFont(ofSize: 17), color: color, alignment: .center)
      list.append(DisplayItem(frame: rect, clip: clip, content: .text(run), alpha: alpha))
    case .inline:
      _InlineCalendar(picker: self).draw(in: rect, clip: clip, alpha: alpha, into: &list)
    case .wheels, .automatic:
      break
    }
  }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    super.touchesEnded(touches, with: event)
    guard datePickerStyle == .inline, isEnabled, let touch = touches.first else { return }
    let point = touch.location(in: self)
    guard bounds.contains(point) else { return }
    _InlineCalendar(picker: self).tap(at: point)
  }
}
