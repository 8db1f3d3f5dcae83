// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (Core Graphics and Core Animation name their functions and constants so.)

// CALayer: a rectangle of content in a tree, what views are drawn from.
//
// A layer's geometry is its `bounds` (its own coordinates) and its `position` (where its
// `anchorPoint` sits in its superlayer's coordinates); `frame` is computed from those and the
// transform, as on iOS. Every UIView has a layer whose geometry *is* the view's (UIKit reads
// and writes it), whose delegate is the view, and whose sublayers are its subviews' layers in
// order, with any layers added directly.
//
// Hosts draw the layer tree through UIKit's display list: backgrounds, rounded corners, borders,
// opacity, hidden layers, clipping, shape and gradient layers. Properties a terminal cannot show
// (shadows, `contents` images, masks, 3D transforms) are kept for code to read back.
//
// Animations are in CALayer+Animations.swift; `presentation()` shows their values at the
// current time of Core Animation's clock.

/// Creates layers' `CALayer` subclasses from a class object: Swift cannot call a non-required
/// initializer through a metatype, and `init()` cannot be required without breaking subclasses
/// that override it as iOS code does. A class this module does not know becomes its nearest
/// known superclass.
@MainActor
package func CALayerInstantiate(_ cls: AnyClass) -> CALayer {
  if cls is CAShapeLayer.Type { return CAShapeLayer() }
  if cls is CAGradientLayer.Type { return CAGradientLayer() }
  if cls is CATextLayer.Type { return CATextLayer() }
  return CALayer()
}

/// The corners of a layer that `cornerRadius` rounds.
public struct CACornerMask: OptionSet, Hashable, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// The corner at the minimum x and minimum y (top left in UIKit).
  public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
  /// The corner at the maximum x and minimum y (top right in UIKit).
  public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
  /// The corner at the minimum x and maximum y (bottom left in UIKit).
  public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
  /// The corner at the maximum x and maximum y (bottom right in UIKit).
  public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
}

/// How the corners' curve is shaped (kept; a terminal draws every rounded corner the same).
public struct CALayerCornerCurve: Hashable, Sendable, RawRepresentable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let circular = CALayerCornerCurve(rawValue: "circular")
  public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// How `contents` is placed in the bounds (kept for source compatibility).
public struct CALayerContentsGravity: Hashable, Sendable, RawRepresentable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let center = CALayerContentsGravity(rawValue: "center")
  public static let top = CALayerContentsGravity(rawValue: "top")
  public static let bottom = CALayerContentsGravity(rawValue: "bottom")
  public static let left = CALayerContentsGravity(rawValue: "left")
  public static let right = CALayerContentsGravity(rawValue: "right")
  public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
  public static let topRight = CALayerContentsGravity(rawValue: "topRight")
  public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
  public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
  public static let resize = CALayerContentsGravity(rawValue: "resize")
  public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
  public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}

/// What a layer asks of its delegate (a view, for a view's layer). Every method has an empty
/// default.
@preconcurrency @MainActor
public protocol CALayerDelegate: AnyObject {
  /// Called by ``CALayer/display()``: the delegate sets the layer's content.
  func display(_ layer: CALayer)
  /// Called by ``CALayer/layoutSublayers()``: the delegate positions the sublayers.
  func layoutSublayers(of layer: CALayer)
  /// The action for a change of `event` (a property key): nil to let the layer look further,
  /// `NSNull()` for none.
  func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
  /// Called by ``CALayer/draw(in:)``: the delegate draws the layer's content.
  func draw(_ layer: CALayer, in ctx: CGContext)
}

extension CALayerDelegate {
  public func display(_ layer: CALayer) {}
  public func layoutSublayers(of layer: CALayer) {}
  public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
  public func draw(_ layer: CALayer, in ctx: CGContext) {}
}

/// What a view does for its layer (UIKit's UIView implements it): the layer's changes that
/// the view must hear about, since on iOS the layer is the view's storage.
@MainActor
package protocol CALayerOwningView: AnyObject {
  /// The layer's bounds size changed or its `setNeedsLayout()` was called.
  func _layerNeedsLayout()
  /// The layer's `setNeedsDisplay()` was called.
  func _layerNeedsDisplay()
  /// The layer's `layoutIfNeeded()` was called.
  func _layerLayoutIfNeeded()
  /// Draws `layer` (this view's layer, or a layer of its tree that is no view's) and its
  /// sublayers into `context`, in `layer`'s coordinates (`CALayer.render(in:)`).
  func _layerRender(_ layer: CALayer, in context: CGContext)
}

