import Foundation

/// A control for choosing a value from a continuous range: a thumb on a track. Dragging the
/// thumb, or touching the track (which moves the thumb there first, as iOS 14 and later do),
/// changes ``value``; while ``isContinuous`` (the default) each change sends `.valueChanged` and
/// `.primaryActionTriggered`, otherwise they are sent once when the finger lifts. Setting the
/// value in code sends nothing.
///
/// Subclasses move the parts by overriding ``trackRect(forBounds:)``,
/// ``thumbRect(forBounds:trackRect:value:)`` and the value images' rectangles; drawing and
/// touches follow them.
@preconcurrency @MainActor
open class UISlider: UIControl {
  /// The thumb's diameter and the track's thickness, as on iOS 13 and later.
  static let _thumbDiameter: CGFloat = 28
  static let _trackHeight: CGFloat = 4
  /// The slider's natural height.
  static let _height: CGFloat = 31
  /// The gap between a value image and the track.
  static let _imageSpacing: CGFloat = 8

  private var _value: Float = 0
  private var _minimumValue: Float = 0
  private var _maximumValue: Float = 1

  /// The value, held within ``minimumValue`` and ``maximumValue``; setting it sends no action.
  open var value: Float {
    get { _value }
    set { setValue(newValue, animated: false) }
  }

  /// The smallest value (default 0). A minimum above the value raises the value; above the
  /// maximum, it raises the maximum too.
  open var minimumValue: Float {
    get { _minimumValue }
    set {
      guard !newValue.isNaN else { return }
      _minimumValue = newValue
      if _maximumValue < newValue { _maximumValue = newValue }
      _value = _clamped(_value)
    }
  }

  /// The largest value (default 1). A maximum below the value lowers the value; below the
  /// minimum, it lowers the minimum too.
  open var maximumValue: Float {
    get { _maximumValue }
    set {
      guard !newValue.isNaN else { return }
      _maximumValue = newValue
      if _minimumValue > newValue { _minimumValue = newValue }
      _value = _clamped(_value)
    }
  }

  /// The image at the minimum end of the track (nil: none).
  open var minimumValueImage: UIImage? { didSet { _imagesChanged() } }
  /// The image at the maximum end of the track (nil: none).
  open var maximumValueImage: UIImage? { didSet { _imagesChanged() } }

  /// Whether every change during a drag sends `.valueChanged` (true), or only the final value
  /// when the finger lifts (false).
  open var isContinuous = true

  /// The colour of the track before the thumb (nil: the tint colour). Setting it drops custom
  /// minimum track images, and setting an image drops it, as on iOS: the latest wins.
  open var minimumTrackTintColor: UIColor? {
    get { _minimumTrackTint }
    set {
      guard _appearanceSetterProceeds("minimumTrackTintColor") else { return }
      _minimumTrackTint = newValue
      _minimumTrackImages = [:]
    }
  }

  /// The colour of the track after the thumb (nil: the system's light grey).
  open var maximumTrackTintColor: UIColor? {
    get { _maximumTrackTint }
    set {
      guard _appearanceSetterProceeds("maximumTrackTintColor") else { return }
      _maximumTrackTint = newValue
      _maximumTrackImages = [:]
    }
  }

  /// The colour of the thumb (nil: white).
  open var thumbTintColor: UIColor? {
    get { _thumbTint }
    set {
      guard _appearanceSetterProceeds("thumbTintColor") else { return }
      _thumbTint = newValue
      _thumbImages = [:]
    }
  }

  private var _minimumTrackTint: UIColor?
  private var _maximumTrackTint: UIColor?
  private var _thumbTint: UIColor?

  /// The style asked for (iOS 15; default `.automatic`).
  open var preferredBehavioralStyle: UIBehavioralStyle = .automatic
  /// The style in effect: `.pad` on an iPhone or iPad (`.mac` is Mac Catalyst's).
  open var behavioralStyle: UIBehavioralStyle { .pad }

  private var _thumbImages: [UInt: UIImage] = [:]
  private var _minimumTrackImages: [UInt: UIImage] = [:]
  private var _maximumTrackImages: [UInt: UIImage] = [:]

  /// Where the finger holds the thumb, from its centre, while tracking.
  private var _grabOffset: CGFloat = 0
  /// The value when the touch went down (a non-continuous slider reports a change once).
  private var _valueAtTouchDown: Float = 0

