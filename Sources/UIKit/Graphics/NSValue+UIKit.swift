// UIKit's NSValue boxes for geometry.
//
// swift-corelibs-foundation already boxes CGPoint, CGSize, CGRect and NSEdgeInsets
// (`NSValue(point:)`, `rectValue`, …), so the CG-named accessors use those boxes and stay equal to
// and interchangeable with them. It cannot box other structs (`NSValue(bytes:objCType:)` traps on
// a struct type encoding), so CGAffineTransform, UIEdgeInsets and NSDirectionalEdgeInsets are boxed
// in a private NSValue subclass whose `objCType` is the encoding Apple uses
// ("{CGAffineTransform=dddddd}", "{UIEdgeInsets=dddd}", "{NSDirectionalEdgeInsets=dddd}").
//
// All of these survive a trip through a notification's `userInfo` (`[AnyHashable: Any]`) as
// NSValue: `(userInfo[key] as? NSValue)?.cgRectValue`, and they cast to the bare struct as on Apple's
// platforms (`userInfo[key] as? CGRect`; NSValue+Bridging.swift).
//
// Reading a box as the wrong type: the CG-named accessors behave as Foundation's (`rectValue` of
// a point box traps); the UIKit-named ones return `.zero` / `.identity` instead of reading memory.

extension NSValue {
  /// Creates a box holding a point (the same box as `NSValue(point:)`).
  public convenience init(cgPoint point: CGPoint) {
    self.init(point: point)
  }

  /// Creates a box holding a size (the same box as `NSValue(size:)`).
  public convenience init(cgSize size: CGSize) {
    self.init(size: size)
  }

  /// Creates a box holding a rectangle (the same box as `NSValue(rect:)`).
  public convenience init(cgRect rect: CGRect) {
    self.init(rect: rect)
  }

  /// The boxed point.
  public var cgPointValue: CGPoint { pointValue }

  /// The boxed size.
  public var cgSizeValue: CGSize { sizeValue }

  /// The boxed rectangle.
  public var cgRectValue: CGRect { rectValue }

  /// Creates a box holding an affine transform.
  public convenience init(cgAffineTransform transform: CGAffineTransform) {
    self.init(_uikitBox: _UIKitGeometryValue(.transform(transform)))
  }

  /// Creates a box holding edge insets.
  public convenience init(uiEdgeInsets insets: UIEdgeInsets) {
    self.init(_uikitBox: _UIKitGeometryValue(.edgeInsets(insets)))
  }

  /// Creates a box holding directional edge insets.
  public convenience init(directionalEdgeInsets insets: NSDirectionalEdgeInsets) {
    self.init(_uikitBox: _UIKitGeometryValue(.directionalEdgeInsets(insets)))
  }

  /// The boxed affine transform (`.identity` if the box holds something else).
  public var cgAffineTransformValue: CGAffineTransform {
    if let box = self as? _UIKitGeometryValue, case .transform(let transform) = box.payload {
      return transform
    }
    return .identity
  }

  /// The boxed edge insets (also read from an `NSValue(edgeInsets:)` box; `.zero` if the box holds something else).
  public var uiEdgeInsetsValue: UIEdgeInsets {
    if let box = self as? _UIKitGeometryValue, case .edgeInsets(let insets) = box.payload {
      return insets
    }
    if String(cString: objCType) == "{NSEdgeInsets=dddd}" {
      let insets = edgeInsetsValue
      return UIEdgeInsets(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
    }
    return .zero
  }

  /// The boxed directional edge insets (`.zero` if the box holds something else).
  public var directionalEdgeInsetsValue: NSDirectionalEdgeInsets {
    if let box = self as? _UIKitGeometryValue, case .directionalEdgeInsets(let insets) = box.payload {
      return insets
    }
    return .zero
  }
}

/// Lets an NSValue convenience initializer hand back an instance of a private subclass.
private protocol _UIKitValueBoxing {}

extension _UIKitValueBoxing {
  fileprivate init(_uikitFactory box: Self) {
    self = box
  }
}

extension NSValue: _UIKitValueBoxing {}

extension NSValue {
  fileprivate convenience init(_uikitBox box: _UIKitGeometryValue) {
    // `Self` is NSValue when called through NSValue's initializers above.
    guard let boxed = box as? Self else {
      fatalError("NSValue subclasses cannot box UIKit geometry")
    }
    self.init(_uikitFactory: boxed)
  }
}

/// An NSValue holding one of the UIKit geometry structs Foundation on Linux cannot box.
private final class _UIKitGeometryValue: NSValue, @unchecked Sendable {
  enum Payload: Hashable {
    case transform(CGAffineTransform)
    case edgeInsets(UIEdgeInsets)
    case directionalEdgeInsets(NSDirectionalEdgeInsets)
  }

