import Foundation

/// The clock UIKit's timed behaviour runs on: keyboard animations, `UIView.animate` completions,
/// `DispatchQueue.main.asyncAfter`-like work a host drives.
///
/// Nothing here reads the wall clock. A host moves time forward: the headless test host by
/// `advance(by:)` on a virtual clock, the terminal host from a monotonic clock in its run loop.
/// Due work runs in time order (ties in the order it was scheduled), on the main actor.
@MainActor
package final class MainScheduler {
  package struct Token: Hashable, Sendable {
    fileprivate let id: UInt64
  }

  private struct Entry {
    let due: TimeInterval
    let id: UInt64
    let work: @MainActor () -> Void
  }

  /// Seconds since the scheduler started (virtual or real, as the host says).
  package private(set) var now: TimeInterval = 0
  private var entries: [Entry] = []
  private var nextID: UInt64 = 0

  package init() {}

  /// Runs `work` once `delay` seconds have passed (a delay ≤ 0 runs at the next `advance`).
  @discardableResult
  package func schedule(after delay: TimeInterval, _ work: @escaping @MainActor () -> Void) -> Token {
    nextID &+= 1
    let entry = Entry(due: now + max(0, delay), id: nextID, work: work)
    // Keep entries sorted by (due, id); new entries usually go at the end.
    var index = entries.endIndex
    while index > entries.startIndex, entries[index - 1].due > entry.due { index -= 1 }
    entries.insert(entry, at: index)
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

  /// Moves time forward to `time`, running every piece of work due by then, each at its own
  /// time (work scheduled while running runs too if it falls due by `time`).
  package func advance(to time: TimeInterval) {
    while let first = entries.first, first.due <= time {
      entries.removeFirst()
      now = max(now, first.due)
      first.work()
    }
    now = max(now, time)
  }

  /// Moves time forward by `seconds`.
  package func advance(by seconds: TimeInterval) {
    advance(to: now + seconds)
  }

  /// Runs everything waiting, however far in the future (time moves to the last due time).
  package func runUntilIdle(limit: Int = 10_000) {
    var steps = 0
    while let first = entries.first, steps < limit {
      advance(to: first.due)
      steps += 1
    }
  }
}
