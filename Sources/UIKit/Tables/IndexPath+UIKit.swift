import Foundation
import TextEditing

// UIKit adds these to Foundation's IndexPath on iOS; Foundation on Linux has neither.
extension IndexPath {
  /// An index path for a table view: `section`, then `row`.
  public init(row: Int, section: Int) {
    self.init(indexes: [section, row])
  }

  /// The section of a table view's index path (its first index).
  public var section: Int {
    get {
      precondition(count == 2, "Invalid index path for use with UITableView. Index paths passed to table view must contain exactly two indices specifying the section and row. Please use the category on NSIndexPath in NSIndexPath+UIKitAdditions.h if possible.")
      return self[0]
    }
    set {
      precondition(count == 2, "Invalid index path for use with UITableView. Index paths passed to table view must contain exactly two indices specifying the section and row. Please use the category on NSIndexPath in NSIndexPath+UIKitAdditions.h if possible.")
      self[0] = newValue
    }
  }

  /// The row of a table view's index path (its second index).
  public var row: Int {
    get {
      precondition(count == 2, "Invalid index path for use with UITableView. Index paths passed to table view must contain exactly two indices specifying the section and row. Please use the category on NSIndexPath in NSIndexPath+UIKitAdditions.h if possible.")
      return self[1]
    }
    set {
      precondition(count == 2, "Invalid index path for use with UITableView. Index paths passed to table view must contain exactly two indices specifying the section and row. Please use the category on NSIndexPath in NSIndexPath+UIKitAdditions.h if possible.")
      self[1] = newValue
    }
  }
}

extension IndexPath {
  /// An index path for a collection view: `section`, then `item`.
  public init(item: Int, section: Int) {
    self.init(indexes: [section, item])
  }

  /// The item of a collection view's index path (its second index; the same as ``row``).
  public var item: Int {
    get {
      precondition(count == 2, "Invalid index path for use with UICollectionView. Index paths passed to collection view must contain exactly two indices specifying the section and item.")
      return self[1]
    }
    set {
      precondition(count == 2, "Invalid index path for use with UICollectionView. Index paths passed to collection view must contain exactly two indices specifying the section and item.")
      self[1] = newValue
    }
  }
}
