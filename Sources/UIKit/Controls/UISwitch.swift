import Foundation

/// A control that offers a binary choice, on or off: a tap flips it, and so does sliding its
/// thumb to the other side. A flip the person makes sends `.valueChanged` (then
/// `.primaryActionTriggered`, so `UISwitch(frame:primaryAction:)` hears it); setting ``isOn`` or
/// calling ``setOn(_:animated:)`` sends nothing, as on iOS.
///
/// The switch is 51 × 31 points whatever frame it is made with (iOS's size from iOS 7 to 18),
/// drawn as iOS draws it: a rounded track, green when on, with a white thumb at its end.
@preconcurrency @MainActor
open class UISwitch: UIControl {
  /// How a switch looks.
  public enum Style: Int, Sendable {
    /// The style the idiom prefers: on iPhone and iPad, ``sliding``.
    case automatic = 0
    /// A check box; only Mac Catalyst's Mac idiom draws one.
    case checkbox = 1
    /// The classic switch with a sliding thumb.
    case sliding = 2
  }

  /// The size iOS gives every switch.
  static let _size = CGSize(width: 51, height: 31)
  /// The thumb's diameter and its inset from the track's edge.
  static let _thumbDiameter: CGFloat = 27
  static let _thumbInset: CGFloat = 2

  /// Whether the switch is on. Setting it moves the thumb at once and sends no action.
  open var isOn: Bool {
    get { _isOn }
    set { setOn(newValue, animated: false) }
  }
  private var _isOn = false

  /// The colour of the track when on (nil: system green).
  open var onTintColor: UIColor? {
    get { _onTint }
    set {
      guard _appearanceSetterProceeds("onTintColor") else { return }
      _onTint = newValue
      _updateParts()
    }
  }

  /// The colour of the thumb (nil: white).
  open var thumbTintColor: UIColor? {
    get { _thumbTint }
    set {
      guard _appearanceSetterProceeds("thumbTintColor") else { return }
      _thumbTint = newValue
      _updateParts()
    }
  }

  private var _onTint: UIColor?
  private var _thumbTint: UIColor?

  /// Deprecated since iOS 7: an image for the on state, which has no effect.
  @available(iOS, deprecated: 7.0, message: "has no effect")
  open var onImage: UIImage?
  /// Deprecated since iOS 7: an image for the off state, which has no effect.
  @available(iOS, deprecated: 7.0, message: "has no effect")
  open var offImage: UIImage?

  /// A title beside a check box. Only Mac Catalyst's Mac idiom shows it; setting it in any
  /// other idiom is a programmer error (a runtime exception on iOS), and this UIKit is an iPhone.
  open var title: String? {
    didSet {
      precondition(
        title == nil,
        "UISwitch.title: set a title only when the user interface idiom is .mac (a checkbox-style switch); this is an iPhone")
    }
  }

  /// The style asked for (default ``Style/automatic``).
  open var preferredStyle: Style = .automatic
  /// The style drawn: never ``Style/automatic``. On an iPhone, always ``Style/sliding`` (a check
  /// box is a Mac style).
  open var style: Style { .sliding }

  private let _track = UIView()
  private let _onTrack = UIView()
  private let _thumb = UIView()
  /// Where the touch went down, and whether it has slid the thumb since.
  private var _trackingStart: CGPoint?
  private var _slid = false
  /// The state the thumb shows while a touch slides it.
  private var _shownOn = false

  /// Makes a switch at the frame's origin, 51 × 31 points whatever its size (as on iOS).
  public override init(frame: CGRect) {
    super.init(frame: CGRect(origin: frame.origin, size: Self._size))
    _makeParts()
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    bounds.size = Self._size
    _makeParts()
  }

  private func _makeParts() {
    for part in [_track, _onTrack, _thumb] {
      part.isUserInteractionEnabled = false
      part._renderedHosts = .pixels
      addSubview(part)
    }
    _track.backgroundColor = _ControlDrawing.offTrack
    _track.layer.cornerRadius = Self._size.height / 2
    _onTrack.layer.cornerRadius = Self._size.height / 2
    _thumb.layer.cornerRadius = Self._thumbDiameter / 2
    _thumb.layer.borderColor = UIColor(white: 0, alpha: 0.04).cgColor
    _thumb.layer.borderWidth = 0.5
    _updateParts()
  }

