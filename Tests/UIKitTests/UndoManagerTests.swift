import Testing
@testable import UIKit

/// A model whose setter registers its own undo, the way iOS apps use UndoManager.
private final class Counter {
  let undoManager: UndoManager
  private(set) var value = 0
  /// Whether the manager said it was undoing / redoing while the last handler ran.
  private(set) var sawUndoing = false
  private(set) var sawRedoing = false

  init(_ undoManager: UndoManager) {
    self.undoManager = undoManager
  }

  func set(_ newValue: Int, actionName: String? = nil) {
    let oldValue = value
    undoManager.registerUndo(withTarget: self) { counter in
      counter.sawUndoing = counter.undoManager.isUndoing
      counter.sawRedoing = counter.undoManager.isRedoing
      counter.set(oldValue)
    }
    value = newValue
    if let actionName {
      undoManager.setActionName(actionName)
    }
  }
}

/// A target that only records which of its handlers ran.
private final class Log {
  var entries: [String] = []
}

/// Records the names (and discardability) of the undo notifications one manager posts.
private final class NotificationRecorder: @unchecked Sendable {
  static let allNames: [NSNotification.Name] = [
    .NSUndoManagerCheckpoint, .NSUndoManagerWillUndoChange, .NSUndoManagerDidUndoChange,
    .NSUndoManagerWillRedoChange, .NSUndoManagerDidRedoChange, .NSUndoManagerDidOpenUndoGroup,
    .NSUndoManagerWillCloseUndoGroup, .NSUndoManagerDidCloseUndoGroup,
  ]

  private let lock = NSLock()
  private var recorded: [(name: String, discardable: Bool)] = []
  private var observers: [NSObjectProtocol] = []

  init(observing manager: UndoManager) {
    for name in Self.allNames {
      observers.append(
        NotificationCenter.default.addObserver(forName: name, object: manager, queue: nil) {
          [weak self] notification in
          let discardable =
            notification.userInfo?[NSUndoManagerGroupIsDiscardableKey] as? Bool ?? false
          self?.record(notification.name.rawValue, discardable: discardable)
        })
    }
  }

  deinit {
    for observer in observers {
      NotificationCenter.default.removeObserver(observer)
    }
  }

  private func record(_ name: String, discardable: Bool) {
    lock.withLock { recorded.append((name, discardable)) }
  }

  /// The names recorded since the last call, with the "NSUndoManager" prefix and
  /// "Notification" suffix dropped.
  func take() -> [String] {
    takeWithDiscardability().map(\.name)
  }

  func takeWithDiscardability() -> [(name: String, discardable: Bool)] {
    lock.withLock {
      defer { recorded.removeAll() }
      return recorded.map { entry in
        var name = entry.name
        name.removeFirst("NSUndoManager".count)
        name.removeLast("Notification".count)
        return (name, entry.discardable)
      }
    }
  }
}

@Suite struct UndoManagerTests {
  // MARK: Round trips

  @Test func undoAndRedoRestoreEachStep() {
    let manager = UndoManager()
    let counter = Counter(manager)
    #expect(!manager.canUndo)
    #expect(!manager.canRedo)

    counter.set(1)
    manager._endEventGroupIfNeeded()
    counter.set(2)
    manager._endEventGroupIfNeeded()
    #expect(manager.canUndo)
    #expect(!manager.canRedo)

    manager.undo()
    #expect(counter.value == 1)
    #expect(counter.sawUndoing && !counter.sawRedoing)
    #expect(!manager.isUndoing)
    #expect(manager.canRedo)
    manager.undo()
    #expect(counter.value == 0)
    #expect(!manager.canUndo)

    manager.redo()
    #expect(counter.value == 1)
    #expect(counter.sawRedoing && !counter.sawUndoing)
    #expect(!manager.isRedoing)
    manager.redo()
    #expect(counter.value == 2)
    #expect(!manager.canRedo)
    #expect(manager.canUndo)

    // Undo after redo works again: redo recorded its handlers' registrations as undo steps.
    manager.undo()
    #expect(counter.value == 1)
  }

  @Test func undoAndRedoWithNothingToDoAreNoOps() {
    let manager = UndoManager()
    manager.undo()
    manager.redo()
    #expect(!manager.canUndo)
    #expect(!manager.canRedo)
    #expect(manager.groupingLevel == 0)
  }

