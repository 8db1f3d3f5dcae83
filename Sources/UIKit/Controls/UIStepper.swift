import Foundation

/// A control for incrementing or decrementing a value: a "−" half and a "+" half. A touch on a
/// half steps ``value`` by ``stepValue`` at once; held (with ``autorepeat``), it steps again
/// after half a second and then ten times a second until the finger lifts or leaves the half.
/// Each change sends `.valueChanged` and `.primaryActionTriggered` (with ``isContinuous`` off,
/// once when the finger lifts). Setting ``value`` in code sends nothing.
///
/// The stepper is 94 × 32 points, as on iOS 13 and later.
@preconcurrency @MainActor
open class UIStepper: UIControl {
  static let _size = CGSize(width: 94, height: 32)
  /// The delay before a held half repeats, and the interval of the repeats.
  static let _autorepeatDelay: TimeInterval = 0.5
  static let _autorepeatInterval: TimeInterval = 0.1

  private var _value: Double = 0
  private var _minimumValue: Double = 0
  private var _maximumValue: Double = 100
  private var _stepValue: Double = 1

  /// Whether each change during a touch sends `.valueChanged` (true, the default), or only the
  /// final value when the touch ends.
  open var isContinuous = true
  /// Whether holding a half keeps stepping (default true).
  open var autorepeat = true
  /// Whether stepping past one end goes to the other end (default false).
  open var wraps = false

  /// The value (default 0), held within ``minimumValue`` and ``maximumValue``.
  open var value: Double {
    get { _value }
    set {
      guard !newValue.isNaN else { return }
      _value = Swift.min(Swift.max(newValue, _minimumValue), _maximumValue)
    }
  }

  /// The smallest value (default 0). It must be less than ``maximumValue``: setting one that is
  /// not is a programmer error, as iOS raises `NSInvalidArgumentException`.
  open var minimumValue: Double {
    get { _minimumValue }
    set {
      precondition(
        newValue < _maximumValue,
        "UIStepper.minimumValue: \(newValue) must be less than maximumValue (\(_maximumValue))")
      _minimumValue = newValue
      value = _value
    }
  }

  /// The largest value (default 100). It must be greater than ``minimumValue``.
  open var maximumValue: Double {
    get { _maximumValue }
    set {
      precondition(
        newValue > _minimumValue,
        "UIStepper.maximumValue: \(newValue) must be greater than minimumValue (\(_minimumValue))")
      _maximumValue = newValue
      value = _value
    }
  }

  /// How much a step changes the value (default 1). It must be greater than 0.
  open var stepValue: Double {
    get { _stepValue }
    set {
      precondition(newValue > 0 && newValue.isFinite, "UIStepper.stepValue: \(newValue) must be greater than 0")
      _stepValue = newValue
    }
  }

  private var _backgroundImages: [UInt: UIImage] = [:]
  private var _incrementImages: [UInt: UIImage] = [:]
  private var _decrementImages: [UInt: UIImage] = [:]
  private var _dividerImages: [[UInt]: UIImage] = [:]

  /// The half being pressed, and the repeat waiting to step it again.
  private enum Half { case decrement, increment }
  private var _pressed: Half?
  private var _repeat: MainScheduler.Token?
  private var _valueAtTouchDown: Double = 0

  /// Makes a stepper at the frame's origin, 94 × 32 points whatever its size.
  public override init(frame: CGRect) {
    super.init(frame: CGRect(origin: frame.origin, size: Self._size))
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  open override var intrinsicContentSize: CGSize { Self._size }
  open override func sizeThatFits(_ size: CGSize) -> CGSize { Self._size }

  // MARK: Images

  /// Sets the image stretched over the whole stepper for a state.
  open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) {
    guard _appearanceSetterProceeds("backgroundImage:\(state.rawValue)") else { return }
    _backgroundImages[state.rawValue] = image
  }
  /// The background image for a state.
  open func backgroundImage(for state: UIControl.State) -> UIImage? { _backgroundImages[state.rawValue] }

  /// Sets the image between the halves for a combination of their states.
  open func setDividerImage(_ image: UIImage?, forLeftSegmentState leftState: UIControl.State, rightSegmentState rightState: UIControl.State) {
    guard _appearanceSetterProceeds("dividerImage:\(leftState.rawValue):\(rightState.rawValue)") else { return }
    _dividerImages[[leftState.rawValue, rightState.rawValue]] = image
  }
  /// The divider image for a combination of the halves' states.
  open func dividerImage(forLeftSegmentState state: UIControl.State, rightSegmentState state2: UIControl.State) -> UIImage? {
    _dividerImages[[state.rawValue, state2.rawValue]]
  }

  /// Sets the image of the "+" half for a state (nil: the "+" glyph).
  open func setIncrementImage(_ image: UIImage?, for state: UIControl.State) {
    guard _appearanceSetterProceeds("incrementImage:\(state.rawValue)") else { return }
    _incrementImages[state.rawValue] = image
  }
  /// The "+" half's image for a state.
  open func incrementImage(for state: UIControl.State) -> UIImage? { _incrementImages[state.rawValue] ?? _incrementImages[0] }