  public override init(frame: CGRect) {
    super.init(frame: frame)
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  // MARK: Value

  private func _clamped(_ value: Float) -> Float {
    guard !value.isNaN else { return _value }
    return Swift.min(Swift.max(value, _minimumValue), _maximumValue)
  }

  /// Sets the value, the thumb moving there over a short time when `animated`. It sends no
  /// action.
  open func setValue(_ value: Float, animated: Bool) {
    let clamped = _clamped(value)
    guard clamped != _value else { return }
    _value = clamped
  }

  private func _imagesChanged() {
    invalidateIntrinsicContentSize()
  }

  // MARK: Images

  /// Sets the thumb's image for a state (it replaces the tint colour).
  open func setThumbImage(_ image: UIImage?, for state: UIControl.State) {
    _thumbImages[state.rawValue] = image
    if image != nil { _thumbTint = nil }
  }

  /// Sets the image of the track before the thumb for a state.
  open func setMinimumTrackImage(_ image: UIImage?, for state: UIControl.State) {
    _minimumTrackImages[state.rawValue] = image
    if image != nil { _minimumTrackTint = nil }
  }

  /// Sets the image of the track after the thumb for a state.
  open func setMaximumTrackImage(_ image: UIImage?, for state: UIControl.State) {
    _maximumTrackImages[state.rawValue] = image
    if image != nil { _maximumTrackTint = nil }
  }

  /// The thumb's image for a state (the normal state's when it has none).
  open func thumbImage(for state: UIControl.State) -> UIImage? { _thumbImages[state.rawValue] ?? _thumbImages[0] }
  /// The minimum track's image for a state.
  open func minimumTrackImage(for state: UIControl.State) -> UIImage? {
    _minimumTrackImages[state.rawValue] ?? _minimumTrackImages[0]
  }
  /// The maximum track's image for a state.
  open func maximumTrackImage(for state: UIControl.State) -> UIImage? {
    _maximumTrackImages[state.rawValue] ?? _maximumTrackImages[0]
  }

  /// The thumb's image now.
  open var currentThumbImage: UIImage? { thumbImage(for: state) }
  /// The minimum track's image now.
  open var currentMinimumTrackImage: UIImage? { minimumTrackImage(for: state) }
  /// The maximum track's image now.
  open var currentMaximumTrackImage: UIImage? { maximumTrackImage(for: state) }

  // MARK: Geometry

  /// Where the minimum value image goes: at the leading end, centred vertically.
  open func minimumValueImageRect(forBounds bounds: CGRect) -> CGRect {
    guard let size = minimumValueImage?.size else { return CGRect(x: bounds.minX, y: bounds.midY, width: 0, height: 0) }
    return CGRect(x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
  }

  /// Where the maximum value image goes: at the trailing end, centred vertically.
  open func maximumValueImageRect(forBounds bounds: CGRect) -> CGRect {
    guard let size = maximumValueImage?.size else { return CGRect(x: bounds.maxX, y: bounds.midY, width: 0, height: 0) }
    return CGRect(x: bounds.maxX - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
  }

  /// The track: between the value images, 4 points thick, centred vertically.
  open func trackRect(forBounds bounds: CGRect) -> CGRect {
    var left = bounds.minX
    var right = bounds.maxX
    if minimumValueImage != nil { left = minimumValueImageRect(forBounds: bounds).maxX + Self._imageSpacing }
    if maximumValueImage != nil { right = maximumValueImageRect(forBounds: bounds).minX - Self._imageSpacing }
    return CGRect(
      x: left, y: bounds.midY - Self._trackHeight / 2, width: Swift.max(0, right - left), height: Self._trackHeight)
  }

  /// The thumb for `value` on the track: its ends keep the thumb within the track.
  open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
    let size = currentThumbImage?.size ?? CGSize(width: Self._thumbDiameter, height: Self._thumbDiameter)
    let x = rect.minX + Swift.max(0, rect.width - size.width) * CGFloat(_fraction(of: value))
    return CGRect(x: x, y: rect.midY - size.height / 2, width: size.width, height: size.height)
  }

  /// Where `value` lies between the minimum and the maximum, from 0 to 1.
  func _fraction(of value: Float) -> Float {
    let span = _maximumValue - _minimumValue
    guard span > 0, span.isFinite else { return 0 }
    return Swift.min(1, Swift.max(0, (value - _minimumValue) / span))
  }

  /// The value whose thumb centre is at `x` (the slider's coordinates).
  private func _value(atThumbCentre x: CGFloat) -> Float {
    let track = trackRect(forBounds: bounds)
    let thumb = thumbRect(forBounds: bounds, trackRect: track, value: _minimumValue)
    let travel = track.width - thumb.width
    guard travel > 0 else { return _value }
    let fraction = Float(Swift.min(1, Swift.max(0, (x - track.minX - thumb.width / 2) / travel)))
    return _minimumValue + (_maximumValue - _minimumValue) * fraction
  }

  open override var intrinsicContentSize: CGSize {
    let images = [minimumValueImage, maximumValueImage].compactMap { $0?.size.height }
    return CGSize(width: UIView.noIntrinsicMetric, height: Swift.max(Self._height, images.max() ?? 0))
  }

  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    CGSize(width: Swift.max(size.width, 0), height: intrinsicContentSize.height)
  }

  // MARK: Tracking

  open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    let point = touch.location(in: self)
    let track = trackRect(forBounds: bounds)
    let thumb = thumbRect(forBounds: bounds, trackRect: track, value: _value)
    _valueAtTouchDown = _value
    if thumb.insetBy(dx: -8, dy: -8).safeContains(point) {
      _grabOffset = point.x - thumb.midX
    } else {
      // A touch on the track moves the thumb under the finger.
      _grabOffset = 0
      _userMove(to: point.x, event: event)
    }
    return true
  }

