import Foundation
import TextEditing

/// Supplies a collection view's sections, items, cells and supplementary views.
/// `collectionView(_:numberOfItemsInSection:)` and `collectionView(_:cellForItemAt:)` are
/// required; the protocol extension supplies iOS's behaviour for the optional methods (one
/// section, nothing movable, no index).
///
/// Linux difference: Swift on Linux has no `optional` requirements, so the optional methods
/// have default implementations and UIKit always calls them. A layout that asks for
/// supplementary views (a flow layout's headers, a compositional layout's boundary items)
/// needs `collectionView(_:viewForSupplementaryElementOfKind:at:)`: the default stops with
/// iOS's message, since it has no view to give.
@preconcurrency @MainActor
public protocol UICollectionViewDataSource: NSObjectProtocol {
  /// The number of items in `section`.
  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
  /// The cell of the item at `indexPath` (from
  /// ``UICollectionView/dequeueReusableCell(withReuseIdentifier:for:)`` or
  /// ``UICollectionView/dequeueConfiguredReusableCell(using:for:item:)``).
  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
  /// The number of sections (default 1).
  func numberOfSections(in collectionView: UICollectionView) -> Int
  /// The supplementary view of `kind` at `indexPath` (a header, a footer).
  func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> UICollectionReusableView
  /// Whether the item can be moved by the user (default false).
  func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
  /// The user moved an item.
  func collectionView(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
  /// The titles of the index (default none).
  func indexTitles(for collectionView: UICollectionView) -> [String]?
  /// The item an index title jumps to.
  func collectionView(_ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int)
    -> IndexPath
}

extension UICollectionViewDataSource {
  public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
  public func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> UICollectionReusableView {
    preconditionFailure(
      "the collection view's data source did not return a valid view from -collectionView:viewForSupplementaryElementOfKind:atIndexPath: for element of kind '\(kind)' at index path \(indexPath); dataSource: \(self)"
    )
  }
  public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
  public func collectionView(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {}
  public func indexTitles(for collectionView: UICollectionView) -> [String]? { nil }
  public func collectionView(
    _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> IndexPath {
    IndexPath(item: 0, section: index)
  }
}

// MARK: Optional-call syntax

extension UICollectionViewDataSource {
  /// `dataSource?.collectionView?(collectionView, canMoveItemAt: indexPath)` and the other
  /// optional `collectionView(…)` methods (the two required ones are called without `?`).
  public var collectionView: UICollectionViewDataSourceCall? { UICollectionViewDataSourceCall(dataSource: self) }
  /// `dataSource?.numberOfSections?(in: collectionView)`.
  public var numberOfSections: UICollectionViewDataSourceNumberOfSectionsCall? {
    UICollectionViewDataSourceNumberOfSectionsCall(dataSource: self)
  }
}

/// The callable behind `dataSource?.collectionView?(…)`.
@preconcurrency @MainActor
public struct UICollectionViewDataSourceCall {
  let dataSource: any UICollectionViewDataSource

  public func callAsFunction(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> UICollectionReusableView {
    dataSource.collectionView(collectionView, viewForSupplementaryElementOfKind: kind, at: indexPath)
  }
  public func callAsFunction(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
    dataSource.collectionView(collectionView, canMoveItemAt: indexPath)
  }
  public func callAsFunction(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {
    dataSource.collectionView(collectionView, moveItemAt: sourceIndexPath, to: destinationIndexPath)
  }
  public func callAsFunction(_ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int)
    -> IndexPath
  {
    dataSource.collectionView(collectionView, indexPathForIndexTitle: title, at: index)
  }
}

/// The callable behind `dataSource?.numberOfSections?(in:)`.
@preconcurrency @MainActor
public struct UICollectionViewDataSourceNumberOfSectionsCall {
  let dataSource: any UICollectionViewDataSource
  public func callAsFunction(in collectionView: UICollectionView) -> Int {
    dataSource.numberOfSections(in: collectionView)
  }
}
