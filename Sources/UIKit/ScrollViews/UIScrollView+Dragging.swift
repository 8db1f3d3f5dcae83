import Foundation

// Scrolling by hand: a touch that moves far enough along an axis the content can scroll along
// becomes a drag of the innermost such scroll view (the content's own touch is cancelled, as
// iOS's pan recognizer cancels it); letting go carries the content on with the finger's
// speed, slowing down on UIKit's clock. The delegate hears iOS's order:
// scrollViewWillBeginDragging, scrollViewDidScroll…, scrollViewWillEndDragging(withVelocity:
// targetContentOffset:), scrollViewDidEndDragging(willDecelerate:), then, when the content
// moves on, scrollViewWillBeginDecelerating, scrollViewDidScroll…, scrollViewDidEndDecelerating.

extension UIScrollView {
  /// A touch on the content.
  struct _Pan {
    let touch: UITouch
    /// When the touch went down (UIKit's clock).
    var startTime: TimeInterval = 0
    /// Where the touch went down (window coordinates) and the offset then.
    var start: CGPoint
    var startOffset: CGPoint
    /// Whether the touch became a drag of this scroll view.
    var dragging = false
    /// Whether ``UIScrollView/touchesShouldBegin(_:with:in:)`` kept the touch from the content.
    var contentDenied = false
    /// With directional lock, the axis the drag keeps to (nil: both).
    var lockedVertical: Bool?
    /// The last two positions of the touch and when (UIKit's clock), for its speed.
    var samples: [(time: TimeInterval, point: CGPoint)] = []
  }

  /// How far a touch moves before it is a drag (iOS's pan hysteresis).
  static let _dragThreshold: CGFloat = 10

  /// Whether the content can move vertically by hand: it is taller than the bounds with its
  /// insets, or it bounces vertically anyway.
  var _scrollsVertically: Bool {
    let inset = adjustedContentInset
    return contentSize.height + inset.top + inset.bottom > bounds.height
      || (bounces && (alwaysBounceVertical || refreshControl != nil))
  }

  /// Whether the content can move horizontally by hand.
  var _scrollsHorizontally: Bool {
    let inset = adjustedContentInset
    return contentSize.width + inset.left + inset.right > bounds.width || (bounces && alwaysBounceHorizontal)
  }

  func _panTouchBegan(_ touch: UITouch) {
    // A touch stops a content that is still moving, where it is.
    _stopMotion()
    _pan = _Pan(touch: touch, startTime: _now, start: touch.location(in: nil), startOffset: contentOffset)
    _pan?.samples = [(_now, touch.location(in: nil))]
  }

  /// Whether the touch has moved far enough, along an axis this view scrolls, to become its
  /// drag.
  func _panShouldBegin(_ touch: UITouch) -> Bool {
    guard isScrollEnabled, let pan = _pan, pan.touch === touch, !_touchHeldByContent else { return false }
    let point = touch.location(in: nil)
    let dx = point.x - pan.start.x
    let dy = point.y - pan.start.y
    guard (abs(dy) > Self._dragThreshold && _scrollsVertically) || (abs(dx) > Self._dragThreshold && _scrollsHorizontally)
    else { return false }
    // The content already has the touch (on iOS: once the delay passed): ask to take it.
    guard let view = touch.view, view !== self, !(delaysContentTouches && _now - pan.startTime < Self._contentTouchDelay)
    else { return true }
    return canCancelContentTouches && touchesShouldCancel(in: view)
  }

  /// How long iOS holds a touch back from the content to see whether it becomes a drag.
  static let _contentTouchDelay: TimeInterval = 0.15

  func _panBegin(_ touch: UITouch) {
    guard var pan = _pan else { return }
    pan.dragging = true
    if isDirectionalLockEnabled {
      let point = touch.location(in: nil)
      pan.lockedVertical = abs(point.y - pan.start.y) >= abs(point.x - pan.start.x)
    }
    _pan = pan
    isDragging = true
    panGestureRecognizer._scrollDragBegan(touch, start: pan.start, startTime: pan.startTime)
    _scrollDelegate?.scrollViewWillBeginDragging(self)
    switch keyboardDismissMode {
    case .onDrag, .onDragWithAccessory:
      // The window's first responder, wherever it is (a search bar above a table, say), as on iOS.
      _ = window?._firstResponder?.resignFirstResponder()
    case .none, .interactive, .interactiveWithAccessory:
      break
    }
    _panTouchMoved(touch, beginning: true)
  }