/// A rectangle of content in a tree of layers.
@preconcurrency @MainActor
open class CALayer: NSObject {
  /// The view whose layer this is (set by UIKit).
  package weak var owningView: (any CALayerOwningView)?
  /// For a presentation copy, the layer it presents.
  package weak var modelLayer: CALayer?
  package var isPresentationCopy = false
  /// Running animations, in the order they were added (CALayer+Animations.swift).
  package var runningAnimations: [CARunningAnimation] = []

  /// Creates a layer with zero bounds at the origin.
  public override init() {
    super.init()
  }

  /// Creates a copy of `layer`'s properties (not its sublayers, superlayer or animations): what
  /// Core Animation uses to make presentation layers. Subclasses with their own properties
  /// override it to copy them.
  public init(layer: Any) {
    super.init()
    guard let other = layer as? CALayer else { return }
    bounds = other.bounds
    position = other.position
    zPosition = other.zPosition
    anchorPoint = other.anchorPoint
    anchorPointZ = other.anchorPointZ
    transform = other.transform
    sublayerTransform = other.sublayerTransform
    isHidden = other.isHidden
    isDoubleSided = other.isDoubleSided
    isGeometryFlipped = other.isGeometryFlipped
    masksToBounds = other.masksToBounds
    contents = other.contents
    contentsGravity = other.contentsGravity
    contentsScale = other.contentsScale
    opacity = other.opacity
    backgroundColor = other.backgroundColor
    cornerRadius = other.cornerRadius
    maskedCorners = other.maskedCorners
    cornerCurve = other.cornerCurve
    borderWidth = other.borderWidth
    borderColor = other.borderColor
    shadowColor = other.shadowColor
    shadowOpacity = other.shadowOpacity
    shadowOffset = other.shadowOffset
    shadowRadius = other.shadowRadius
    shadowPath = other.shadowPath
    name = other.name
    isOpaque = other.isOpaque
    needsDisplayOnBoundsChange = other.needsDisplayOnBoundsChange
    shouldRasterize = other.shouldRasterize
    rasterizationScale = other.rasterizationScale
    allowsEdgeAntialiasing = other.allowsEdgeAntialiasing
    allowsGroupOpacity = other.allowsGroupOpacity
    drawsAsynchronously = other.drawsAsynchronously
    speed = other.speed
    style = other.style
    drawnContent = other.drawnContent
  }

  /// Archives do not exist on Linux; this initializer exists so that subclasses written for iOS
  /// compile. It creates a default layer.
  public required init?(coder: NSCoder) {
    super.init()
  }

  /// The default value of a property, before it is set (nil for every key here).
  open class func defaultValue(forKey key: String) -> Any? { nil }

  /// Whether a change of `key` means the layer must redraw (false for every key here).
  open class func needsDisplay(forKey key: String) -> Bool { false }

  // MARK: Animations
  // Declared in the class, not with the machinery (CALayer+Animations.swift), so that a
  // subclass can override them, as it can on iOS (a layer that watches its animations, a test
  // double); each calls the machinery.

  /// Adds a copy of `anim`, to run from its begin time on Core Animation's clock. An animation
  /// already under `key` is removed first. With a nil key the animation runs but cannot be
  /// found or removed by key.
  open func add(_ anim: CAAnimation, forKey key: String?) { _add(anim, forKey: key) }

  /// The animation under `key` (the layer's copy), or nil.
  open func animation(forKey key: String) -> CAAnimation? { _animation(forKey: key) }

  /// Removes the animation under `key`; its delegate hears `animationDidStop(_, finished: false)`.
  open func removeAnimation(forKey key: String) { _removeAnimation(forKey: key) }

  /// Removes every animation.
  open func removeAllAnimations() { _removeAllAnimations() }

  /// The keys of the animations on the layer, in the order they were added (nil when none).
  open func animationKeys() -> [String]? { _animationKeys() }

  /// A copy of the layer as it appears now: the animated properties at their values at the
  /// current time of Core Animation's clock. The copy has no sublayers. (Of a layer subclass
  /// declared outside QuartzCore, a copy cannot be made of its own class; the layer itself is
  /// returned, showing model values.)
  open func presentation() -> Self? { _presentation() }

  /// The model layer: for a presentation copy the layer it presents, otherwise the layer itself.
  open func model() -> Self { _model() }

  // MARK: Key-value coding

