import Foundation

// The keys of keyboard navigation, as iPadOS 15 takes them: after the first responder's text
// input and before key commands that do not want priority (UIKeyCommand's
// `wantsPriorityOverSystemBehavior`). Tab and Shift-Tab move through the tab loop, the arrows
// move by direction, Return (and with Full Keyboard Access, Space) activates the focused item.

extension UIFocusSystem {
  /// Whether keyboard navigation would use `key` now (so a key command that does not want
  /// priority does not get it).
  func _takesKey(_ key: HardwareKey) -> Bool {
    let plain = key.modifiers.subtracting(.shift).isEmpty
    switch key.code {
    case .tab: return plain && _tabNavigates && !_items().isEmpty
    case .left, .right, .up, .down: return key.modifiers.isEmpty && focusedItem != nil
    case .returnKey: return key.modifiers.isEmpty && _activatable != nil
    case .character(" "): return key.modifiers.isEmpty && fullKeyboardAccess && _activatable != nil
    default: return false
    }
  }

  /// Handles a navigation key nothing else used. Returns whether it was used.
  func _handleKey(_ key: HardwareKey) -> Bool {
    switch key.code {
    case .tab:
      guard key.modifiers.subtracting(.shift).isEmpty, _tabNavigates else { return false }
      return _tab(from: nil, backwards: key.modifiers.contains(.shift))
    case .left, .right, .up, .down:
      guard key.modifiers.isEmpty else { return false }
      return _arrow(key.code)
    case .returnKey:
      guard key.modifiers.isEmpty, let item = _activatable else { return false }
      return _activate(item)
    case .character(" "):
      guard key.modifiers.isEmpty, fullKeyboardAccess, let item = _activatable else { return false }
      return _activate(item)
    default:
      return false
    }
  }

  /// Whether Tab moves focus: while focus is up, or with no first responder. A custom
  /// responder that holds the keyboard and lets Tab pass keeps its place until keyboard
  /// navigation is up (fields and text views move focus with Tab themselves).
  private var _tabNavigates: Bool {
    _focused != nil || _window?.firstResponderObject == nil
  }

  /// The focused item when Return or Space would activate it (a text input types them).
  private var _activatable: (any UIFocusItem)? {
    guard let item = focusedItem else { return nil }
    if let view = item as? UIView, view._wantsKeyboard { return nil }
    return item
  }

  /// Tab (Shift-Tab: backwards) from `current` (nil: the focused item, else the first
  /// responder): to the next focus group's entry item, or with Full Keyboard Access to the next
  /// item; wrapping round. A candidate that refuses (its environments, or a text input whose
  /// delegate will not begin) is passed over; a text input that will not end keeps the focus.
  @discardableResult
  func _tab(from current: (any UIFocusItem)?, backwards: Bool) -> Bool {
    let items = _items()
    guard !items.isEmpty, let window = _window else { return false }
    let start: (any UIFocusItem)? =
      current ?? focusedItem ?? (window.firstResponderObject as? UIView).flatMap { responder in
        items.first { $0 === responder }
      }
    let heading: UIFocusHeading = backwards ? .previous : .next
    // The stops of the loop: every item with Full Keyboard Access, else each group once (its
    // entry item), in reading order of the groups' first items.
    var stops: [[any UIFocusItem]] = []
    if fullKeyboardAccess {
      stops = items.map { [$0] }
    } else {
      var index: [AnyHashable: Int] = [:]
      for item in items {
        let key = _groupKey(of: item)
        if let at = index[key] { stops[at].append(item) } else {
          index[key] = stops.count
          stops.append([item])
        }
      }
    }
    let position = start.flatMap { s in stops.firstIndex { group in group.contains { $0 === s } } }
    let count = stops.count
    for step in 1...count {
      let index: Int
      if let position {
        index = ((position + (backwards ? -step : step)) % count + count) % count
      } else {
        index = backwards ? count - step : step - 1
      }
      if let position, index == position { break }
      let candidate = _entry(of: stops[index])
      window._currentRefusedToResign = false
      if _move(to: candidate, heading: heading) { return true }
      if window._currentRefusedToResign { return true }
    }
    // Nowhere else to go: focus comes up on the item that has the first responder, or the
    // field it is on begins editing again.
    if let start { return _move(to: start, heading: heading) }
    return position != nil
  }