  let payload: Payload

  init(_ payload: Payload) {
    self.payload = payload
    super.init()
  }

  required convenience init(bytes value: UnsafeRawPointer, objCType type: UnsafePointer<Int8>) {
    switch String(cString: type) {
    case "{CGAffineTransform=dddddd}":
      self.init(.transform(value.loadUnaligned(as: CGAffineTransform.self)))
    case "{UIEdgeInsets=dddd}":
      self.init(.edgeInsets(value.loadUnaligned(as: UIEdgeInsets.self)))
    case "{NSDirectionalEdgeInsets=dddd}":
      self.init(.directionalEdgeInsets(value.loadUnaligned(as: NSDirectionalEdgeInsets.self)))
    default:
      fatalError("_UIKitGeometryValue: unsupported type encoding '\(String(cString: type))'")
    }
  }

  required convenience init?(coder: NSCoder) {
    guard coder.allowsKeyedCoding else { return nil }
    let numbers = (0..<6).map { CGFloat(coder.decodeDouble(forKey: "NS.v\($0)")) }
    switch coder.decodeInteger(forKey: "NS.uikit.kind") {
    case 0:
      self.init(.transform(CGAffineTransform(numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])))
    case 1:
      self.init(.edgeInsets(UIEdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3])))
    case 2:
      self.init(
        .directionalEdgeInsets(
          NSDirectionalEdgeInsets(top: numbers[0], leading: numbers[1], bottom: numbers[2], trailing: numbers[3])))
    default:
      return nil
    }
  }

  override func encode(with coder: NSCoder) {
    let (kind, numbers): (Int, [CGFloat])
    switch payload {
    case .transform(let t): (kind, numbers) = (0, [t.a, t.b, t.c, t.d, t.tx, t.ty])
    case .edgeInsets(let i): (kind, numbers) = (1, [i.top, i.left, i.bottom, i.right])
    case .directionalEdgeInsets(let i): (kind, numbers) = (2, [i.top, i.leading, i.bottom, i.trailing])
    }
    coder.encode(kind, forKey: "NS.uikit.kind")
    for (index, number) in numbers.enumerated() {
      coder.encode(Double(number), forKey: "NS.v\(index)")
    }
  }

  // C strings that live as long as the process.
  nonisolated(unsafe) private static let transformType = UnsafePointer(strdup("{CGAffineTransform=dddddd}")!)
  nonisolated(unsafe) private static let edgeInsetsType = UnsafePointer(strdup("{UIEdgeInsets=dddd}")!)
  nonisolated(unsafe) private static let directionalEdgeInsetsType = UnsafePointer(
    strdup("{NSDirectionalEdgeInsets=dddd}")!)

  override var objCType: UnsafePointer<Int8> {
    switch payload {
    case .transform: _UIKitGeometryValue.transformType
    case .edgeInsets: _UIKitGeometryValue.edgeInsetsType
    case .directionalEdgeInsets: _UIKitGeometryValue.directionalEdgeInsetsType
    }
  }

  override func getValue(_ value: UnsafeMutableRawPointer) {
    func copy<T>(_ item: T) {
      withUnsafeBytes(of: item) { value.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    }
    switch payload {
    case .transform(let t): copy(t)
    case .edgeInsets(let i): copy(i)
    case .directionalEdgeInsets(let i): copy(i)
    }
  }

  override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? _UIKitGeometryValue else { return false }
    return payload == other.payload
  }

  override var hash: Int { payload.hashValue }

  override var description: String {
    switch payload {
    case .transform(let t): "CGAffineTransform: {{\(t.a), \(t.b), \(t.c), \(t.d)}, {\(t.tx), \(t.ty)}}"
    case .edgeInsets(let i): "UIEdgeInsets: \(i)"
    case .directionalEdgeInsets(let i): "NSDirectionalEdgeInsets: \(i)"
    }
  }
}

/// The smallest range holding every one of `ranges` (what UIKit passes the one-range delegate
/// methods when the delegate has no form with ranges); an empty range at 0 for none.
func _union(of ranges: [NSValue]) -> NSRange {
  let values = ranges.map(\.rangeValue).filter { $0.location != NSNotFound }
  guard let first = values.first else { return NSRange(location: 0, length: 0) }
  var lower = first.location
  var upper = first.location + first.length
  for range in values.dropFirst() {
    lower = min(lower, range.location)
    upper = max(upper, range.location + range.length)
  }
  return NSRange(location: lower, length: upper - lower)
}
