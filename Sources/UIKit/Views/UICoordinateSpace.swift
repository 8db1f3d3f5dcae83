import Foundation

/// A coordinate system points and rectangles can be converted between: a view's bounds, or
/// the screen's (``UIScreen/coordinateSpace`` turns with the interface,
/// ``UIScreen/fixedCoordinateSpace`` stays the device's portrait-up one).
@preconcurrency @MainActor
public protocol UICoordinateSpace: NSObjectProtocol {
  func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint
  func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint
  func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect
  func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect
  /// The space's rectangle, in its own coordinates.
  var bounds: CGRect { get }
}

/// A coordinate space that can say where its points are on the screen (in the screen's
/// interface-oriented coordinates): UIKit's own spaces convert through the screen.
@MainActor
protocol _ScreenRelativeCoordinateSpace: UICoordinateSpace {
  func _toScreen(_ point: CGPoint) -> CGPoint
  func _fromScreen(_ point: CGPoint) -> CGPoint
}

extension _ScreenRelativeCoordinateSpace {
  func _convert(_ point: CGPoint, to space: any UICoordinateSpace) -> CGPoint {
    let onScreen = _toScreen(point)
    if let known = space as? any _ScreenRelativeCoordinateSpace { return known._fromScreen(onScreen) }
    return space.convert(onScreen, from: UIScreen.main.coordinateSpace)
  }

  func _convert(_ point: CGPoint, from space: any UICoordinateSpace) -> CGPoint {
    let onScreen =
      (space as? any _ScreenRelativeCoordinateSpace)?._toScreen(point)
      ?? space.convert(point, to: UIScreen.main.coordinateSpace)
    return _fromScreen(onScreen)
  }

  /// A rectangle converted corner by corner: the box around the four (a quarter turn swaps
  /// its width and height).
  func _convertRect(_ rect: CGRect, _ convert: (CGPoint) -> CGPoint) -> CGRect {
    guard !rect.isNull else { return rect }
    let corners = [
      CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
      CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY),
    ].map(convert)
    let xs = corners.map(\.x), ys = corners.map(\.y)
    return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
  }
}

extension UIView: UICoordinateSpace, _ScreenRelativeCoordinateSpace {
  func _toScreen(_ point: CGPoint) -> CGPoint {
    let inWindow = convert(point, to: nil as UIView?)
    let origin = (window ?? (self as? UIWindow))?.frame.origin ?? .zero
    return CGPoint(x: inWindow.x + origin.x, y: inWindow.y + origin.y)
  }

  func _fromScreen(_ point: CGPoint) -> CGPoint {
    let origin = (window ?? (self as? UIWindow))?.frame.origin ?? .zero
    return convert(CGPoint(x: point.x - origin.x, y: point.y - origin.y), from: nil as UIView?)
  }

  /// `point` in another coordinate space (a view's, the screen's).
  public func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint {
    if let view = coordinateSpace as? UIView { return convert(point, to: view as UIView?) }
    return _convert(point, to: coordinateSpace)
  }

  /// A point of another coordinate space in this view's.
  public func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint {
    if let view = coordinateSpace as? UIView { return convert(point, from: view as UIView?) }
    return _convert(point, from: coordinateSpace)
  }

  /// `rect` in another coordinate space.
  public func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
    if let view = coordinateSpace as? UIView { return convert(rect, to: view as UIView?) }
    return _convertRect(rect) { _convert($0, to: coordinateSpace) }
  }

  /// A rectangle of another coordinate space in this view's.
  public func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
    if let view = coordinateSpace as? UIView { return convert(rect, from: view as UIView?) }
    return _convertRect(rect) { _convert($0, from: coordinateSpace) }
  }
}

/// The screen's coordinate spaces: the interface's (what windows are laid out in; it turns with
/// the interface) or the device's fixed portrait-up one.
@MainActor
final class _ScreenCoordinateSpace: NSObject, _ScreenRelativeCoordinateSpace {
  private unowned let screen: UIScreen
  private let isFixed: Bool

  init(screen: UIScreen, fixed: Bool) {
    self.screen = screen
    isFixed = fixed
    super.init()
  }

  var bounds: CGRect {
    guard isFixed else { return screen.bounds }
    let size = screen.bounds.size
    return screen._interfaceOrientation.isLandscape
      ? CGRect(x: 0, y: 0, width: size.height, height: size.width) : CGRect(origin: .zero, size: size)
  }

  /// Interface coordinates → the fixed (portrait-up) ones: the device turned left
  /// (`.landscapeRight` interface) has its portrait top on the screen's left, and so on.
  func _fromScreen(_ p: CGPoint) -> CGPoint {
    guard isFixed else { return p }
    let size = screen.bounds.size
    switch screen._interfaceOrientation {
    case .landscapeRight: return CGPoint(x: size.height - p.y, y: p.x)
    case .landscapeLeft: return CGPoint(x: p.y, y: size.width - p.x)
    case .portraitUpsideDown: return CGPoint(x: size.width - p.x, y: size.height - p.y)
    case .portrait, .unknown: return p
    }
  }

  func _toScreen(_ p: CGPoint) -> CGPoint {
    guard isFixed else { return p }
    let size = screen.bounds.size
    switch screen._interfaceOrientation {
    case .landscapeRight: return CGPoint(x: p.y, y: size.height - p.x)
    case .landscapeLeft: return CGPoint(x: size.width - p.y, y: p.x)
    case .portraitUpsideDown: return CGPoint(x: size.width - p.x, y: size.height - p.y)
    case .portrait, .unknown: return p
    }
  }

  func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint {
    _convert(point, to: coordinateSpace)
  }
  func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint {
    _convert(point, from: coordinateSpace)
  }
  func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
    _convertRect(rect) { _convert($0, to: coordinateSpace) }
  }
  func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
    _convertRect(rect) { _convert($0, from: coordinateSpace) }
  }
}
