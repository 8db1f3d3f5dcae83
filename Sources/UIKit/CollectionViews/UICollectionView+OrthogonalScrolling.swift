import Foundation
import TextEditing

/// A section whose items scroll sideways in a line of their own (a compositional section's
/// `orthogonalScrollingBehavior`), as the layout places it: `frame` spans the collection view's
/// width (content coordinates), `contentWidth` is how far its items reach.
struct _OrthogonalLine {
  var section: Int
  var frame: CGRect
  var contentWidth: CGFloat
  var behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior
  /// Where each group begins (content coordinates of the line), in order.
  var groupStarts: [CGFloat]
}

/// The scroll view iOS puts each sideways-scrolling section in: the section's cells are its
/// subviews, so a sideways drag or wheel turn over the line moves it (the scroll views' own
/// dragging decides, by the direction of the drag, which of it and the collection view moves),
/// and the collection view gives cells to the items that come into view.
@MainActor
final class _OrthogonalScrollView: UIScrollView {
  var line: _OrthogonalLine

  init(line: _OrthogonalLine) {
    self.line = line
    super.init(frame: line.frame)
    showsHorizontalScrollIndicator = false
    showsVerticalScrollIndicator = false
    alwaysBounceHorizontal = true
    // As iOS's: items may draw outside the line (shadows, badges); the collection view clips.
    clipsToBounds = false
    contentInsetAdjustmentBehavior = .never
    scrollsToTop = false
    _restingOffsetRule = { [unowned self] free, velocity, start in restingOffset(free: free, velocity: velocity, dragStart: start) }
  }

  required init?(coder: NSCoder) {
    fatalError("_OrthogonalScrollView is made by UICollectionView")
  }

  private var collectionView: UICollectionView? { superview as? UICollectionView }

  override var contentOffset: CGPoint {
    get { super.contentOffset }
    set {
      guard newValue != super.contentOffset else { return }
      super.contentOffset = newValue
      // Items come into view: the collection view tiles again.
      collectionView?.setNeedsLayout()
    }
  }

  /// The line the layout placed, and the scrolling it asks for.
  func update(_ line: _OrthogonalLine) {
    self.line = line
    if frame != line.frame { frame = line.frame }
    let size = CGSize(width: line.contentWidth, height: line.frame.height)
    if contentSize != size { contentSize = size }
    isPagingEnabled = line.behavior == .paging
    decelerationRate = line.behavior == .continuous ? .normal : .fast
    _adjustContentOffsetIfNecessary()
  }

  /// Where a drag let go comes to rest (`free`: where it would): with the group behaviours, on
  /// a group's leading edge (`.groupPagingCentered`: a group centred), and with group paging at
  /// most one group on from where the drag began.
  private func restingOffset(free: CGPoint, velocity: CGPoint, dragStart: CGPoint) -> CGPoint {
    let starts = line.groupStarts
    guard !starts.isEmpty else { return free }
    switch line.behavior {
    case .continuousGroupLeadingBoundary, .groupPaging, .groupPagingCentered:
      let centred = line.behavior == .groupPagingCentered
      let ends = Array(starts.dropFirst()) + [line.contentWidth]
      func offset(of group: Int) -> CGFloat {
        let width = ends[group] - starts[group]
        return centred ? starts[group] - (bounds.width - width) / 2 : starts[group] - starts[0]
      }
      func nearest(to x: CGFloat) -> Int {
        (0..<starts.count).min { abs(offset(of: $0) - x) < abs(offset(of: $1) - x) } ?? 0
      }
      var target: Int
      if line.behavior == .continuousGroupLeadingBoundary {
        target = nearest(to: free.x)
      } else {
        // The direction of the drag, or where it went when it stopped before letting go.
        let current = nearest(to: dragStart.x)
        let moved = velocity.x != 0 ? velocity.x : contentOffset.x - dragStart.x
        target = moved > 0 ? current + 1 : moved < 0 ? current - 1 : current
        target = min(max(0, target), starts.count - 1)
      }
      return _clampedContentOffset(CGPoint(x: offset(of: target), y: free.y))
    case .none, .continuous, .paging:
      return free
    }
  }
}

extension UICollectionView {
  /// Gives each sideways-scrolling section its scroll view (kept while the section stays one,
  /// with its offset), and takes away those of sections that stopped being one.
  func _syncOrthogonalScrollViews() {
    let lines = _layout._orthogonalLines()
    var kept: [Int: _OrthogonalScrollView] = [:]
    for line in lines {
      let scroller = _orthogonalScrollViews[line.section] ?? {
        let made = _OrthogonalScrollView(line: line)
        // Below the cells and supplementary views of the other sections, above the background.
        insertSubview(made, at: backgroundView?.superview === self ? 1 : 0)
        return made
      }()
      scroller.update(line)
      kept[line.section] = scroller
    }
    for (section, scroller) in _orthogonalScrollViews where kept[section] !== scroller {
      // Cells still in it go back to the collection view (the tiling places them again).
      for cell in scroller.subviews.compactMap({ $0 as? UICollectionReusableView }) { addSubview(cell) }
      scroller.removeFromSuperview()
    }
    _orthogonalScrollViews = kept
  }

  /// The scroll view of the section an element belongs to, for cells of sideways-scrolling
  /// sections.
  func _orthogonalScrollView(for attributes: UICollectionViewLayoutAttributes) -> _OrthogonalScrollView? {
    guard !_orthogonalScrollViews.isEmpty, attributes.representedElementCategory == .cell,
      attributes.indexPath.count == 2
    else { return nil }
    return _orthogonalScrollViews[attributes.indexPath[0]]
  }

  /// Where an element shows, in the collection view's content coordinates: its frame, moved by
  /// its line's sideways scrolling.
  func _visibleFrame(of attributes: UICollectionViewLayoutAttributes) -> CGRect {
    guard let scroller = _orthogonalScrollView(for: attributes) else { return attributes.frame }
    return attributes.frame.offsetBy(dx: -scroller.contentOffset.x, dy: 0)
  }

  /// The frame a view takes in its superview for `attributes` (a cell of a sideways-scrolling
  /// section lies in its line's scroll view).
  func _viewFrame(for attributes: UICollectionViewLayoutAttributes) -> CGRect {
    guard let scroller = _orthogonalScrollView(for: attributes) else { return attributes.frame }
    return attributes.frame.offsetBy(dx: -scroller.frame.minX, dy: -scroller.frame.minY)
  }

  /// `point` (content coordinates) as the layout places it: inside a sideways-scrolling line,
  /// moved by the line's offset.
  func _layoutPoint(for point: CGPoint) -> CGPoint {
    for scroller in _orthogonalScrollViews.values where scroller.frame.contains(point) {
      return CGPoint(x: point.x + scroller.contentOffset.x, y: point.y)
    }
    return point
  }
}
