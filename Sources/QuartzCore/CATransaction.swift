// CATransaction: groups layer changes, sets their animation defaults, and hears when the
// animations added in it have all finished.
//
// Transactions nest. Outside `begin()`/`commit()`, changes go into an implicit transaction that
// commits at the next turn of the clock (on iOS, at the end of the run loop's turn); `flush()`
// commits it at once. A completion block set in a transaction runs once every animation added
// to a layer after it was set, in that transaction, has finished or been removed; when there is
// none, it runs when the transaction commits. It runs after the animations' delegates heard
// `animationDidStop(_:finished:)`.

/// A batch of layer changes and its animation settings.
@preconcurrency @MainActor
open class CATransaction: NSObject {
  /// One level of the transaction stack.
  private final class Level {
    var values: [String: Any] = [:]
    var group: CompletionGroup?
    let isImplicit: Bool
    init(isImplicit: Bool) { self.isImplicit = isImplicit }
  }

  /// A completion block and the animations it waits for.
  @MainActor
  package final class CompletionGroup {
    let block: () -> Void
    var pending = 0
    var committed = false
    var ran = false
    init(block: @escaping () -> Void) { self.block = block }

    /// One animation it waited for ended.
    package func animationEnded() {
      pending -= 1
      runIfDone()
    }

    func runIfDone() {
      guard committed, pending <= 0, !ran else { return }
      ran = true
      block()
    }
  }

  private static var stack: [Level] = []
  private static var implicitCommit: AnyHashable?

  private static var current: Level {
    if let top = stack.last { return top }
    let level = Level(isImplicit: true)
    stack.append(level)
    implicitCommit = CAMediaClock.source.scheduleMediaWork(after: 0) {
      CATransaction.commitImplicit()
    }
    return level
  }

  /// Begins a transaction (nested in the current one, if any).
  open class func begin() {
    stack.append(Level(isImplicit: false))
  }

  /// Commits the innermost explicit transaction. Without one, nothing happens (iOS logs a
  /// warning for an unbalanced commit).
  open class func commit() {
    guard let index = stack.lastIndex(where: { !$0.isImplicit }) else { return }
    let level = stack.remove(at: index)
    finish(level)
  }

  /// Commits the implicit transaction now, if there is one.
  open class func flush() {
    commitImplicit()
  }

  private static func commitImplicit() {
    if let token = implicitCommit {
      CAMediaClock.source.cancelMediaWork(token)
      implicitCommit = nil
    }
    guard let index = stack.firstIndex(where: { $0.isImplicit }) else { return }
    let level = stack.remove(at: index)
    finish(level)
  }

  private static func finish(_ level: Level) {
    guard let group = level.group else { return }
    group.committed = true
    group.runIfDone()
  }

  /// Does nothing: layers are used on the main actor only, so there is nothing to lock.
  open class func lock() {}
  /// Does nothing (see ``lock()``).
  open class func unlock() {}

  // MARK: Settings

  private static func value(_ key: String) -> Any? {
    for level in stack.reversed() {
      if let value = level.values[key] { return value }
    }
    return nil
  }

  /// The duration of animations made by property changes in this transaction (0.25 s unless set).
  open class func animationDuration() -> CFTimeInterval {
    value(kCATransactionAnimationDuration) as? CFTimeInterval ?? 0.25
  }

  /// Sets ``animationDuration()`` for this transaction.
  open class func setAnimationDuration(_ dur: CFTimeInterval) {
    current.values[kCATransactionAnimationDuration] = dur
  }

  /// The timing function of animations made in this transaction (nil: the default).
  open class func animationTimingFunction() -> CAMediaTimingFunction? {
    value(kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
  }

  /// Sets ``animationTimingFunction()`` for this transaction.
  open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
    current.values[kCATransactionAnimationTimingFunction] = function
  }

  /// Whether property changes in this transaction run no actions (no implicit animations).
  open class func disableActions() -> Bool {
    value(kCATransactionDisableActions) as? Bool ?? false
  }

  /// Sets ``disableActions()`` for this transaction.
  open class func setDisableActions(_ flag: Bool) {
    current.values[kCATransactionDisableActions] = flag
  }

  /// The completion block set in this transaction, if any.
  open class func completionBlock() -> (() -> Void)? {
    stack.last?.group?.block
  }

  /// Sets the block to run when the animations added from now on in this transaction have all
  /// finished (or at commit, when none is added). A block set before it in the same
  /// transaction keeps waiting for the animations added while it was set.
  open class func setCompletionBlock(_ block: (() -> Void)?) {
    let level = current
    if let old = level.group {
      old.committed = true
      old.runIfDone()
    }
    level.group = block.map { CompletionGroup(block: $0) }
  }

  /// A value set for `key` in this transaction or an enclosing one.
  open class func value(forKey key: String) -> Any? { value(key) }

  /// Sets a value for `key` in this transaction.
  open class func setValue(_ anObject: Any?, forKey key: String) {
    current.values[key] = anObject
  }

  /// The completion group animations added now join (nil: no block is waiting).
  package static func joinCurrentGroup() -> CompletionGroup? {
    guard let group = current.group else { return nil }
    group.pending += 1
    return group
  }
}

/// The key of ``CATransaction/animationDuration()``.
public let kCATransactionAnimationDuration = "animationDuration"
/// The key of ``CATransaction/disableActions()``.
public let kCATransactionDisableActions = "disableActions"
/// The key of ``CATransaction/animationTimingFunction()``.
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// The key of ``CATransaction/completionBlock()``.
public let kCATransactionCompletionBlock = "completionBlock"