  /// The drag moved: the content follows the finger from where the touch went down; past the
  /// content's edges it moves half as far when it bounces, and not at all when it does not.
  func _panTouchMoved(_ touch: UITouch, beginning: Bool = false) {
    guard var pan = _pan, pan.dragging else { return }
    let point = touch.location(in: nil)
    // The move that began the drag is the pan's `.began`; later ones are `.changed`.
    if !beginning, panGestureRecognizer.state == .began || panGestureRecognizer.state == .changed {
      panGestureRecognizer._scrollDragMoved(touch)
    }
    pan.samples.append((_now, point))
    if pan.samples.count > 2 { pan.samples.removeFirst(pan.samples.count - 2) }
    _pan = pan
    var offset = pan.startOffset
    let minimum = _minimumContentOffset
    let maximum = _maximumContentOffset
    func follow(_ start: CGFloat, _ moved: CGFloat, _ low: CGFloat, _ high: CGFloat, bounces: Bool) -> CGFloat {
      let wanted = start - moved
      if wanted < low { return bounces ? low - (low - wanted) / 2 : low }
      if wanted > high { return bounces ? high + (wanted - high) / 2 : high }
      return wanted
    }
    if _scrollsVertically, pan.lockedVertical != false {
      offset.y = follow(pan.startOffset.y, point.y - pan.start.y, minimum.y, maximum.y, bounces: bounces)
    }
    if _scrollsHorizontally, pan.lockedVertical != true {
      offset.x = follow(pan.startOffset.x, point.x - pan.start.x, minimum.x, maximum.x, bounces: bounces)
    }
    if offset != contentOffset { contentOffset = offset }
  }

  /// The drag's finger lifted (or its touch was cancelled).
  func _panEnded(_ touch: UITouch, cancelled: Bool) {
    guard let pan = _pan else { return }
    let point = touch.location(in: nil)
    _pan = nil
    guard pan.dragging else { return }
    let recognizer = panGestureRecognizer
    recognizer._scrollDragEnded(touch, cancelled: cancelled)
    defer { recognizer._scrollDragFinished() }
    var velocity = CGPoint.zero
    if !cancelled, let last = pan.samples.last, let first = pan.samples.first,
      last.time > first.time, _now - last.time < 0.1
    {
      let milliseconds = CGFloat((last.time - first.time) * 1000)
      // The content's speed, in the content offset's direction (points per millisecond).
      if _scrollsVertically, pan.lockedVertical != false { velocity.y = -(last.point.y - first.point.y) / milliseconds }
      if _scrollsHorizontally, pan.lockedVertical != true { velocity.x = -(last.point.x - first.point.x) / milliseconds }
    }
    var target = _restingOffset(velocity: velocity, dragStart: pan.startOffset)
    withUnsafeMutablePointer(to: &target) { pointer in
      _scrollDelegate?.scrollViewWillEndDragging(self, withVelocity: velocity, targetContentOffset: pointer)
    }
    // What the delegate chose, kept inside the content.
    target = _clampedContentOffset(target)
    let decelerate = target != contentOffset
    _scrollDelegate?.scrollViewDidEndDragging(self, willDecelerate: decelerate)
    isDragging = false
    if case .interactive = keyboardDismissMode { _dismissKeyboardInteractively(pan: pan, end: point) }
    if case .interactiveWithAccessory = keyboardDismissMode { _dismissKeyboardInteractively(pan: pan, end: point) }
    if decelerate {
      _scrollDelegate?.scrollViewWillBeginDecelerating(self)
      // Springing back from past an edge, or onto a page, is quicker than a glide.
      let springs = isPagingEnabled || contentOffset != _clampedContentOffset(contentOffset)
      _startMotion(.deceleration(
        from: contentOffset, to: target, start: _now,
        rate: springs ? DecelerationRate.fast.rawValue : decelerationRate.rawValue))
    } else {
      _showIndicators(for: Self._flashDuration / 2)
    }
  }

  /// Where the content comes to rest after a drag let go with `velocity`: as far as its speed
  /// carries it at ``decelerationRate`` (speed × rate / (1 − rate)), on a page boundary with
  /// paging, and inside the content.
  func _restingOffset(velocity: CGPoint, dragStart: CGPoint) -> CGPoint {
    let rate = decelerationRate.rawValue
    let reach = rate / (1 - rate)
    var target = CGPoint(x: contentOffset.x + velocity.x * reach, y: contentOffset.y + velocity.y * reach)
    if isPagingEnabled {
      func page(_ offset: CGFloat, _ speed: CGFloat, _ size: CGFloat) -> CGFloat {
        guard size > 0 else { return offset }
        let position = offset / size
        let index = speed > 0 ? position.rounded(.up) : speed < 0 ? position.rounded(.down) : position.rounded()
        return index * size
      }
      target = CGPoint(x: page(contentOffset.x, velocity.x, bounds.width), y: page(contentOffset.y, velocity.y, bounds.height))
    }
    let free = _clampedContentOffset(target)
    return _restingOffsetRule?(free, velocity, dragStart) ?? free
  }