  /// Values stored under keys that are not properties.
  private var keyedValues: [String: Any] = [:]

  /// Sets a property by key path ("opacity", "position.x", "transform.scale", ...), as
  /// key-value coding does on iOS (a change runs its action); any other key stores the value.
  open func setValue(_ value: Any?, forKeyPath keyPath: String) {
    if let current = animatableValue(forKeyPath: keyPath) {
      if let converted = CAAnimatableValue(value, like: current) {
        setAnimatableValue(converted, forKeyPath: keyPath)
      } else if value == nil, case .color = current {
        setAnimatableValue(.color(nil), forKeyPath: keyPath)
      }
      return
    }
    keyedValues[keyPath] = value
  }

  /// Sets a property or stores a value by key (see ``setValue(_:forKeyPath:)``).
  open func setValue(_ value: Any?, forKey key: String) {
    setValue(value, forKeyPath: key)
  }

  /// A property's value by key path, or the value stored under it.
  open func value(forKeyPath keyPath: String) -> Any? {
    animatableValue(forKeyPath: keyPath)?.anyValue ?? keyedValues[keyPath]
  }

  /// A property's value by key, or the value stored under it.
  open func value(forKey key: String) -> Any? {
    value(forKeyPath: key)
  }

  // MARK: Actions

  /// Whether the layer has been drawn by a host: from then on a change of an animatable
  /// property runs its action (an implicit animation), as on iOS, where a layer's changes
  /// animate once it has been committed to the screen.
  package var isCommitted = false

  /// Actions by property key, consulted after the delegate (an `NSNull()` value means none).
  open var actions: [String: any CAAction]?

  /// The action for a change of `event`: the delegate's, else ``actions``', else
  /// ``defaultAction(forKey:)``; nil when one of them says `NSNull()` or none has one.
  open func action(forKey event: String) -> (any CAAction)? {
    if let action = delegate?.action(for: self, forKey: event) {
      return action is NSNull ? nil : action
    }
    if let action = actions?[event] { return action is NSNull ? nil : action }
    return type(of: self).defaultAction(forKey: event)
  }

  /// The implicit animation of a property: for an animatable key, a basic animation of the
  /// transaction's duration and timing function (the default pacing unless set).
  open class func defaultAction(forKey event: String) -> (any CAAction)? {
    guard CALayer.implicitlyAnimatedKeys.contains(event) else { return nil }
    let animation = CABasicAnimation(keyPath: event)
    animation.duration = CATransaction.animationDuration()
    animation.timingFunction =
      CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
    return animation
  }

  private static let implicitlyAnimatedKeys: Set<String> = [
    "position", "zPosition", "anchorPoint", "transform", "opacity", "backgroundColor",
    "cornerRadius",
    "borderWidth", "borderColor", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius",
    "bounds",
    "path", "fillColor", "strokeColor", "strokeStart", "strokeEnd", "lineWidth", "colors",
    "locations",
    "startPoint", "endPoint", "foregroundColor", "fontSize",
  ]

  /// A property changed from `old`: runs its action if the layer is on screen, is no view's (a
  /// view's layer animates only inside animation blocks, which apply at once here) and the
  /// transaction does not disable actions. A basic animation without values animates from what
  /// was on screen to the new value, as Core Animation's implicit animations do.
  package func implicitChange(_ key: String, from old: CAAnimatableValue) {
    guard isCommitted, !isPresentationCopy, !CATransaction.disableActions(),
      let current = animatableValue(forKeyPath: key), current != old
    else { return }
    // A view's layer asks only its view (an animation inside `UIView.animate`, else none).
    let found = owningView == nil ? action(forKey: key) : delegate?.action(for: self, forKey: key)
    guard var action = found, !(action is NSNull) else { return }
    if let basic = action as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil,
      basic.byValue == nil
    {
      let copy = basic.copy() as! CABasicAnimation
      let animating = runningAnimations.contains {
        ($0.animation as? CAPropertyAnimation)?.keyPath == key
      }
      let shown = animating ? presentedValue(forKeyPath: key, model: old) ?? old : old
      copy.fromValue = shown.anyValue
      action = copy
    }
    action.run(forKey: key, object: self, arguments: nil)
  }

  /// A copy for presentation: the same class as far as this module knows it (overridden by
  /// each layer class of this module).
  package func makePresentationCopy() -> CALayer { CALayer(layer: self) }

  // MARK: Geometry