  @Test func undoRunsAGroupsOperationsInReverseOrderAndRedoReplaysThem() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    let log = Log()

    func registerStep(_ name: String) {
      manager.registerUndo(withTarget: log) { log in
        log.entries.append("undo \(name)")
        // The inverse, so that redo has something to run.
        manager.registerUndo(withTarget: log) { $0.entries.append("redo \(name)") }
      }
    }

    manager.beginUndoGrouping()
    registerStep("a")
    registerStep("b")
    registerStep("c")
    manager.endUndoGrouping()

    manager.undo()
    #expect(log.entries == ["undo c", "undo b", "undo a"])
    // The redo group holds the inverses as registered (c, b, a) and runs them in reverse.
    log.entries.removeAll()
    manager.redo()
    #expect(log.entries == ["redo a", "redo b", "redo c"])
  }

  @Test func anOperationWhoseTargetIsGoneIsSkipped() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    let log = Log()
    manager.beginUndoGrouping()
    do {
      let transient = Log()
      manager.registerUndo(withTarget: transient) { _ in log.entries.append("transient") }
    }
    manager.registerUndo(withTarget: log) { $0.entries.append("kept") }
    manager.endUndoGrouping()

    manager.undo()
    #expect(log.entries == ["kept"])
  }

  // MARK: Groups

  @Test func nestedGroupsUndoAsOneTopLevelStep() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    let counter = Counter(manager)

    manager.beginUndoGrouping()
    counter.set(1)
    manager.beginUndoGrouping()
    #expect(manager.groupingLevel == 2)
    counter.set(2)
    counter.set(3)
    manager.endUndoGrouping()
    counter.set(4)
    manager.endUndoGrouping()
    #expect(manager.groupingLevel == 0)

    manager.undo()
    #expect(counter.value == 0)
    #expect(!manager.canUndo)
    manager.redo()
    #expect(counter.value == 4)
  }

  @Test func undoNestedGroupUndoesTheNestedGroupJustClosed() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    let counter = Counter(manager)

    manager.beginUndoGrouping()
    counter.set(1)
    manager.beginUndoGrouping()
    counter.set(2)
    counter.set(3)
    manager.endUndoGrouping()

    manager.undoNestedGroup()
    #expect(counter.value == 1)
    #expect(manager.groupingLevel == 1)
    #expect(manager.canRedo)

    manager.endUndoGrouping()
    manager.undo()
    #expect(counter.value == 0)
    #expect(!manager.canUndo)
  }

  @Test func undoNestedGroupWithNoGroupOpenUndoesTheTopOfTheStack() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    let counter = Counter(manager)
    for value in 1...2 {
      manager.beginUndoGrouping()
      counter.set(value)
      manager.endUndoGrouping()
    }
    manager.undoNestedGroup()
    #expect(counter.value == 1)
  }

  @Test func emptyTopLevelGroupsAreNotUndoSteps() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.set(1)
    manager.endUndoGrouping()
    manager.beginUndoGrouping()
    manager.endUndoGrouping()

    manager.undo()
    #expect(counter.value == 0)
    #expect(!manager.canUndo)
  }

  // MARK: groupsByEvent

  @Test func registeringOutsideAGroupOpensOneThatTheEndOfEventHookCloses() {
    let manager = UndoManager()
    #expect(manager.groupsByEvent)
    let counter = Counter(manager)
    let recorder = NotificationRecorder(observing: manager)

    counter.set(1)
    #expect(manager.groupingLevel == 1)
    #expect(recorder.take() == ["DidOpenUndoGroup"])
    #expect(manager.canUndo)
    counter.set(2)  // same event, same group
    #expect(manager.groupingLevel == 1)
    manager._endEventGroupIfNeeded()
    #expect(manager.groupingLevel == 0)
    #expect(recorder.take() == ["Checkpoint", "WillCloseUndoGroup", "DidCloseUndoGroup"])

    // Nothing open: the hook does nothing.
    manager._endEventGroupIfNeeded()
    #expect(recorder.take().isEmpty)

    counter.set(3)  // next event
    manager._endEventGroupIfNeeded()

    manager.undo()
    #expect(counter.value == 2)
    manager.undo()
    #expect(counter.value == 0)  // both changes of the first event at once
    #expect(!manager.canUndo)
  }

  @Test func theStaticHookClosesTheAutomaticGroupsOfEveryManagerOnThisThread() {
    let first = UndoManager()
    let second = UndoManager()
    let a = Counter(first)
    let b = Counter(second)
    a.set(1)
    b.set(1)
    #expect(first.groupingLevel == 1 && second.groupingLevel == 1)
    UndoManager._endEventGroupsIfNeeded()
    #expect(first.groupingLevel == 0 && second.groupingLevel == 0)
    a.set(2)
    UndoManager._endEventGroupsIfNeeded()
    first.undo()
    #expect(a.value == 1)
  }

  @Test func undoClosesTheAutomaticGroupBeforeUndoing() {
    let manager = UndoManager()
    let counter = Counter(manager)
    counter.set(1)
    counter.set(2)
    #expect(manager.groupingLevel == 1)
    manager.undo()
    #expect(manager.groupingLevel == 0)
    #expect(counter.value == 0)
  }

  @Test func theHookLeavesExplicitGroupsAndUnbalancedNestingAlone() {
    let manager = UndoManager()
    let counter = Counter(manager)

    manager.beginUndoGrouping()
    counter.set(1)
    manager._endEventGroupIfNeeded()
    #expect(manager.groupingLevel == 1)  // opened explicitly: the caller closes it
    manager.endUndoGrouping()

    counter.set(2)  // automatic group
    manager.beginUndoGrouping()
    manager._endEventGroupIfNeeded()
    #expect(manager.groupingLevel == 2)  // a nested group is still open
    manager.endUndoGrouping()
    UndoManager._endEventGroupsIfNeeded()  // tried again at the end of the next event
    #expect(manager.groupingLevel == 0)
  }

  // MARK: levelsOfUndo

  @Test func levelsOfUndoDropsTheOldestGroups() {
    let manager = UndoManager()
    manager.levelsOfUndo = 2
    let counter = Counter(manager)
    for value in 1...3 {
      counter.set(value)
      manager._endEventGroupIfNeeded()
    }
    manager.undo()
    manager.undo()
    #expect(counter.value == 1)
    #expect(!manager.canUndo)
    manager.undo()
    #expect(counter.value == 1)
  }

  @Test func loweringLevelsOfUndoDropsOldGroupsAtOnce() {
    let manager = UndoManager()
    #expect(manager.levelsOfUndo == 0)
    let counter = Counter(manager)
    for value in 1...5 {
      counter.set(value)
      manager._endEventGroupIfNeeded()
    }
    manager.levelsOfUndo = 1
    manager.undo()
    #expect(counter.value == 4)
    #expect(!manager.canUndo)
  }

  // MARK: Redo stack

  @Test func aNewRegistrationClearsTheRedoStack() {
    let manager = UndoManager()
    let counter = Counter(manager)
    counter.set(1)
    manager._endEventGroupIfNeeded()
    manager.undo()
    #expect(manager.canRedo)

    counter.set(5)
    #expect(!manager.canRedo)
    manager.redo()
    #expect(counter.value == 5)
  }

  // MARK: Enabling and disabling

  @Test func disabledRegistrationRecordsNothingUntilBalanced() {
    let manager = UndoManager()
    let counter = Counter(manager)
    #expect(manager.isUndoRegistrationEnabled)

    manager.disableUndoRegistration()
    manager.disableUndoRegistration()
    counter.set(1)
    #expect(!manager.isUndoRegistrationEnabled)
    manager.enableUndoRegistration()
    #expect(!manager.isUndoRegistrationEnabled)
    counter.set(2)
    #expect(!manager.canUndo)
    #expect(manager.groupingLevel == 0)

    manager.enableUndoRegistration()
    #expect(manager.isUndoRegistrationEnabled)
    counter.set(3)
    manager.undo()
    #expect(counter.value == 2)
  }

  @Test func disabledRegistrationKeepsTheRedoStack() {
    let manager = UndoManager()
    let counter = Counter(manager)
    counter.set(1)
    manager.undo()
    manager.disableUndoRegistration()
    counter.set(7)
    manager.enableUndoRegistration()
    #expect(manager.canRedo)
  }

  @Test func removeAllActionsClearsBothStacksAndReenablesRegistration() {
    let manager = UndoManager()
    let counter = Counter(manager)
    counter.set(1)
    manager._endEventGroupIfNeeded()
    counter.set(2)
    manager._endEventGroupIfNeeded()
    manager.undo()
    manager.disableUndoRegistration()

    manager.removeAllActions()
    #expect(!manager.canUndo)
    #expect(!manager.canRedo)
    #expect(manager.isUndoRegistrationEnabled)
  }

  // MARK: removeAllActions(withTarget:)

  @Test func removeAllActionsWithTargetRemovesOnlyThatTargetsOperations() {
    let manager = UndoManager()
    let kept = Counter(manager)
    let removed = Counter(manager)

    kept.set(1)
    removed.set(1)  // same group as kept's
    manager._endEventGroupIfNeeded()
    removed.set(2)  // a group of its own
    manager._endEventGroupIfNeeded()
    kept.set(2)
    manager._endEventGroupIfNeeded()
    manager.undo()  // kept back to 1; its redo is on the redo stack
    removed.set(3)  // clears redo
    manager._endEventGroupIfNeeded()

    manager.removeAllActions(withTarget: removed)
    manager.undo()
    #expect(kept.value == 0)  // the group that held only removed's operations is gone
    #expect(removed.value == 3)
    #expect(!manager.canUndo)
  }

  @Test func removeAllActionsWithTargetAlsoCleansTheRedoStack() {
    let manager = UndoManager()
    let counter = Counter(manager)
    counter.set(1)
    manager.undo()
    #expect(manager.canRedo)
    manager.removeAllActions(withTarget: counter)
    #expect(!manager.canRedo)
  }

  @Test func removeAllActionsWithTargetWorksFromTheTargetsDeinit() {
    final class SelfCleaning {
      let manager: UndoManager
      init(_ manager: UndoManager) {
        self.manager = manager
        manager.registerUndo(withTarget: self) { _ in }
      }
      deinit { manager.removeAllActions(withTarget: self) }
    }
    let manager = UndoManager()
    manager.groupsByEvent = false
    manager.beginUndoGrouping()
    _ = SelfCleaning(manager)
    #expect(!manager.canUndo)
    manager.endUndoGrouping()
    #expect(!manager.canUndo)
  }

  // MARK: Action names and menu titles

  @Test func actionNamesFollowTheStepsAcrossUndoAndRedo() {
    let manager = UndoManager()
    let counter = Counter(manager)
    #expect(manager.undoActionName == "")
    #expect(manager.undoMenuItemTitle == "Undo")
    #expect(manager.redoMenuItemTitle == "Redo")

    counter.set(1, actionName: "Typing")
    manager._endEventGroupIfNeeded()
    counter.set(2, actionName: "Paste")
    #expect(manager.undoActionName == "Paste")  // the open group is what undo() would undo
    manager._endEventGroupIfNeeded()
    #expect(manager.undoMenuItemTitle == "Undo Paste")

    manager.undo()
    #expect(manager.undoActionName == "Typing")
    #expect(manager.redoActionName == "Paste")
    #expect(manager.redoMenuItemTitle == "Redo Paste")
    manager.undo()
    #expect(manager.undoActionName == "")
    #expect(manager.undoMenuItemTitle == "Undo")
    #expect(manager.redoMenuItemTitle == "Redo Typing")
    manager.redo()
    #expect(manager.undoMenuItemTitle == "Undo Typing")
    #expect(manager.redoMenuItemTitle == "Redo Paste")
  }

  @Test func anEmptyActionNameRemovesTheName() {
    let manager = UndoManager()
    let counter = Counter(manager)
    counter.set(1, actionName: "Bold")
    manager.setActionName("")
    manager._endEventGroupIfNeeded()
    #expect(manager.undoMenuItemTitle == "Undo")
  }

  @Test func menuTitlesForActionNames() {
    let manager = UndoManager()
    #expect(manager.undoMenuTitle(forUndoActionName: "Delete") == "Undo Delete")
    #expect(manager.redoMenuTitle(forUndoActionName: "Delete") == "Redo Delete")
    #expect(manager.undoMenuTitle(forUndoActionName: "") == "Undo")
    #expect(manager.redoMenuTitle(forUndoActionName: "") == "Redo")
  }

  @Test func menuItemTitlesGoThroughOverridableMenuTitleMethods() {
    final class FrenchUndoManager: UndoManager {
      override func undoMenuTitle(forUndoActionName actionName: String) -> String {
        "Annuler \(actionName)"
      }
    }
    let manager = FrenchUndoManager()
    let counter = Counter(manager)
    counter.set(1, actionName: "Frappe")
    #expect(manager.undoMenuItemTitle == "Annuler Frappe")
  }

  // MARK: Discardable actions

  @Test func discardableGroupsAreReportedAndCarriedToRedo() {
    let manager = UndoManager()
    let counter = Counter(manager)
    let recorder = NotificationRecorder(observing: manager)

    counter.set(1)
    manager.setActionIsDiscardable(true)
    #expect(manager.undoActionIsDiscardable)
    manager._endEventGroupIfNeeded()
    let closing = recorder.takeWithDiscardability()
    #expect(closing.first { $0.name == "WillCloseUndoGroup" }?.discardable == true)
    #expect(closing.first { $0.name == "DidCloseUndoGroup" }?.discardable == false)

    manager.undo()
    let undone = recorder.takeWithDiscardability().last
    #expect(undone?.name == "DidUndoChange")
    #expect(undone?.discardable == true)
    #expect(manager.redoActionIsDiscardable)
    #expect(!manager.undoActionIsDiscardable)

    counter.set(2)
    manager._endEventGroupIfNeeded()
    #expect(!manager.undoActionIsDiscardable)
    #expect(!recorder.takeWithDiscardability().contains { $0.discardable })
  }

  // MARK: Notifications

  @Test func notificationsForOneUndoArriveInOrder() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.set(1)
    manager.endUndoGrouping()

    let other = UndoManager()  // its notifications must not reach the recorder
    let recorder = NotificationRecorder(observing: manager)
    Counter(other).set(1)
    other.undo()

    manager.undo()
    #expect(
      recorder.take() == [
        "Checkpoint", "WillUndoChange",
        "DidOpenUndoGroup",  // the group recording the redo operations (top-level: no checkpoint)
        "Checkpoint", "WillCloseUndoGroup", "DidCloseUndoGroup",
        "DidUndoChange",
      ])

    manager.redo()
    #expect(
      recorder.take() == [
        "Checkpoint", "WillRedoChange",
        "DidOpenUndoGroup", "Checkpoint", "WillCloseUndoGroup", "DidCloseUndoGroup",
        "DidRedoChange",
      ])
  }

  @Test func groupingNotifications() {
    let manager = UndoManager()
    let recorder = NotificationRecorder(observing: manager)
    manager.beginUndoGrouping()
    #expect(recorder.take() == ["DidOpenUndoGroup"])
    manager.beginUndoGrouping()
    #expect(recorder.take() == ["Checkpoint", "DidOpenUndoGroup"])
    manager.endUndoGrouping()
    #expect(recorder.take() == ["Checkpoint", "WillCloseUndoGroup", "DidCloseUndoGroup"])
    manager.endUndoGrouping()
    #expect(recorder.take() == ["Checkpoint", "WillCloseUndoGroup", "DidCloseUndoGroup"])
    _ = manager.canRedo
    #expect(recorder.take() == ["Checkpoint"])
    _ = manager.canUndo
    #expect(recorder.take().isEmpty)
  }

  @Test func notificationNamesHaveApplesRawValues() {
    #expect(
      NSNotification.Name.NSUndoManagerCheckpoint.rawValue
        == "NSUndoManagerCheckpointNotification")
    #expect(
      NSNotification.Name.NSUndoManagerWillUndoChange.rawValue
        == "NSUndoManagerWillUndoChangeNotification")
    #expect(
      NSNotification.Name.NSUndoManagerDidUndoChange.rawValue
        == "NSUndoManagerDidUndoChangeNotification")
    #expect(
      NSNotification.Name.NSUndoManagerWillRedoChange.rawValue
        == "NSUndoManagerWillRedoChangeNotification")
    #expect(
      NSNotification.Name.NSUndoManagerDidRedoChange.rawValue
        == "NSUndoManagerDidRedoChangeNotification")
    #expect(
      NSNotification.Name.NSUndoManagerDidOpenUndoGroup.rawValue
        == "NSUndoManagerDidOpenUndoGroupNotification")
    #expect(
      NSNotification.Name.NSUndoManagerWillCloseUndoGroup.rawValue
        == "NSUndoManagerWillCloseUndoGroupNotification")
    #expect(
      NSNotification.Name.NSUndoManagerDidCloseUndoGroup.rawValue
        == "NSUndoManagerDidCloseUndoGroupNotification")
    #expect(NSUndoManagerGroupIsDiscardableKey == "NSUndoManagerGroupIsDiscardableKey")
  }

  @Test func aCheckpointObserverCanFlushPendingChangesIntoTheClosingGroup() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    let log = Log()
    let flusher = CheckpointFlusher(manager: manager, log: log)

    manager.beginUndoGrouping()
    flusher.pendingChange = "late"
    manager.endUndoGrouping()  // its checkpoint comes while the group is still open
    #expect(flusher.pendingChange == nil)
    manager.undo()
    #expect(log.entries == ["undo late"])
  }

  // MARK: Programmer errors (Apple raises NSInternalInconsistencyException)

  @Test func endUndoGroupingWithoutBeginIsAProgrammerError() async {
    await #expect(processExitsWith: .failure) {
      UndoManager().endUndoGrouping()
    }
  }

  @Test func undoWithAnOpenGroupWithoutGroupsByEventIsAProgrammerError() async {
    await #expect(processExitsWith: .failure) {
      let manager = UndoManager()
      manager.groupsByEvent = false
      manager.beginUndoGrouping()
      manager.undo()
    }
  }

  @Test func undoWithNestedGroupsOpenIsAProgrammerError() async {
    await #expect(processExitsWith: .failure) {
      let manager = UndoManager()
      manager.beginUndoGrouping()
      manager.beginUndoGrouping()
      manager.undo()
    }
  }

  @Test func registeringWithNoGroupWithoutGroupsByEventIsAProgrammerError() async {
    await #expect(processExitsWith: .failure) {
      let manager = UndoManager()
      manager.groupsByEvent = false
      manager.registerUndo(withTarget: manager) { _ in }
    }
  }

  @Test func unbalancedEnableUndoRegistrationIsAProgrammerError() async {
    await #expect(processExitsWith: .failure) {
      UndoManager().enableUndoRegistration()
    }
  }

  @Test func redoFromAnUndoHandlerIsAProgrammerError() async {
    await #expect(processExitsWith: .failure) {
      let manager = UndoManager()
      manager.registerUndo(withTarget: manager) { $0.redo() }
      manager.undo()
    }
  }

  // MARK: Isolation

  @MainActor @Test func usableFromMainActorCode() {
    let document = MainActorDocument()
    document.rename("Draft")
    document.undoManager.undo()
    #expect(document.title == "Untitled")
    document.undoManager.redo()
    #expect(document.title == "Draft")
  }
}

/// Registers a pending change when the manager posts a checkpoint.
private final class CheckpointFlusher: @unchecked Sendable {
  var pendingChange: String?
  private var observer: NSObjectProtocol?

  init(manager: UndoManager, log: Log) {
    nonisolated(unsafe) let manager = manager
    nonisolated(unsafe) let log = log
    observer = NotificationCenter.default.addObserver(
      forName: .NSUndoManagerCheckpoint, object: manager, queue: nil
    ) { [weak self] _ in
      guard let self, let change = self.pendingChange else { return }
      self.pendingChange = nil
      manager.registerUndo(withTarget: log) { $0.entries.append("undo \(change)") }
    }
  }

  deinit {
    if let observer { NotificationCenter.default.removeObserver(observer) }
  }
}

/// Main-actor model code, as in an iOS app.
@MainActor private final class MainActorDocument {
  let undoManager = UndoManager()
  private(set) var title = "Untitled"

  func rename(_ newTitle: String) {
    let oldTitle = title
    undoManager.registerUndo(withTarget: self) { document in
      document.rename(oldTitle)
    }
    undoManager.setActionName("Rename")
    title = newTitle
  }
}