  /// Turns the switch on or off, the thumb sliding over a quarter second when `animated`. It
  /// sends no action.
  open func setOn(_ on: Bool, animated: Bool) {
    _isOn = on
    _shownOn = on
    if animated && window != nil {
      UIView.animate(withDuration: 0.25) { self._updateParts() }
    } else {
      UIView.performWithoutAnimation { self._updateParts() }
    }
  }

  private func _updateParts() {
    let size = Self._size
    _track.frame = CGRect(origin: .zero, size: size)
    _onTrack.frame = CGRect(origin: .zero, size: size)
    _onTrack.backgroundColor = onTintColor ?? .systemGreen
    let x = _shownOn ? size.width - Self._thumbInset - Self._thumbDiameter : Self._thumbInset
    _thumb.frame = CGRect(x: x, y: (size.height - Self._thumbDiameter) / 2, width: Self._thumbDiameter, height: Self._thumbDiameter)
    _thumb.backgroundColor = thumbTintColor ?? .white
    // A disabled switch is drawn at half opacity.
    let dim: CGFloat = isEnabled ? 1 : 0.5
    _track.alpha = dim
    _thumb.alpha = dim
    _onTrack.alpha = _shownOn ? dim : 0
  }

  open override var isEnabled: Bool { didSet { if isEnabled != oldValue { _updateParts() } } }

  /// The terminal's switch: the track's colour over its cells, the thumb a white block with a
  /// dot at the end it is at (the layer parts above are drawn by pixel hosts only).
  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    let frame = CGRect(origin: rect.origin, size: Self._size)
    let alpha = alpha * (isEnabled ? 1 : 0.5)
    let trackColor = _shownOn ? (onTintColor ?? .systemGreen) : _ControlDrawing.offTrack
    list.append(_ControlDrawing.roundedRect(frame, trackColor, radius: frame.height / 2, clip: clip, alpha: alpha, hosts: .cells))
    let thumb = _thumb.frame.offsetBy(dx: frame.minX, dy: frame.minY)
    list.append(_ControlDrawing.roundedRect(thumb, thumbTintColor ?? .white, radius: 0, clip: clip, alpha: alpha, hosts: .cells))
    let dot = _ControlDrawing.cell(centredOn: CGPoint(x: thumb.midX, y: thumb.midY))
    list.append(_ControlDrawing.cellLine([("●", _shownOn ? trackColor : .systemGray)], in: dot, clip: clip, alpha: alpha))
  }

  open override var intrinsicContentSize: CGSize { Self._size }
  open override func sizeThatFits(_ size: CGSize) -> CGSize { Self._size }

  /// Flips the switch, as a tap does (VoiceOver's double tap, Full Keyboard Access's Space).
  open override func accessibilityActivate() -> Bool {
    guard isEnabled else { return false }
    setOn(!_isOn, animated: true)
    _sendActions(for: [.valueChanged, .primaryActionTriggered], event: nil)
    return true
  }

  // MARK: Tracking

  open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    _trackingStart = touch.location(in: self)
    _slid = false
    _shownOn = _isOn
    return true
  }

  open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    let point = touch.location(in: self)
    if let start = _trackingStart, abs(point.x - start.x) > 4 { _slid = true }
    if _slid {
      // The thumb follows the finger: past the middle it is on the other side.
      let on = point.x > Self._size.width / 2
      if on != _shownOn {
        _shownOn = on
        UIView.animate(withDuration: 0.15) { self._updateParts() }
      }
    }
    return true
  }

  open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
    defer { _trackingStart = nil }
    // A tap flips the switch; a slide leaves it where the thumb was let go. A lift far outside
    // (a touch-up outside) keeps the old state, as the thumb snaps back.
    let inside = touch.map { _isTouchInside(at: $0.location(in: self), with: event) } ?? false
    let newValue = _slid ? _shownOn : (inside ? !_isOn : _isOn)
    guard newValue != _isOn else {
      _shownOn = _isOn
      UIView.animate(withDuration: 0.15) { self._updateParts() }
      return
    }
    setOn(newValue, animated: true)
    _sendActions(for: [.valueChanged, .primaryActionTriggered], event: event)
  }

  open override func cancelTracking(with event: UIEvent?) {
    _trackingStart = nil
    _shownOn = _isOn
    UIView.performWithoutAnimation { _updateParts() }
    super.cancelTracking(with: event)
  }
}
