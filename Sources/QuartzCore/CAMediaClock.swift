// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (Core Graphics and Core Animation name their functions and constants so.)

// The clock Core Animation runs on.
//
// Animations must run on the same clock as the rest of the app: UIKit's (its keyboard animations,
// `UIView.animate` completions), which a headless test host moves by hand. QuartzCore sits below
// UIKit and cannot name that clock, so UIKit installs it here (`CAMediaClock.install`) when the
// application object is created; until then, or in a program that imports QuartzCore without
// UIKit, Core Animation runs in real time on the main dispatch queue.

import Dispatch
import Foundation

/// A source of time and timed work on the main actor: what Core Animation needs of a clock.
@MainActor
package protocol CAMediaClockSource: AnyObject {
  /// Seconds on the clock; never goes backwards.
  var now: TimeInterval { get }
  /// Runs `work` once `delay` seconds have passed on this clock; returns a token for ``cancel(_:)``.
  func scheduleMediaWork(after delay: TimeInterval, _ work: @escaping @MainActor () -> Void)
    -> AnyHashable
  /// Schedules a frame's work that comes back every frame while something displays (a display
  /// link's tick): a host running its clock until nothing is left does not wait for it.
  func scheduleFrameWork(after delay: TimeInterval, _ work: @escaping @MainActor () -> Void)
    -> AnyHashable
  /// Cancels work scheduled by ``scheduleMediaWork(after:_:)`` that has not run yet.
  func cancelMediaWork(_ token: AnyHashable)
}

/// Where Core Animation reads the time and schedules animation ends.
@MainActor
package enum CAMediaClock {
  /// The installed clock (real time until UIKit installs its own).
  package private(set) static var source: any CAMediaClockSource = RealTimeMediaClock()
  private static var installed = false

  /// Makes `clock` Core Animation's clock (UIKit installs its scheduler once, at start-up).
  package static func install(_ clock: any CAMediaClockSource) {
    source = clock
    installed = true
  }

  /// Whether a clock other than the real-time default was installed.
  package static var isInstalled: Bool { installed }

  package static var now: TimeInterval { source.now }
}

/// Real time from the monotonic clock, work delivered through the main dispatch queue.
@MainActor
private final class RealTimeMediaClock: CAMediaClockSource {
  private let start = DispatchTime.now().uptimeNanoseconds
  private var nextToken = 0
  private var cancelled: Set<Int> = []

  var now: TimeInterval {
    TimeInterval(DispatchTime.now().uptimeNanoseconds &- start) / 1_000_000_000
  }

  func scheduleMediaWork(after delay: TimeInterval, _ work: @escaping @MainActor () -> Void)
    -> AnyHashable
  {
    nextToken += 1
    let token = nextToken
    let wait = delay.isFinite ? max(0, delay) : 0
    DispatchQueue.main.asyncAfter(deadline: .now() + wait) {
      MainActor.assumeIsolated {
        guard self.cancelled.remove(token) == nil else { return }
        work()
      }
    }
    return AnyHashable(token)
  }

  func scheduleFrameWork(after delay: TimeInterval, _ work: @escaping @MainActor () -> Void)
    -> AnyHashable
  {
    scheduleMediaWork(after: delay, work)
  }

  func cancelMediaWork(_ token: AnyHashable) {
    if let id = token.base as? Int { cancelled.insert(id) }
  }
}

/// The current time of Core Animation's clock, in seconds: the time layers' animations are
/// measured against (`beginTime`, `CACurrentMediaTime() + 1` to start in a second). Under UIKit
/// it is UIKit's clock, so a headless host that advances time advances this too. Main-actor
/// isolated (layers are): the clock a host moves is the main actor's.
@preconcurrency @MainActor
public func CACurrentMediaTime() -> CFTimeInterval {
  CAMediaClock.now
}

/// A time interval in seconds (CoreFoundation's name, which Foundation on Linux does not declare).
public typealias CFTimeInterval = Double
