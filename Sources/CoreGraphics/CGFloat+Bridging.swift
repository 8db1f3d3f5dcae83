// CGFloat cast to and from NSNumber, as it bridges on Apple's platforms.
//
// iOS code reads the keyboard's animation duration as
//
//     let duration = userInfo[UIResponder.keyboardAnimationDurationUserInfoKey] as? CGFloat
//
// and the number there is an `NSNumber`. Foundation on Linux bridges `NSNumber` to the standard
// number types through `_ObjectiveCBridgeable` (which the runtime's `as?` consults) but not to
// `CGFloat`, so the cast above was nil and views never moved. CGFloat bridges as its `Double`
// does: a number that a `Double` holds exactly casts, as on Apple's platforms.

extension CGFloat: @retroactive _ObjectiveCBridgeable {
  public func _bridgeToObjectiveC() -> NSNumber {
    NSNumber(value: Double(self))
  }

  public static func _forceBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) {
    guard _conditionallyBridgeFromObjectiveC(source, result: &result) else {
      fatalError("Unable to bridge NSNumber '\(source)' to CGFloat")
    }
  }

  public static func _conditionallyBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) -> Bool {
    var double: Double?
    guard Double._conditionallyBridgeFromObjectiveC(source, result: &double), let double else {
      result = nil
      return false
    }
    result = CGFloat(double)
    return true
  }

  public static func _unconditionallyBridgeFromObjectiveC(_ source: NSNumber?) -> CGFloat {
    guard let source else { return 0 }
    var result: CGFloat?
    _forceBridgeFromObjectiveC(source, result: &result)
    return result!
  }
}
