import Foundation

/// A window's gesture recognizers at work: the recognizers of the touch under way (the hit
/// view's first, then its ancestors'), and the ones waiting for others to fail, which may
/// outlive the touch (a single tap waits for a double tap's time to run out).
///
/// The rules are iOS's: a recognizer that begins or recognizes fails or cancels the others
/// unless either delegate lets them recognize simultaneously (and `canPrevent`/
/// `canBePrevented(by:)` agree); one that must wait for another's failure
/// (`require(toFail:)`, the delegate's `shouldRequireFailureOf`/`shouldBeRequiredToFailBy`, the
/// subclass methods) holds its state until the other fails, and fails if the other recognizes;
/// with `cancelsTouchesInView` a recognizing one takes the touch from the view.
@MainActor
final class _GestureArena {
  /// The recognizers of the touch under way.
  private(set) var active: [UIGestureRecognizer] = []
  /// Recognizers holding a state until others fail.
  private var pending: [UIGestureRecognizer] = []
  /// Whether a recognizer took the touch under way from the view.
  private(set) var viewTouchCancelled = false
  /// A view's touch-up held back by recognizers with `delaysTouchesEnded` still deciding, and
  /// what delivers it (`true`: as cancelled, one of them recognized).
  private var heldEnd: (recognizers: [UIGestureRecognizer.Weak], deliver: @MainActor (Bool) -> Void)?

  /// Holds a view's touch-up until `recognizers` fail (delivered as ended) or one of them
  /// recognizes (delivered as cancelled). A touch-up held before is delivered first.
  func holdTouchEnded(for recognizers: [UIGestureRecognizer], deliver: @escaping @MainActor (Bool) -> Void) {
    releaseHeldEnd(cancelled: false)
    heldEnd = (recognizers.map { UIGestureRecognizer.Weak(recognizer: $0) }, deliver)
  }

  private func releaseHeldEnd(cancelled: Bool) {
    guard let held = heldEnd else { return }
    heldEnd = nil
    held.deliver(cancelled)
  }

  /// A recognizer's decision reaches a held touch-up.
  private func settleHeldEnd(after recognizer: UIGestureRecognizer, recognized: Bool) {
    guard let held = heldEnd, held.recognizers.contains(where: { $0.recognizer === recognizer }) else { return }
    if recognized {
      releaseHeldEnd(cancelled: recognizer.cancelsTouchesInView)
    } else if held.recognizers.allSatisfy({ ($0.recognizer?.state ?? .failed) == .failed || $0.recognizer === recognizer }) {
      releaseHeldEnd(cancelled: false)
    }
  }

  /// A touch went down: these recognizers take part (those whose delegate refuses the touch
  /// do not). Recognizers left in a final state by an earlier touch start afresh.
  func begin(_ touch: UITouch, event: UIEvent, recognizers: [UIGestureRecognizer]) {
    viewTouchCancelled = false
    active = recognizers.filter { recognizer in
      if let delegate = recognizer.delegate {
        if !delegate.gestureRecognizer(recognizer, shouldReceive: touch) { return false }
        if !delegate.gestureRecognizer(recognizer, shouldReceive: event) { return false }
      }
      return recognizer._pendingState == nil
    }
    for recognizer in active {
      switch recognizer.state {
      case .ended, .cancelled, .failed: recognizer._resetAfterGesture()
      default: break
      }
      recognizer._arena = self
    }
  }

  /// Passes a touch to the recognizers still in the running.
  func deliver(_ touch: UITouch, event: UIEvent) {
    for recognizer in active where recognizer.isEnabled && recognizer._pendingState == nil {
      switch recognizer.state {
      case .possible, .began, .changed: recognizer._receive(touch, event: event)
      default: break
      }
    }
  }

  /// The touch lifted or was cancelled: recognizers still possible fail (unless they wait for
  /// more touches or for others), and every one that is done starts afresh.
  func endSequence() {
    for recognizer in active where recognizer.state == .possible && recognizer._pendingState == nil {
      if !recognizer._awaitsFurtherTouches { recognizer.state = .failed }
    }
    for recognizer in active {
      switch recognizer.state {
      case .ended, .cancelled, .failed: recognizer._resetAfterGesture()
      default: break
      }
    }
    active = []
  }

  /// Whether a recognizer still in the running holds back the view's touch-down.
  var delaysTouchBegan: Bool {
    active.contains { $0.delaysTouchesBegan && $0.isEnabled && $0.state == .possible && $0._pendingState == nil }
  }

