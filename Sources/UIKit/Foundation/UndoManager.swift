// Foundation's UndoManager, which swift-corelibs-foundation does not provide on Linux.
//
// Behaviour follows Apple's documentation of NSUndoManager: operations are collected in undo
// groups, groups nest, undo() runs the last group's operations in reverse order while recording
// what they register as one redo group, and the notifications Apple lists are posted on
// NotificationCenter.default at the moments Apple lists them.
//
// What Linux changes:
// - There is no run loop observer to close the group `groupsByEvent` opens. Whatever dispatches
//   events (a UIKit event loop, a test harness) calls `_endEventGroupsIfNeeded()` (every manager
//   on the calling thread) or `_endEventGroupIfNeeded()` (one manager) at the end of each
//   event. Until one is called, registrations keep going into the same open group; `undo()`
//   still closes it first, as on Apple's platforms.
// - Targets are held weakly rather than unowned: an operation whose target has been deallocated
//   is skipped instead of crashing.
// - Only closure-based registration exists (no selectors or invocations without Objective-C).
// - A text object's operation whose delegate refuses the undo calls the internal
//   `_keepCurrentOperation()`: the operation stays on its stack to be tried again, where a
//   consumed group would leave the manager one step behind the text object's own history.

import TextEditing

/// A general-purpose recorder of operations that enables undo and redo.
///
/// Register an operation that reverts a change with `registerUndo(withTarget:handler:)`; `undo()`
/// then runs the operations of the most recent undo group in reverse order of registration, and
/// whatever they register is recorded as one group that `redo()` runs.
///
/// Like Apple's, an undo manager is not thread-safe: use each one from a single thread or actor
/// (Apple's SDK binds it to the main actor; this one is nonisolated so that both `@MainActor`
/// code and nonisolated Swift 5 code can use it, and it is deliberately not `Sendable`).
///
/// With `groupsByEvent` (the default), registering outside any group opens a top-level group
/// automatically, as on Apple's platforms. Apple closes that group at the end of the run loop
/// pass; here the host's event loop does, by calling the package hook
/// `UndoManager._endEventGroupsIfNeeded()` after each event. `undo()` closes it too.
///
/// The target of a registration is not retained (Apple documents an unowned reference, to avoid
/// retain cycles with the object that owns the undo manager). It is held weakly: an operation
/// whose target has gone away is skipped when undone or redone. Call
/// `removeAllActions(withTarget:)` when a target goes away, as Apple recommends.
open class UndoManager: NSObject {
  // MARK: Storage

  /// A registered undo operation: the handler and its target, which is not retained.
  private struct Action {
    weak var target: AnyObject?
    /// The target's identity, so that `removeAllActions(withTarget:)` matches it even from the
    /// target's `deinit`, where weak references to it already read `nil`.
    let targetID: ObjectIdentifier
    let handler: (AnyObject) -> Void

    func perform() {
      if let target { handler(target) }
    }
  }

  /// An undo group: operations and closed nested groups, in order of registration.
  private final class Group {
    enum Item {
      case operation(Action)
      case group(Group)
    }

    var items: [Item] = []
    /// Meaningful on top-level groups only.
    var actionName = ""
    /// Meaningful on top-level groups only.
    var isDiscardable = false

    /// Whether the group or any group nested in it holds an operation.
    var hasOperations: Bool {
      items.contains { item in
        switch item {
        case .operation: true
        case .group(let nested): nested.hasOperations
        }
      }
    }

    /// Runs every operation through `run`, the last registered first.
    func perform(_ run: (Action) -> Void) {
      for item in items.reversed() {
        switch item {
        case .operation(let operation): run(operation)
        case .group(let nested): nested.perform(run)
        }
      }
    }

    /// Drops the operations `shouldRemove` accepts, here and in nested groups.
    func removeOperations(where shouldRemove: (Action) -> Bool) {
      items.removeAll { item in
        switch item {
        case .operation(let operation):
          return shouldRemove(operation)
        case .group(let nested):
          nested.removeOperations(where: shouldRemove)
          return false
        }
      }
    }
  }