  /// `.interactive`: a drag that went down and lifted over the keyboard dismisses it.
  private func _dismissKeyboardInteractively(pan: _Pan, end: CGPoint) {
    guard let window, let keyboard = window.keyboard.frame, end.y > pan.start.y, end.y >= keyboard.minY else { return }
    _ = window._firstResponder?.resignFirstResponder()
  }

  /// A wheel turn from a host: scrolls by `delta` points (positive: towards the end), kept
  /// inside the content and its adjusted insets, when scrolling is enabled and there is
  /// somewhere to go. Returns whether it scrolled.
  func _scroll(by delta: CGPoint) -> Bool {
    guard isScrollEnabled, !isDragging else { return false }
    // The content size may wait for a layout (a text view's new text).
    layoutIfNeeded()
    let old = contentOffset
    let new = _clampedContentOffset(CGPoint(x: old.x + delta.x, y: old.y + delta.y))
    guard new != old else { return false }
    _stopMotion()
    _showIndicators(for: Self._flashDuration)
    contentOffset = new
    return true
  }
}

extension UIView {
  /// What iOS does when a view becomes first responder: each scroll view it is in, innermost
  /// first, scrolls (animated) the least that shows it inside its insets, so that Tab through
  /// a long form keeps the focused field in view above a keyboard an app inset the content for.
  func _scrollIntoViewOfScrollViews() {
    var ancestor = superview
    while let view = ancestor {
      if let scrollView = view as? UIScrollView, !scrollView.isDragging {
        scrollView.scrollRectToVisible(convert(bounds, to: scrollView), animated: true)
      }
      ancestor = view.superview
    }
  }
}

extension UIWindow {
  /// A wheel turn at `point` (window coordinates): the innermost scroll view under it that can
  /// move scrolls by `delta` points. Returns whether one did.
  @discardableResult
  package func _scrollWheel(at point: CGPoint, delta: CGPoint) -> Bool {
    var view = hitTest(point, with: nil)
    while let v = view {
      if let scrollView = v as? UIScrollView, scrollView._scroll(by: delta) { return true }
      view = v.superview
    }
    return false
  }

  /// Shows a touch to the scroll views it is in before the views under it get it. Returns
  /// whether a scroll view took it (its drag), so that the views under it get nothing more:
  /// they heard `touchesCancelled` when the drag began.
  func _scrollViewsTake(_ touch: UITouch, event: UIEvent) -> Bool {
    func scrollViews() -> [UIScrollView] {
      var result: [UIScrollView] = []
      var view = touch.view
      while let v = view {
        if let scrollView = v as? UIScrollView { result.append(scrollView) }
        view = v.superview
      }
      return result
    }
    switch touch.phase {
    case .began:
      let candidates = scrollViews()
      for scrollView in candidates { scrollView._panTouchBegan(touch) }
      // The innermost scroll view decides whether the content under the touch gets it.
      guard let innermost = candidates.first, let view = touch.view, view !== innermost,
        !innermost.touchesShouldBegin([touch], with: event, in: view)
      else { return false }
      innermost._pan?.contentDenied = true
      return true
    case .moved, .stationary:
      let candidates = scrollViews()
      if let dragging = candidates.first(where: { $0._pan?.touch === touch && $0._pan?.dragging == true }) {
        dragging._panTouchMoved(touch)
        return true
      }
      let denied = candidates.contains { $0._pan?.touch === touch && $0._pan?.contentDenied == true }
      // A drag on the first responder (an editing text object) selects text instead.
      if let view = touch.view, view.isFirstResponder, !denied { return false }
      guard let scrollView = candidates.first(where: { $0._panShouldBegin(touch) }) else { return denied }
      if !denied, let view = touch.view {
        view.touchesCancelled([touch], with: event)
      }
      for other in candidates where other !== scrollView { other._pan = nil }
      scrollView._panBegin(touch)
      return true
    case .ended, .cancelled:
      var took = false
      for scrollView in scrollViews() where scrollView._pan?.touch === touch {
        if scrollView._pan?.dragging == true || scrollView._pan?.contentDenied == true { took = true }
        scrollView._panEnded(touch, cancelled: touch.phase == .cancelled)
      }
      return took
    }
  }
}
