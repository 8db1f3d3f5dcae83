import Foundation

/// A horizontal control of segments, each a title, an image or a `UIAction`, one of which is
/// selected. A tap on another segment selects it and sends `.valueChanged` and
/// `.primaryActionTriggered` (after running the segment's action, if it has one); a tap on the
/// selected segment sends nothing, unless the control ``isMomentary``, where every tap sends
/// them and no segment stays drawn selected. Setting ``selectedSegmentIndex`` in code sends
/// nothing, as on iOS.
///
/// The control is 32 points tall (iOS 13 and later); made with items it takes the width its
/// segments need: equal segments as wide as the widest content, or each as wide as its own
/// content with ``apportionsSegmentWidthsByContent``.
@preconcurrency @MainActor
open class UISegmentedControl: UIControl {
  /// Which segment position an appearance setting is for.
  public enum Segment: Int, Sendable {
    case any = 0, left = 1, center = 2, right = 3, alone = 4
  }

  /// The looks of segmented controls before iOS 7; they have no effect.
  @available(iOS, deprecated: 7.0, message: "The segmentedControlStyle property no longer has any effect")
  public enum Style: Int, Sendable {
    case plain = 0, bordered = 1, bar = 2, bezeled = 3
  }

  /// The index meaning "no segment is selected".
  public class var noSegment: Int { -1 }

  static let _height: CGFloat = 32
  /// Room on each side of a segment's content.
  static let _padding: CGFloat = 12

  private struct _Segment {
    var title: String?
    var image: UIImage?
    var action: UIAction?
    var width: CGFloat = 0
    var contentOffset: CGSize = .zero
    var isEnabled = true
  }

  private var _segments: [_Segment] = []
  private var _selected = -1
  /// The segment under a touch being tracked.
  private var _touched: Int?

  /// Whether segments act as buttons: a tap sends the events every time and no segment stays
  /// drawn selected. ``selectedSegmentIndex`` then reads the last segment pressed.
  open var isMomentary = false

  /// Whether segments without a fixed width are as wide as their content (true), or share the
  /// width left equally (false, the default).
  open var apportionsSegmentWidthsByContent = false {
    didSet { invalidateIntrinsicContentSize() }
  }

  /// The colour of the selected segment (nil: white).
  open var selectedSegmentTintColor: UIColor? {
    get { _selectedTint }
    set {
      guard _appearanceSetterProceeds("selectedSegmentTintColor") else { return }
      _selectedTint = newValue
    }
  }
  private var _selectedTint: UIColor?

  /// Deprecated since iOS 7, and without effect.
  @available(iOS, deprecated: 7.0, message: "The segmentedControlStyle property no longer has any effect")
  open var segmentedControlStyle: Style = .plain

