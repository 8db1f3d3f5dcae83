import Dispatch
import Foundation
import TextEditing

/// The clock UIKit's timed behaviour runs on: keyboard animations, `UIView.animate` completions,
/// `present(_:animated:completion:)` completions.
///
/// Two things can move it:
/// - **Real time, by default**, as on a device: due work is delivered through the main dispatch
///   queue, so that whatever drains that queue delivers it — `await Task.sleep` or `Task.yield`
///   in a `@MainActor` test, `RunLoop.main.run(until:)`, XCTest's `wait(for:timeout:)`, an app's
///   `dispatchMain()`. Code under plain XCTest or Swift Testing, with no host, sees
///   `keyboardDidShowNotification` a quarter second after `keyboardWillShowNotification`.
/// - **A host**, after ``takeOver()``: the headless host's virtual clock (``advance(by:)``) or the
///   terminal host's run loop. Nothing then happens unless the host moves time, so tests stay
///   exactly deterministic. When the last host gives the clock back (``giveBack()``), real time
///   resumes from where the host left it, and work still waiting falls due in real time.
///
/// `now` never goes backwards across a hand-over. Due work runs in time order (ties in the order
/// it was scheduled), on the main actor.
@MainActor
package final class MainScheduler {
  package struct Token: Hashable, Sendable {
    fileprivate let id: UInt64
  }

  private struct Entry {
    let due: TimeInterval
    let id: UInt64
    let work: @MainActor () -> Void
    /// Work that comes back every frame for as long as something displays (a display link's
    /// tick): ``runUntilIdle(limit:)`` does not wait for it.
    var recurs = false
  }

  /// Who moves time.
  package enum Driver: Equatable, Sendable {
    /// The monotonic clock, through the main dispatch queue.
    case realTime
    /// A host, by ``advance(to:)``.
    case host
  }

  private var entries: [Entry] = []
  private var nextID: UInt64 = 0
  /// How many hosts hold the clock (hosts may overlap, e.g. two tests interleaving at `await`).
  private var hostCount = 0
  /// `now` while a host drives the clock, and where real time resumed from otherwise.
  private var hostedNow: TimeInterval = 0
  /// The monotonic reading at which real time last resumed from `hostedNow`.
  private var realAnchor: UInt64
  /// The due time the main queue will wake the scheduler for, and that wake-up's generation
  /// (an older wake-up finds a newer generation and does nothing).
  private var armedDue: TimeInterval?
  private var wakeGeneration: UInt64 = 0

  package init() {
    realAnchor = DispatchTime.now().uptimeNanoseconds
  }

  /// Who moves time now.
  package var driver: Driver { hostCount > 0 ? .host : .realTime }

  /// Seconds since the scheduler started: real seconds while time is real, the host's seconds
  /// while a host holds the clock.
  package var now: TimeInterval {
    switch driver {
    case .host: hostedNow
    case .realTime: hostedNow + Self.seconds(from: realAnchor, to: DispatchTime.now().uptimeNanoseconds)
    }
  }

  private static func seconds(from start: UInt64, to end: UInt64) -> TimeInterval {
    end > start ? TimeInterval(end - start) / 1_000_000_000 : 0
  }

  // MARK: Hand-over

  /// A host takes the clock: from now on time moves only by ``advance(to:)``, starting from the
  /// current time. Hosts may nest; each `takeOver()` needs one ``giveBack()``.
  package func takeOver() {
    if hostCount == 0 {
      hostedNow = now
      disarm()
    }
    hostCount += 1
  }

  /// A host gives the clock back; when none holds it any more, real time resumes from the
  /// host's time and waiting work falls due in real time.
  package func giveBack() {
    precondition(hostCount > 0, "MainScheduler.giveBack() without a matching takeOver()")
    hostCount -= 1
    if hostCount == 0 {
      realAnchor = DispatchTime.now().uptimeNanoseconds
      armWakeUp()
    }
  }

  // MARK: Scheduling

  /// Runs `work` once `delay` seconds have passed (a delay ≤ 0 runs as soon as the main queue
  /// turns, or at the host's next `advance`).
  @discardableResult
  package func schedule(after delay: TimeInterval, recurs: Bool = false, _ work: @escaping @MainActor () -> Void) -> Token {
    nextID &+= 1
    // A NaN or infinite delay from a caller must not poison the ordering.
    let wait = delay.isFinite ? max(0, delay) : (delay == .infinity ? TimeInterval.greatestFiniteMagnitude : 0)
    let entry = Entry(due: now + wait, id: nextID, work: work, recurs: recurs)
    // Keep entries sorted by (due, id); new entries usually go at the end.
    var index = entries.endIndex
    while index > entries.startIndex, entries[index - 1].due > entry.due { index -= 1 }
    entries.insert(entry, at: index)
    armWakeUp()
    return Token(id: entry.id)
  }

  /// Cancels scheduled work that has not run yet.
  package func cancel(_ token: Token) {
    entries.removeAll { $0.id == token.id }
  }

  /// Whether work is waiting.
  package var hasPendingWork: Bool { !entries.isEmpty }

  /// When the earliest waiting work is due, if any.
  package var nextDueTime: TimeInterval? { entries.first?.due }

  // MARK: Moving time (hosts)

  /// Moves time forward to `time`, running every piece of work due by then, each at its own
  /// time (work scheduled while running runs too if it falls due by `time`). Only a host that
  /// took the clock over moves it.
  package func advance(to time: TimeInterval) {
    precondition(driver == .host, "UIKit's clock runs in real time; a host must take it over (MainScheduler.takeOver()) before advancing it")
    // Work due within a nanosecond of `time` runs too: a clock at 0.2274 s moved by 0.2 and then
    // 0.05 reads one unit in the last place short of 0.2274 + 0.25, and a test that advances by
    // parts must see the keyboard's 0.25 s "did" notification all the same.
    let time = time + Self.dueTolerance
    while driver == .host, let first = entries.first, first.due <= time {
      entries.removeFirst()
      hostedNow = max(hostedNow, first.due)
      first.work()
    }
    // Work that ran may have given the clock back (a host going away); real time then goes on
    // from where it is.
    if driver == .host { hostedNow = max(hostedNow, time - Self.dueTolerance) }
  }

  /// How far past the target `advance(to:)` still runs work (binary fractions of seconds drift
  /// by a unit in the last place as they are added; a nanosecond is far above that and far below
  /// anything UIKit schedules).
  static let dueTolerance: TimeInterval = 1e-9

  /// Moves time forward by `seconds`.
  package func advance(by seconds: TimeInterval) {
    advance(to: now + seconds)
  }

  /// Runs everything waiting, however far in the future (time moves to the last due time).
  /// Work that recurs every frame (a display link) runs on the way but is not waited for.
  package func runUntilIdle(limit: Int = 10_000) {
    var steps = 0
    while driver == .host, let next = entries.first(where: { !$0.recurs }), steps < limit {
      advance(to: next.due)
      steps += 1
    }
  }

  // MARK: Real time

  /// Asks the main queue to wake the scheduler when the earliest waiting work falls due.
  private func armWakeUp() {
    guard driver == .realTime, let due = entries.first?.due else { return }
    if let armedDue, armedDue <= due { return }
    wakeGeneration &+= 1
    let generation = wakeGeneration
    armedDue = due
    let delay = due - now
    let wake: @Sendable () -> Void = { [weak self] in
      MainActor.assumeIsolated { self?.wakeUp(generation) }
    }
    // Work due now goes straight onto the queue, so that a `Task.yield()` behind it sees it done.
    if delay <= 0 {
      DispatchQueue.main.async(execute: wake)
    } else {
      DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(min(delay, 1e9) * 1_000_000_000)), execute: wake)
    }
    // A run loop spun from inside a main-queue job (a synchronous `@MainActor` Swift Testing test
    // calling `RunLoop.main.run(until:)`) cannot drain the queue it is running on, but it fires
    // its own timers; whichever wake-up comes first runs the work, the other finds it done.
    if Thread.isMainThread {
      let timer = Timer(timeInterval: max(0, delay), repeats: false) { _ in wake() }
      RunLoop.main.add(timer, forMode: .common)
    }
  }

  private func disarm() {
    armedDue = nil
    wakeGeneration &+= 1
  }

  private func wakeUp(_ generation: UInt64) {
    guard generation == wakeGeneration else { return }
    armedDue = nil
    guard driver == .realTime else { return }
    // Each piece of work sees `now` at or after its due time; work it schedules for now runs in
    // this same turn, as a host's `advance` runs it.
    while driver == .realTime, let first = entries.first, first.due <= now {
      entries.removeFirst()
      first.work()
    }
    armWakeUp()
  }
}
