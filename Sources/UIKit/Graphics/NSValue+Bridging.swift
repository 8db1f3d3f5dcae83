// Geometry values cast to and from NSValue, as they bridge on Apple's platforms.
//
// iOS code reads a keyboard notification's frame either way:
//
//     let frame = userInfo[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect
//     let frame = (userInfo[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue
//
// On Apple's platforms the Objective-C runtime bridges NSValue and the CG structs. The Swift
// runtime on Linux consults the same `_ObjectiveCBridgeable` conformances for `as?`, `as!` and
// `is` between `Any` and a value type (Foundation bridges NSNumber and the number types that
// way), so these conformances make both forms work, and a `CGRect` put into a `userInfo` reads
// back as an `NSValue` too. A box of another shape does not cast: an `NSValue(cgPoint:)` is not
// a `CGRect`, as on iOS.
//
// What still differs from Apple's platforms, in one place:
// - Collections are not bridged element by element: `[NSValue]` does not cast to `[CGRect]`
//   (on iOS an `NSArray` of boxes does); cast each element.
// - A bridged `CGRect` is a new `NSValue` on each cast, so `===` between two casts is false
//   (`==` and `isEqual` hold).
// The numbers in `userInfo` (duration, curve, "is local") are `NSNumber`s, which Foundation on
// Linux already bridges: `as? Double`, `as? TimeInterval`, `as? UInt`, `as? Int`, `as? Bool` and
// `as? NSNumber` all work.

import Foundation

/// A box's type encoding ("{CGRect=…}"), which tells what it holds.
private func encoding(of box: NSValue) -> String {
  String(cString: box.objCType)
}

private let rectEncoding = encoding(of: NSValue(rect: .zero))
private let pointEncoding = encoding(of: NSValue(point: .zero))
private let sizeEncoding = encoding(of: NSValue(size: .zero))

/// A geometry struct that bridges to `NSValue`: it says how to box itself and how to read a box
/// (nil for a box of another shape); the bridging the runtime calls is written once, below.
public protocol _NSValueBridgedGeometry: _ObjectiveCBridgeable where _ObjectiveCType == NSValue {
  /// The value boxed.
  var _boxedForBridging: NSValue { get }
  /// The value in `box`, or nil when the box holds something else.
  static func _unboxedForBridging(_ box: NSValue) -> Self?
}

extension _NSValueBridgedGeometry {
  public func _bridgeToObjectiveC() -> NSValue { _boxedForBridging }

  public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout Self?) {
    guard _conditionallyBridgeFromObjectiveC(source, result: &result) else {
      // As the runtime's own message says it.
      fatalError("Could not cast value of type 'NSValue' (\(encoding(of: source))) to '\(Self.self)'")
    }
  }

  public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout Self?) -> Bool {
    result = _unboxedForBridging(source)
    return result != nil
  }

  public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> Self {
    guard let source else { fatalError("Could not cast nil to '\(Self.self)'") }
    var result: Self?
    _forceBridgeFromObjectiveC(source, result: &result)
    return result!
  }
}

extension CGRect: @retroactive _ObjectiveCBridgeable, _NSValueBridgedGeometry {
  public var _boxedForBridging: NSValue { NSValue(cgRect: self) }
  public static func _unboxedForBridging(_ box: NSValue) -> CGRect? {
    encoding(of: box) == rectEncoding ? box.rectValue : nil
  }
}

extension CGPoint: @retroactive _ObjectiveCBridgeable, _NSValueBridgedGeometry {
  public var _boxedForBridging: NSValue { NSValue(cgPoint: self) }
  public static func _unboxedForBridging(_ box: NSValue) -> CGPoint? {
    encoding(of: box) == pointEncoding ? box.pointValue : nil
  }
}

extension CGSize: @retroactive _ObjectiveCBridgeable, _NSValueBridgedGeometry {
  public var _boxedForBridging: NSValue { NSValue(cgSize: self) }
  public static func _unboxedForBridging(_ box: NSValue) -> CGSize? {
    encoding(of: box) == sizeEncoding ? box.sizeValue : nil
  }
}

extension UIEdgeInsets: _NSValueBridgedGeometry {
  public var _boxedForBridging: NSValue { NSValue(uiEdgeInsets: self) }
  /// Also reads Foundation's own `NSValue(edgeInsets:)` box.
  public static func _unboxedForBridging(_ box: NSValue) -> UIEdgeInsets? {
    let type = encoding(of: box)
    return type == "{UIEdgeInsets=dddd}" || type == "{NSEdgeInsets=dddd}" ? box.uiEdgeInsetsValue : nil
  }
}

extension NSDirectionalEdgeInsets: _NSValueBridgedGeometry {
  public var _boxedForBridging: NSValue { NSValue(directionalEdgeInsets: self) }
  public static func _unboxedForBridging(_ box: NSValue) -> NSDirectionalEdgeInsets? {
    encoding(of: box) == "{NSDirectionalEdgeInsets=dddd}" ? box.directionalEdgeInsetsValue : nil
  }
}

extension CGAffineTransform: _NSValueBridgedGeometry {
  public var _boxedForBridging: NSValue { NSValue(cgAffineTransform: self) }
  public static func _unboxedForBridging(_ box: NSValue) -> CGAffineTransform? {
    encoding(of: box) == "{CGAffineTransform=dddddd}" ? box.cgAffineTransformValue : nil
  }
}