  /// Core Animation raises `CALayerInvalidGeometry` for a NaN in a layer's bounds or position
  /// (a view's frame, bounds or centre); an infinite value is accepted, as there. The message
  /// is iOS's reason, and it survives release builds.
  static func _invalidGeometry(_ reason: String) -> Never {
    fatalError("CALayerInvalidGeometry: \(reason)")
  }

  /// Counts changes of any layer's geometry (bounds, position, anchor point, transform) and of
  /// any layer tree: what is computed from a chain of layers' geometry (a view's safe area,
  /// which walks from the window down) can be kept while the count stays the same.
  nonisolated(unsafe) package static var _geometryGeneration: UInt64 = 0

  /// The layer's rectangle in its own coordinates.
  open var bounds: CGRect = .zero {
    willSet {
      if newValue.hasNaN {
        CALayer._invalidGeometry(
          "CALayer bounds contains NaN: [\(newValue.geometryDescription)]")
      }
    }
    didSet {
      CALayer._geometryGeneration &+= 1
      implicitChange("bounds", from: .rect(oldValue))
      if oldValue.size != bounds.size {
        setNeedsLayout()
        if needsDisplayOnBoundsChange { setNeedsDisplay() }
      }
    }
  }

  /// Where the anchor point sits, in the superlayer's coordinates (a view's `center`, for a
  /// view's layer with the default anchor point).
  open var position: CGPoint = .zero {
    willSet {
      if newValue.x.isNaN || newValue.y.isNaN {
        CALayer._invalidGeometry("CALayer position contains NaN: [\(newValue.x.geometryDescription) \(newValue.y.geometryDescription)]")
      }
    }
    didSet {
      CALayer._geometryGeneration &+= 1
      implicitChange("position", from: .point(oldValue))
    }
  }
  /// The layer's place along the z axis: siblings with a greater zPosition are drawn above.
  open var zPosition: CGFloat = 0 {
    didSet { implicitChange("zPosition", from: .number(Double(oldValue))) }
  }
  /// The point of the bounds, in unit coordinates ((0, 0) top left, (1, 1) bottom right), that
  /// `position` places and transforms turn about; (0.5, 0.5) by default.
  open var anchorPoint = CGPoint(x: 0.5, y: 0.5) {
    didSet {
      CALayer._geometryGeneration &+= 1
      implicitChange("anchorPoint", from: .point(oldValue))
    }
  }
  /// The anchor point's z coordinate.
  open var anchorPointZ: CGFloat = 0
  /// The transform applied about the anchor point (only its affine part shows on a flat screen).
  open var transform: CATransform3D = CATransform3DIdentity {
    didSet {
      CALayer._geometryGeneration &+= 1
      implicitChange("transform", from: .transform(oldValue))
    }
  }
  /// A transform applied to the sublayers (kept; not drawn).
  open var sublayerTransform: CATransform3D = CATransform3DIdentity