  private var undoStack: [Group] = []
  private var redoStack: [Group] = []
  /// The open groups, outermost first. While undoing or redoing this holds only the group that
  /// records the operations registered by the handlers.
  private var openGroups: [Group] = []
  private var disableCount = 0
  private var undoInProgress = false
  private var redoInProgress = false
  /// Whether the open top-level group was opened by a registration under `groupsByEvent`, and so
  /// is closed by the end-of-event hook.
  private var closesGroupAtEndOfEvent = false
  /// The operation an undo or redo is running, and those of its operations that did not run
  /// their change (`_keepCurrentOperation()`), in the order they ran.
  private var runningOperation: Action?
  private var keptOperations: [Action] = []

  /// Creates an undo manager with empty stacks that groups by event and keeps unlimited levels.
  public override init() {
    super.init()
  }

  // MARK: Registering undo operations

  /// Registers a closure that undoes a change; the undo manager calls it with `target`.
  ///
  /// The operation goes into the innermost open group. With `groupsByEvent` and no group open,
  /// a top-level group is opened first; without `groupsByEvent`, registering with no group open
  /// is a programmer error (Apple raises `NSInternalInconsistencyException`), reported here with
  /// `preconditionFailure`.
  ///
  /// Unless an undo or redo is in progress, registering clears the redo stack. Nothing is
  /// registered while registration is disabled.
  ///
  /// - Parameters:
  ///   - target: The object the operation acts on. It is not retained; if it has been
  ///     deallocated by the time the operation runs, the operation is skipped.
  ///   - handler: The closure that undoes the change, called with `target`.
  open func registerUndo<TargetType: AnyObject>(
    withTarget target: TargetType, handler: @escaping (TargetType) -> Void
  ) {
    guard disableCount == 0 else { return }
    if openGroups.isEmpty {
      guard groupsByEvent else {
        preconditionFailure(
          "UndoManager.registerUndo(withTarget:handler:): no undo group is open; with "
            + "groupsByEvent == false, call beginUndoGrouping() before registering")
      }
      beginUndoGrouping()
      closesGroupAtEndOfEvent = true
      enrollForEndOfEvent()
    }
    if !undoInProgress && !redoInProgress {
      redoStack.removeAll()
    }
    let action = Action(
      target: target, targetID: ObjectIdentifier(target),
      handler: { handler($0 as! TargetType) })
    openGroups[openGroups.count - 1].items.append(.operation(action))
  }

  // MARK: Checking undo ability

  /// Whether there is anything to undo, including operations in groups still open.
  ///
  /// As on Apple's platforms, `true` does not mean `undo()` may be called right away: open groups
  /// may have to be closed first.
  open var canUndo: Bool {
    if !undoStack.isEmpty { return true }
    return !undoInProgress && !redoInProgress && openGroups.contains { $0.hasOperations }
  }

  /// Whether there is anything to redo; reading it posts `NSUndoManagerCheckpoint` first.
  ///
  /// The checkpoint lets observers register pending changes, which clears the redo stack.
  open var canRedo: Bool {
    post(.NSUndoManagerCheckpoint)
    return !redoStack.isEmpty
  }

  // MARK: Performing undo and redo

  /// Closes the top-level undo group if necessary, then undoes it with `undoNestedGroup()`.
  ///
  /// With `groupsByEvent` and one group open (the one opened by registration), that group is
  /// closed first. More than one open group, or any open group without `groupsByEvent`, is a
  /// programmer error (Apple raises `NSInternalInconsistencyException`), as is calling it from
  /// an undo or redo handler; each is reported with `preconditionFailure`.
  open func undo() {
    precondition(
      !undoInProgress && !redoInProgress,
      "UndoManager.undo() called while an undo or redo is in progress")
    if groupingLevel == 1 {
      guard groupsByEvent else {
        preconditionFailure(
          "UndoManager.undo() called with an open undo group while groupsByEvent == false; "
            + "call endUndoGrouping() first")
      }
      endUndoGrouping()
    } else if groupingLevel > 1 {
      preconditionFailure(
        "UndoManager.undo() called with \(groupingLevel) nested undo groups open; close them "
          + "with endUndoGrouping() (and use undoNestedGroup() for a nested group)")
    }
    undoNestedGroup()
  }