  private var _titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]
  private var _backgroundImages: [[UInt]: UIImage] = [:]
  private var _dividerImages: [[UInt]: UIImage] = [:]
  private var _positionAdjustments: [[Int]: UIOffset] = [:]

  // MARK: Making one

  public override init(frame: CGRect) {
    super.init(frame: frame)
  }

  /// A control with a segment for each item: a `String` (a title), a `UIImage` or a `UIAction`
  /// (its image, else its title, and its handler). It takes the size its segments need.
  public init(items: [Any]?) {
    super.init(frame: .zero)
    for item in items ?? [] {
      switch item {
      case let title as String: _segments.append(_Segment(title: title))
      case let title as NSString: _segments.append(_Segment(title: title as String))
      case let image as UIImage: _segments.append(_Segment(image: image))
      case let action as UIAction: _segments.append(_segment(for: action))
      default:
        preconditionFailure("UISegmentedControl(items:): an item must be a String, a UIImage or a UIAction, not \(type(of: item))")
      }
    }
    frame.size = intrinsicContentSize
  }

  /// A control with a segment for each action.
  public convenience init(frame: CGRect, actions: [UIAction]) {
    self.init(frame: frame)
    for action in actions { _segments.append(_segment(for: action)) }
    invalidateIntrinsicContentSize()
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  private func _segment(for action: UIAction) -> _Segment {
    // An action's image is used in preference to its title, as on iOS.
    action.image != nil ? _Segment(image: action.image, action: action) : _Segment(title: action.title, action: action)
  }

  // MARK: Segments

  /// The number of segments.
  open var numberOfSegments: Int { _segments.count }

  /// The selected segment's index, or ``noSegment``. Setting it selects without sending an
  /// action; an index out of range selects no segment.
  open var selectedSegmentIndex: Int {
    get { _selected }
    set { _selected = _segments.indices.contains(newValue) ? newValue : UISegmentedControl.noSegment }
  }

  /// An index for inserting: pinned to 0...numberOfSegments.
  private func _insertionIndex(_ segment: Int) -> Int { Swift.min(Swift.max(segment, 0), _segments.count) }

  private func _insert(_ segment: _Segment, at index: Int) {
    let index = _insertionIndex(index)
    _segments.insert(segment, at: index)
    if _selected >= index { _selected += 1 }
    invalidateIntrinsicContentSize()
  }

  /// Inserts a segment with a title.
  open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
    _insert(_Segment(title: title), at: segment)
  }

  /// Inserts a segment with an image.
  open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
    _insert(_Segment(image: image), at: segment)
  }

  /// Inserts a segment for an action. A segment that already has an action with the same
  /// identifier is updated when it is at `segment`, and removed otherwise, as on iOS.
  open func insertSegment(action: UIAction, at segment: Int, animated: Bool) {
    let target = _insertionIndex(segment)
    if let existing = _segments.firstIndex(where: { $0.action?.identifier == action.identifier }) {
      if existing == target {
        _segments[existing] = _segment(for: action)
        invalidateIntrinsicContentSize()
        return
      }
      removeSegment(at: existing, animated: false)
    }
    _insert(_segment(for: action), at: Swift.min(target, _segments.count))
  }

  /// Removes a segment (an index out of range does nothing).
  open func removeSegment(at segment: Int, animated: Bool) {
    guard _segments.indices.contains(segment) else { return }
    _segments.remove(at: segment)
    if _selected == segment {
      _selected = UISegmentedControl.noSegment
    } else if _selected > segment {
      _selected -= 1
    }
    invalidateIntrinsicContentSize()
  }

  /// Removes every segment.
  open func removeAllSegments() {
    _segments.removeAll()
    _selected = UISegmentedControl.noSegment
    invalidateIntrinsicContentSize()
  }

  /// Changes a segment's title (a segment shows a title or an image: this drops its image).
  open func setTitle(_ title: String?, forSegmentAt segment: Int) {
    guard _segments.indices.contains(segment) else { return }
    _segments[segment].title = title
    if title != nil { _segments[segment].image = nil }
    invalidateIntrinsicContentSize()
  }

  /// A segment's title.
  open func titleForSegment(at segment: Int) -> String? {
    _segments.indices.contains(segment) ? _segments[segment].title : nil
  }

  /// Changes a segment's image (it drops its title).
  open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
    guard _segments.indices.contains(segment) else { return }
    _segments[segment].image = image
    if image != nil { _segments[segment].title = nil }
    invalidateIntrinsicContentSize()
  }

  /// A segment's image.
  open func imageForSegment(at segment: Int) -> UIImage? {
    _segments.indices.contains(segment) ? _segments[segment].image : nil
  }

  /// Gives a segment an action (its title or image and its handler).
  open func setAction(_ action: UIAction, forSegmentAt segment: Int) {
    guard _segments.indices.contains(segment) else { return }
    let clash = _segments.indices.contains { $0 != segment && _segments[$0].action?.identifier == action.identifier }
    precondition(
      !clash, "UISegmentedControl.setAction(_:forSegmentAt:): another segment already has an action identified by \(action.identifier.rawValue)")
    _segments[segment] = _segment(for: action)
    invalidateIntrinsicContentSize()
  }

  /// A segment's action, if it was made with one.
  open func actionForSegment(at segment: Int) -> UIAction? {
    _segments.indices.contains(segment) ? _segments[segment].action : nil
  }

  /// The index of the segment whose action has `actionIdentifier`, or `NSNotFound`.
  open func segmentIndex(identifiedBy actionIdentifier: UIAction.Identifier) -> Int {
    _segments.firstIndex { $0.action?.identifier == actionIdentifier } ?? NSNotFound
  }

  /// Fixes a segment's width (0: sized automatically).
  open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
    guard _segments.indices.contains(segment), width.isFinite else { return }
    _segments[segment].width = Swift.max(0, width)
    invalidateIntrinsicContentSize()
  }

  /// A segment's fixed width (0: sized automatically).
  open func widthForSegment(at segment: Int) -> CGFloat {
    _segments.indices.contains(segment) ? _segments[segment].width : 0
  }

  /// Moves a segment's content from its centre.
  open func setContentOffset(_ offset: CGSize, forSegmentAt segment: Int) {
    guard _segments.indices.contains(segment) else { return }
    _segments[segment].contentOffset = offset
  }

  /// A segment's content offset.
  open func contentOffsetForSegment(at segment: Int) -> CGSize {
    _segments.indices.contains(segment) ? _segments[segment].contentOffset : .zero
  }

  /// Enables or disables one segment (a disabled one is grey and cannot be chosen).
  open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
    guard _segments.indices.contains(segment) else { return }
    _segments[segment].isEnabled = enabled
  }

  /// Whether a segment is enabled.
  open func isEnabledForSegment(at segment: Int) -> Bool {
    _segments.indices.contains(segment) ? _segments[segment].isEnabled : false
  }

  // MARK: Appearance

  /// Sets the attributes of the titles in a state (`.normal`, `.selected`, `.highlighted`,
  /// `.disabled`): font, foreground colour.
  open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
    guard _appearanceSetterProceeds("titleTextAttributes:\(state.rawValue)") else { return }
    _titleAttributes[state.rawValue] = attributes
    invalidateIntrinsicContentSize()
  }

  /// The title attributes set for a state.
  open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
    _titleAttributes[state.rawValue]
  }

  /// Sets the image behind segments in a state.
  open func setBackgroundImage(_ backgroundImage: UIImage?, for state: UIControl.State, barMetrics: UIBarMetrics) {
    guard _appearanceSetterProceeds("backgroundImage:\(state.rawValue):\(barMetrics.rawValue)") else { return }
    _backgroundImages[[state.rawValue, UInt(barMetrics.rawValue)]] = backgroundImage
  }

  /// The background image for a state.
  open func backgroundImage(for state: UIControl.State, barMetrics: UIBarMetrics) -> UIImage? {
    _backgroundImages[[state.rawValue, UInt(barMetrics.rawValue)]]
  }

  /// Sets the image between two segments in the given states.
  open func setDividerImage(
    _ dividerImage: UIImage?, forLeftSegmentState leftState: UIControl.State, rightSegmentState rightState: UIControl.State,
    barMetrics: UIBarMetrics
  ) {
    guard _appearanceSetterProceeds("dividerImage:\(leftState.rawValue):\(rightState.rawValue):\(barMetrics.rawValue)") else { return }
    _dividerImages[[leftState.rawValue, rightState.rawValue, UInt(barMetrics.rawValue)]] = dividerImage
  }

  /// The divider image for two segments' states.
  open func dividerImage(
    forLeftSegmentState leftState: UIControl.State, rightSegmentState rightState: UIControl.State, barMetrics: UIBarMetrics
  ) -> UIImage? {
    _dividerImages[[leftState.rawValue, rightState.rawValue, UInt(barMetrics.rawValue)]]
  }

  /// Moves the content of segments in a position (left, centre, right, alone, or any).
  open func setContentPositionAdjustment(
    _ adjustment: UIOffset, forSegmentType leftCenterRightOrAlone: Segment, barMetrics: UIBarMetrics
  ) {
    guard _appearanceSetterProceeds("contentPositionAdjustment:\(leftCenterRightOrAlone.rawValue):\(barMetrics.rawValue)") else { return }
    _positionAdjustments[[leftCenterRightOrAlone.rawValue, barMetrics.rawValue]] = adjustment
  }

  /// The content adjustment of segments in a position.
  open func contentPositionAdjustment(forSegmentType leftCenterRightOrAlone: Segment, barMetrics: UIBarMetrics) -> UIOffset {
    _positionAdjustments[[leftCenterRightOrAlone.rawValue, barMetrics.rawValue]] ?? .zero
  }

  // MARK: Geometry

  private func _font(selected: Bool, state: UIControl.State) -> UIFont {
    if let font = (_titleAttributes[state.rawValue] ?? _titleAttributes[0])?[.font] as? UIFont { return font }
    return .systemFont(ofSize: 13, weight: selected ? .semibold : .medium)
  }

  private func _contentWidth(_ index: Int) -> CGFloat {
    let segment = _segments[index]
    if let image = segment.image { return image.size.width }
    guard let title = segment.title else { return 0 }
    let measurer = window?.textMeasurer ?? ProportionalTextMeasurer()
    // Measured in the selected font, so that selecting a segment never needs more room.
    return measurer.size(of: title, font: _font(selected: true, state: .selected)).width
  }

  /// Each segment's width for a total width: fixed widths first, the rest shared equally (or
  /// by content with `apportionsSegmentWidthsByContent`).
  private func _widths(total: CGFloat) -> [CGFloat] {
    guard !_segments.isEmpty else { return [] }
    let fixed = _segments.map(\.width)
    let automatic = _segments.indices.filter { fixed[$0] == 0 }
    let left = Swift.max(0, total - fixed.reduce(0, +))
    var widths = fixed
    guard !automatic.isEmpty else { return widths }
    if apportionsSegmentWidthsByContent {
      let natural = automatic.map { _contentWidth($0) + 2 * Self._padding }
      let sum = natural.reduce(0, +)
      for (position, index) in automatic.enumerated() {
        widths[index] = sum > 0 ? left * natural[position] / sum : left / CGFloat(automatic.count)
      }
    } else {
      for index in automatic { widths[index] = left / CGFloat(automatic.count) }
    }
    return widths
  }

  /// Each segment's frame in the bounds.
  func _segmentFrames() -> [CGRect] {
    var x = bounds.minX
    return _widths(total: bounds.width).map { width in
      defer { x += width }
      return CGRect(x: x, y: bounds.minY, width: width, height: bounds.height)
    }
  }

  open override var intrinsicContentSize: CGSize {
    let natural = _segments.indices.map { _segments[$0].width > 0 ? _segments[$0].width : _contentWidth($0) + 2 * Self._padding }
    let automatic = _segments.indices.filter { _segments[$0].width == 0 }
    let fixedTotal = _segments.map(\.width).reduce(0, +)
    let width: CGFloat
    if apportionsSegmentWidthsByContent {
      width = natural.reduce(0, +)
    } else {
      width = fixedTotal + CGFloat(automatic.count) * (automatic.map { natural[$0] }.max() ?? 0)
    }
    return CGSize(width: width, height: Self._height)
  }

  open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

  private func _segmentIndex(at point: CGPoint) -> Int? {
    let frames = _segmentFrames()
    guard !frames.isEmpty else { return nil }
    if point.x < bounds.minX { return 0 }
    return frames.firstIndex { point.x < $0.maxX } ?? frames.count - 1
  }

  // MARK: Tracking

  open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    guard let index = _segmentIndex(at: touch.location(in: self)) else { return false }
    _touched = index
    return true
  }

  open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    // The segment under the finger is the one the lift chooses (iOS 13 slides the selection).
    let point = touch.location(in: self)
    _touched = _isTouchInside(at: point, with: event) ? _segmentIndex(at: point) : nil
    return true
  }

  open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
    defer { _touched = nil }
    guard let touch, _isTouchInside(at: touch.location(in: self), with: event),
      let index = _segmentIndex(at: touch.location(in: self)), _segments[index].isEnabled
    else { return }
    guard isMomentary || index != _selected else { return }
    _selected = index
    if let action = _segments[index].action { sendAction(action) }
    _sendActions(for: [.valueChanged, .primaryActionTriggered], event: event)
  }

  open override func cancelTracking(with event: UIEvent?) {
    _touched = nil
    super.cancelTracking(with: event)
  }

  // MARK: Drawing

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    let alpha = alpha * (isEnabled ? 1 : 0.5)
    let dx = rect.minX - bounds.minX
    let dy = rect.minY - bounds.minY
    let frames = _segmentFrames().map { $0.offsetBy(dx: dx, dy: dy) }
    let whole = CGRect(origin: rect.origin, size: bounds.size)
    if let image = backgroundImage(for: .normal, barMetrics: .default) {
      list.append(DisplayItem(frame: whole, clip: clip, content: .image(image), alpha: alpha, hosts: .pixels))
    } else {
      list.append(_ControlDrawing.roundedRect(whole, _ControlDrawing.fill, radius: 9, clip: clip, alpha: alpha))
    }
    // A momentary control shows the pressed segment only while it is pressed.
    let shown = isMomentary ? (isTracking ? _touched : nil) : (frames.indices.contains(_selected) ? _selected : nil)
    if let shown {
      let thumb = frames[shown].insetBy(dx: 2, dy: 2)
      list.append(_ControlDrawing.roundedRect(thumb, selectedSegmentTintColor ?? _ControlDrawing.selectedSegment, radius: 7, clip: clip, alpha: alpha))
      list.append(
        DisplayItem(frame: thumb, clip: clip, content: .border(.layer(rounded: _ControlDrawing.allCorners), _ControlDrawing.hairline),
                    alpha: alpha, hosts: .pixels))
    } else if let touched = _touched, isTracking, isHighlighted {
      list.append(_ControlDrawing.roundedRect(frames[touched].insetBy(dx: 2, dy: 2), _ControlDrawing.track, radius: 7, clip: clip, alpha: alpha))
    }
    for (index, frame) in frames.enumerated() {
      // Dividers between segments, except beside the selected one.
      if index > 0, index != shown, index - 1 != shown {
        let divider = CGRect(x: frame.minX - 0.5, y: frame.minY + 8, width: 1, height: frame.height - 16)
        list.append(DisplayItem(frame: divider, clip: clip, content: .fill(_ControlDrawing.hairline), alpha: alpha, hosts: .pixels))
      }
      let segment = _segments[index]
      let selected = index == shown
      var state: UIControl.State = selected ? .selected : .normal
      if !segment.isEnabled { state = .disabled }
      let offset = segment.contentOffset
      let content = frame.offsetBy(dx: offset.width, dy: offset.height)
      if let image = segment.image {
        let size = image.size
        let imageFrame = CGRect(x: content.midX - size.width / 2, y: content.midY - size.height / 2, width: size.width, height: size.height)
        list.append(DisplayItem(frame: imageFrame, clip: clip, content: .image(image), alpha: alpha * (segment.isEnabled ? 1 : 0.35)))
      } else if let title = segment.title {
        let attributes = _titleAttributes[state.rawValue] ?? _titleAttributes[0] ?? [:]
        let color = attributes[.foregroundColor] as? UIColor ?? (segment.isEnabled ? .label : .tertiaryLabel)
        let run = TextRun(string: title, font: _font(selected: selected, state: state), color: color, alignment: .center)
        list.append(DisplayItem(frame: content, clip: clip, content: .text(run), alpha: alpha))
      }
    }
  }
}

extension UIAppearanceProxy where Object: UISegmentedControl {
  /// Records the title attributes for `state`
  /// (`UISegmentedControl.appearance().setTitleTextAttributes([.foregroundColor: UIColor.red], for: .selected)`).
  public func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
    _recordTitleTextAttributes(attributes, for: state) { $0.setTitleTextAttributes(attributes, for: state) }
  }

  /// The title attributes recorded for `state`, if any.
  public func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
    _recordedTitleTextAttributes(for: state)
  }
}