  /// Something else took the touch (a scroll view's drag, a drag and drop): the recognizers
  /// under way are cancelled, those still possible fail.
  func cancelAll() {
    guard !active.isEmpty else { return }
    for recognizer in active {
      switch recognizer.state {
      case .began, .changed: recognizer.state = .cancelled
      case .possible: if recognizer._pendingState == nil { recognizer.state = .failed }
      default: break
      }
    }
    endSequence()
  }

  // MARK: The rules

  private func isLive(_ recognizer: UIGestureRecognizer) -> Bool {
    switch recognizer.state {
    case .possible, .began, .changed: true
    default: false
    }
  }

  /// Whether `waiter` must wait for `other` to fail.
  private func requires(_ waiter: UIGestureRecognizer, _ other: UIGestureRecognizer) -> Bool {
    if waiter._requiredToFail.contains(where: { $0.recognizer === other }) { return true }
    if waiter.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: waiter) { return true }
    if let delegate = waiter.delegate, delegate.gestureRecognizer(waiter, shouldRequireFailureOf: other) { return true }
    if let delegate = other.delegate, delegate.gestureRecognizer(other, shouldBeRequiredToFailBy: waiter) { return true }
    return false
  }

  /// The recognizers `recognizer` could have to wait for: those of the touch and those it was
  /// told to wait for (which may be waiting for a touch of their own, as a double tap is).
  private func candidates(for recognizer: UIGestureRecognizer) -> [UIGestureRecognizer] {
    var result = active.filter { $0 !== recognizer }
    for weak in recognizer._requiredToFail {
      if let other = weak.recognizer, other !== recognizer, !result.contains(where: { $0 === other }) { result.append(other) }
    }
    return result
  }

  /// Whether `recognizer` must hold its state because a recognizer it requires to fail has not.
  func _mustWait(_ recognizer: UIGestureRecognizer) -> Bool {
    candidates(for: recognizer).contains { other in
      other.state == .possible && requires(recognizer, other)
    }
  }

  private func simultaneous(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
    if let delegate = a.delegate, delegate.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) { return true }
    if let delegate = b.delegate, delegate.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) { return true }
    return false
  }

  /// `recognizer` began or recognized: it stops the others it may, fails those waiting for
  /// its failure, and takes the touch from the view.
  func _recognizerBegan(_ recognizer: UIGestureRecognizer) {
    settleHeldEnd(after: recognizer, recognized: true)
    for other in pending where other !== recognizer && requires(other, recognizer) {
      pending.removeAll { $0 === other }
      other._resolvePending(failed: false)
      finishOutsideTouch(other)
    }
    for other in active where other !== recognizer && isLive(other) {
      guard !simultaneous(recognizer, other), recognizer.canPrevent(other), other.canBePrevented(by: recognizer) else { continue }
      other.state = other.state == .possible ? .failed : .cancelled
    }
    if recognizer.cancelsTouchesInView, active.contains(where: { $0 === recognizer }) { viewTouchCancelled = true }
  }

  /// `recognizer` wants to leave `.possible` but must wait.
  func _hold(_ recognizer: UIGestureRecognizer) {
    if !pending.contains(where: { $0 === recognizer }) { pending.append(recognizer) }
  }

  /// `recognizer` failed: the recognizers waiting for it go on if nothing else holds them.
  func _recognizerFailed(_ recognizer: UIGestureRecognizer) {
    settleHeldEnd(after: recognizer, recognized: false)
    for waiter in pending where requires(waiter, recognizer) && !_mustWait(waiter) {
      pending.removeAll { $0 === waiter }
      waiter._resolvePending(failed: true)
      finishOutsideTouch(waiter)
    }
    finishOutsideTouch(recognizer)
  }

  /// A recognizer ended or was cancelled.
  func _recognizerFinished(_ recognizer: UIGestureRecognizer) {
    finishOutsideTouch(recognizer)
  }

  /// A recognizer that finished after its touch was over (a timer or another's failure
  /// decided it) starts afresh at once; during a touch, it does when the touch ends.
  private func finishOutsideTouch(_ recognizer: UIGestureRecognizer) {
    guard !active.contains(where: { $0 === recognizer }) else { return }
    switch recognizer.state {
    case .ended, .cancelled, .failed: recognizer._resetAfterGesture()
    default: break
    }
  }
}