  open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    _userMove(to: touch.location(in: self).x - _grabOffset, event: event)
    return true
  }

  open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
    if !isContinuous && _value != _valueAtTouchDown {
      _sendActions(for: [.valueChanged, .primaryActionTriggered], event: event)
    }
  }

  /// The person moved the thumb's centre to `x`.
  private func _userMove(to x: CGFloat, event: UIEvent?) {
    let newValue = _clamped(_value(atThumbCentre: x))
    guard newValue != _value else { return }
    _value = newValue
    if isContinuous { _sendActions(for: [.valueChanged, .primaryActionTriggered], event: event) }
  }

  // MARK: Accessibility

  /// Moves the value up a tenth of the range, as VoiceOver's swipe up does.
  open override func accessibilityIncrement() { _accessibilityStep(1) }
  /// Moves the value down a tenth of the range.
  open override func accessibilityDecrement() { _accessibilityStep(-1) }

  private func _accessibilityStep(_ direction: Float) {
    guard isEnabled else { return }
    let newValue = _clamped(_value + direction * (_maximumValue - _minimumValue) / 10)
    guard newValue != _value else { return }
    _value = newValue
    _sendActions(for: [.valueChanged, .primaryActionTriggered], event: nil)
  }

  // MARK: Drawing

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    let local = bounds
    let dx = rect.minX - local.minX
    let dy = rect.minY - local.minY
    let dim: CGFloat = isEnabled ? 1 : 0.5
    let alpha = alpha * dim
    let track = trackRect(forBounds: local).offsetBy(dx: dx, dy: dy)
    let thumb = thumbRect(forBounds: local, trackRect: trackRect(forBounds: local), value: _value).offsetBy(dx: dx, dy: dy)
    let minimumColor: UIColor = minimumTrackTintColor ?? tintColor ?? .systemBlue
    let maximumColor = maximumTrackTintColor ?? _ControlDrawing.track
    for (image, frame) in [
      (minimumValueImage, minimumValueImageRect(forBounds: local)), (maximumValueImage, maximumValueImageRect(forBounds: local)),
    ] {
      if let image { list.append(DisplayItem(frame: frame.offsetBy(dx: dx, dy: dy), clip: clip, content: .image(image), alpha: alpha)) }
    }
    // Pixels: the two parts of the track meet under the thumb's centre.
    let split = Swift.min(Swift.max(thumb.midX, track.minX), track.maxX)
    let before = CGRect(x: track.minX, y: track.minY, width: split - track.minX, height: track.height)
    let after = CGRect(x: split, y: track.minY, width: track.maxX - split, height: track.height)
    list.append(_trackItem(after, image: currentMaximumTrackImage, color: maximumColor, clip: clip, alpha: alpha))
    list.append(_trackItem(before, image: currentMinimumTrackImage, color: minimumColor, clip: clip, alpha: alpha))
    if let image = currentThumbImage {
      list.append(DisplayItem(frame: thumb, clip: clip, content: .image(image), alpha: alpha, hosts: .pixels))
    } else {
      list.append(_ControlDrawing.disc(thumb, thumbTintColor ?? .white, clip: clip, alpha: alpha))
      list.append(_ControlDrawing.ring(thumb, _ControlDrawing.hairline, clip: clip, alpha: alpha))
    }
    // Cells: a line of track with the thumb on it, on the row through the track's middle.
    let columns = _ControlDrawing.columns(track.width)
    guard columns > 0 else { return }
    let travel = track.width - thumb.width
    let fraction = travel > 0 ? (thumb.midX - track.minX - thumb.width / 2) / travel : 0
    let thumbColumn = Swift.min(columns - 1, Swift.max(0, Int(bounded: (fraction * CGFloat(columns - 1)).rounded())))
    let row = _ControlDrawing.cellRow(through: track.midY, x: track.minX, width: track.width)
    list.append(
      _ControlDrawing.cellLine(
        [
          (String(repeating: "━", count: thumbColumn), minimumColor), ("●", isHighlighted ? minimumColor : .label),
          (String(repeating: "─", count: columns - 1 - thumbColumn), _ControlDrawing.hairline),
        ], in: row, clip: clip, alpha: alpha))
  }

  private func _trackItem(_ frame: CGRect, image: UIImage?, color: UIColor, clip: CGRect, alpha: CGFloat) -> DisplayItem {
    if let image { return DisplayItem(frame: frame, clip: clip, content: .image(image), alpha: alpha, hosts: .pixels) }
    return _ControlDrawing.capsule(frame, color, clip: clip, alpha: alpha)
  }
}

/// How a control behaves and looks on a platform (iOS 15): the Mac style is Mac Catalyst's.
public enum UIBehavioralStyle: UInt, Sendable {
  case automatic = 0
  case pad = 1
  case mac = 2
}
