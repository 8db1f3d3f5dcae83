import Foundation
import TextEditing

extension UICollectionView {
  /// A cell class and the closure that configures its cells for an item (iOS 14): dequeue with
  /// ``UICollectionView/dequeueConfiguredReusableCell(using:for:item:)``; the class is
  /// registered the first time.
  ///
  /// Make registrations once (outside `cellForItemAt` or a cell provider), as iOS requires.
  public struct CellRegistration<Cell: UICollectionViewCell, Item> {
    /// Configures a cell for the item at an index path.
    public typealias Handler = (Cell, IndexPath, Item) -> Void

    let _identifier: String
    let _handler: Handler

    /// A registration of `Cell` configured by `handler`.
    public init(handler: @escaping Handler) {
      _identifier = "CellRegistration.\(Cell.self).\(UUID().uuidString)"
      _handler = handler
    }
  }

  /// A supplementary view class of a kind and the closure that configures its views (iOS 14).
  public struct SupplementaryRegistration<Supplementary: UICollectionReusableView> {
    /// Configures a view of `elementKind` for an index path.
    public typealias Handler = (Supplementary, String, IndexPath) -> Void

    /// The kind of the views.
    public let elementKind: String
    let _identifier: String
    let _handler: Handler

    /// A registration of `Supplementary` views of `elementKind` configured by `handler`.
    public init(elementKind: String, handler: @escaping Handler) {
      self.elementKind = elementKind
      _identifier = "SupplementaryRegistration.\(Supplementary.self).\(UUID().uuidString)"
      _handler = handler
    }
  }

  /// A cell of the registration's class for the item at `indexPath`, configured by its handler
  /// with `item` (not configured when `item` is nil).
  public func dequeueConfiguredReusableCell<Cell: UICollectionViewCell, Item>(
    using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?
  ) -> Cell {
    if !_isRegisteredCell(registration._identifier) {
      register(Cell.self, forCellWithReuseIdentifier: registration._identifier)
    }
    let dequeued = dequeueReusableCell(withReuseIdentifier: registration._identifier, for: indexPath)
    guard let cell = dequeued as? Cell else {
      preconditionFailure("the cell dequeued for \(registration._identifier) is a \(type(of: dequeued)), not a \(Cell.self)")
    }
    if let item { registration._handler(cell, indexPath, item) }
    return cell
  }

  /// A supplementary view of the registration's class and kind for `indexPath`, configured by
  /// its handler.
  public func dequeueConfiguredReusableSupplementary<Supplementary: UICollectionReusableView>(
    using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath
  ) -> Supplementary {
    if !_isRegisteredSupplementary(registration.elementKind, registration._identifier) {
      register(
        Supplementary.self, forSupplementaryViewOfKind: registration.elementKind,
        withReuseIdentifier: registration._identifier)
    }
    let dequeued = dequeueReusableSupplementaryView(
      ofKind: registration.elementKind, withReuseIdentifier: registration._identifier, for: indexPath)
    guard let view = dequeued as? Supplementary else {
      preconditionFailure(
        "the view dequeued for \(registration._identifier) is a \(type(of: dequeued)), not a \(Supplementary.self)")
    }
    registration._handler(view, registration.elementKind, indexPath)
    return view
  }
}
