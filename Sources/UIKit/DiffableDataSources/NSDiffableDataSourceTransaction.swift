import Foundation

/// What a reordering by the user changed in a diffable data source (iOS 14): the snapshots
/// before and after, and the difference between their items.
public struct NSDiffableDataSourceTransaction<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
  /// The data source's snapshot before the reordering.
  public let initialSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  /// Its snapshot after it.
  public let finalSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  /// The items' difference, from the initial snapshot's items to the final one's.
  public let difference: CollectionDifference<ItemIdentifierType>
  /// The same for each section the reordering changed.
  public let sectionTransactions: [NSDiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>]

  init(
    initial: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    final: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    sections: [SectionIdentifierType]
  ) {
    initialSnapshot = initial
    finalSnapshot = final
    difference = final.itemIdentifiers.difference(from: initial.itemIdentifiers).inferringMoves()
    sectionTransactions = sections.map { section in
      var before = NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>()
      before.append(initial.indexOfSection(section) == nil ? [] : initial.itemIdentifiers(inSection: section))
      var after = NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>()
      after.append(final.indexOfSection(section) == nil ? [] : final.itemIdentifiers(inSection: section))
      return NSDiffableDataSourceSectionTransaction(
        sectionIdentifier: section, initialSnapshot: before, finalSnapshot: after,
        difference: after.items.difference(from: before.items).inferringMoves())
    }
  }
}

/// What a reordering changed in one section (iOS 14).
public struct NSDiffableDataSourceSectionTransaction<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
  /// The section.
  public let sectionIdentifier: SectionIdentifierType
  /// Its items before the reordering.
  public let initialSnapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>
  /// Its items after it.
  public let finalSnapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>
  /// The difference between them.
  public let difference: CollectionDifference<ItemIdentifierType>
}