  /// The item focus goes to when it enters `group`: the one asking most (`focusGroupPriority`),
  /// else the one focused last in it, else its first.
  private func _entry(of group: [any UIFocusItem]) -> any UIFocusItem {
    if group.count == 1 { return group[0] }
    var best = group[0], bestPriority = UIFocusGroupPriority.ignored.rawValue
    for item in group where item.focusGroupPriority.rawValue > bestPriority {
      best = item
      bestPriority = item.focusGroupPriority.rawValue
    }
    if bestPriority > UIFocusGroupPriority.ignored.rawValue { return best }
    if let last = _lastInGroup[_groupKey(of: group[0])]?.item, group.contains(where: { $0 === last }) { return last }
    return group[0]
  }

  /// An arrow key while focus is up: to the nearest item that way (within the focused item's
  /// group unless Full Keyboard Access is on). While focus is deferred the arrows are not
  /// navigation's (Tab brings focus up), so they reach key commands and scroll views.
  private func _arrow(_ code: HardwareKey.Code) -> Bool {
    guard let current = focusedItem else { return false }
    let items = _items()
    let heading: UIFocusHeading
    switch code {
    case .left: heading = .left
    case .right: heading = .right
    case .up: heading = .up
    default: heading = .down
    }
    let from = _frameInWindow(of: current)
    let group = _groupKey(of: current)
    var best: (item: any UIFocusItem, score: CGFloat)?
    for item in items where item !== current && (fullKeyboardAccess || _groupKey(of: item) == group) {
      let to = _frameInWindow(of: item)
      // Ahead: the candidate's centre lies beyond the current item's centre that way.
      let (ahead, gap, offset): (Bool, CGFloat, CGFloat)
      switch heading {
      case .left: (ahead, gap, offset) = (to.midX < from.midX - 0.5, from.minX - to.maxX, Self.offset(from.minY...from.maxY, to.minY...to.maxY))
      case .right: (ahead, gap, offset) = (to.midX > from.midX + 0.5, to.minX - from.maxX, Self.offset(from.minY...from.maxY, to.minY...to.maxY))
      case .up: (ahead, gap, offset) = (to.midY < from.midY - 0.5, from.minY - to.maxY, Self.offset(from.minX...from.maxX, to.minX...to.maxX))
      default: (ahead, gap, offset) = (to.midY > from.midY + 0.5, to.minY - from.maxY, Self.offset(from.minX...from.maxX, to.minX...to.maxX))
      }
      guard ahead else { continue }
      // Nearer that way first; sideways distance counts double (a neighbour in line wins over
      // a nearer one off to the side).
      let score = max(0, gap) + 2 * offset
      if best.map({ score < $0.score }) ?? true { best = (item, score) }
    }
    guard let target = best?.item else {
      let context = UIFocusUpdateContext(previous: current, next: nil, heading: heading)
      NotificationCenter.default.post(
        name: Self.movementDidFailNotification, object: nil, userInfo: [Self.focusUpdateContextUserInfoKey: context])
      return true
    }
    _ = _move(to: target, heading: heading)
    return true
  }

  /// How far apart two ranges are (0 when they overlap).
  private static func offset(_ a: ClosedRange<CGFloat>, _ b: ClosedRange<CGFloat>) -> CGFloat {
    if a.overlaps(b) { return 0 }
    return b.lowerBound > a.upperBound ? b.lowerBound - a.upperBound : a.lowerBound - b.upperBound
  }

  func _frameInWindow(of item: any UIFocusItem) -> CGRect {
    if let view = item as? UIView { return view.convert(view.bounds, to: nil) }
    // Other items (a control's parts too) are framed in their parent's container.
    if let container = item.parentFocusEnvironment?.focusItemContainer, let window = _window {
      return container.coordinateSpace.convert(item.frame, to: window)
    }
    return item.frame
  }

  /// Activates `item` as Full Keyboard Access does: its `accessibilityActivate()` first, and
  /// when that declines, a tap at its activation point (a part: its centre), which reaches the
  /// control, its recognizers and a cell's selection as a finger's would.
  private func _activate(_ item: any UIFocusItem) -> Bool {
    guard let window = _window else { return false }
    let point: CGPoint
    if let view = item as? UIView {
      if view.accessibilityActivate() { return true }
      point = view.accessibilityActivationPoint
    } else {
      let frame = _frameInWindow(of: item)
      point = CGPoint(x: frame.midX, y: frame.midY)
    }
    window._synthesizingFocusTap = true
    defer { window._synthesizingFocusTap = false }
    window._touch(at: point, phase: .began)
    window._touch(at: point, phase: .ended)
    return true
  }

