// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The notifications an undo manager posts, under the names Apple's Foundation gives them.
//
// swift-corelibs-foundation has no UndoManager, so it has none of these names either; they are
// declared here with Apple's raw values so that code observing them by name keeps working. They
// keep Apple's Swift spellings, hence the file-wide exception to lowerCamelCase above.

extension NSNotification.Name {
  /// Posted when an undo manager opens or closes an undo group (except when it opens a
  /// top-level group) and when it checks the redo stack in `canRedo`.
  public static let NSUndoManagerCheckpoint =
    NSNotification.Name("NSUndoManagerCheckpointNotification")

  /// Posted just before an undo manager performs an undo operation.
  public static let NSUndoManagerWillUndoChange =
    NSNotification.Name("NSUndoManagerWillUndoChangeNotification")

  /// Posted just after an undo manager performs an undo operation.
  ///
  /// When the undone group was marked discardable, the `userInfo` holds
  /// `NSUndoManagerGroupIsDiscardableKey` with a Boolean `NSNumber` of `true`.
  public static let NSUndoManagerDidUndoChange =
    NSNotification.Name("NSUndoManagerDidUndoChangeNotification")

  /// Posted just before an undo manager performs a redo operation.
  public static let NSUndoManagerWillRedoChange =
    NSNotification.Name("NSUndoManagerWillRedoChangeNotification")

  /// Posted just after an undo manager performs a redo operation.
  ///
  /// When the redone group was marked discardable, the `userInfo` holds
  /// `NSUndoManagerGroupIsDiscardableKey` with a Boolean `NSNumber` of `true`.
  public static let NSUndoManagerDidRedoChange =
    NSNotification.Name("NSUndoManagerDidRedoChangeNotification")

  /// Posted whenever an undo manager opens an undo group, from `beginUndoGrouping()`.
  public static let NSUndoManagerDidOpenUndoGroup =
    NSNotification.Name("NSUndoManagerDidOpenUndoGroupNotification")

  /// Posted before an undo manager closes an undo group, from `endUndoGrouping()`.
  ///
  /// When the group being closed is a top-level group marked discardable with
  /// `setActionIsDiscardable(true)`, the `userInfo` holds `NSUndoManagerGroupIsDiscardableKey`
  /// with a Boolean `NSNumber` of `true`; otherwise there is no `userInfo`.
  public static let NSUndoManagerWillCloseUndoGroup =
    NSNotification.Name("NSUndoManagerWillCloseUndoGroupNotification")

  /// Posted after an undo manager closes an undo group, from `endUndoGrouping()`.
  public static let NSUndoManagerDidCloseUndoGroup =
    NSNotification.Name("NSUndoManagerDidCloseUndoGroupNotification")
}

/// The `userInfo` key saying an undo group as a whole is discardable; its value is a Boolean
/// `NSNumber` of `true`.
///
/// It appears in `NSUndoManagerWillCloseUndoGroup` (top-level groups),
/// `NSUndoManagerDidUndoChange` and `NSUndoManagerDidRedoChange`.
public let NSUndoManagerGroupIsDiscardableKey: String = "NSUndoManagerGroupIsDiscardableKey"
