import Foundation

/// Where an animator is in its life.
public enum UIViewAnimatingState: Int, Sendable {
  /// Not started, or finished: its animations are not on the views.
  case inactive = 0
  /// Started (running or paused).
  case active = 1
  /// Stopped by `stopAnimation(false)`: waiting for `finishAnimation(at:)`.
  case stopped = 2
}

/// An object that runs animations that can be paused, scrubbed, reversed and stopped.
@preconcurrency @MainActor
public protocol UIViewAnimating: NSObjectProtocol {
  var state: UIViewAnimatingState { get }
  var isRunning: Bool { get }
  var isReversed: Bool { get set }
  var fractionComplete: CGFloat { get set }
  func startAnimation()
  func startAnimation(afterDelay delay: TimeInterval)
  func pauseAnimation()
  func stopAnimation(_ withoutFinishing: Bool)
  func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// An animator whose animations and completions can be added after it is made.
@preconcurrency @MainActor
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
  func addAnimations(_ animation: @escaping () -> Void)
  func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
  func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
  func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat)
}
