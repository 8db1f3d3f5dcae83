// Core Graphics answers for any rectangle: a NaN coordinate makes an intersection null and an
// overlap or containment test false. swift-corelibs-foundation's CGRect builds closed ranges
// from the edges and traps (SIGILL, no message) when one is NaN, which a finite-looking view
// gives as soon as its width is infinite (its frame's origin is then centre − ∞/2). Foundation's
// methods cannot be replaced for clients (a same-named extension here is ambiguous wherever a
// file also imports Foundation or XCTest), so the modules of this package call these instead.

extension CGRect {
  /// Whether any coordinate is NaN.
  package var hasNaN: Bool { origin.x.isNaN || origin.y.isNaN || size.width.isNaN || size.height.isNaN }

  /// `intersection(_:)` as `CGRectIntersection` answers: null when the rectangles do not
  /// overlap, when either is null, or when an edge is NaN (including ∞ − ∞); touching
  /// rectangles give a zero-width or zero-height rectangle.
  package func safeIntersection(_ r2: CGRect) -> CGRect {
    if isNull || r2.isNull { return .null }
    let a = _edges, b = r2._edges
    // Swift's max(0, .nan) is 0, so NaN edges are looked for first.
    if a.minX.isNaN || b.minX.isNaN { return .null }
    let minX = Swift.max(a.minX, b.minX), maxX = Swift.min(a.maxX, b.maxX)
    let minY = Swift.max(a.minY, b.minY), maxY = Swift.min(a.maxY, b.maxY)
    guard minX <= maxX, minY <= maxY else { return .null }
    return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// The edges in increasing order; NaN where an edge is NaN or ∞ − ∞.
  private var _edges: (minX: CGFloat, maxX: CGFloat, minY: CGFloat, maxY: CGFloat) {
    let x0 = origin.x, x1 = origin.x + size.width, y0 = origin.y, y1 = origin.y + size.height
    if x0.isNaN || x1.isNaN || y0.isNaN || y1.isNaN { return (.nan, .nan, .nan, .nan) }
    return (Swift.min(x0, x1), Swift.max(x0, x1), Swift.min(y0, y1), Swift.max(y0, y1))
  }

  /// `intersects(_:)` as `CGRectIntersectsRect` answers: whether the rectangles share an area
  /// (touching edges do not); false for null rectangles and NaN edges.
  package func safeIntersects(_ r2: CGRect) -> Bool {
    let common = safeIntersection(r2)
    return !common.isNull && !common.isEmpty
  }

  /// `contains(_:)` for a point as `CGRectContainsPoint` answers (minimum edges in, maximum
  /// edges out): false for a null rectangle and for any NaN coordinate.
  package func safeContains(_ point: CGPoint) -> Bool {
    if isNull || point.x.isNaN || point.y.isNaN { return false }
    let e = _edges
    // False for NaN edges: every comparison with NaN is.
    return point.x >= e.minX && point.x < e.maxX && point.y >= e.minY && point.y < e.maxY
  }

  /// Whether the rectangles have the same origin and size as given. Foundation's `==` compares
  /// standardized rectangles, so (0, 0, 0, −100) equals (0, −100, 0, 100): the same area, but
  /// not the same edges for a view whose subviews are placed from its top as solved.
  package func isIdentical(to other: CGRect) -> Bool { origin == other.origin && size == other.size }
}

// Numbers and rectangles as Core Animation's messages and a view's description print them:
// `%g` (240, 0.5, inf), NaN as "nan" (glibc's `%g` can say "-nan"), a rectangle as
// "x y; width height".
extension CGFloat {
  package var geometryDescription: String { isNaN ? "nan" : String(format: "%g", Double(self)) }
}

extension CGRect {
  package var geometryDescription: String {
    "\(origin.x.geometryDescription) \(origin.y.geometryDescription); \(size.width.geometryDescription) \(size.height.geometryDescription)"
  }
}