  /// Undoes the last undo group, top-level or nested, recording the operations its handlers
  /// register on the redo stack as one group.
  ///
  /// With no group open this undoes the top of the undo stack (and does nothing if it is empty).
  /// With a group open, it undoes the nested group closed last in it; if operations were
  /// registered in the open group after that nested group closed, or there is none, it is a
  /// programmer error (Apple raises `NSInternalInconsistencyException`), reported with
  /// `preconditionFailure`.
  ///
  /// Posts `NSUndoManagerCheckpoint` and `NSUndoManagerWillUndoChange` before the undo and
  /// `NSUndoManagerDidUndoChange` after it. Recording the redo group opens and closes a group,
  /// with the notifications `beginUndoGrouping()` and `endUndoGrouping()` post.
  open func undoNestedGroup() {
    precondition(
      !undoInProgress && !redoInProgress,
      "UndoManager.undoNestedGroup() called while an undo or redo is in progress")
    post(.NSUndoManagerCheckpoint)
    let group: Group
    if let open = openGroups.last {
      guard case .group(let nested)? = open.items.last else {
        preconditionFailure(
          "UndoManager.undoNestedGroup() called with an open undo group whose last entry is not "
            + "a closed nested group; call endUndoGrouping() first")
      }
      open.items.removeLast()
      group = nested
    } else {
      guard let top = undoStack.popLast() else { return }
      group = top
    }
    let parent = openGroups.last
    post(.NSUndoManagerWillUndoChange)
    undoInProgress = true
    if let kept = replay(group, from: "undoNestedGroup()") {
      if let parent { parent.items.append(.group(kept)) } else { undoStack.append(kept) }
    }
    undoInProgress = false
    post(.NSUndoManagerDidUndoChange, discardable: group.isDiscardable)
  }

  /// Redoes the last group on the redo stack, if any, recording what its handlers register on
  /// the undo stack as one group.
  ///
  /// Calling it from an undo or redo handler is a programmer error (Apple raises
  /// `NSInternalInconsistencyException`), reported with `preconditionFailure`.
  ///
  /// Posts `NSUndoManagerCheckpoint` and `NSUndoManagerWillRedoChange` before the redo and
  /// `NSUndoManagerDidRedoChange` after it.
  open func redo() {
    precondition(
      !undoInProgress && !redoInProgress,
      "UndoManager.redo() called while an undo or redo is in progress")
    post(.NSUndoManagerCheckpoint)
    guard let group = redoStack.popLast() else { return }
    post(.NSUndoManagerWillRedoChange)
    redoInProgress = true
    if let kept = replay(group, from: "redo()") { redoStack.append(kept) }
    redoInProgress = false
    post(.NSUndoManagerDidRedoChange, discardable: group.isDiscardable)
  }