  /// The affine part of ``transform``.
  open func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }

  /// Sets ``transform`` to an affine transform.
  open func setAffineTransform(_ m: CGAffineTransform) {
    transform = CATransform3DMakeAffineTransform(m)
  }

  /// The layer's rectangle in its superlayer's coordinates: the bounds, transformed about the
  /// anchor point, placed at the position (the bounding box when the transform rotates). Setting
  /// it sets the position and, with an identity transform, the bounds' size.
  open var frame: CGRect {
    get {
      let size = bounds.size
      let local = CGRect(
        x: -anchorPoint.x * size.width, y: -anchorPoint.y * size.height, width: size.width,
        height: size.height)
      let affine = affineTransform()
      let box = affine.isIdentity ? local : local.applying(affine)
      return box.offsetBy(dx: position.x, dy: position.y)
    }
    set {
      let rect = newValue.standardized
      if CATransform3DIsIdentity(transform) { bounds.size = rect.size }
      let size = bounds.size
      position = CGPoint(
        x: rect.minX + anchorPoint.x * size.width, y: rect.minY + anchorPoint.y * size.height)
    }
  }

  // MARK: Appearance

  /// Hidden layers and their sublayers are not drawn.
  open var isHidden = false
  /// Whether the back of the layer shows when it is turned away (kept; nothing turns here).
  open var isDoubleSided = true
  /// Whether the layer's coordinates are flipped vertically (kept for source compatibility).
  open var isGeometryFlipped = false
  /// Whether sublayers are clipped to the bounds.
  open var masksToBounds = false
  /// A layer whose alpha masks this one (kept; hosts do not mask).
  open var mask: CALayer?
  /// The layer's content, usually an image (kept; hosts draw no layer contents).
  open var contents: Any?
  /// How `contents` fills the bounds.
  open var contentsGravity: CALayerContentsGravity = .resize
  /// Pixels per point of the content.
  open var contentsScale: CGFloat = 1
  /// The opacity of the layer and its sublayers, 0 to 1.
  open var opacity: Float = 1 {
    didSet { implicitChange("opacity", from: .number(Double(oldValue))) }
  }
  /// The fill behind the content (nil: none).
  open var backgroundColor: CGColor? {
    didSet { implicitChange("backgroundColor", from: .color(oldValue)) }
  }
  /// The radius of the rounded corners of the background and border (0: square).
  open var cornerRadius: CGFloat = 0 {
    didSet { implicitChange("cornerRadius", from: .number(Double(oldValue))) }
  }
  /// Which corners ``cornerRadius`` rounds (all four by default).
  open var maskedCorners: CACornerMask = [
    .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
  ]
  /// The shape of the rounded corners.
  open var cornerCurve: CALayerCornerCurve = .circular
  /// The width of the border drawn inside the bounds (0: none).
  open var borderWidth: CGFloat = 0 {
    didSet { implicitChange("borderWidth", from: .number(Double(oldValue))) }
  }
  /// The border's colour (opaque black by default).
  open var borderColor: CGColor? = CGColor(gray: 0, alpha: 1) {
    didSet { implicitChange("borderColor", from: .color(oldValue)) }
  }
  /// The shadow's colour (opaque black by default; hosts draw no shadows).
  open var shadowColor: CGColor? = CGColor(gray: 0, alpha: 1) {
    didSet { implicitChange("shadowColor", from: .color(oldValue)) }
  }
  /// The shadow's opacity (0: no shadow, the default).
  open var shadowOpacity: Float = 0 {
    didSet { implicitChange("shadowOpacity", from: .number(Double(oldValue))) }
  }
  /// The shadow's offset ((0, -3) by default, as on iOS).
  open var shadowOffset = CGSize(width: 0, height: -3) {
    didSet { implicitChange("shadowOffset", from: .size(oldValue)) }
  }
  /// The shadow's blur radius (3 by default).
  open var shadowRadius: CGFloat = 3 {
    didSet { implicitChange("shadowRadius", from: .number(Double(oldValue))) }
  }
  /// The shadow's shape (nil: the layer's own).
  open var shadowPath: CGPath?
  /// A name for finding the layer.
  open var name: String?
  /// Whether the layer's content is fully opaque (a drawing hint).
  open var isOpaque = false
  /// Whether a change of the bounds' size calls ``setNeedsDisplay()``.
  open var needsDisplayOnBoundsChange = false
  /// Whether the layer is rendered into a bitmap before compositing (a performance hint).
  open var shouldRasterize = false
  /// The scale of that bitmap.
  open var rasterizationScale: CGFloat = 1
  /// Whether edges are antialiased (a drawing hint).
  open var allowsEdgeAntialiasing = false
  /// Whether the layer composites as a group (a drawing hint).
  open var allowsGroupOpacity = true
  /// Whether drawing happens on a background thread (a drawing hint).
  open var drawsAsynchronously = false
  /// How fast time passes for the layer's animations (1 by default).
  open var speed: Float = 1
  /// Default values for properties (kept for source compatibility).
  open var style: [AnyHashable: Any]?

  // MARK: The tree

  private var _sublayers: [CALayer] = []

  /// The layer this one is a sublayer of.
  open private(set) weak var superlayer: CALayer? {
    didSet { CALayer._geometryGeneration &+= 1 }
  }

  /// The sublayers, back to front (nil when there are none). Setting it replaces them.
  open var sublayers: [CALayer]? {
    get { _sublayers.isEmpty ? nil : _sublayers }
    set {
      for layer in _sublayers { layer.superlayer = nil }
      _sublayers = []
      for layer in newValue ?? [] { insertSublayer(layer, at: UInt32(_sublayers.count)) }
    }
  }

  /// Replaces the sublayers with `layers` in one step (one layout request, however many move):
  /// what a view does to keep its layer's sublayers in step with its subviews.
  package func setSublayersInOneStep(_ layers: [CALayer]) {
    let kept = Set(layers.map(ObjectIdentifier.init))
    for layer in _sublayers where !kept.contains(ObjectIdentifier(layer)) { layer.superlayer = nil }
    for layer in layers where layer.superlayer !== self { layer.removeFromSuperlayer() }
    _sublayers = layers
    for layer in layers { layer.superlayer = self }
    setNeedsLayout()
  }

  /// Adds `layer` on top of the sublayers; it leaves its old superlayer first.
  open func addSublayer(_ layer: CALayer) {
    insertSublayer(layer, at: UInt32(_sublayers.count))
  }

  /// Inserts `layer` at `idx` among the sublayers (clamped to their number).
  open func insertSublayer(_ layer: CALayer, at idx: UInt32) {
    // fatalError, not precondition: its message survives optimised builds.
    if layer === self { fatalError("CALayer.insertSublayer: a layer cannot be its own sublayer") }
    var ancestor: CALayer? = superlayer
    while let current = ancestor {
      if current === layer { fatalError("CALayer.insertSublayer: a layer cannot contain its ancestor") }
      ancestor = current.superlayer
    }
    var index = Int(idx)
    if layer.superlayer === self, let old = _sublayers.firstIndex(where: { $0 === layer }) {
      _sublayers.remove(at: old)
      if old < index { index -= 1 }
    } else {
      layer.removeFromSuperlayer()
    }
    _sublayers.insert(layer, at: min(max(0, index), _sublayers.count))
    layer.superlayer = self
    setNeedsLayout()
  }

  /// Inserts `layer` just below `sibling` (at the bottom when `sibling` is not a sublayer).
  open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
    let index = sibling.flatMap { s in _sublayers.firstIndex { $0 === s } } ?? 0
    let adjust =
      layer.superlayer === self && (_sublayers.firstIndex { $0 === layer } ?? Int.max) < index
      ? 1 : 0
    insertSublayer(layer, at: UInt32(index + adjust))
  }

  /// Inserts `layer` just above `sibling` (on top when `sibling` is not a sublayer).
  open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
    let index =
      sibling.flatMap { s in _sublayers.firstIndex { $0 === s }.map { $0 + 1 } } ?? _sublayers.count
    let adjust =
      layer.superlayer === self && (_sublayers.firstIndex { $0 === layer } ?? Int.max) < index
      ? 1 : 0
    insertSublayer(layer, at: UInt32(index + adjust))
  }

  /// Removes the layer from its superlayer.
  open func removeFromSuperlayer() {
    guard let parent = superlayer else { return }
    parent._sublayers.removeAll { $0 === self }
    superlayer = nil
    parent.setNeedsLayout()
  }

  /// Puts `newLayer` where `oldLayer` is among the sublayers; nothing when `oldLayer` is not one.
  open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
    guard oldLayer !== newLayer, let index = _sublayers.firstIndex(where: { $0 === oldLayer })
    else { return }
    oldLayer.removeFromSuperlayer()
    insertSublayer(newLayer, at: UInt32(index))
  }

  /// The object the layer asks to display and lay out its content (the view, for a view's layer).
  open weak var delegate: (any CALayerDelegate)?

  // MARK: Display and layout

  private var _needsDisplay = false
  private var _needsLayout = false

  /// Marks the content out of date: ``display()`` runs before the layer is next drawn.
  open func setNeedsDisplay() {
    _needsDisplay = true
    owningView?._layerNeedsDisplay()
  }

  /// Marks part of the content out of date (the whole layer redisplays).
  open func setNeedsDisplay(_ r: CGRect) { setNeedsDisplay() }

  /// Whether ``display()`` is waiting to run.
  open func needsDisplay() -> Bool { _needsDisplay }

  /// Runs ``display()`` if the content is out of date.
  open func displayIfNeeded() {
    guard _needsDisplay else { return }
    _needsDisplay = false
    display()
  }

  /// Updates the content: asks the delegate's `display(_:)`, then (for a layer that is no
  /// view's: a view draws with `draw(_:)`) records ``draw(in:)`` into a new context, whose
  /// drawing hosts show as the layer's content. Override to set ``contents``.
  open func display() {
    delegate?.display(self)
    guard owningView == nil else { return }
    let context = CGContext()
    draw(in: context)
    drawnContent = context.drawings
  }

  /// Draws the layer's content (after ``setNeedsDisplay()``): the default asks the delegate's
  /// `draw(_:in:)`. Coordinates are the layer's.
  open func draw(in ctx: CGContext) {
    delegate?.draw(self, in: ctx)
  }

  /// What ``draw(in:)`` drew last, in the layer's coordinates.
  package var drawnContent: [CGContextDrawing] = []

  /// Draws the layer and its sublayers into `ctx`, in the layer's coordinates: into a bitmap
  /// context's pixels (an image renderer's with the `Pixels` trait). UIKit draws it, so a layer
  /// draws when it is a view's or in a view's layer tree; a tree with no view draws nothing.
  open func render(in ctx: CGContext) {
    var layer: CALayer? = self
    while let current = layer {
      if let view = current.owningView {
        view._layerRender(self, in: ctx)
        return
      }
      layer = current.superlayer
    }
  }

  /// Marks the layer for layout before it is next drawn.
  open func setNeedsLayout() {
    _needsLayout = true
    owningView?._layerNeedsLayout()
  }

  /// Whether layout is waiting.
  open func needsLayout() -> Bool { _needsLayout }

  /// Lays out now if layout is waiting (for a view's layer: the view lays out).
  open func layoutIfNeeded() {
    if let view = owningView {
      _needsLayout = false
      view._layerLayoutIfNeeded()
      return
    }
    if _needsLayout {
      _needsLayout = false
      layoutSublayers()
    }
    for layer in _sublayers { layer.layoutIfNeeded() }
  }

  /// Positions the sublayers: asks the delegate's `layoutSublayers(of:)`. Override to lay out.
  open func layoutSublayers() {
    delegate?.layoutSublayers(of: self)
  }

  /// The preferred size of the layer (its bounds' size).
  open func preferredFrameSize() -> CGSize { bounds.size }

  // MARK: Coordinates

  /// Maps a point of this layer's coordinates into its superlayer's.
  private func toSuperlayer(_ p: CGPoint) -> CGPoint {
    let anchor = CGPoint(
      x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    let local = CGPoint(x: p.x - anchor.x, y: p.y - anchor.y).applying(affineTransform())
    return CGPoint(x: local.x + position.x, y: local.y + position.y)
  }

  /// Maps a point of the superlayer's coordinates into this layer's.
  private func fromSuperlayer(_ p: CGPoint) -> CGPoint {
    let anchor = CGPoint(
      x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    let local = CGPoint(x: p.x - position.x, y: p.y - position.y).applying(
      affineTransform().inverted())
    return CGPoint(x: local.x + anchor.x, y: local.y + anchor.y)
  }

  /// The point in the coordinates of the tree's root layer.
  private func toRoot(_ p: CGPoint) -> CGPoint {
    var point = p
    var layer: CALayer? = self
    while let current = layer, let parent = current.superlayer {
      point = current.toSuperlayer(point)
      layer = parent
    }
    return point
  }

  private func fromRoot(_ p: CGPoint) -> CGPoint {
    var chain: [CALayer] = []
    var layer: CALayer? = self
    while let current = layer, current.superlayer != nil {
      chain.append(current)
      layer = current.superlayer
    }
    return chain.reversed().reduce(p) { $1.fromSuperlayer($0) }
  }

  /// Converts a point from this layer's coordinates to `l`'s (nil: the root layer's).
  open func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint {
    let root = toRoot(p)
    return l?.fromRoot(root) ?? root
  }

  /// Converts a point from `l`'s coordinates (nil: the root layer's) to this layer's.
  open func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint {
    fromRoot(l?.toRoot(p) ?? p)
  }

  /// Converts a rectangle from this layer's coordinates to `l`'s (the bounding box of its
  /// corners, when a transform rotates it).
  open func convert(_ r: CGRect, to l: CALayer?) -> CGRect {
    Self.box(r) { convert($0, to: l) }
  }

  /// Converts a rectangle from `l`'s coordinates to this layer's.
  open func convert(_ r: CGRect, from l: CALayer?) -> CGRect {
    Self.box(r) { convert($0, from: l) }
  }

  private static func box(_ r: CGRect, _ map: (CGPoint) -> CGPoint) -> CGRect {
    guard !r.isNull else { return r }
    let corners = [
      map(CGPoint(x: r.minX, y: r.minY)), map(CGPoint(x: r.maxX, y: r.minY)),
      map(CGPoint(x: r.minX, y: r.maxY)), map(CGPoint(x: r.maxX, y: r.maxY)),
    ]
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    return CGRect(
      x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
  }

  /// Whether `p` (in this layer's coordinates) is inside the bounds.
  open func contains(_ p: CGPoint) -> Bool { bounds.safeContains(p) }

  /// The front-most visible layer of the tree under `p` (in the superlayer's coordinates), or nil.
  open func hitTest(_ p: CGPoint) -> CALayer? {
    guard !isHidden, opacity > 0 else { return nil }
    let local = fromSuperlayer(p)
    if masksToBounds, !contains(local) { return nil }
    for layer in _sublayers.reversed() {
      if let hit = layer.hitTest(local) { return hit }
    }
    return contains(local) ? self : nil
  }

  // MARK: Animatable properties

  /// The value of an animatable property, by key path ("opacity", "position.x", ...); nil for
  /// a key path this layer cannot animate. Layer subclasses of this module add theirs.
  package func animatableValue(forKeyPath keyPath: String) -> CAAnimatableValue? {
    switch keyPath {
    case "opacity": .number(Double(opacity))
    case "position": .point(position)
    case "position.x": .number(position.x)
    case "position.y": .number(position.y)
    case "bounds": .rect(bounds)
    case "bounds.size": .size(bounds.size)
    case "bounds.size.width": .number(bounds.width)
    case "bounds.size.height": .number(bounds.height)
    case "bounds.origin": .point(bounds.origin)
    case "bounds.origin.x": .number(bounds.origin.x)
    case "bounds.origin.y": .number(bounds.origin.y)
    case "anchorPoint": .point(anchorPoint)
    case "zPosition": .number(zPosition)
    case "cornerRadius": .number(cornerRadius)
    case "borderWidth": .number(borderWidth)
    case "backgroundColor": .color(backgroundColor)
    case "borderColor": .color(borderColor)
    case "shadowColor": .color(shadowColor)
    case "shadowOpacity": .number(Double(shadowOpacity))
    case "shadowRadius": .number(shadowRadius)
    case "shadowOffset": .size(shadowOffset)
    case "transform": .transform(transform)
    case "transform.scale", "transform.scale.x": .number(transform.m11)
    case "transform.scale.y": .number(transform.m22)
    case "transform.rotation", "transform.rotation.z": .number(atan2(transform.m12, transform.m11))
    case "transform.translation.x": .number(transform.m41)
    case "transform.translation.y": .number(transform.m42)
    default: nil
    }
  }

  /// Sets an animatable property by key path (on a presentation copy).
  package func setAnimatableValue(_ value: CAAnimatableValue, forKeyPath keyPath: String) {
    switch (keyPath, value) {
    case ("opacity", .number(let n)): opacity = Float(n)
    case ("position", .point(let p)): position = p
    case ("position.x", .number(let n)): position.x = n
    case ("position.y", .number(let n)): position.y = n
    case ("bounds", .rect(let r)): bounds = r
    case ("bounds.size", .size(let s)): bounds.size = s
    case ("bounds.size.width", .number(let n)): bounds.size.width = n
    case ("bounds.size.height", .number(let n)): bounds.size.height = n
    case ("bounds.origin", .point(let p)): bounds.origin = p
    case ("bounds.origin.x", .number(let n)): bounds.origin.x = n
    case ("bounds.origin.y", .number(let n)): bounds.origin.y = n
    case ("anchorPoint", .point(let p)): anchorPoint = p
    case ("zPosition", .number(let n)): zPosition = n
    case ("cornerRadius", .number(let n)): cornerRadius = n
    case ("borderWidth", .number(let n)): borderWidth = n
    case ("backgroundColor", .color(let c)): backgroundColor = c
    case ("borderColor", .color(let c)): borderColor = c
    case ("shadowColor", .color(let c)): shadowColor = c
    case ("shadowOpacity", .number(let n)): shadowOpacity = Float(n)
    case ("shadowRadius", .number(let n)): shadowRadius = n
    case ("shadowOffset", .size(let s)): shadowOffset = s
    case ("transform", .transform(let t)): transform = t
    case ("transform.scale", .number(let n)):
      transform = CATransform3DConcat(
        CATransform3DMakeScale(n, n, 1),
        CATransform3DMakeRotation(atan2(transform.m12, transform.m11), 0, 0, 1))
    case ("transform.scale.x", .number(let n)): transform.m11 = n
    case ("transform.scale.y", .number(let n)): transform.m22 = n
    case ("transform.rotation", .number(let n)), ("transform.rotation.z", .number(let n)):
      let scale = (transform.m11 * transform.m11 + transform.m12 * transform.m12).squareRoot()
      transform = CATransform3DConcat(
        CATransform3DMakeScale(scale, scale, 1), CATransform3DMakeRotation(n, 0, 0, 1))
    case ("transform.translation.x", .number(let n)): transform.m41 = n
    case ("transform.translation.y", .number(let n)): transform.m42 = n
    default: break
    }
  }
}
