import Foundation

/// The pasteboard: the system-wide general one holds text copied, cut and pasted.
@preconcurrency @MainActor
open class UIPasteboard: NSObject {
  /// The general pasteboard.
  public static let general = UIPasteboard(name: "com.apple.UIKit.pboard.general")

  /// A pasteboard's name.
  public let name: String
  private var items: [String] = []

  /// Hosts that bridge to a real clipboard are told of every change.
  package var onChange: (@MainActor (UIPasteboard) -> Void)?

  init(name: String) {
    self.name = name
  }

  /// The first string (setting it replaces everything; nil clears).
  open var string: String? {
    get { items.first }
    set {
      items = newValue.map { [$0] } ?? []
      changeCount += 1
      onChange?(self)
    }
  }

  /// All strings.
  open var strings: [String]? {
    get { items.isEmpty ? nil : items }
    set {
      items = newValue ?? []
      changeCount += 1
      onChange?(self)
    }
  }

  /// Whether there is a string.
  open var hasStrings: Bool { !items.isEmpty }

  /// Incremented on every change.
  open private(set) var changeCount = 0

  /// The number of items.
  open var numberOfItems: Int { items.count }
}