  /// Runs `group` inside a fresh top-level group that records what its handlers register; the
  /// groups open before are set aside meanwhile and restored after. Returns the group of the
  /// operations that kept their change (`_keepCurrentOperation()`), named as `group` was, to
  /// go back where `group` came from; nil when every operation ran.
  private func replay(_ group: Group, from method: String) -> Group? {
    let setAside = openGroups
    let setAsideClosesAtEndOfEvent = closesGroupAtEndOfEvent
    openGroups = []
    closesGroupAtEndOfEvent = false

    beginUndoGrouping()
    let recording = openGroups[0]
    recording.actionName = group.actionName
    recording.isDiscardable = group.isDiscardable
    let keptBefore = keptOperations
    keptOperations = []
    group.perform { operation in
      runningOperation = operation
      operation.perform()
      runningOperation = nil
    }
    let kept = keptOperations
    keptOperations = keptBefore
    guard openGroups.count == 1, openGroups[0] === recording else {
      preconditionFailure(
        "UndoManager.\(method): an undo handler left beginUndoGrouping()/endUndoGrouping() "
          + "unbalanced")
    }
    endUndoGrouping()

    openGroups = setAside
    closesGroupAtEndOfEvent = setAsideClosesAtEndOfEvent
    guard !kept.isEmpty else { return nil }
    let keptGroup = Group()
    // They ran last registered first; registration order is the reverse.
    keptGroup.items = kept.reversed().map { .operation($0) }
    keptGroup.actionName = group.actionName
    keptGroup.isDiscardable = group.isDiscardable
    return keptGroup
  }

  /// Called by an operation while it runs in an undo or redo, when it did not make its change
  /// (a text object whose delegate refused the edit): the operation stays on the stack it came
  /// from, in a group of its own with the group's name, so that the next undo (or redo) tries
  /// it again. Does nothing outside an undo or redo.
  func _keepCurrentOperation() {
    guard let runningOperation else { return }
    keptOperations.append(runningOperation)
  }

  /// Whether the undo manager is running the handlers of an undo.
  open var isUndoing: Bool { undoInProgress }

  /// Whether the undo manager is running the handlers of a redo.
  open var isRedoing: Bool { redoInProgress }

  // MARK: Undo groups

  /// Opens an undo group, nested in the open one if there is one.
  ///
  /// Posts `NSUndoManagerCheckpoint` when the group is nested (not when it is top-level), then
  /// `NSUndoManagerDidOpenUndoGroup`.
  open func beginUndoGrouping() {
    if !openGroups.isEmpty {
      post(.NSUndoManagerCheckpoint)
    }
    openGroups.append(Group())
    post(.NSUndoManagerDidOpenUndoGroup)
  }

  /// Closes the innermost open undo group.
  ///
  /// A closed nested group becomes one entry of the group around it; a closed top-level group
  /// with operations goes on the undo stack (the redo stack while undoing), dropping the oldest
  /// groups beyond `levelsOfUndo`. An empty top-level group is dropped.
  ///
  /// Calling it with no group open is a programmer error (Apple raises
  /// `NSInternalInconsistencyException`), reported with `preconditionFailure`.
  ///
  /// Posts `NSUndoManagerCheckpoint` and `NSUndoManagerWillCloseUndoGroup` before closing the
  /// group and `NSUndoManagerDidCloseUndoGroup` after.
  open func endUndoGrouping() {
    guard !openGroups.isEmpty else {
      preconditionFailure(
        "UndoManager.endUndoGrouping() called with no open undo group (no matching "
          + "beginUndoGrouping())")
    }
    post(.NSUndoManagerCheckpoint)
    let closing = openGroups[openGroups.count - 1]
    post(
      .NSUndoManagerWillCloseUndoGroup,
      discardable: openGroups.count == 1 && closing.isDiscardable)
    openGroups.removeLast()
    if let parent = openGroups.last {
      parent.items.append(.group(closing))
    } else {
      closesGroupAtEndOfEvent = false
      if closing.hasOperations {
        if undoInProgress {
          redoStack.append(closing)
        } else {
          undoStack.append(closing)
        }
        trimToLevelsOfUndo()
      }
    }
    post(.NSUndoManagerDidCloseUndoGroup)
  }

  /// The number of open undo groups (redo groups while undoing); 0 when none is open.
  open var groupingLevel: Int { openGroups.count }

