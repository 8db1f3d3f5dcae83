import Foundation
import TextEditing

/// A scrolling collection of items in sections, placed by a layout
/// (``UICollectionViewFlowLayout``, ``UICollectionViewCompositionalLayout`` or a subclass of
/// ``UICollectionViewLayout``), filled by a data source and steered by a delegate.
///
/// Only the elements in view have views: at each layout pass (every scroll moves the bounds,
/// which lays the collection view out again, as on iOS) it asks the layout for the attributes
/// of the elements in its bounds, gives new ones a cell or supplementary view from the data
/// source, moves the ones that stay, and puts the ones that left in reuse queues. A cell that
/// holds the first responder is kept while off screen, so that editing goes on.
@preconcurrency @MainActor
open class UICollectionView: UIScrollView {
  /// The directions a collection view's layout scrolls in.
  public enum ScrollDirection: Int, Sendable {
    case vertical, horizontal
  }

  /// Where an item ends up when the collection view scrolls to it (one vertical and one
  /// horizontal position at most).
  public struct ScrollPosition: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = ScrollPosition(rawValue: 1 << 0)
    public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
    public static let bottom = ScrollPosition(rawValue: 1 << 2)
    public static let left = ScrollPosition(rawValue: 1 << 3)
    public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
    public static let right = ScrollPosition(rawValue: 1 << 5)
  }

  /// A collection view placed by `layout`.
  public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
    _layout = layout
    super.init(frame: frame)
    _adopt(layout)
    _setBackgroundColor(.systemBackground)
  }

  public required init?(coder: NSCoder) {
    _layout = UICollectionViewFlowLayout()
    super.init(coder: coder)
    _adopt(_layout)
  }

  private func _adopt(_ layout: UICollectionViewLayout) {
    precondition(
      layout._collectionView == nil || layout._collectionView === self,
      "UICollectionViewLayout \(layout) is already in use by another collection view; a layout object can be used by only one collection view"
    )
    layout._collectionView = self
    layout._needsPrepare = true
  }

  // MARK: Layout object

  private(set) var _layout: UICollectionViewLayout
  /// The scroll views of the sections whose items scroll sideways, by section
  /// (UICollectionView+OrthogonalScrolling.swift).
  var _orthogonalScrollViews: [Int: _OrthogonalScrollView] = [:]
  /// The item being moved by hand (UICollectionView+InteractiveMovement.swift), and whether a
  /// touch drives it (the standard long press, a reorder handle).
  var _interactiveMovement: _InteractiveMovement?
  var _touchMovesItem = false
  override var _touchHeldByContent: Bool { _touchMovesItem }

  /// The layout that places the items. Setting it lays everything out again with the new one.
  open var collectionViewLayout: UICollectionViewLayout {
    get { _layout }
    set { setCollectionViewLayout(newValue, animated: false) }
  }

  /// Replaces the layout (animated: the hosts show the new frames at once).
  open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
    setCollectionViewLayout(layout, animated: animated, completion: nil)
  }

  /// Replaces the layout; `completion` runs once the new layout is in place.
  open func setCollectionViewLayout(
    _ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil
  ) {
    guard layout !== _layout else {
      completion?(true)
      return
    }
    let old = _layout
    old.prepareForTransition(to: layout)
    layout.prepareForTransition(from: old)
    for view in _allElementViews { view.willTransition(from: old, to: layout) }
    old._collectionView = nil
    _layout = layout
    _adopt(layout)
    setNeedsLayout()
    layoutIfNeeded()
    for view in _allElementViews { view.didTransition(from: old, to: layout) }
    layout.finalizeLayoutTransition()
    completion?(true)
  }

  // MARK: Data source and delegate

  /// Supplies the sections, items, cells and supplementary views (held weakly).
  open weak var dataSource: (any UICollectionViewDataSource)? {
    willSet {
      precondition(
        _diffableDataSource == nil || newValue === _diffableDataSource,
        "Changing the dataSource of a collection view using a diffable data source is not supported: \(self)")
    }
    didSet { reloadData() }
  }

  /// The diffable data source that drives the collection view, if one does.
  weak var _diffableDataSource: AnyObject?

  /// Hears about highlighting, selection and display, and about scrolling (it is the scroll
  /// view's delegate too; held weakly).
  open var delegate: (any UICollectionViewDelegate)? {
    get { _delegateObject as? any UICollectionViewDelegate }
    set {
      _delegateObject = newValue
      _layout.invalidateLayout()
    }
  }

  /// Prefetches data for items about to show (kept; the collection view asks it as on iOS).
  open weak var prefetchDataSource: (any UICollectionViewDataSourcePrefetching)?
  /// Whether prefetching is on.
  open var isPrefetchingEnabled = true

  /// A view behind the content, the size of the collection view, that does not scroll.
  open var backgroundView: UIView? {
    didSet {
      if oldValue !== backgroundView { oldValue?.removeFromSuperview() }
      if let backgroundView { insertSubview(backgroundView, at: 0) }
      setNeedsLayout()
    }
  }

  // MARK: Counts

  var _sectionCounts: [Int] = []
  var _needsReload = true

  /// Asks the data source for everything again: counts, cells and supplementary views. The
  /// views on screen go to the reuse queues and the selection is cleared; the layout is
  /// invalidated.
  open func reloadData() {
    _closeSwipe()
    _recycleAllViews()
    _selected.removeAll()
    _needsReload = true
    let context = _layout._makeContext()
    context._invalidateEverything = true
    context._invalidateDataSourceCounts = true
    _layout.invalidateLayout(with: context)
    setNeedsLayout()
  }

  func _loadCountsIfNeeded() {
    guard _needsReload else { return }
    _needsReload = false
    _sectionCounts = _askCounts()
  }

  func _askCounts() -> [Int] {
    guard let dataSource else { return [] }
    let sections = max(0, dataSource.numberOfSections(in: self))
    return (0..<sections).map { max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) }
  }

  /// The number of sections.
  open var numberOfSections: Int {
    _loadCountsIfNeeded()
    return _sectionCounts.count
  }

  /// The number of items in `section`.
  open func numberOfItems(inSection section: Int) -> Int {
    _loadCountsIfNeeded()
    precondition(
      _sectionCounts.indices.contains(section),
      "request for number of items in section \(section) when there are only \(_sectionCounts.count) sections in the collection view"
    )
    return _sectionCounts[section]
  }

  func _checkItem(_ indexPath: IndexPath, _ what: String) {
    _loadCountsIfNeeded()
    precondition(
      indexPath.count == 2 && _sectionCounts.indices.contains(indexPath[0]) && indexPath[1] >= 0
        && indexPath[1] < _sectionCounts[indexPath[0]],
      "\(what): attempt to use an index path (\(indexPath)) that is out of range (\(_sectionCounts.count) sections\(indexPath.count == 2 && _sectionCounts.indices.contains(indexPath[0]) ? "; \(_sectionCounts[indexPath[0]]) items in section \(indexPath[0])" : ""))"
    )
  }

  // MARK: Registration and reuse

  private var _cellClasses: [String: UICollectionViewCell.Type] = [:]
  private var _supplementaryClasses: [String: UICollectionReusableView.Type] = [:]
  private var _reuseQueues: [String: [UICollectionReusableView]] = [:]

  private static func _supplementaryKey(_ kind: String, _ identifier: String) -> String { "\(kind)\u{1F}\(identifier)" }
  private static func _decorationKey(_ kind: String) -> String { "decoration\u{1F}\(kind)" }

  /// Registers a cell class (a ``UICollectionViewCell`` subclass) for `identifier` (nil removes
  /// the registration).
  open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
    guard let cellClass else {
      _cellClasses[identifier] = nil
      return
    }
    guard let type = cellClass as? UICollectionViewCell.Type else {
      preconditionFailure("must pass a class of kind UICollectionViewCell")
    }
    _cellClasses[identifier] = type
  }

  /// Registers the class of supplementary views of `elementKind` for `identifier`.
  open func register(
    _ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String
  ) {
    let key = Self._supplementaryKey(elementKind, identifier)
    guard let viewClass else {
      _supplementaryClasses[key] = nil
      return
    }
    guard let type = viewClass as? UICollectionReusableView.Type else {
      preconditionFailure("must pass a class of kind UICollectionReusableView")
    }
    _supplementaryClasses[key] = type
  }

  func _isRegisteredCell(_ identifier: String) -> Bool { _cellClasses[identifier] != nil }
  func _isRegisteredSupplementary(_ kind: String, _ identifier: String) -> Bool {
    _supplementaryClasses[Self._supplementaryKey(kind, identifier)] != nil
  }

  /// The item a dequeue is for (its cell gets the layout's frame before it is configured).
  private var _elementBeingDequeued: UICollectionViewLayoutAttributes?
  /// Cells being reconfigured: dequeuing for their item gives the same cell back.
  private var _reconfiguring: [IndexPath: UICollectionViewCell] = [:]

  /// A cell for the item at `indexPath`: from the reuse queue (after its `prepareForReuse()`)
  /// or new, of the class registered for `identifier`, sized to the item. The data source
  /// calls this from `collectionView(_:cellForItemAt:)`.
  open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
    -> UICollectionViewCell
  {
    if let cell = _reconfiguring[indexPath], cell.reuseIdentifier == identifier { return cell }
    let cell: UICollectionViewCell
    if var queue = _reuseQueues[identifier], let reused = queue.popLast() as? UICollectionViewCell {
      _reuseQueues[identifier] = queue
      reused.prepareForReuse()
      cell = reused
    } else if let type = _cellClasses[identifier] {
      cell = type.init(_registeredFrame: .zero)
      cell._reuseIdentifier = identifier
    } else {
      preconditionFailure(
        "could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
      )
    }
    cell._collectionView = self
    if let attributes = _elementBeingDequeued ?? _attributesForItem(indexPath) { cell.frame = attributes.frame }
    return cell
  }

  /// A supplementary view of `elementKind` for `indexPath`, from the reuse queue or new.
  open func dequeueReusableSupplementaryView(
    ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
  ) -> UICollectionReusableView {
    let key = Self._supplementaryKey(elementKind, identifier)
    let view: UICollectionReusableView
    if var queue = _reuseQueues[key], let reused = queue.popLast() {
      _reuseQueues[key] = queue
      reused.prepareForReuse()
      view = reused
    } else if let type = _supplementaryClasses[key] {
      view = type.init(_registeredFrame: .zero)
      view._reuseIdentifier = key
    } else {
      preconditionFailure(
        "could not dequeue a view of kind: \(elementKind) with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
      )
    }
    view._collectionView = self
    if let attributes = _elementBeingDequeued { view.frame = attributes.frame }
    return view
  }

  private func _dequeueDecoration(ofKind kind: String) -> UICollectionReusableView? {
    let key = Self._decorationKey(kind)
    if var queue = _reuseQueues[key], let reused = queue.popLast() {
      _reuseQueues[key] = queue
      reused.prepareForReuse()
      return reused
    }
    guard let type = _layout._decorationClasses[kind] else { return nil }
    let view = type.init(_registeredFrame: .zero)
    view._reuseIdentifier = key
    view._collectionView = self
    return view
  }

  // MARK: Elements on screen

  /// One element the layout places.
  struct _ElementKey: Hashable {
    var category: ElementCategory
    var kind: String
    var indexPath: IndexPath

    static func cell(_ indexPath: IndexPath) -> _ElementKey { _ElementKey(category: .cell, kind: "", indexPath: indexPath) }
  }

  private var _views: [_ElementKey: UICollectionReusableView] = [:]
  /// The cells on screen by item (batch updates move them; UICollectionView+Updates.swift).
  var _cells: [IndexPath: UICollectionViewCell] = [:]

  /// The group of updates under way (``performBatchUpdates(_:completion:)``).
  var _batch: _CollectionBatch?
  var _updateDepth = 0

  private var _allElementViews: [UICollectionReusableView] { Array(_views.values) }

  /// The cell showing the item, or nil when the item is not on screen.
  open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
    _cells[indexPath]
  }

  /// The item `cell` shows, or nil when it shows none.
  open func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
    guard let indexPath = cell._layoutAttributes?.indexPath, _cells[indexPath] === cell else {
      return _cells.first { $0.value === cell }?.key
    }
    return indexPath
  }

  /// The index path of a supplementary view on screen.
  open func indexPath(forSupplementaryView supplementaryView: UICollectionReusableView) -> IndexPath? {
    _views.first { $0.key.category == .supplementaryView && $0.value === supplementaryView }?.key.indexPath
  }

  /// The cells on screen (in no particular order, as on iOS).
  open var visibleCells: [UICollectionViewCell] {
    layoutIfNeeded()
    return _cells.filter { _shownFrame(of: $0.value).safeIntersects(bounds) }.sorted { $0.key < $1.key }.map(\.value)
  }

  /// The items on screen.
  open var indexPathsForVisibleItems: [IndexPath] {
    layoutIfNeeded()
    return _cells.filter { _shownFrame(of: $0.value).safeIntersects(bounds) }.keys.sorted()
  }

  /// The supplementary view of `elementKind` at `indexPath`, when it is on screen.
  open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
    _views[_ElementKey(category: .supplementaryView, kind: elementKind, indexPath: indexPath)]
  }

  /// The supplementary views of `elementKind` on screen.
  open func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
    layoutIfNeeded()
    return _views.filter { $0.key.category == .supplementaryView && $0.key.kind == elementKind }
      .sorted { $0.key.indexPath < $1.key.indexPath }.map(\.value)
  }

  /// The index paths of the supplementary views of `elementKind` on screen.
  open func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
    layoutIfNeeded()
    return _views.keys.filter { $0.category == .supplementaryView && $0.kind == elementKind }.map(\.indexPath).sorted()
  }

  /// The layout's attributes of the item (after the layout has prepared).
  open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    _attributesForItem(indexPath)
  }

  /// The layout's attributes of a supplementary view.
  open func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath)
    -> UICollectionViewLayoutAttributes?
  {
    _prepareLayoutIfNeeded()
    return _layout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
  }

  private func _attributesForItem(_ indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    _prepareLayoutIfNeeded()
    return _layout.layoutAttributesForItem(at: indexPath)
  }

  /// A cell's frame in the collection view's coordinates (in a sideways-scrolling line, where
  /// the line's offset shows it).
  private func _shownFrame(of view: UIView) -> CGRect {
    view.superview === self || view.superview == nil ? view.frame : view.convert(view.bounds, to: self)
  }

  /// The item whose cell is at `point` (in the collection view's coordinates), or nil.
  open func indexPathForItem(at point: CGPoint) -> IndexPath? {
    _prepareLayoutIfNeeded()
    let point = _layoutPoint(for: point)
    let probe = CGRect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
    let hits = (_layout.layoutAttributesForElements(in: probe) ?? []).filter {
      $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.contains(point)
    }
    return hits.max { $0.zIndex < $1.zIndex }?.indexPath
  }

  // MARK: Layout

  /// Lays the layout out again when it was invalidated.
  func _prepareLayoutIfNeeded() {
    _loadCountsIfNeeded()
    guard _layout._needsPrepare else { return }
    _layout._needsPrepare = false
    _layout.prepare()
  }

  /// A scroll or resize asks the layout whether it is still valid, as iOS's `setBounds:` does.
  open override var bounds: CGRect {
    get { super.bounds }
    set {
      _boundsWillChange(to: newValue)
      super.bounds = newValue
    }
  }

  open override var frame: CGRect {
    get { super.frame }
    set {
      _boundsWillChange(to: CGRect(origin: bounds.origin, size: newValue.size))
      super.frame = newValue
    }
  }

  private func _boundsWillChange(to newBounds: CGRect) {
    guard newBounds != bounds, _layout._collectionView === self else { return }
    if _layout.shouldInvalidateLayout(forBoundsChange: newBounds) {
      _layout.invalidateLayout(with: _layout.invalidationContext(forBoundsChange: newBounds))
    }
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    _tile()
  }

  private var _isTiling = false

  /// How far beyond the bounds elements get views ahead of time (none: the hosts draw what
  /// the bounds show; prefetching asks the data source instead).
  private var _tileRect: CGRect { bounds }

  /// Gives the elements in view their views (measuring self-sizing ones), sends the others to
  /// the reuse queues, and applies the layout's attributes.
  private func _tile() {
    guard !_isTiling else { return }
    _isTiling = true
    defer { _isTiling = false }
    backgroundView?.frame = bounds
    // Measuring a self-sizing cell invalidates the layout, which moves the elements after it;
    // a few passes settle it, as the table view's do.
    for _ in 0..<8 {
      _prepareLayoutIfNeeded()
      contentSize = _layout.collectionViewContentSize
      _syncOrthogonalScrollViews()
      let rect = _tileRect
      // Sideways-scrolling lines reach past the bounds: the layout is asked for all of their
      // width, and each element kept where its line's offset shows it.
      let query = _orthogonalScrollViews.isEmpty
        ? rect : CGRect(x: -CGFloat(Int32.max), y: rect.minY, width: CGFloat(UInt32.max), height: rect.height)
      // In the layout's order: views are made and displayed in the order it lists them.
      var wanted: [_ElementKey: UICollectionViewLayoutAttributes] = [:]
      var order: [_ElementKey] = []
      for attributes in _layout.layoutAttributesForElements(in: query) ?? [] where !attributes.isHidden {
        let shown = _visibleFrame(of: attributes)
        guard shown.safeIntersects(rect) || shown.isEmpty && rect.contains(shown.origin) else { continue }
        let key = _ElementKey(
          category: attributes.representedElementCategory, kind: attributes.representedElementKind ?? "",
          indexPath: attributes.indexPath)
        if key.category == .cell {
          guard _sectionCounts.indices.contains(key.indexPath[0]), key.indexPath[1] < _sectionCounts[key.indexPath[0]]
          else { continue }
        }
        if wanted.updateValue(attributes, forKey: key) == nil { order.append(key) }
      }
      for key in _views.keys.sorted(by: Self._order) where wanted[key] == nil {
        guard let view = _views[key] else { continue }
        if key.category == .cell, let cell = view as? UICollectionViewCell, _holdsFirstResponder(cell) {
          if let attributes = _attributesForItem(key.indexPath) { _apply(attributes, to: cell) }
          continue
        }
        _recycle(view, key)
      }
      var invalidated = false
      for key in order {
        guard let attributes = wanted[key] else { continue }
        let view: UICollectionReusableView
        var isNew = false
        if let existing = _views[key] {
          view = existing
        } else {
          guard let made = _makeView(for: key, attributes) else { continue }
          view = made
          isNew = true
        }
        _apply(attributes, to: view)
        if isNew {
          _insert(view, key)
          _willDisplay(view, key)
        }
        if _layout._wantsPreferredAttributes(for: attributes), view._sizedFor != attributes.size || view._needsSizing {
          view._needsSizing = false
          view._sizedFor = attributes.size
          let preferred = view.preferredLayoutAttributesFitting(attributes)
          if _layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: attributes) {
            _layout.invalidateLayout(
              with: _layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: attributes))
            invalidated = true
          } else if view.frame != _viewFrame(for: attributes) {
            // The layout keeps its size: the view takes it back from its measuring.
            view.frame = _viewFrame(for: attributes)
          }
        }
      }
      if !invalidated { break }
    }
    _placeMovingCell()
    _prefetch()
  }

  // MARK: Prefetching

  private var _prefetched: Set<IndexPath> = []

  /// Tells the prefetching data source about the items within a screen of the bounds that have
  /// no cell yet, and cancels those that moved away again without showing.
  private func _prefetch() {
    guard isPrefetchingEnabled, let prefetchDataSource else {
      _prefetched.removeAll()
      return
    }
    let ahead = bounds.insetBy(dx: -bounds.width, dy: -bounds.height)
    var near: Set<IndexPath> = []
    for attributes in _layout.layoutAttributesForElements(in: ahead) ?? []
    where attributes.representedElementCategory == .cell && !attributes.isHidden {
      let indexPath = attributes.indexPath
      guard _cells[indexPath] == nil, _sectionCounts.indices.contains(indexPath[0]),
        indexPath[1] < _sectionCounts[indexPath[0]]
      else { continue }
      near.insert(indexPath)
    }
    let cancelled = _prefetched.subtracting(near).filter { _cells[$0] == nil }
    let new = near.subtracting(_prefetched)
    _prefetched = near
    if !cancelled.isEmpty { prefetchDataSource.collectionView(self, cancelPrefetchingForItemsAt: cancelled.sorted()) }
    if !new.isEmpty { prefetchDataSource.collectionView(self, prefetchItemsAt: new.sorted()) }
  }

  /// Cells first, then supplementary and decoration views, each in index path order.
  private static func _order(_ a: _ElementKey, _ b: _ElementKey) -> Bool {
    if a.category != b.category { return a.category.rawValue < b.category.rawValue }
    if a.indexPath != b.indexPath { return a.indexPath < b.indexPath }
    return a.kind < b.kind
  }

  private func _makeView(for key: _ElementKey, _ attributes: UICollectionViewLayoutAttributes)
    -> UICollectionReusableView?
  {
    let saved = _elementBeingDequeued
    _elementBeingDequeued = attributes
    defer { _elementBeingDequeued = saved }
    switch key.category {
    case .cell:
      guard let dataSource else { return nil }
      let cell = dataSource.collectionView(self, cellForItemAt: _dataSourceIndexPath(for: key.indexPath))
      precondition(
        cell.reuseIdentifier != nil,
        "the cell returned from -collectionView:cellForItemAtIndexPath: does not have a reuseIdentifier - cells must be retrieved by calling -dequeueReusableCellWithReuseIdentifier:forIndexPath:"
      )
      cell._needsSizing = true
      return cell
    case .supplementaryView:
      guard let dataSource else { return nil }
      let view = dataSource.collectionView(self, viewForSupplementaryElementOfKind: key.kind, at: key.indexPath)
      view._needsSizing = true
      return view
    case .decorationView:
      return _dequeueDecoration(ofKind: key.kind)
    }
  }

  private func _apply(_ attributes: UICollectionViewLayoutAttributes, to view: UICollectionReusableView) {
    let previous = view._layoutAttributes
    view._layoutAttributes = attributes
    // A cell of a sideways-scrolling section lies in its line's scroll view.
    let container: UIView = _orthogonalScrollView(for: attributes) ?? self
    if view.superview != nil, view.superview !== container { container.addSubview(view) }
    // The frame is set untransformed; the transform (a visible-items handler's, a custom
    // layout's) then turns the view about its centre, as iOS applies bounds, centre and
    // transform.
    let frame = _viewFrame(for: attributes)
    if view.transform != .identity {
      view.transform = .identity
      if view.frame != frame { view.frame = frame }
      view.transform = attributes.transform
    } else {
      if view.frame != frame { view.frame = frame }
      if attributes.transform != .identity { view.transform = attributes.transform }
    }
    view.alpha = attributes.alpha
    view.isHidden = attributes.isHidden
    view.layer.zPosition = CGFloat(attributes.zIndex)
    view._listAttributesApplied(attributes)
    if let previous, previous.isEqual(attributes) { return }
    view.apply(attributes)
  }

  private func _insert(_ view: UICollectionReusableView, _ key: _ElementKey) {
    _views[key] = view
    if key.category == .cell, let cell = view as? UICollectionViewCell {
      _cells[key.indexPath] = cell
      cell.isSelected = _selected.contains(key.indexPath)
      cell.setNeedsUpdateConfiguration()
    }
    if let attributes = view._layoutAttributes, let scroller = _orthogonalScrollView(for: attributes) {
      scroller.addSubview(view)
      return
    }
    // Views are kept in z order: higher zIndex in front; cells below supplementary views of
    // the same zIndex, as on iOS.
    let z = view.layer.zPosition
    let position = subviews.firstIndex { other in
      guard other !== backgroundView, let element = other as? UICollectionReusableView, element._collectionView === self
      else { return false }
      return other.layer.zPosition > z
    }
    if let position { insertSubview(view, at: position) } else { addSubview(view) }
  }

  private func _willDisplay(_ view: UICollectionReusableView, _ key: _ElementKey) {
    switch key.category {
    case .cell:
      if let cell = view as? UICollectionViewCell {
        delegate?.collectionView(self, willDisplay: cell, forItemAt: key.indexPath)
      }
    case .supplementaryView:
      delegate?.collectionView(self, willDisplaySupplementaryView: view, forElementKind: key.kind, at: key.indexPath)
    case .decorationView: break
    }
  }

  private func _recycle(_ view: UICollectionReusableView, _ key: _ElementKey) {
    if _openSwipe?.row === view { _closeSwipe() }
    _views[key] = nil
    if key.category == .cell { _cells[key.indexPath] = nil }
    view.removeFromSuperview()
    view._layoutAttributes = nil
    switch key.category {
    case .cell:
      if let cell = view as? UICollectionViewCell {
        delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: key.indexPath)
      }
    case .supplementaryView:
      delegate?.collectionView(
        self, didEndDisplayingSupplementaryView: view, forElementOfKind: key.kind, at: key.indexPath)
    case .decorationView: break
    }
    if let identifier = view._reuseIdentifier { _reuseQueues[identifier, default: []].append(view) }
  }

  func _recycleAllViews() {
    for key in _views.keys.sorted(by: Self._order) {
      if let view = _views[key] { _recycle(view, key) }
    }
  }

  /// Moves the views on screen to their elements' new index paths (after an update); views
  /// whose elements went are recycled.
  func _remapViews(_ newKey: (_ElementKey) -> _ElementKey?) {
    var moved: [_ElementKey: UICollectionReusableView] = [:]
    for key in _views.keys.sorted(by: Self._order) {
      guard let view = _views[key] else { continue }
      if let target = newKey(key) {
        moved[target] = view
      } else {
        _recycle(view, key)
      }
    }
    _views = moved
    _cells = [:]
    for (key, view) in moved where key.category == .cell {
      if let cell = view as? UICollectionViewCell { _cells[key.indexPath] = cell }
    }
  }

  /// Asks the data source for the cells of `indexPaths` again, handing each its own cell back
  /// from the dequeue (iOS 15's reconfiguring).
  func _reconfigure(_ indexPaths: [IndexPath]) {
    guard let dataSource else { return }
    for indexPath in indexPaths {
      guard let cell = _cells[indexPath] else { continue }
      _reconfiguring[indexPath] = cell
      let given = dataSource.collectionView(self, cellForItemAt: indexPath)
      _reconfiguring[indexPath] = nil
      precondition(
        given === cell,
        "Attempted to dequeue a different cell for an item that is being reconfigured: the cell returned from -collectionView:cellForItemAtIndexPath: must be dequeued with the same reuse identifier as the existing cell"
      )
      cell._needsSizing = true
      cell.setNeedsUpdateConfiguration()
    }
    setNeedsLayout()
  }

  private func _holdsFirstResponder(_ cell: UICollectionViewCell) -> Bool {
    guard let responder = window?.firstResponderObject as? UIView else { return false }
    return responder.isDescendant(of: cell)
  }

  // MARK: Scrolling

  /// Scrolls so that the item is at `scrollPosition` (empty: the least scroll that shows it).
  open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
    _checkItem(indexPath, "scrollToItem(at:at:animated:)")
    guard let attributes = _attributesForItem(indexPath) else { return }
    var rect = attributes.frame
    contentSize = _layout.collectionViewContentSize
    _syncOrthogonalScrollViews()
    if let scroller = _orthogonalScrollView(for: attributes) {
      // The item's line scrolls sideways to it; the collection view only up and down.
      let inLine = CGRect(x: rect.minX - scroller.frame.minX, y: 0, width: rect.width, height: rect.height)
      var x = scroller.contentOffset.x
      if scrollPosition.contains(.left) { x = inLine.minX }
      if scrollPosition.contains(.centeredHorizontally) { x = inLine.midX - scroller.bounds.width / 2 }
      if scrollPosition.contains(.right) { x = inLine.maxX - scroller.bounds.width }
      if scrollPosition.isDisjoint(with: [.left, .centeredHorizontally, .right]) {
        x = min(max(x, inLine.maxX - scroller.bounds.width), inLine.minX)
      }
      scroller.setContentOffset(scroller._clampedContentOffset(CGPoint(x: x, y: 0)), animated: animated)
      rect.origin.x = scroller.frame.minX
      rect.size.width = min(rect.width, bounds.width)
    }
    let inset = adjustedContentInset
    var offset = contentOffset
    let visibleWidth = bounds.width - inset.left - inset.right
    let visibleHeight = bounds.height - inset.top - inset.bottom
    if scrollPosition.contains(.top) { offset.y = rect.minY - inset.top }
    if scrollPosition.contains(.centeredVertically) { offset.y = rect.midY - inset.top - visibleHeight / 2 }
    if scrollPosition.contains(.bottom) { offset.y = rect.maxY - inset.top - visibleHeight }
    if scrollPosition.contains(.left) { offset.x = rect.minX - inset.left }
    if scrollPosition.contains(.centeredHorizontally) { offset.x = rect.midX - inset.left - visibleWidth / 2 }
    if scrollPosition.contains(.right) { offset.x = rect.maxX - inset.left - visibleWidth }
    if scrollPosition.isEmpty {
      scrollRectToVisible(rect, animated: animated)
      return
    }
    setContentOffset(_clampedContentOffset(offset, inset: inset), animated: animated)
  }

  // MARK: Interactive movement (UICollectionView+InteractiveMovement.swift)

  /// Begins moving the item by hand; false when the data source does not let it move
  /// (`canMoveItemAt`), it has no cell, or a movement is under way.
  @discardableResult
  open func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool { _beginInteractiveMovement(at: indexPath) }

  /// Moves the item to `targetPosition` (the collection view's coordinates): its cell's centre
  /// goes there, and the item takes the place of the one under it, as far as the delegate's
  /// `targetIndexPathForMoveOfItemFromOriginalIndexPath` allows.
  open func updateInteractiveMovementTargetPosition(_ targetPosition: CGPoint) { _updateInteractiveMovement(targetPosition) }

  /// Ends the movement where the item is: the data source hears `moveItemAt:to:` (when it
  /// moved) and the cell settles into its place.
  open func endInteractiveMovement() { _endInteractiveMovement() }

  /// Cancels the movement: the item goes back where it was, and the data source hears nothing.
  open func cancelInteractiveMovement() { _cancelInteractiveMovement() }

  // MARK: Selection

  /// The selected items, in order (nil when none is, as on iOS before a selection is made).
  open var indexPathsForSelectedItems: [IndexPath]? {
    _selected.isEmpty ? nil : _selected.sorted()
  }

  /// Selects the item (nil: clears the selection) without asking or telling the delegate, and
  /// scrolls it to `scrollPosition`. Without multiple selection it deselects the others.
  open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
    guard let indexPath else {
      for old in _selected { _setSelected(false, old) }
      return
    }
    _checkItem(indexPath, "selectItem(at:animated:scrollPosition:)")
    if !_allowsMultiple {
      for old in _selected where old != indexPath { _setSelected(false, old) }
    }
    _setSelected(true, indexPath)
    if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
  }

  /// Deselects the item without asking or telling the delegate.
  open func deselectItem(at indexPath: IndexPath, animated: Bool) {
    _setSelected(false, indexPath)
  }

  // MARK: Touches

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    guard let touch = touches.first else { return }
    let point = touch.location(in: self)
    let item = indexPathForItem(at: point)
    if _swipeTouchBegan(at: point, row: item.flatMap { cellForItem(at: $0) }, indexPath: item) { return }
    guard let indexPath = item, let cell = cellForItem(at: indexPath) else { return }
    if let listCell = cell as? UICollectionViewListCell, listCell._reorderHandleContains(touch.location(in: listCell)),
      beginInteractiveMovementForItem(at: indexPath)
    {
      _touchMovesItem = true
      updateInteractiveMovementTargetPosition(point)
      return
    }
    _touchedItem = indexPath
    _scheduleContextMenu(for: indexPath, at: point)
    guard _selectionAllowed, delegate?.collectionView(self, shouldHighlightItemAt: indexPath) ?? true else {
      _touchedItem = nil
      return
    }
    cell.isHighlighted = true
    delegate?.collectionView(self, didHighlightItemAt: indexPath)
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
    guard let touch = touches.first else { return }
    let point = touch.location(in: self)
    if _touchMovesItem {
      updateInteractiveMovementTargetPosition(point)
      return
    }
    // A sideways drag on a list row with swipe actions on that side moves the row instead.
    let swiping = _swipeTouchMoved(to: point) { [self] indexPath, leading in
      _layout._swipeActionsConfiguration(for: indexPath, leading: leading)
    }
    if swiping {
      _cancelScheduledContextMenu()
      if _touchedItem != nil { _endTouch(selecting: false) }
      return
    }
    _contextMenuTouchMoved(over: indexPathForItem(at: point))
    guard let item = _touchedItem else { return }
    if indexPathForItem(at: point) != item { _endTouch(selecting: false) }
  }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    _cancelScheduledContextMenu()
    if _touchMovesItem {
      _touchMovesItem = false
      endInteractiveMovement()
      return
    }
    if _swipeTouchEnded(cancelled: false) { return }
    _endTouch(selecting: true)
  }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
    _cancelScheduledContextMenu()
    if _touchMovesItem {
      _touchMovesItem = false
      cancelInteractiveMovement()
      return
    }
    if _swipeTouchEnded(cancelled: true) { return }
    _endTouch(selecting: false)
  }


  // MARK: Updates

  /// Runs `updates` (inserts, deletes, reloads, moves) as one group: the data source's new
  /// counts are checked against them (iOS's "Invalid update" when they disagree), the cells,
  /// supplementary views and selection of the items that stay move with them, and the layout
  /// hears the changes (``UICollectionViewLayout/prepare(forCollectionViewUpdates:)``).
  /// `completion` runs when the animation would have finished (at once, on UIKit's clock,
  /// without animation).
  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    _updateDepth += 1
    if _updateDepth == 1 { _batch = _CollectionBatch() }
    updates?()
    _updateDepth -= 1
    if _updateDepth == 0, let batch = _batch {
      _batch = nil
      _apply(batch)
    }
    if let completion {
      let delay: TimeInterval = UIView.areAnimationsEnabled ? 0.3 : 0
      UIApplication.shared._scheduler.schedule(after: delay) { completion(true) }
    }
  }

  /// Inserts items (index paths after the update).
  open func insertItems(at indexPaths: [IndexPath]) {
    _update { $0.insertedItems += indexPaths }
  }

  /// Deletes items (index paths before the update).
  open func deleteItems(at indexPaths: [IndexPath]) {
    _update { $0.deletedItems += indexPaths }
  }

  /// Asks the data source for new cells of items.
  open func reloadItems(at indexPaths: [IndexPath]) {
    _update { $0.reloadedItems += indexPaths }
  }

  /// Asks the data source to configure the cells of items again, keeping the cells (iOS 15):
  /// the data source's dequeue for such an item returns its current cell.
  open func reconfigureItems(at indexPaths: [IndexPath]) {
    if _batch != nil {
      _batch!.reconfiguredItems += indexPaths
    } else {
      layoutIfNeeded()
      _reconfigure(indexPaths)
      layoutIfNeeded()
    }
  }

  /// Moves an item (`indexPath` before the update, `newIndexPath` after).
  open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    _update { $0.movedItems.append((indexPath, newIndexPath)) }
  }

  /// Inserts sections (indexes after the update).
  open func insertSections(_ sections: IndexSet) {
    _update { $0.insertedSections.formUnion(sections) }
  }

  /// Deletes sections (indexes before the update).
  open func deleteSections(_ sections: IndexSet) {
    _update { $0.deletedSections.formUnion(sections) }
  }

  /// Asks the data source for a section's items and views again.
  open func reloadSections(_ sections: IndexSet) {
    _update { $0.reloadedSections.formUnion(sections) }
  }

  /// Moves a section (`section` before the update, `newSection` after).
  open func moveSection(_ section: Int, toSection newSection: Int) {
    _update { $0.movedSections.append((section, newSection)) }
  }

  // MARK: Selection state

  var _selected: Set<IndexPath> = []
  /// The item a touch went down on (nil: none, or it left).
  var _touchedItem: IndexPath?

  /// Whether the user can select items.
  open var allowsSelection = true
  /// Whether the user can select several items (a tap on a selected item deselects it).
  open var allowsMultipleSelection = false
  /// Whether items can be selected while editing (iOS 14).
  open var allowsSelectionDuringEditing = false
  /// Whether several items can be selected while editing (iOS 14).
  open var allowsMultipleSelectionDuringEditing = false
  /// Whether moving keyboard focus selects the focused item.
  open var selectionFollowsFocus = false
  /// Whether the collection view is editing (iOS 14; list cells show their editing accessories).
  open var isEditing = false {
    didSet {
      guard oldValue != isEditing else { return }
      for cell in _cells.values { cell.setNeedsUpdateConfiguration() }
    }
  }

  /// How self-sizing cells resize when their content changes (iOS 16).
  public enum SelfSizingInvalidation: Int, Sendable {
    /// Only when the layout is invalidated.
    case disabled
    /// When a view inside calls `invalidateIntrinsicContentSize()` (a text view that grows as
    /// the user types), or the cell's configuration changes.
    case enabled
    /// As `.enabled`; iOS also follows constraint changes inside the cell, which here resize
    /// the cell when they change an intrinsic size.
    case enabledIncludingConstraints
  }

  /// How self-sizing cells resize when their content changes (default `.enabled`, iOS 16).
  open var selfSizingInvalidation: SelfSizingInvalidation = .enabled

  /// Whether the collection view remembers the last focused item.
  open var remembersLastFocusedIndexPath = false
  /// Whether reordering follows the drag (interactive movement).
  open var reorderingCadence: ReorderingCadence = .immediate

  /// How quickly items move out of the way while one is dragged to reorder.
  public enum ReorderingCadence: Int, Sendable {
    case immediate, fast, slow
  }
}

/// Asks for the data of items before their cells are needed.
@preconcurrency @MainActor
public protocol UICollectionViewDataSourcePrefetching: NSObjectProtocol {
  /// The items at `indexPaths` will show soon: start loading their data.
  func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])
  /// The items no longer need their data soon (default: nothing).
  func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension UICollectionViewDataSourcePrefetching {
  public func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {}
}