  // MARK: Drawing

  /// The focused item's effect, above the views: a halo in its tint colour 3 points wide just
  /// outside its shape (pixels), a heavy frame a cell wider on each side (cells). With Full
  /// Keyboard Access an item without an effect gets the system one, as Full Keyboard Access
  /// draws its own cursor.
  package func _render(into list: inout DisplayList) {
    guard let item = focusedItem, let window = _window, let view = Self._view(of: item) else { return }
    guard let effect = item.focusEffect ?? (fullKeyboardAccess ? UIFocusEffect() : nil) else { return }
    let reference = (effect as? UIFocusHaloEffect)?.referenceView ?? view
    let color = view.tintColor ?? .systemBlue
    let inside = (effect as? UIFocusHaloEffect)?.position == .inside
    let width: CGFloat = 3
    var path: UIBezierPath
    var bounds: CGRect
    // A part's effect is a halo round its frame in the control (see _FocusPart.focusEffect).
    switch effect._shape(for: reference) {
    case .roundedRect(let rect, let radius):
      var frame = reference.convert(rect, to: window)
      bounds = frame
      let outset = inside ? -width / 2 : width / 2 + 1
      frame = frame.insetBy(dx: -outset, dy: -outset)
      path = UIBezierPath(roundedRect: frame, cornerRadius: max(0, radius + outset))
    case .path(let original):
      let converted = UIBezierPath(cgPath: original.cgPath)
      let origin = reference.convert(CGPoint.zero, to: window)
      converted.apply(CGAffineTransform(translationX: origin.x, y: origin.y))
      path = converted
      bounds = converted.bounds
    }
    guard bounds.width.isFinite, bounds.height.isFinite, !bounds.isNull else { return }
    let run = PathRun(subpaths: path.flattened(), color: color, mode: .stroke(lineWidth: width))
    let clip = window.bounds
    list.append(DisplayItem(frame: path.bounds.insetBy(dx: -width, dy: -width), clip: clip, content: .path(run), alpha: 1, hosts: .pixels))
    let cell = CellRasterizer.defaultCellSize.width
    list.append(
      DisplayItem(frame: bounds.insetBy(dx: -cell, dy: 0), clip: clip, content: .border(.bezel, color), alpha: 1, hosts: .cells))
  }
}

extension UIView {
  /// Whether the focus system may focus the view: `canBecomeFocused`, or with Full Keyboard
  /// Access, an enabled control or a cell that can be selected.
  func _isFocusCandidate(fullKeyboardAccess: Bool) -> Bool {
    if canBecomeFocused { return true }
    guard fullKeyboardAccess else { return false }
    switch self {
    case let control as UIControl: return control.isEnabled
    case let cell as UITableViewCell:
      guard let table = cell._tableView else { return false }
      return table.isEditing ? table.allowsSelectionDuringEditing : table.allowsSelection
    case is UICollectionViewCell:
      var current = superview
      while let each = current {
        if let collection = each as? UICollectionView { return collection.allowsSelection }
        current = each.superview
      }
      return false
    default:
      guard isAccessibilityElement else { return false }
      let traits = accessibilityTraits
      return !traits.contains(.notEnabled) && !traits.isDisjoint(with: [.button, .link, .adjustable, .keyboardKey])
    }
  }

  /// The parts of a control Full Keyboard Access focuses one by one, in its bounds.
  var _focusPartFrames: [CGRect] {
    switch self {
    case let segments as UISegmentedControl: segments._segmentFrames()
    case let stepper as UIStepper: stepper._halfFrames
    default: []
    }
  }

  func _focusPartIsEnabled(_ index: Int) -> Bool {
    switch self {
    case let segments as UISegmentedControl: segments.isEnabled && segments.isEnabledForSegment(at: index)
    case let control as UIControl: control.isEnabled
    default: true
    }
  }

  /// The corner radius of the system focus effect: the layer's, or a rounded-rect text
  /// field's.
  var _focusCornerRadius: CGFloat {
    if let field = self as? UITextField, field.borderStyle == .roundedRect { return max(layer.cornerRadius, 5) }
    return layer.cornerRadius
  }
}

extension UIStepper {
  /// The decrement and increment halves, in the bounds (as a touch finds them).
  var _halfFrames: [CGRect] {
    let half = CGSize(width: Self._size.width / 2, height: Self._size.height)
    return [CGRect(origin: .zero, size: half), CGRect(origin: CGPoint(x: half.width, y: 0), size: half)]
  }
}