  /// Whether a registration outside any group opens a top-level group that closes at the end of
  /// the event; `true` by default.
  ///
  /// Apple closes that group from a run loop observer. Here the host calls
  /// `UndoManager._endEventGroupsIfNeeded()` at the end of each event; without a host, the group
  /// stays open until `undo()` or `endUndoGrouping()` closes it. With `false`, groups must be
  /// opened and closed explicitly, including before `undo()` and `undoNestedGroup()`.
  open var groupsByEvent = true

  /// The most top-level undo groups kept; the oldest are dropped beyond it. 0 (the default) means
  /// no limit, and so does a negative value.
  open var levelsOfUndo = 0 {
    didSet { trimToLevelsOfUndo() }
  }

  private func trimToLevelsOfUndo() {
    guard levelsOfUndo > 0 else { return }
    if undoStack.count > levelsOfUndo {
      undoStack.removeFirst(undoStack.count - levelsOfUndo)
    }
    if redoStack.count > levelsOfUndo {
      redoStack.removeFirst(redoStack.count - levelsOfUndo)
    }
  }

  // MARK: End of event (the host's stand-in for Apple's run loop observer)

  /// Closes the group this manager opened automatically under `groupsByEvent`, if it is open and
  /// is the only open group; the host's event loop calls it at the end of each event.
  ///
  /// A group opened explicitly with `beginUndoGrouping()` is left alone. If groups nested in the
  /// automatic group are still open, nothing is closed and the manager is tried again at the
  /// end of the next event.
  package func _endEventGroupIfNeeded() {
    guard closesGroupAtEndOfEvent, !undoInProgress, !redoInProgress else { return }
    if groupingLevel == 1 {
      endUndoGrouping()
    } else {
      enrollForEndOfEvent()
    }
  }

  /// Closes the groups every undo manager used on the calling thread opened automatically under
  /// `groupsByEvent` since the last call; the host's event loop calls it at the end of each event.
  package static func _endEventGroupsIfNeeded() {
    let pending = PendingEventGroups.onCurrentThread
    let managers = pending.managers
    pending.managers = []
    for entry in managers {
      entry.manager?._endEventGroupIfNeeded()
    }
  }

  private func enrollForEndOfEvent() {
    let pending = PendingEventGroups.onCurrentThread
    if !pending.managers.contains(where: { $0.manager === self }) {
      pending.managers.append(PendingEventGroups.Entry(manager: self))
    }
  }

  /// The managers of one thread with an automatic group to close at the end of the event, kept
  /// in the thread's dictionary as Apple keeps its observers on the thread's run loop.
  private final class PendingEventGroups {
    struct Entry {
      weak var manager: UndoManager?
    }

    var managers: [Entry] = []

    private static let key = "UIKit.UndoManager.PendingEventGroups"

    static var onCurrentThread: PendingEventGroups {
      let dictionary = Thread.current.threadDictionary
      if let existing = dictionary[key] as? PendingEventGroups { return existing }
      let created = PendingEventGroups()
      dictionary[key] = created
      return created
    }
  }

  // MARK: Enabling and disabling registration

  /// Disables the recording of undo operations; calls nest, each needing its own
  /// `enableUndoRegistration()`.
  open func disableUndoRegistration() {
    disableCount += 1
  }

  /// Balances one `disableUndoRegistration()`; registration resumes when every one is balanced.
  ///
  /// Calling it when registration is not disabled is a programmer error (Apple raises
  /// `NSInternalInconsistencyException`), reported with `preconditionFailure`.
  open func enableUndoRegistration() {
    guard disableCount > 0 else {
      preconditionFailure(
        "UndoManager.enableUndoRegistration() called without a matching "
          + "disableUndoRegistration()")
    }
    disableCount -= 1
  }

  /// Whether undo operations are recorded; `true` by default.
  open var isUndoRegistrationEnabled: Bool { disableCount == 0 }

  // MARK: Removing operations

