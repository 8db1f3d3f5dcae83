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

/// Stops a forced cast (`as!`) of a box that holds something else, as the runtime's own message says it.
private func castFailure(_ box: NSValue?, to type: Any.Type) -> Never {
  fatalError("Could not cast value of type 'NSValue' (\(box.map(encoding) ?? "nil")) to '\(type)'")
}

extension CGRect: @retroactive _ObjectiveCBridgeable {
  public func _bridgeToObjectiveC() -> NSValue { NSValue(cgRect: self) }

  public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) {
    guard _conditionallyBridgeFromObjectiveC(source, result: &result) else { castFailure(source, to: CGRect.self) }
  }

  public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) -> Bool {
    guard encoding(of: source) == rectEncoding else { return false }
    result = source.rectValue
    return true
  }

  public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGRect {
    var result: CGRect?
    guard let source else { castFailure(nil, to: CGRect.self) }
    _forceBridgeFromObjectiveC(source, result: &result)
    return result!
  }
}

extension CGPoint: @retroactive _ObjectiveCBridgeable {
  public func _bridgeToObjectiveC() -> NSValue { NSValue(cgPoint: self) }

  public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGPoint?) {
    guard _conditionallyBridgeFromObjectiveC(source, result: &result) else { castFailure(source, to: CGPoint.self) }
  }

  public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGPoint?) -> Bool {
    guard encoding(of: source) == pointEncoding else { return false }
    result = source.pointValue
    return true
  }

  public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGPoint {
    var result: CGPoint?
    guard let source else { castFailure(nil, to: CGPoint.self) }
    _forceBridgeFromObjectiveC(source, result: &result)
    return result!
  }
}

extension CGSize: @retroactive _ObjectiveCBridgeable {
  public func _bridgeToObjectiveC() -> NSValue { NSValue(cgSize: self) }

  public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGSize?) {
    guard _conditionallyBridgeFromObjectiveC(source, result: &result) else { castFailure(source, to: CGSize.self) }
  }

  public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGSize?) -> Bool {
    guard encoding(of: source) == sizeEncoding else { return false }
    result = source.sizeValue
    return true
  }

  public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGSize {
    var result: CGSize?
    guard let source else { castFailure(nil, to: CGSize.self) }
    _forceBridgeFromObjectiveC(source, result: &result)
    return result!
  }
}

extension UIEdgeInsets: _ObjectiveCBridgeable {
  public func _bridgeToObjectiveC() -> NSValue { NSValue(uiEdgeInsets: self) }

  public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout UIEdgeInsets?) {
    guard _conditionallyBridgeFromObjectiveC(source, result: &result) else { castFailure(source, to: UIEdgeInsets.self) }
  }

  public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout UIEdgeInsets?) -> Bool {
    let type = encoding(of: source)
    guard type == "{UIEdgeInsets=dddd}" || type == "{NSEdgeInsets=dddd}" else { return false }
    result = source.uiEdgeInsetsValue
    return true
  }

  public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> UIEdgeInsets {
    var result: UIEdgeInsets?
    guard let source else { castFailure(nil, to: UIEdgeInsets.self) }
    _forceBridgeFromObjectiveC(source, result: &result)
    return result!
  }
}

extension NSDirectionalEdgeInsets: _ObjectiveCBridgeable {
  public func _bridgeToObjectiveC() -> NSValue { NSValue(directionalEdgeInsets: self) }

  public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout NSDirectionalEdgeInsets?) {
    guard _conditionallyBridgeFromObjectiveC(source, result: &result) else {
      castFailure(source, to: NSDirectionalEdgeInsets.self)
    }
  }

  public static func _conditionallyBridgeFromObjectiveC(
    _ source: NSValue, result: inout NSDirectionalEdgeInsets?
  ) -> Bool {
    guard encoding(of: source) == "{NSDirectionalEdgeInsets=dddd}" else { return false }
    result = source.directionalEdgeInsetsValue
    return true
  }

  public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> NSDirectionalEdgeInsets {
    var result: NSDirectionalEdgeInsets?
    guard let source else { castFailure(nil, to: NSDirectionalEdgeInsets.self) }
    _forceBridgeFromObjectiveC(source, result: &result)
    return result!
  }
}

extension CGAffineTransform: _ObjectiveCBridgeable {
  public func _bridgeToObjectiveC() -> NSValue { NSValue(cgAffineTransform: self) }

  public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGAffineTransform?) {
    guard _conditionallyBridgeFromObjectiveC(source, result: &result) else {
      castFailure(source, to: CGAffineTransform.self)
    }
  }

  public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGAffineTransform?) -> Bool {
    guard encoding(of: source) == "{CGAffineTransform=dddddd}" else { return false }
    result = source.cgAffineTransformValue
    return true
  }

  public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGAffineTransform {
    var result: CGAffineTransform?
    guard let source else { castFailure(nil, to: CGAffineTransform.self) }
    _forceBridgeFromObjectiveC(source, result: &result)
    return result!
  }
}
