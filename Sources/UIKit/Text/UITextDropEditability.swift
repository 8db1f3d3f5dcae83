import Foundation

/// Whether a text object that is not editable takes a drop.
public enum UITextDropEditability: UInt, Sendable {
  /// It does not (the default).
  case no = 0
  /// It takes this drop and stays not editable.
  case temporary = 1
  /// It takes the drop and becomes editable.
  case yes = 2
}