  /// Clears the undo and redo stacks and re-enables registration.
  ///
  /// Operations already registered in open groups are dropped too; the groups themselves stay
  /// open, so that balanced `beginUndoGrouping()`/`endUndoGrouping()` calls stay balanced.
  open func removeAllActions() {
    undoStack.removeAll()
    redoStack.removeAll()
    for group in openGroups {
      group.items.removeAll()
    }
    disableCount = 0
  }

  /// Removes every operation whose target is `target` from the undo and redo stacks (and from
  /// open groups); groups left empty are dropped. Does not re-enable registration.
  ///
  /// It may be called from the target's `deinit`.
  open func removeAllActions(withTarget target: Any) {
    let id = ObjectIdentifier(target as AnyObject)
    let matches: (Action) -> Bool = { $0.targetID == id }
    for group in undoStack + redoStack + openGroups {
      group.removeOperations(where: matches)
    }
    undoStack.removeAll { !$0.hasOperations }
    redoStack.removeAll { !$0.hasOperations }
  }

  // MARK: Action names

  /// The top-level group that action names and discardability apply to: the open one (the redo
  /// group being recorded while undoing), else the top of the undo stack.
  private var groupBeingNamed: Group? {
    openGroups.first ?? undoStack.last
  }

  /// The group `undo()` would undo.
  private var nextUndoGroup: Group? {
    if !undoInProgress && !redoInProgress, let open = openGroups.first, open.hasOperations {
      return open
    }
    return undoStack.last
  }

  /// Names the current undo group (the group being recorded for redo while undoing), for the
  /// Undo and Redo menu titles; an empty name removes it.
  open func setActionName(_ actionName: String) {
    groupBeingNamed?.actionName = actionName
  }

  /// The name of the action `undo()` would undo; empty if it has none or there is nothing to
  /// undo.
  open var undoActionName: String { nextUndoGroup?.actionName ?? "" }

  /// The name of the action `redo()` would redo; empty if it has none or there is nothing to
  /// redo.
  open var redoActionName: String { redoStack.last?.actionName ?? "" }

  /// The title of the Undo menu command, such as "Undo Paste"; "Undo" when the action has no
  /// name or there is nothing to undo.
  open var undoMenuItemTitle: String { undoMenuTitle(forUndoActionName: undoActionName) }

  /// The title of the Redo menu command, such as "Redo Paste"; "Redo" when the action has no
  /// name or there is nothing to redo.
  open var redoMenuItemTitle: String { redoMenuTitle(forUndoActionName: redoActionName) }

  /// The title of the Undo menu command for an action name: "Undo" followed by the name.
  ///
  /// Only English is provided; override it to localize, as Apple suggests.
  open func undoMenuTitle(forUndoActionName actionName: String) -> String {
    actionName.isEmpty ? "Undo" : "Undo \(actionName)"
  }

  /// The title of the Redo menu command for an action name: "Redo" followed by the name.
  ///
  /// Only English is provided; override it to localize, as Apple suggests.
  open func redoMenuTitle(forUndoActionName actionName: String) -> String {
    actionName.isEmpty ? "Redo" : "Redo \(actionName)"
  }

  // MARK: Discardable actions

  /// Marks the current undo group (the group being recorded for redo while undoing) as one that
  /// can be discarded, for example when a document cannot be saved.
  open func setActionIsDiscardable(_ discardable: Bool) {
    groupBeingNamed?.isDiscardable = discardable
  }

  /// Whether the action `undo()` would undo is marked discardable.
  open var undoActionIsDiscardable: Bool { nextUndoGroup?.isDiscardable ?? false }

  /// Whether the action `redo()` would redo is marked discardable.
  open var redoActionIsDiscardable: Bool { redoStack.last?.isDiscardable ?? false }

  // MARK: Notifications

  private func post(_ name: NSNotification.Name, discardable: Bool = false) {
    NotificationCenter.default.post(
      name: name, object: self,
      userInfo: discardable ? [NSUndoManagerGroupIsDiscardableKey: NSNumber(value: true)] : nil)
  }
}