  /// Sets the image of the "−" half for a state (nil: the "−" glyph).
  open func setDecrementImage(_ image: UIImage?, for state: UIControl.State) {
    guard _appearanceSetterProceeds("decrementImage:\(state.rawValue)") else { return }
    _decrementImages[state.rawValue] = image
  }
  /// The "−" half's image for a state.
  open func decrementImage(for state: UIControl.State) -> UIImage? { _decrementImages[state.rawValue] ?? _decrementImages[0] }

  // MARK: Stepping

  /// Whether a half can step now (at an end, only if the stepper wraps).
  private func _canStep(_ half: Half) -> Bool {
    guard isEnabled else { return false }
    if wraps { return true }
    return half == .increment ? _value < _maximumValue : _value > _minimumValue
  }

  private func _half(at point: CGPoint) -> Half? {
    guard _isTouchInside(at: point, with: nil) else { return nil }
    return point.x < Self._size.width / 2 ? .decrement : .increment
  }

  private func _step(_ half: Half, event: UIEvent?) {
    guard _canStep(half) else { return }
    let next = half == .increment ? _value + _stepValue : _value - _stepValue
    if next > _maximumValue {
      _value = wraps ? _minimumValue : _maximumValue
    } else if next < _minimumValue {
      _value = wraps ? _maximumValue : _minimumValue
    } else {
      _value = next
    }
    if isContinuous { _sendActions(for: [.valueChanged, .primaryActionTriggered], event: event) }
  }

  private func _scheduleRepeat(after delay: TimeInterval) {
    _cancelRepeat()
    guard autorepeat else { return }
    _repeat = UIApplication.shared._scheduler.schedule(after: delay) { [weak self] in
      guard let self, let half = self._pressed, self.isTracking else { return }
      self._repeat = nil
      self._step(half, event: nil)
      self._scheduleRepeat(after: Self._autorepeatInterval)
    }
  }

  private func _cancelRepeat() {
    if let token = _repeat { UIApplication.shared._scheduler.cancel(token) }
    _repeat = nil
  }

  open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    guard let half = _half(at: touch.location(in: self)), _canStep(half) else { return false }
    _valueAtTouchDown = _value
    _pressed = half
    _step(half, event: event)
    _scheduleRepeat(after: Self._autorepeatDelay)
    return true
  }

  open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    // Leaving the pressed half stops the repeats; coming back resumes them.
    let over = _half(at: touch.location(in: self))
    if over != _pressed || !(_pressed.map(_canStep) ?? false) {
      _cancelRepeat()
    } else if _repeat == nil {
      _scheduleRepeat(after: Self._autorepeatDelay)
    }
    return true
  }

  open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
    _finishTouch(event: event)
  }

  open override func cancelTracking(with event: UIEvent?) {
    _finishTouch(event: event)
    super.cancelTracking(with: event)
  }

  private func _finishTouch(event: UIEvent?) {
    _cancelRepeat()
    _pressed = nil
    if !isContinuous && _value != _valueAtTouchDown {
      _sendActions(for: [.valueChanged, .primaryActionTriggered], event: event)
    }
  }

  // MARK: Drawing

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    let frame = CGRect(origin: rect.origin, size: Self._size)
    let alpha = alpha * (isEnabled ? 1 : 0.5)
    if let image = backgroundImage(for: state) ?? backgroundImage(for: .normal) {
      list.append(DisplayItem(frame: frame, clip: clip, content: .image(image), alpha: alpha, hosts: .pixels))
    } else {
      list.append(_ControlDrawing.roundedRect(frame, _ControlDrawing.fill, radius: 8, clip: clip, alpha: alpha))
    }
    let halves: [(Half, CGRect, String, UIImage?)] = [
      (.decrement, CGRect(x: frame.minX, y: frame.minY, width: frame.width / 2, height: frame.height), "−",
       decrementImage(for: _canStep(.decrement) ? (_pressed == .decrement ? .highlighted : .normal) : .disabled)),
      (.increment, CGRect(x: frame.midX, y: frame.minY, width: frame.width / 2, height: frame.height), "+",
       incrementImage(for: _canStep(.increment) ? (_pressed == .increment ? .highlighted : .normal) : .disabled)),
    ]
    for (half, part, glyph, image) in halves {
      if _pressed == half && isHighlighted {
        list.append(_ControlDrawing.roundedRect(part, _ControlDrawing.track, radius: 8, clip: clip, alpha: alpha))
      }
      let color: UIColor = _canStep(half) ? .label : .tertiaryLabel
      if let image {
        let size = image.size
        let imageFrame = CGRect(x: part.midX - size.width / 2, y: part.midY - size.height / 2, width: size.width, height: size.height)
        list.append(DisplayItem(frame: imageFrame, clip: clip, content: .image(image), alpha: alpha))
      } else {
        let run = TextRun(string: glyph, font: .systemFont(ofSize: 22, weight: .regular), color: color, alignment: .center)
        list.append(DisplayItem(frame: part, clip: clip, content: .text(run), alpha: alpha))
      }
    }
    let divider = CGRect(x: frame.midX - 0.5, y: frame.minY + 8, width: 1, height: frame.height - 16)
    if let image = dividerImage(forLeftSegmentState: .normal, rightSegmentState: .normal) {
      list.append(DisplayItem(frame: divider, clip: clip, content: .image(image), alpha: alpha, hosts: .pixels))
    } else {
      list.append(DisplayItem(frame: divider, clip: clip, content: .fill(_ControlDrawing.hairline), alpha: alpha, hosts: .pixels))
    }
  }
}
