// CGAffineTransform and the `applying(_:)` methods of CGPoint, CGSize and CGRect.
//
// Foundation on Linux has CGFloat, CGPoint, CGSize and CGRect but no CoreGraphics transform. The
// conventions are CoreGraphics': a point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty), i.e. the
// row vector [x y 1] times the matrix [a b 0; c d 0; tx ty 1]; `t1.concatenating(t2)` applies t1
// first, then t2; `translatedBy`, `scaledBy` and `rotated(by:)` prepend their operation, so it
// happens in the transform's own (untransformed) coordinate space.

/// An affine transformation matrix for 2D drawing, with CoreGraphics' conventions.
public struct CGAffineTransform: Equatable, Hashable, Sendable {
  /// The entry at row 1, column 1.
  public var a: CGFloat
  /// The entry at row 1, column 2.
  public var b: CGFloat
  /// The entry at row 2, column 1.
  public var c: CGFloat
  /// The entry at row 2, column 2.
  public var d: CGFloat
  /// The horizontal translation (row 3, column 1).
  public var tx: CGFloat
  /// The vertical translation (row 3, column 2).
  public var ty: CGFloat

  /// Creates a transform with every entry zero, as the C struct's zero initializer does.
  public init() {
    self.init(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
  }

  /// Creates a transform from its six entries.
  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// Creates a transform from its six entries, unlabeled.
  public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat)
  {
    self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
  }

  /// Creates a transform that translates by (tx, ty).
  public init(translationX tx: CGFloat, y ty: CGFloat) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
  }

  /// Creates a transform that scales by (sx, sy).
  public init(scaleX sx: CGFloat, y sy: CGFloat) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// Creates a transform that rotates by `angle` radians (clockwise on screen, whose y axis points down).
  public init(rotationAngle angle: CGFloat) {
    let cosine = CGFloat(cos(Double(angle)))
    let sine = CGFloat(sin(Double(angle)))
    self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
  }

  /// The identity transform.
  public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// Whether this is the identity transform.
  public var isIdentity: Bool { self == .identity }

  /// Returns the transform that applies `self` first and then `t2`.
  public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
    CGAffineTransform(
      a: a * t2.a + b * t2.c,
      b: a * t2.b + b * t2.d,
      c: c * t2.a + d * t2.c,
      d: c * t2.b + d * t2.d,
      tx: tx * t2.a + ty * t2.c + t2.tx,
      ty: tx * t2.b + ty * t2.d + t2.ty
    )
  }

  /// Returns this transform preceded by a translation of (tx, ty).
  public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
    CGAffineTransform(translationX: tx, y: ty).concatenating(self)
  }

  /// Returns this transform preceded by a scale of (sx, sy).
  public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
    CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
  }

  /// Returns this transform preceded by a rotation of `angle` radians.
  public func rotated(by angle: CGFloat) -> CGAffineTransform {
    CGAffineTransform(rotationAngle: angle).concatenating(self)
  }

  /// Returns the inverse transform, or `self` unchanged when the matrix is singular (as CoreGraphics does).
  public func inverted() -> CGAffineTransform {
    let determinant = a * d - b * c
    guard determinant != 0, determinant.isFinite else { return self }
    return CGAffineTransform(
      a: d / determinant,
      b: -b / determinant,
      c: -c / determinant,
      d: a / determinant,
      tx: (c * ty - d * tx) / determinant,
      ty: (b * tx - a * ty) / determinant
    )
  }
}

extension CGAffineTransform: CustomStringConvertible {
  /// The six entries, in the form Swift prints the struct on Apple's platforms.
  public var description: String {
    "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))"
  }
}

extension CGAffineTransform: Codable {
  /// Decodes the six entries from an unkeyed container, in the order a, b, c, d, tx, ty.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    self.init(
      a: try container.decode(CGFloat.self),
      b: try container.decode(CGFloat.self),
      c: try container.decode(CGFloat.self),
      d: try container.decode(CGFloat.self),
      tx: try container.decode(CGFloat.self),
      ty: try container.decode(CGFloat.self)
    )
  }

  /// Encodes the six entries into an unkeyed container, in the order a, b, c, d, tx, ty.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(a)
    try container.encode(b)
    try container.encode(c)
    try container.encode(d)
    try container.encode(tx)
    try container.encode(ty)
  }
}

extension CGPoint {
  /// Returns the point mapped by `t`.
  public func applying(_ t: CGAffineTransform) -> CGPoint {
    CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
  }
}

extension CGSize {
  /// Returns the size mapped by `t`'s linear part (no translation; the result may be negative).
  public func applying(_ t: CGAffineTransform) -> CGSize {
    CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
  }
}

extension CGRect {
  /// Returns the smallest rectangle containing the four transformed corners (null and infinite rectangles are returned unchanged).
  public func applying(_ t: CGAffineTransform) -> CGRect {
    if isNull || isInfinite { return self }
    let corners = [
      CGPoint(x: minX, y: minY).applying(t),
      CGPoint(x: maxX, y: minY).applying(t),
      CGPoint(x: minX, y: maxY).applying(t),
      CGPoint(x: maxX, y: maxY).applying(t),
    ]
    var low = corners[0]
    var high = corners[0]
    for corner in corners.dropFirst() {
      low.x = Swift.min(low.x, corner.x)
      low.y = Swift.min(low.y, corner.y)
      high.x = Swift.max(high.x, corner.x)
      high.y = Swift.max(high.y, corner.y)
    }
    return CGRect(x: low.x, y: low.y, width: high.x - low.x, height: high.y - low.y)
  }
}
