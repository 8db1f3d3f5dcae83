import Foundation
import TextEditing

/// A rectangular area of the screen: geometry, the view hierarchy, hit-testing, gesture
/// recognizers, and drawing into the window's display list.
@preconcurrency @MainActor
open class UIView: UIResponder {
  // The view's geometry and appearance live in its layer, as on iOS (see UIView+Layer.swift).
  private var _center: CGPoint {
    get { layer.position }
    set { layer.position = newValue }
  }
  private var _bounds: CGRect {
    get { layer.bounds }
    set { layer.bounds = newValue }
  }

  /// The class of the view's layer; override to back a view with a `CAShapeLayer`,
  /// `CAGradientLayer`, ... (a class declared outside QuartzCore is created as its nearest
  /// QuartzCore superclass: see `CALayerInstantiate`).
  open class var layerClass: AnyClass { CALayer.self }
  /// The view's layer, made from ``layerClass`` when first needed (see UIView+Layer.swift).
  lazy var _layer: CALayer = _makeLayer()

  // A view that goes leaves its subviews without a superview (a weak reference set to nil
  // tells no one): the safe areas remembered for them no longer hold.
  deinit { CALayer._geometryGeneration &+= 1 }

  /// Creates a view with the frame rectangle, in its superview's coordinates.
  public init(frame: CGRect) {
    super.init()
    self.frame = frame
  }

  /// Creates a view with a zero frame.
  public convenience override init() {
    self.init(frame: .zero)
  }

  /// Storyboards and nibs do not exist on Linux; this initializer exists so that subclasses
  /// written for iOS compile. It creates a view with a zero frame.
  public required init?(coder: NSCoder) {
    super.init()
  }

  /// Called on objects loaded from a nib. Nothing on Linux loads nibs; subclasses may still
  /// call it themselves.
  open func awakeFromNib() {}

  /// Called by Interface Builder when it draws a designable view; never at run time, on iOS as
  /// here (nothing draws designables on Linux). Subclasses override it to set up sample content.
  open func prepareForInterfaceBuilder() {}

  // MARK: Geometry

  /// The view's rectangle in its superview's coordinates (with a transform other than identity,
  /// the bounding box of the transformed bounds).
  open var frame: CGRect {
    get {
      let size = _bounds.size, center = _center
      // Without a transform, as set: Foundation's offsetBy standardizes the origin of a
      // rectangle with a negative size but keeps the size, which no longer described it.
      guard !transform.isIdentity else {
        return CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
      }
      let local = CGRect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
      return local.applying(transform).offsetBy(dx: center.x, dy: center.y)
    }
    set {
      let old = frame
      let oldSize = _bounds.size
      if transform.isIdentity { _bounds.size = newValue.size }
      _center = CGPoint(x: newValue.midX, y: newValue.midY)
      if old.size != newValue.size { setNeedsLayout() }
      // As given (Foundation's `!=` compares standardized rectangles).
      if !old.isIdentical(to: newValue) { _geometryChanged(oldSize: oldSize) }
    }
  }

  /// The view's rectangle in its own coordinates.
  open var bounds: CGRect {
    get { _bounds }
    set {
      let oldSize = _bounds.size
      _bounds = newValue
      if oldSize != newValue.size {
        setNeedsLayout()
        _geometryChanged(oldSize: oldSize)
      }
    }
  }

  /// The centre of the frame, in the superview's coordinates.
  open var center: CGPoint {
    get { _center }
    set {
      guard _center != newValue else { return }
      _center = newValue
      _geometryChanged(oldSize: _bounds.size)
    }
  }

  /// A transform applied about the centre (scale, rotation, translation).
  open var transform: CGAffineTransform = .identity {
    didSet { layer.setAffineTransform(transform) }
  }

  // MARK: Appearance

  /// The fill colour behind the view's content (nil: transparent): the layer's background. A
  /// dynamic colour (`.systemBackground`) is kept, resolved into the layer with the view's
  /// traits, and resolved again when they change, as on iOS.
  open var backgroundColor: UIColor? {
    get {
      if let dynamic = _dynamicBackground, layer.backgroundColor == dynamic.resolved { return dynamic.color }
      return layer.backgroundColor.map { UIColor(cgColor: $0) }
    }
    set {
      guard _appearanceSetterProceeds("backgroundColor") else { return }
      _setBackgroundColor(newValue)
    }
  }

  /// Sets the background without the appearance proxy's bookkeeping (UIKit's own defaults,
  /// which an appearance proxy may still replace).
  func _setBackgroundColor(_ color: UIColor?) {
    if let color, color._isDynamic {
      let resolved = color.resolvedColor(with: traitCollection).cgColor
      _dynamicBackground = (color, resolved)
      layer.backgroundColor = resolved
    } else {
      _dynamicBackground = nil
      layer.backgroundColor = color?.cgColor
    }
  }
  /// A dynamic background colour and what it resolved to in the layer.
  var _dynamicBackground: (color: UIColor, resolved: CGColor)?
  /// Hidden views neither draw nor receive touches: the layer's `isHidden` (a hidden arranged
  /// view of a stack view collapses).
  open var isHidden: Bool {
    get { layer.isHidden }
    set {
      let oldValue = layer.isHidden
      layer.isHidden = newValue
      if oldValue != newValue, let stack = superview as? UIStackView,
        stack.arrangedSubviews.contains(where: { $0 === self })
      {
        stack._arrangedSubviewVisibilityChanged()
      }
    }
  }
  /// The view's opacity, 0 to 1: the layer's `opacity` (a Float, so 0.3 reads back as
  /// 0.30000001192092896, as on iOS).
  open var alpha: CGFloat {
    get { CGFloat(layer.opacity) }
    set { layer.opacity = Float(newValue) }
  }
  /// Whether the view is opaque (a drawing hint; kept for source compatibility).
  open var isOpaque = true
  /// Whether subviews are clipped to the bounds: the layer's `masksToBounds`.
  open var clipsToBounds: Bool {
    get { layer.masksToBounds }
    set { layer.masksToBounds = newValue }
  }
  /// The tint colour, inherited from the superview when nil.
  open var tintColor: UIColor! {
    get { _tintColor ?? superview?.tintColor ?? .systemBlue }
    set {
      guard _appearanceSetterProceeds("tintColor") else { return }
      _tintColor = newValue
    }
  }
  private var _tintColor: UIColor?
  /// The appearance properties the app set on this view (see UIAppearance.swift).
  var _appearanceCustomized: Set<String> = []
  /// An integer that identifies the view (see ``viewWithTag(_:)``).
  open var tag = 0

  /// How the view's content behaves when the interface runs right to left (`.unspecified`:
  /// it flips). Leading and trailing constraints, `.natural` alignment and a text field's
  /// overlay views follow the direction it resolves to.
  open var semanticContentAttribute: UISemanticContentAttribute = .unspecified {
    didSet { if semanticContentAttribute != oldValue { _layoutDirectionChanged() } }
  }

  /// The layout direction for arranging the view's immediate content: its semantic content
  /// attribute relative to the direction it inherits (the closest ancestor forcing one, else
  /// the app's).
  open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
    UIView.userInterfaceLayoutDirection(for: semanticContentAttribute, relativeTo: _inheritedLayoutDirection)
  }

  /// The layout direction `attribute` implies in the app's layout direction.
  open class func userInterfaceLayoutDirection(for attribute: UISemanticContentAttribute) -> UIUserInterfaceLayoutDirection {
    userInterfaceLayoutDirection(for: attribute, relativeTo: UIApplication.shared.userInterfaceLayoutDirection)
  }

  /// The layout direction `semanticContentAttribute` implies relative to `layoutDirection`:
  /// playback and spatial content never flips, forced content takes its own.
  open class func userInterfaceLayoutDirection(
    for semanticContentAttribute: UISemanticContentAttribute, relativeTo layoutDirection: UIUserInterfaceLayoutDirection
  ) -> UIUserInterfaceLayoutDirection {
    switch semanticContentAttribute {
    case .unspecified: layoutDirection
    case .playback, .spatial, .forceLeftToRight: .leftToRight
    case .forceRightToLeft: .rightToLeft
    }
  }
  /// A string that identifies the view in tests (UIKitTesting's timeline names views by it).
  open var accessibilityIdentifier: String?
  /// A short description of the view for assistive technology. Unless set, a label's text, a
  /// button's title and a text field's placeholder, as on iOS (see UIAccessibility.swift).
  open var accessibilityLabel: String? {
    get { _accessibilityLabel ?? _defaultAccessibilityLabel }
    set { _accessibilityLabel = newValue }
  }
  private var _accessibilityLabel: String?
  /// Whether assistive technology sees the view. Unless set, true for labels, buttons and other
  /// controls, text fields, text views and image views showing an image, as on iOS.
  open var isAccessibilityElement: Bool {
    get { _isAccessibilityElement ?? _defaultIsAccessibilityElement }
    set { _isAccessibilityElement = newValue }
  }
  private var _isAccessibilityElement: Bool?
  /// The element's current value for assistive technology (a field's text, a switch's "1").
  /// Unless set, what UIKit's own views report (see UIAccessibility.swift).
  open var accessibilityValue: String? {
    get { _accessibilityValue ?? _defaultAccessibilityValue }
    set { _accessibilityValue = newValue }
  }
  private var _accessibilityValue: String?
  /// What happens when the element is activated, for assistive technology.
  open var accessibilityHint: String?
  /// What kind of element this is (button, static text, header…). Unless set, what UIKit's own
  /// views report: `.staticText` for a label, `.button` for a button, `.notEnabled` added to a
  /// disabled control.
  open var accessibilityTraits: UIAccessibilityTraits {
    get { _accessibilityTraits ?? _defaultAccessibilityTraits }
    set { _accessibilityTraits = newValue }
  }
  private var _accessibilityTraits: UIAccessibilityTraits?
  /// Called when assistive technology activates the element (VoiceOver's double tap, Full
  /// Keyboard Access's Space). Return true if the element handled it; false (the default) lets
  /// the system tap its centre instead. A switch flips itself.
  open func accessibilityActivate() -> Bool { false }
  /// Called to raise an adjustable element's value (VoiceOver's swipe up): a slider moves a
  /// tenth of its range, a page control to the next page, sending `.valueChanged`.
  open func accessibilityIncrement() {}
  /// Called to lower an adjustable element's value (VoiceOver's swipe down).
  open func accessibilityDecrement() {}
  /// Whether assistive technology skips the view and everything in it.
  open var accessibilityElementsHidden = false
  /// Whether assistive technology ignores the view's siblings (an alert over the screen).
  open var accessibilityViewIsModal = false
  /// The element's frame in screen coordinates. Unless set, the view's bounds converted to the
  /// window (which covers the screen in this port).
  open var accessibilityFrame: CGRect {
    get { _accessibilityFrame ?? convert(bounds, to: nil) }
    set { _accessibilityFrame = newValue }
  }
  private var _accessibilityFrame: CGRect?
  /// Where assistive technology taps when it activates the element and
  /// ``accessibilityActivate()`` does not handle it, in screen coordinates. Unless set, the
  /// centre of ``accessibilityFrame``.
  open var accessibilityActivationPoint: CGPoint {
    get { _accessibilityActivationPoint ?? CGPoint(x: accessibilityFrame.midX, y: accessibilityFrame.midY) }
    set { _accessibilityActivationPoint = newValue }
  }
  private var _accessibilityActivationPoint: CGPoint?
  /// The element's outline in screen coordinates, when it is not a rectangle (nil: the frame).
  open var accessibilityPath: UIBezierPath?
  /// Actions assistive technology offers beside activation (VoiceOver's Actions rotor).
  open var accessibilityCustomActions: [UIAccessibilityCustomAction]?
  /// Whether assistive technology reads the view's elements together, before what follows.
  open var shouldGroupAccessibilityChildren = false

  // MARK: Focus (UIFocusSystem.swift: keyboard navigation)

  /// Whether the focus system may focus the view. Unless overridden: text fields and text
  /// views that can edit (iPadOS's keyboard focus); Full Keyboard Access reaches controls and
  /// cells too.
  open var canBecomeFocused: Bool { _wantsKeyboard && canBecomeFirstResponder }
  /// Whether the view has focus.
  open var isFocused: Bool {
    guard let system = window?._focusSystemIfMade, let focused = system.focusedItem else { return false }
    return focused === self
  }
  /// The focus group the view and what is in it belong to (nil: its superview's). Tab moves
  /// between groups, the arrows within one.
  open var focusGroupIdentifier: String?
  /// How focus is shown on the view. Unless set, the system halo round its bounds (following
  /// its layer's corner radius); text fields and text views show their caret instead.
  open var focusEffect: UIFocusEffect? {
    get {
      if let set = _focusEffect { return set }
      return _wantsKeyboard ? nil : UIFocusEffect()
    }
    set { _focusEffect = .some(newValue.map { $0._copy() }) }
  }
  /// The effect set (nil inside: set to none); nil while unset.
  private var _focusEffect: UIFocusEffect??
  /// How strongly the view asks for focus when focus enters its group.
  open var focusGroupPriority: UIFocusGroupPriority = .ignored
  /// Whether focus passes through the view to what lies under it.
  open var isTransparentFocusItem: Bool { false }
  /// The environments to look in first when focus is updated inside the view (none: the first
  /// focusable view inside it in reading order).
  open var preferredFocusEnvironments: [any UIFocusEnvironment] { [] }
  /// The view controller whose view this is, else the superview.
  open var parentFocusEnvironment: (any UIFocusEnvironment)? { _viewController ?? superview }
  /// The view itself: it holds its subviews.
  open var focusItemContainer: (any UIFocusItemContainer)? { self }
  /// Asks for focus to move to this view's preferred item, if focus is inside it.
  open func setNeedsFocusUpdate() { window?._focusSystem.requestFocusUpdate(to: self) }
  /// Performs a requested focus update now.
  open func updateFocusIfNeeded() { window?._focusSystem.updateFocusIfNeeded() }
  /// Whether focus may move as `context` says (asked when the view contains either end).
  open func shouldUpdateFocus(in context: UIFocusUpdateContext) -> Bool { true }
  /// Focus moved in or out of the view.
  open func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator) {}
  /// The view's bounds are the space its focus items are in.
  open var coordinateSpace: any UICoordinateSpace { self }
  /// The focusable views among the subviews whose frames meet `rect` (in the bounds), and
  /// further in where a subview is not itself focusable.
  open func focusItems(in rect: CGRect) -> [any UIFocusItem] {
    var result: [any UIFocusItem] = []
    for subview in subviews where !subview.isHidden {
      if subview.canBecomeFocused, subview.frame.intersects(rect) {
        result.append(subview)
      } else {
        result += subview.focusItems(in: subview.convert(rect, from: self))
      }
    }
    return result
  }
  /// The language the element's label, value and hint are spoken in (nil: the app's).
  open var accessibilityLanguage: String?
  /// The label with speech attributes; it and ``accessibilityLabel`` are one value.
  open var accessibilityAttributedLabel: NSAttributedString? {
    get { accessibilityLabel.map { NSAttributedString(string: $0) } }
    set { accessibilityLabel = newValue?.string }
  }
  /// The value with speech attributes; it and ``accessibilityValue`` are one value.
  open var accessibilityAttributedValue: NSAttributedString? {
    get { accessibilityValue.map { NSAttributedString(string: $0) } }
    set { accessibilityValue = newValue?.string }
  }
  /// The hint with speech attributes; it and ``accessibilityHint`` are one value.
  open var accessibilityAttributedHint: NSAttributedString? {
    get { accessibilityHint.map { NSAttributedString(string: $0) } }
    set { accessibilityHint = newValue?.string }
  }

  // The view as an accessibility container (UIAccessibilityContainer on iOS): the elements in
  // it, when they are not its subviews (parts it draws itself, or its subviews in another order).

  /// The elements in the view, in the order assistive technology reads them: views and
  /// ``UIAccessibilityElement``s. Unless set (nil), the subviews are, back to front.
  open var accessibilityElements: [Any]?
  /// How many elements the view contains: the count of ``accessibilityElements`` unless a
  /// subclass says otherwise (the older way to be a container, with
  /// ``accessibilityElement(at:)`` and ``index(ofAccessibilityElement:)``).
  open func accessibilityElementCount() -> Int { accessibilityElements?.count ?? 0 }
  /// The element at `index` (nil outside the elements).
  open func accessibilityElement(at index: Int) -> Any? {
    guard let elements = accessibilityElements, elements.indices.contains(index) else { return nil }
    return elements[index]
  }
  /// Where `element` is among the elements (`NSNotFound` when it is not one).
  open func index(ofAccessibilityElement element: Any) -> Int {
    guard let elements = accessibilityElements else { return NSNotFound }
    return elements.firstIndex { ($0 as AnyObject) === (element as AnyObject) } ?? NSNotFound
  }
  /// What kind of container the view is for assistive technology (a list, a landmark…).
  open var accessibilityContainerType: UIAccessibilityContainerType = .none

  /// Whether touches reach the view and its subviews.
  open var isUserInteractionEnabled = true
  /// How content is laid out when the bounds change (kept for source compatibility).
  open var contentMode: ContentMode = .scaleToFill

  /// Options for how a view lays out its content when its bounds change.
  public enum ContentMode: Int, Sendable {
    case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
    case topLeft, topRight, bottomLeft, bottomRight
  }

  // MARK: Hierarchy

  // `superview` and `_viewController` skip the run-time exclusivity check: every responder-chain
  // walk (`next`, on every key) reads them, and only UIKit writes them, with stores whose
  // observer only bumps the geometry generation, which no other access can overlap.
  /// The view this view is a subview of. (A move changes what the safe area is computed from:
  /// see `CALayer._geometryGeneration`.)
  @exclusivity(unchecked) open private(set) weak var superview: UIView? {
    didSet {
      CALayer._geometryGeneration &+= 1
      // What the view inherits its traits from changed: they are told at the next layout.
      if oldValue !== superview { _TraitSystem.markSubtree(self) }
    }
  }
  /// The subviews, back to front.
  open var subviews: [UIView] { _subviews }
  /// The subviews, back to front. Changed in place: a `didSet` that read the old value copied
  /// the whole array (a retain per view) on every `addSubview`, which made an app that adds
  /// thousands of labels quadratic (issue 32, item 12: Hypnosister after thousands of Returns).
  private var _subviews: [UIView] = []

  /// Reorders or inserts among the subviews, then puts the layers in the same order.
  private func _mutateSubviews(_ body: (inout [UIView]) -> Void) {
    let old = _subviews
    body(&_subviews)
    _syncSublayers(from: old)
  }
  @exclusivity(unchecked) weak var _viewController: UIViewController? {
    didSet {
      CALayer._geometryGeneration &+= 1
      _TraitSystem.invalidate()
    }
  }
  /// ``safeAreaInsets`` as last computed, and the geometry generation it was computed in (see
  /// `_computedSafeAreaInsets`).
  var _safeAreaCache: (generation: UInt64, insets: UIEdgeInsets)?
  /// What `addInteraction(_:)` added (see UIInteraction.swift).
  var _interactions: [any UIInteraction] = []

  /// The window the view is in, if any.
  open var window: UIWindow? {
    if let window = _window { return window }
    return self as? UIWindow
  }

  /// The nearest window up the hierarchy (self for a window), kept up to date whenever the
  /// view moves to another window (`_didMove(toWindow:)`). Every keystroke asks a text field
  /// for its window several times; a walk up the hierarchy, casting each view, cost more than
  /// the edit itself.
  private weak var _window: UIWindow?

  /// Adds `view` at the front; it leaves its old superview first.
  open func addSubview(_ view: UIView) {
    insertSubview(view, at: subviews.count)
  }

  /// Inserts `view` at `index` among the subviews (clamped to the valid range).
  open func insertSubview(_ view: UIView, at index: Int) {
    precondition(view !== self, "UIView.insertSubview: a view cannot be its own subview")
    precondition(!isDescendant(of: view), "UIView.insertSubview: a view cannot contain its ancestor")
    let oldWindow = view.window
    let newWindow = window
    if view.superview === self, let old = _subviews.firstIndex(where: { $0 === view }) {
      // Out, then in: the layer leaves and goes back below its new next sibling's (a layer
      // added to this one directly keeps its place).
      _mutateSubviews { $0.remove(at: old) }
      _mutateSubviews { $0.insert(view, at: min(max(0, index), $0.count)) }
      return
    }
    if oldWindow !== newWindow { view._willMove(toWindow: newWindow) }
    view.willMove(toSuperview: self)
    UIView._layoutEpoch &+= 1
    view._detachFromSuperview()
    if index >= _subviews.count {
      // addSubview: the layer goes on top, as iOS adds it.
      _subviews.append(view)
      if layer.sublayers?.last !== view.layer { layer.addSublayer(view.layer) }
    } else {
      _mutateSubviews { $0.insert(view, at: max(0, index)) }
    }
    view.superview = self
    view._autoLayoutDidAttach()
    view.didMoveToSuperview()
    if oldWindow !== newWindow { view._didMove(toWindow: newWindow) }
    didAddSubview(view)
    setNeedsLayout()
  }

  /// Inserts `view` just below `sibling`.
  open func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
    let index = subviews.firstIndex { $0 === sibling } ?? 0
    insertSubview(view, at: index)
  }

  /// Inserts `view` just above `sibling`.
  open func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
    let index = subviews.firstIndex { $0 === sibling }.map { $0 + 1 } ?? subviews.count
    insertSubview(view, at: index)
  }

  /// Removes the view from its superview. A first responder inside it stops being one (its
  /// editing ends even if its delegate would refuse).
  open func removeFromSuperview() {
    guard let parent = superview else { return }
    let oldWindow = window
    if oldWindow != nil { _willMove(toWindow: nil) }
    willMove(toSuperview: nil)
    UIView._layoutEpoch &+= 1
    parent.willRemoveSubview(self)
    _detachFromSuperview()
    didMoveToSuperview()
    if oldWindow != nil { _didMove(toWindow: nil) }
  }

  private func _detachFromSuperview() {
    guard let parent = superview else { return }
    _autoLayoutWillDetach()
    if let index = parent._subviews.firstIndex(where: { $0 === self }) {
      parent._subviews.remove(at: index)
      if layer.superlayer === parent.layer { layer.removeFromSuperlayer() }
    }
    superview = nil
    parent.setNeedsLayout()
  }

  /// Moves `view` to the front of the subviews.
  open func bringSubviewToFront(_ view: UIView) {
    guard let index = _subviews.firstIndex(where: { $0 === view }) else { return }
    _mutateSubviews { $0.remove(at: index) }
    _mutateSubviews { $0.append(view) }
  }

  /// Moves `view` to the back of the subviews.
  open func sendSubviewToBack(_ view: UIView) {
    guard let index = _subviews.firstIndex(where: { $0 === view }) else { return }
    _mutateSubviews { $0.remove(at: index) }
    _mutateSubviews { $0.insert(view, at: 0) }
  }

  /// Whether the view is `view` or inside it.
  open func isDescendant(of view: UIView) -> Bool {
    var current: UIView? = self
    while let v = current {
      if v === view { return true }
      current = v.superview
    }
    return false
  }

  /// The view itself or the first descendant (depth first, in subview order) whose tag is
  /// `tag`.
  open func viewWithTag(_ tag: Int) -> UIView? {
    if self.tag == tag { return self }
    for subview in subviews {
      if let found = subview.viewWithTag(tag) { return found }
    }
    return nil
  }

  /// Called before the superview changes.
  open func willMove(toSuperview newSuperview: UIView?) {}
  /// Called after the superview changed.
  open func didMoveToSuperview() {}
  /// Called before the window changes.
  open func willMove(toWindow newWindow: UIWindow?) {}
  /// Called after the window changed.
  open func didMoveToWindow() {}
  /// Called after a subview was added.
  open func didAddSubview(_ subview: UIView) {}
  /// Called before a subview is removed.
  open func willRemoveSubview(_ subview: UIView) {}

  private func _willMove(toWindow newWindow: UIWindow?) {
    // A first responder leaving its window stops being first responder, whatever its delegate
    // says (a forced end, as on iOS).
    // A view in the keyboard's window (the find panel's field) is its app window's responder.
    if let oldWindow = window.map(KeyboardController.appWindow(for:)),
      let responder = oldWindow.firstResponderObject as? UIView, responder.isDescendant(of: self)
    {
      oldWindow._forceEndEditing(of: responder)
    }
    willMove(toWindow: newWindow)
    _viewController?._viewWillMove(toWindow: newWindow)
    for subview in subviews { subview._willMove(toWindow: newWindow) }
  }

  private func _didMove(toWindow newWindow: UIWindow?) {
    // The superview's window is already up to date (it moved first, or it is where this view
    // was inserted); a window nested in another view remains its subviews' window.
    _window = (self as? UIWindow) ?? superview?.window
    if newWindow != nil { _applyAppearance() }
    didMoveToWindow()
    _viewController?._viewDidMove(toWindow: newWindow)
    for subview in subviews { subview._didMove(toWindow: newWindow) }
  }

  // MARK: Responder chain

  open override var next: UIResponder? {
    if let controller = _viewController { return controller }
    return superview
  }

  // A view in the keyboard's window (an accessory's field, the find panel's) answers to the
  // app window the keyboard belongs to, as iOS keeps one first responder per scene.
  override var _responderWindow: UIWindow? { window.map(KeyboardController.appWindow(for:)) }

  override var _findPanel: UIView? {
    guard let navigator = _responderWindow?._findNavigator, navigator._serves(self) else { return nil }
    return navigator
  }

  /// Makes the first responder inside this view resign. With `force`, it resigns even if it
  /// would refuse (its delegate's `textFieldShouldEndEditing` is not consulted). Returns
  /// whether no first responder remains inside the view.
  @discardableResult
  open func endEditing(_ force: Bool) -> Bool {
    guard let window = _responderWindow, let responder = window.firstResponderObject as? UIView,
      responder.isDescendant(of: self)
    else { return true }
    if force {
      window._forceEndEditing(of: responder)
      return !responder.isFirstResponder
    }
    return responder.resignFirstResponder()
  }

  // MARK: Layout

  private var _needsLayout = true

  /// Lays out subviews; override to position them (call `super` first). The default places the
  /// subviews Auto Layout places, from the constraints.
  open func layoutSubviews() { _applyAutoLayoutToSubviews() }

  /// The layer asks its delegate (the view) to lay out its sublayers: the view lays out its
  /// subviews. Declared here rather than with the layer code so that subclasses can override
  /// it, as they do on iOS (call super).
  open func layoutSublayers(of layer: CALayer) { _layoutViewSublayers(of: layer) }

  /// Inside a `UIView.animate` block, a change of an animatable property of the view's layer
  /// (frame, bounds, centre, alpha, background colour, transform, corner radius…) animates with
  /// the block's duration, delay and curve; outside, it does not (`NSNull`), as on iOS. A
  /// subclass overrides it to animate its own layer properties (call super for the rest).
  open func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
    _viewAction(for: layer, forKey: event)
  }

  /// Marks the view for layout before the next display.
  open func setNeedsLayout() { _needsLayout = true }

  /// Lays out now if layout is pending: Auto Layout's constraints are updated and solved first;
  /// then, as CALayer does, layout starts at the topmost ancestor that needs it and runs down
  /// through every subview that needs it.
  open func layoutIfNeeded() {
    // As on iOS 17, views learn that their traits changed just before they lay out.
    _TraitSystem.deliverPending()
    guard _hierarchyRoot._treeUsesAutoLayout else {
      _layoutSubtreeIfNeeded()
      return
    }
    // A constant changed in a `layoutSubviews` or a guide that moved with the frames asks for
    // another pass; a few settle any real layout (iOS's limit is similar).
    for _ in 0..<8 {
      let root = _hierarchyRoot
      root._updateAutoLayoutAsRoot()
      var top = self
      while let parent = top.superview, parent._needsLayout { top = parent }
      let start = top
      // The pass after the keyboard moved runs inside its animation (keyboardLayoutGuide).
      let window = root as? UIWindow
      if let duration = window?._keyboardMoveDuration {
        window?._keyboardMoveDuration = nil
        UIView.animate(
          withDuration: duration, delay: 0, options: [.curveEaseInOut],
          animations: { start._layoutSubtreeIfNeeded() })
      } else {
        start._layoutSubtreeIfNeeded()
      }
      guard let engine = root._layoutEngine, engine.hasPendingWork || engine.needsUpdateConstraintsPass
      else { break }
    }
  }

  private func _layoutSubtreeIfNeeded() {
    if _needsLayout {
      _needsLayout = false
      UIView._layoutEpoch &+= 1
      // As on iOS, the pass goes through the layer's delegate method, which a subclass may
      // override; UIView's lays out the subviews. Dynamic colours used in `layoutSubviews`
      // resolve with the view's traits.
      UITraitCollection._withCurrent(traitCollection) { layoutSublayers(of: layer) }
      _reportSafeAreaChanges()
    }
    for subview in subviews { subview._layoutSubtreeIfNeeded() }
  }

  /// Marks the view's content as out of date: before the next display, ``draw(_:)`` runs again
  /// (a view's drawing is kept between displays until this is called or the size changes).
  open func setNeedsDisplay() { _customDrawing.needsDisplay = true }

  /// Marks part of the view's content as out of date (the whole view is redrawn).
  open func setNeedsDisplay(_ invalidRect: CGRect) { setNeedsDisplay() }

  /// The size that fits the content best within `size`; the default is the current size.
  open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

  /// Resizes the view to ``sizeThatFits(_:)`` of its current size, keeping its origin.
  open func sizeToFit() {
    let size = sizeThatFits(bounds.size)
    frame = CGRect(origin: frame.origin, size: size)
  }

  /// The natural size of the content (`UIView.noIntrinsicMetric` when it has none).
  open var intrinsicContentSize: CGSize {
    CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
  }

  /// Says that ``intrinsicContentSize`` changed (new text, a new font): the view and the views
  /// that size it (its ancestors, which may centre or stack it) lay out again before the next
  /// display, as Auto Layout would on iOS.
  open func invalidateIntrinsicContentSize() {
    if let engine = _autoLayoutStorage?.engine, !translatesAutoresizingMaskIntoConstraints {
      engine.intrinsicSizeChanged(self)
    }
    if let parent = superview, parent._arrangesProportionally, let stack = parent as? UIStackView {
      stack._arrangementChanged()
    }
    // Marked by an earlier call, and since then no view has laid out (which clears marks) and
    // no view has moved (which changes ancestors): the marks still stand. Typing marks once
    // per layout pass, not once per key.
    if _ancestorsMarkedInEpoch == UIView._layoutEpoch { return }
    let window = self.window
    var view: UIView? = self
    while let current = view, current !== window {
      current.setNeedsLayout()
      // iOS 16's self-sizing invalidation: a collection view cell resizes when something in
      // it changes its intrinsic size.
      if let reusable = current as? UICollectionReusableView { reusable._intrinsicSizeChangedInside() }
      view = current.superview
    }
    _ancestorsMarkedInEpoch = UIView._layoutEpoch
  }

  /// Counts what can undo the marks of ``invalidateIntrinsicContentSize()``: layout passes
  /// (they clear marks) and moves in any view hierarchy (they change ancestors).
  private static var _layoutEpoch = 0
  /// The epoch in which ``invalidateIntrinsicContentSize()`` last marked this view and its
  /// ancestors for layout (nil: never).
  private var _ancestorsMarkedInEpoch: Int?

  /// The value of an absent intrinsic dimension.
  public static let noIntrinsicMetric: CGFloat = -1

  // MARK: Auto Layout (the machinery is in Layout/)

  var _autoLayoutStorage: _ViewAutoLayoutState?
  /// The engine of the hierarchy this view is the root of (see LayoutEngine.swift).
  var _layoutEngine: _LayoutEngine?
  /// Whether this hierarchy has used Auto Layout (kept on its root; set once, never cleared).
  var _treeUsesAutoLayout = false
  var _needsUpdateConstraints = true
  /// Set on a stack view whose distribution follows its views' intrinsic sizes (a keystroke's
  /// check, cheaper than a cast).
  var _arrangesProportionally = false
  private var _reportedSafeAreaInsets: UIEdgeInsets = .zero

  /// Whether the view's frame and autoresizing mask place it (true, the default for views made
  /// in code) or constraints do (false). Set it to false before constraining a view made in code.
  open var translatesAutoresizingMaskIntoConstraints = true {
    didSet {
      guard oldValue != translatesAutoresizingMaskIntoConstraints else { return }
      _hierarchyRoot._layoutEngine?.needsRebuild = true
      superview?.setNeedsLayout()
    }
  }

  /// How the view follows a change of its superview's size while its frame places it.
  open var autoresizingMask: AutoresizingMask = [] {
    didSet {
      guard oldValue != autoresizingMask, let engine = _autoLayoutStorage?.engine, engine.contains(self) else { return }
      engine.autoresizingChanged(self)
    }
  }

  /// Whether subviews placed by frame follow this view's size changes (their autoresizing masks).
  open var autoresizesSubviews = true

  /// Whether the view needs Auto Layout to work (its `updateConstraints` makes its constraints):
  /// a hierarchy containing one runs the update-constraints pass.
  open class var requiresConstraintBasedLayout: Bool { false }

  /// The constraints installed on this view (each active constraint is installed on the nearest
  /// common ancestor of its items).
  open var constraints: [NSLayoutConstraint] { _autoLayoutStorage?.installed ?? [] }

  /// Installs `constraint` on this view (the way before `isActive`): the view must contain its
  /// items, as on iOS.
  open func addConstraint(_ constraint: NSLayoutConstraint) {
    guard !constraint.isActive else { return }
    let owners = constraint._first.ownerViews + (constraint._second?.ownerViews ?? [])
    for owner in owners {
      guard let owner, owner.isDescendant(of: self) else {
        preconditionFailure(
          "The view hierarchy is not prepared for the constraint: \(constraint)\n\tWhen added to a view, the "
            + "constraint's items must be descendants of that view (or the view itself). \(_layoutDescription)")
      }
    }
    constraint._install(on: self)
  }

  /// Installs each constraint on this view.
  open func addConstraints(_ constraints: [NSLayoutConstraint]) {
    for constraint in constraints { addConstraint(constraint) }
  }

  /// Deactivates `constraint` if it is installed on this view.
  open func removeConstraint(_ constraint: NSLayoutConstraint) {
    guard constraint._installedOn === self else { return }
    constraint.isActive = false
  }

  /// Deactivates each constraint installed on this view.
  open func removeConstraints(_ constraints: [NSLayoutConstraint]) {
    for constraint in constraints { removeConstraint(constraint) }
  }

  /// Makes or updates the view's own constraints; call `super` last. UIKit calls it (subviews
  /// first) before layout when ``UIView/setNeedsUpdateConstraints()`` was called, and once for a view
  /// new to an Auto Layout hierarchy.
  open func updateConstraints() {}

  /// Asks for ``updateConstraints()`` before the next layout.
  open func setNeedsUpdateConstraints() {
    _needsUpdateConstraints = true
    let root = _hierarchyRoot
    root._treeUsesAutoLayout = true
    root._layoutEngine?.needsUpdateConstraintsPass = true
  }

  /// Whether ``updateConstraints()`` is pending.
  open func needsUpdateConstraints() -> Bool { _needsUpdateConstraints }

  /// Runs the pending ``updateConstraints()`` of this view and its subviews now.
  open func updateConstraintsIfNeeded() { _runUpdateConstraintsPass() }

  /// How strongly the view resists growing beyond its intrinsic size along `axis` (250).
  open func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
    let hugging = _autoLayoutStorage?.hugging ?? (.defaultLow, .defaultLow)
    return axis == .horizontal ? hugging.horizontal : hugging.vertical
  }

  /// Sets how strongly the view resists growing along `axis`.
  open func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
    let state = _autoLayoutState
    if axis == .horizontal { state.hugging.horizontal = priority } else { state.hugging.vertical = priority }
    _contentPrioritiesChanged()
  }

  /// How strongly the view resists shrinking below its intrinsic size along `axis` (750).
  open func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
    let compression = _autoLayoutStorage?.compression ?? (.defaultHigh, .defaultHigh)
    return axis == .horizontal ? compression.horizontal : compression.vertical
  }

  /// Sets how strongly the view resists shrinking along `axis`.
  open func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
    let state = _autoLayoutState
    if axis == .horizontal { state.compression.horizontal = priority } else { state.compression.vertical = priority }
    _contentPrioritiesChanged()
  }

  private func _contentPrioritiesChanged() {
    guard let engine = _autoLayoutStorage?.engine, engine.contains(self) else { return }
    _autoLayoutState.intrinsicSize = nil
    engine.intrinsicSizeChanged(self)
    superview?.setNeedsLayout()
  }

  /// The size the view's constraints give it, as close to `targetSize` as they allow
  /// (``UIView/layoutFittingCompressedSize`` for the smallest).
  open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
    systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
  }

  /// The size the view's constraints give it, pulled towards `targetSize` at the priorities (a
  /// required horizontal priority fixes the width, as table cells are measured).
  open func systemLayoutSizeFitting(
    _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
    verticalFittingPriority: UILayoutPriority
  ) -> CGSize {
    _LayoutEngine.fittingSize(
      of: self, target: targetSize, horizontal: horizontalFittingPriority, vertical: verticalFittingPriority)
  }

  /// Whether the constraints leave the view's frame undetermined.
  open var hasAmbiguousLayout: Bool {
    _updateAutoLayoutOfHierarchy()
    guard let engine = _autoLayoutStorage?.engine, engine.contains(self), engine.root !== self else { return false }
    return engine.isAmbiguous(_layoutVariables)
  }

  /// Moves an ambiguously placed view to another frame its constraints allow (a debugging aid).
  open func exerciseAmbiguityInLayout() {
    _updateAutoLayoutOfHierarchy()
    guard let engine = _autoLayoutStorage?.engine, engine.contains(self), engine.root !== self else { return }
    engine.exerciseAmbiguity(of: self)
  }

  /// The active constraints that place the view along `axis`.
  open func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
    _LayoutEngine.constraintsAffecting(self, horizontal: axis == .horizontal)
  }

  /// Insets from the frame to the content Auto Layout aligns (none by default).
  open var alignmentRectInsets: UIEdgeInsets { .zero }

  /// The alignment rectangle of a frame.
  open func alignmentRect(forFrame frame: CGRect) -> CGRect { frame.inset(by: alignmentRectInsets) }

  /// The frame of an alignment rectangle.
  open func frame(forAlignmentRect alignmentRect: CGRect) -> CGRect {
    let insets = alignmentRectInsets
    return alignmentRect.inset(by: UIEdgeInsets(top: -insets.top, left: -insets.left, bottom: -insets.bottom, right: -insets.right))
  }

  /// The view whose first baseline is this view's (itself by default).
  open var forFirstBaselineLayout: UIView { self }
  /// The view whose last baseline is this view's (itself by default).
  open var forLastBaselineLayout: UIView { self }

  /// Where the first baseline is (text views override; others use their bottom edge).
  var _firstBaseline: _Baseline { _Baseline.bottom }
  /// Where the last baseline is.
  var _lastBaseline: _Baseline { _Baseline.bottom }

  // MARK: Layout guides

  /// The layout guides the view owns (its system guides once used, and those added).
  open var layoutGuides: [UILayoutGuide] { _autoLayoutStorage?.guides ?? [] }

  /// Makes `layoutGuide` one of this view's guides.
  open func addLayoutGuide(_ layoutGuide: UILayoutGuide) {
    if let old = layoutGuide.owningView, old !== self { old.removeLayoutGuide(layoutGuide) }
    guard !layoutGuides.contains(where: { $0 === layoutGuide }) else { return }
    layoutGuide.owningView = self
    _autoLayoutState.guides.append(layoutGuide)
  }

  /// Removes `layoutGuide` (and the constraints that mention it).
  open func removeLayoutGuide(_ layoutGuide: UILayoutGuide) {
    guard let state = _autoLayoutStorage, state.guides.contains(where: { $0 === layoutGuide }) else { return }
    var ancestor: UIView? = self
    while let view = ancestor {
      for constraint in view.constraints
      where (constraint._first.items + (constraint._second?.items ?? [])).contains(where: { $0 === layoutGuide }) {
        constraint._deactivate()
      }
      ancestor = view.superview
    }
    state.guides.removeAll { $0 === layoutGuide }
    layoutGuide.owningView = nil
  }

  private func _ownSystemGuide(
    _ path: ReferenceWritableKeyPath<_ViewAutoLayoutState, UILayoutGuide?>, _ kind: _SystemGuideKind, _ identifier: String
  ) -> UILayoutGuide {
    let state = _autoLayoutState
    if let guide = state[keyPath: path] { return guide }
    let guide = _systemGuide(kind, identifier: identifier)
    state[keyPath: path] = guide
    state.guides.append(guide)
    return guide
  }

  /// The part of the view no bar, notch or home indicator covers (its safe area).
  open var safeAreaLayoutGuide: UILayoutGuide {
    _ownSystemGuide(\.safeAreaGuide, .safeArea, "UIViewSafeAreaLayoutGuide")
  }

  /// How far the safe area is inset from the bounds: the window's come from the simulated
  /// device (status bar, home indicator); a view's are what of them overlaps it, plus its view
  /// controller's `additionalSafeAreaInsets`. Zero outside a window.
  open var safeAreaInsets: UIEdgeInsets { _computedSafeAreaInsets }

  /// Called when ``UIView/safeAreaInsets`` changed (during layout).
  open func safeAreaInsetsDidChange() {}

  private func _reportSafeAreaChanges() {
    let insets = _computedSafeAreaInsets
    guard insets != _reportedSafeAreaInsets else { return }
    _reportedSafeAreaInsets = insets
    safeAreaInsetsDidChange()
    _viewController?.viewSafeAreaInsetsDidChange()
    if _autoLayoutStorage?.guides.isEmpty == false { _systemGuidesMoved() }
  }

  /// The space inside the edges that content keeps clear of (8 points on each side by default;
  /// a view controller's view gets the system minimum, 16 points at the sides on an iPhone).
  open var layoutMargins: UIEdgeInsets {
    get {
      if let margins = _autoLayoutStorage?.layoutMargins { return margins }
      if let controller = _viewController {
        let minimum = controller.systemMinimumLayoutMargins
        return UIEdgeInsets(top: minimum.top, left: minimum.leading, bottom: minimum.bottom, right: minimum.trailing)
      }
      return UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    }
    set {
      guard newValue != layoutMargins || _autoLayoutStorage?.layoutMargins == nil else { return }
      _autoLayoutState.layoutMargins = newValue
      layoutMarginsDidChange()
      _viewController?.viewLayoutMarginsDidChange()
      _systemGuidesMoved()
    }
  }

  /// The layout margins with leading and trailing (left and right in a left-to-right layout,
  /// right and left in a right-to-left one).
  open var directionalLayoutMargins: NSDirectionalEdgeInsets {
    get {
      let m = layoutMargins
      if _isRightToLeft { return NSDirectionalEdgeInsets(top: m.top, leading: m.right, bottom: m.bottom, trailing: m.left) }
      return NSDirectionalEdgeInsets(top: m.top, leading: m.left, bottom: m.bottom, trailing: m.right)
    }
    set {
      let (left, right) = _isRightToLeft ? (newValue.trailing, newValue.leading) : (newValue.leading, newValue.trailing)
      layoutMargins = UIEdgeInsets(top: newValue.top, left: left, bottom: newValue.bottom, right: right)
    }
  }

  /// Whether the view's margins are at least its superview's where the two overlap.
  open var preservesSuperviewLayoutMargins: Bool {
    get { _autoLayoutStorage?.preservesSuperviewLayoutMargins ?? false }
    set {
      _autoLayoutState.preservesSuperviewLayoutMargins = newValue
      _systemGuidesMoved()
    }
  }

  /// Whether the margins guide lies inside the safe area (true by default).
  open var insetsLayoutMarginsFromSafeArea: Bool {
    get { _autoLayoutStorage?.insetsLayoutMarginsFromSafeArea ?? true }
    set {
      _autoLayoutState.insetsLayoutMarginsFromSafeArea = newValue
      _systemGuidesMoved()
    }
  }

  /// Called when ``layoutMargins`` changed.
  open func layoutMarginsDidChange() {}

  /// The bounds inset by the layout margins (inside the safe area unless
  /// ``insetsLayoutMarginsFromSafeArea`` is false).
  open var layoutMarginsGuide: UILayoutGuide {
    _ownSystemGuide(\.marginsGuide, .layoutMargins, "UIViewLayoutMarginsGuide")
  }

  /// A column of comfortable reading width (at most 672 points) centred within the margins.
  open var readableContentGuide: UILayoutGuide {
    _ownSystemGuide(\.readableGuide, .readableContent, "UIViewReadableContentGuide")
  }

  /// Follows the software keyboard: its top is the keyboard's top while the keyboard shows, and
  /// the bottom of the safe area while it is hidden; its bottom is the view's bottom.
  open var keyboardLayoutGuide: UIKeyboardLayoutGuide {
    let state = _autoLayoutState
    if let guide = state.keyboardGuide { return guide }
    let guide = _systemGuide(.keyboard, identifier: "UIViewKeyboardLayoutGuide") as! UIKeyboardLayoutGuide
    state.keyboardGuide = guide
    state.guides.append(guide)
    return guide
  }

  // MARK: Anchors

  private func _anchor(_ attribute: NSLayoutConstraint.Attribute) -> _AnchorTerm { .edge(_WeakItem(self), attribute) }

  /// The leading edge.
  open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(_term: _anchor(.leading)) }
  /// The trailing edge.
  open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(_term: _anchor(.trailing)) }
  /// The left edge.
  open var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(_term: _anchor(.left)) }
  /// The right edge.
  open var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(_term: _anchor(.right)) }
  /// The top edge.
  open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(_term: _anchor(.top)) }
  /// The bottom edge.
  open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(_term: _anchor(.bottom)) }
  /// The width.
  open var widthAnchor: NSLayoutDimension { NSLayoutDimension(_term: _anchor(.width)) }
  /// The height.
  open var heightAnchor: NSLayoutDimension { NSLayoutDimension(_term: _anchor(.height)) }
  /// The horizontal centre.
  open var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(_term: _anchor(.centerX)) }
  /// The vertical centre.
  open var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(_term: _anchor(.centerY)) }
  /// The baseline of the first line of text (the bottom edge of views without text).
  open var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(_term: _anchor(.firstBaseline)) }
  /// The baseline of the last line of text.
  open var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(_term: _anchor(.lastBaseline)) }

  // MARK: Coordinates and hit-testing

  /// The origin of the view's bounds in window coordinates.
  var _originInWindow: CGPoint {
    var point = CGPoint(x: -bounds.origin.x, y: -bounds.origin.y)
    var view: UIView? = self
    while let v = view, !(v is UIWindow) {
      point.x += v.frame.origin.x
      point.y += v.frame.origin.y
      if let parent = v.superview {
        point.x -= parent.bounds.origin.x
        point.y -= parent.bounds.origin.y
      }
      view = v.superview
    }
    return point
  }

  /// Converts a point from this view's coordinates to `view`'s (nil: the window's).
  open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
    let mine = _originInWindow
    let theirs = view?._originInWindow ?? .zero
    return CGPoint(x: point.x + mine.x - theirs.x, y: point.y + mine.y - theirs.y)
  }

  /// Converts a point from `view`'s coordinates (nil: the window's) to this view's.
  open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
    let mine = _originInWindow
    let theirs = view?._originInWindow ?? .zero
    return CGPoint(x: point.x + theirs.x - mine.x, y: point.y + theirs.y - mine.y)
  }

  /// Converts a rectangle from this view's coordinates to `view`'s (nil: the window's).
  open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
    CGRect(origin: convert(rect.origin, to: view), size: rect.size)
  }

  /// Converts a rectangle from `view`'s coordinates (nil: the window's) to this view's.
  open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
    CGRect(origin: convert(rect.origin, from: view), size: rect.size)
  }

  /// Whether `point` (in this view's coordinates) is inside the view.
  open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
    bounds.safeContains(point)
  }

  /// The deepest visible, interactive descendant (or self) containing `point`, in this view's
  /// coordinates; front-most subviews first.
  open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
    guard !isHidden, isUserInteractionEnabled, alpha > 0.01, self.point(inside: point, with: event)
    else { return nil }
    for subview in subviews.reversed() {
      // The subview's own coordinates start at its bounds' origin (a scroll view's offset).
      let local = CGPoint(
        x: point.x - subview.frame.origin.x + subview.bounds.origin.x,
        y: point.y - subview.frame.origin.y + subview.bounds.origin.y)
      if let hit = subview.hitTest(local, with: event) { return hit }
    }
    return self
  }

  // MARK: Gesture recognizers

  /// The gesture recognizers attached to the view.
  open var gestureRecognizers: [UIGestureRecognizer]? {
    get { _gestureRecognizers.isEmpty ? nil : _gestureRecognizers }
    set {
      for recognizer in _gestureRecognizers { recognizer._view = nil }
      _gestureRecognizers = newValue ?? []
      for recognizer in _gestureRecognizers { recognizer._view = self }
    }
  }
  private var _gestureRecognizers: [UIGestureRecognizer] = []

  /// Attaches a gesture recognizer.
  open func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
    recognizer._view?.removeGestureRecognizer(recognizer)
    _gestureRecognizers.append(recognizer)
    recognizer._view = self
  }

  /// Detaches a gesture recognizer.
  open func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
    _gestureRecognizers.removeAll { $0 === recognizer }
    if recognizer._view === self { recognizer._view = nil }
  }

  /// Whether a gesture recognizer of this view or an ancestor may begin with a touch on this
  /// view. Controls answer false for taps, so that tapping a button or a field does not also
  /// fire a tap recognizer on the background (as on iOS).
  open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

  // MARK: Motion effects

  /// The motion effects attached to the view (see UIMotionEffect.swift: a terminal does not
  /// tilt, so they are kept and never move the view).
  open var motionEffects: [UIMotionEffect] = []

  /// Attaches a motion effect (once: one already attached stays where it is).
  open func addMotionEffect(_ effect: UIMotionEffect) {
    guard !motionEffects.contains(where: { $0 === effect }) else { return }
    motionEffects.append(effect)
  }

  /// Detaches a motion effect.
  open func removeMotionEffect(_ effect: UIMotionEffect) {
    motionEffects.removeAll { $0 === effect }
  }

  // MARK: Traits

  /// The view's overrides, cached traits and change registrations (Traits/).
  lazy var _traitState = _TraitState()

  /// The traits in effect for the view: its superview's (or, for a view controller's view, the
  /// controller's), with its own overrides applied. A view outside any hierarchy has the main
  /// screen's traits.
  open var traitCollection: UITraitCollection { _computedTraitCollection }

  /// Called after the view's traits changed, with the traits from before, just before the view
  /// lays out (only while the view is in a window, as on iOS 17). The default does nothing.
  open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

  /// The appearance the view and its subviews use, whatever they inherit (`.unspecified`:
  /// inherit). The same override as `traitOverrides.userInterfaceStyle`.
  open var overrideUserInterfaceStyle: UIUserInterfaceStyle {
    get { _traitState.overrides.userInterfaceStyle }
    set { _traitOverrides.userInterfaceStyle = newValue }
  }

  /// What the view inherits its traits from: its view controller, its superview, or the screen.
  var _inheritedTraits: UITraitCollection {
    if let controller = _viewController { return controller.traitCollection }
    if let superview { return superview.traitCollection }
    return UIScreen.main.traitCollection
  }

  // MARK: Drawing

  /// Draws the view's content with `UIBezierPath` and `UIColor.setStroke()`/`setFill()`; `rect`
  /// is the area to draw (the bounds). Override it, never call it: UIKit calls it before the
  /// view first displays and after ``setNeedsDisplay()`` or a change of size, with a current
  /// drawing context, and keeps what it drew, clipped to the bounds, behind the subviews.
  /// The default draws nothing.
  open func draw(_ rect: CGRect) { _customDrawing.reachedDefaultDraw = true }

  /// What ``draw(_:)`` drew last, and when to call it again (see UIView+Drawing.swift).
  var _customDrawing = _CustomDrawing()

  /// Draws the view's own content (not its subviews) into the display list. `rect` is the view's
  /// bounds in window coordinates; `clip` the visible part.
  func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {}

  /// Draws the view and its subviews, back to front, as its layer says (UIView+LayerRendering.swift):
  /// the layer's background, the view's content, the sublayers (subviews' layers draw as their
  /// views), then the layer's border on top, as Core Animation composites them.
  func _render(into list: inout DisplayList, clip: CGRect, alpha: CGFloat) {
    if let interruption = list.interruption, !interruption.proceeds() { return }
    // On screen: inside animation blocks its changes animate from now on.
    layer.isCommitted = true
    // Dynamic colours the view draws with resolve by its traits (and `UIColor.tintColor` by
    // its tint), as they do in its `draw(_:)` on iOS.
    let drawing = UIView._beginDrawing(self)
    defer { UIView._endDrawing(drawing) }
    UITraitCollection._withCurrent(traitCollection) { _renderNow(into: &list, clip: clip, alpha: alpha) }
  }

  private func _renderNow(into list: inout DisplayList, clip: CGRect, alpha: CGFloat) {
    let shown = layer.presentedLayer()
    guard !shown.isHidden, shown.opacity > 0 else { return }
    let firstItem = list.items.count
    defer {
      if _renderedHosts != .all {
        for index in firstItem..<list.items.count { list.items[index].hosts.formIntersection(_renderedHosts) }
      }
    }
    // A view moving or resizing in an animation is drawn where its presentation is, and its
    // subviews with it; touches still go by the model, as on iOS.
    let parentShift = UIView._renderShift
    var shift = parentShift
    var size = bounds.size
    if shown !== layer {
      let model = layer.bounds.size
      let presented = shown.bounds.size
      shift.x += (shown.position.x - presented.width * shown.anchorPoint.x) - (layer.position.x - model.width * layer.anchorPoint.x)
      shift.y += (shown.position.y - presented.height * shown.anchorPoint.y) - (layer.position.y - model.height * layer.anchorPoint.y)
      size = presented
    }
    // The bounds in window coordinates: where the visible area is, whatever the bounds'
    // origin (a scroll view's content offset) says about the content under it.
    var origin = _originInWindow
    origin.x += shift.x
    origin.y += shift.y
    let rect = CGRect(x: origin.x + bounds.minX, y: origin.y + bounds.minY, width: size.width, height: size.height)
    let opacity = alpha * CGFloat(shown.opacity)
    let childClip = shown.masksToBounds ? clip.safeIntersection(rect) : clip
    // A view that clips to its bounds outside what its ancestors show draws nothing, and nor
    // does anything in it: a scroll view's content off screen costs no drawing (issue 32,
    // item 12: drawing stays bounded by what the screen shows). Its layers are still committed,
    // as on iOS, so that their changes animate.
    if shown.masksToBounds, childClip.isNull || childClip.isEmpty {
      _commitSubtree()
      return
    }
    _renderLayerContent(shown, rect: rect, origin: origin, clip: clip, alpha: opacity, into: &list)
    _renderCustomDrawing(origin: origin, clip: clip, alpha: opacity, into: &list)
    _draw(in: rect, clip: clip, alpha: opacity, into: &list)
    UIView._renderShift = shift
    _renderSublayers(of: layer, origin: origin, clip: childClip, alpha: opacity, into: &list)
    UIView._renderShift = parentShift
    _renderLayerBorder(shown, rect: rect, clip: clip, alpha: opacity, into: &list)
  }

  /// Marks the view's layer and every layer in it committed, as drawing would: for a subtree
  /// clipped away whole.
  private func _commitSubtree() {
    func commit(_ layer: CALayer) {
      layer.isCommitted = true
      for sublayer in layer.sublayers ?? [] { commit(sublayer) }
    }
    commit(layer)
  }

  /// The hosts that draw this view and its subviews: a control's parts that iOS draws finer
  /// than a terminal cell are drawn by pixel hosts only, and the control draws the terminal's
  /// version itself (see ``DisplayItem/Hosts``).
  var _renderedHosts: DisplayItem.Hosts = .all

  /// How far the view being drawn, and so its subviews, are from their model places (the sum
  /// of the animated moves of the ancestors being drawn).
  static var _renderShift = CGPoint.zero

  // MARK: Animation

  /// Options of an animation, with iOS's raw values. The curve, `.repeat`/`.autoreverse`
  /// aside, and the transitions are what this UIKit acts on (see the README's differences for
  /// the rest).
  public struct AnimationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
    public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
    public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
    public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
    public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
    public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
    public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
    public static let curveEaseInOut = AnimationOptions([])
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
    public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
    public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
    public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
    public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
    public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
    public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
    public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)
    public static let preferredFramesPerSecondDefault = AnimationOptions([])
    public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
    public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)

    /// The transition in the options (0: none).
    var _transition: UInt { (rawValue >> 20) & 0xF }
  }

  /// The timing curve of an animation (the keyboard's notifications carry one).
  public enum AnimationCurve: Int, Sendable {
    case easeInOut, easeIn, easeOut, linear
  }

  /// Animates changes: the model values (frames, alpha…) change at once, and views on screen
  /// are drawn moving from what was shown to them over `duration` (their layers' presentation,
  /// as on iOS: a constraint's constant changed and laid out in the block moves its views).
  /// `completion` runs with `true` once `duration` (plus `delay`) has passed on UIKit's clock.
  public static func animate(
    withDuration duration: TimeInterval, delay: TimeInterval = 0,
    options: AnimationOptions = [], animations: @escaping @MainActor () -> Void,
    completion: (@MainActor (Bool) -> Void)? = nil
  ) {
    _animate(_AnimationContext(duration: duration, delay: max(0, delay), options: options), animations, completion)
  }

  /// Runs `animations` in `context` (no animation when its duration is 0 or animations are
  /// off), then `completion` once it has run its course on UIKit's clock.
  static func _animate(
    _ context: _AnimationContext, _ animations: @MainActor () -> Void, _ completion: (@MainActor (Bool) -> Void)?
  ) {
    if let capture = UIPercentDrivenInteractiveTransition._capturing, context.duration > 0, _animationsEnabled {
      // An interaction drives this transition: the block joins the animator it scrubs.
      capture.take(context, animations, completion)
      return
    }
    if context.duration > 0 && _animationsEnabled {
      _animationContexts.append(context)
      animations()
      _animationContexts.removeLast()
    } else {
      animations()
    }
    let total = max(0, context.duration) + context.delay
    if let completion {
      UIApplication.shared._scheduler.schedule(after: total) { completion(true) }
    }
  }

  /// Animates changes on a spring: `dampingRatio` 1 comes to rest without overshooting, lower
  /// values oscillate before settling (0.5 a little, 0.1 a lot); `velocity` is the starting
  /// speed, 1 being the whole distance in a second. The spring is tuned to come to rest in
  /// `duration`, as UIKit tunes it, and `completion` runs then.
  public static func animate(
    withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
    initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
    animations: @escaping @MainActor () -> Void, completion: (@MainActor (Bool) -> Void)? = nil
  ) {
    let spring = CASpringAnimation()
    let ratio = min(max(dampingRatio.isFinite ? dampingRatio : 1, 0.01), 1)
    let velocity = velocity.isFinite ? velocity : 0
    // Settling scales as 1/ω₀: find ω₀ (mass 1) whose spring settles in `duration`.
    var omega: CGFloat = 1
    for _ in 0..<3 {
      spring.stiffness = omega * omega
      spring.damping = 2 * ratio * omega
      spring.initialVelocity = velocity
      let settle = CGFloat(spring.settlingDuration)
      guard settle > 0, duration > 0 else { break }
      omega *= settle / CGFloat(duration)
    }
    spring.stiffness = omega * omega
    spring.damping = 2 * ratio * omega
    spring.initialVelocity = velocity
    var context = _AnimationContext(duration: duration, delay: max(0, delay), options: options)
    context.spring = spring
    _animate(context, animations, completion)
  }

  /// Animates changes on a spring of `springDuration` (its perceptual duration) and `bounce`
  /// (iOS 17): 0 settles without overshooting, up to 1 bounces more, below 0 is overdamped.
  /// The animation lasts until the spring settles, and `completion` runs then.
  public static func animate(
    springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0, initialSpringVelocity velocity: CGFloat = 0,
    delay: TimeInterval = 0, options: AnimationOptions = [], animations: @escaping @MainActor () -> Void,
    completion: (@MainActor (Bool) -> Void)? = nil
  ) {
    let spring = CASpringAnimation(perceptualDuration: duration, bounce: bounce.isFinite ? bounce : 0)
    spring.initialVelocity = velocity.isFinite ? velocity : 0
    var context = _AnimationContext(duration: spring.settlingDuration, delay: max(0, delay), options: options)
    context.spring = spring
    _animate(context, animations, completion)
  }

  /// Whether animation blocks animate (default true). Off, their changes apply at once and
  /// their completions still run.
  public class var areAnimationsEnabled: Bool { _animationsEnabled }

  /// Turns animations on or off for the animation blocks that follow.
  public class func setAnimationsEnabled(_ enabled: Bool) { _animationsEnabled = enabled }

  static var _animationsEnabled = true

  /// Changes a view's content in a transition (iOS's cross dissolve, flips and curls): the
  /// changes `animations` makes show over `duration`. Only the dissolve can be drawn here —
  /// there is no 3-D — so every transition fades the new content in.
  public static func transition(
    with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
    animations: (@MainActor () -> Void)?, completion: (@MainActor (Bool) -> Void)? = nil
  ) {
    animations?()
    if options._transition != 0, duration > 0, _animationsEnabled, view.window != nil {
      let fade = CABasicAnimation(keyPath: "opacity")
      fade.fromValue = 0.0
      fade.toValue = Double(view.layer.opacity)
      fade.duration = duration
      fade.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
      view.layer.add(fade, forKey: "UIViewTransition")
    }
    if let completion {
      UIApplication.shared._scheduler.schedule(after: max(0, duration)) { completion(true) }
    }
  }

  /// Replaces `fromView` with `toView` in a transition: `toView` takes `fromView`'s place in
  /// its superview (with `.showHideTransitionViews`, `fromView` is hidden and `toView` shown
  /// instead), fading in.
  public static func transition(
    from fromView: UIView, to toView: UIView, duration: TimeInterval, options: AnimationOptions = [],
    completion: (@MainActor (Bool) -> Void)? = nil
  ) {
    if options.contains(.showHideTransitionViews) {
      fromView.isHidden = true
      toView.isHidden = false
    } else if let superview = fromView.superview {
      superview.insertSubview(toView, aboveSubview: fromView)
      fromView.removeFromSuperview()
    }
    transition(with: toView, duration: duration, options: options.union(.transitionCrossDissolve), animations: nil, completion: completion)
  }

  /// Animates changes (see ``animate(withDuration:delay:options:animations:completion:)``).
  public static func animate(
    withDuration duration: TimeInterval, animations: @escaping @MainActor () -> Void,
    completion: (@MainActor (Bool) -> Void)? = nil
  ) {
    animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
  }

  /// The duration of the animation block being run (0 outside one, or inside
  /// ``performWithoutAnimation(_:)``): what a view animating its own changes reads.
  public class var inheritedAnimationDuration: TimeInterval { _animationContexts.last?.duration ?? 0 }

  /// Runs `actionsWithoutAnimation` without animation (even inside an animation block).
  public static func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
    let saved = _animationContexts
    _animationContexts = []
    actionsWithoutAnimation()
    _animationContexts = saved
  }

  /// An animation block being run: its timing, and the spring it moves on, if any.
  struct _AnimationContext {
    var duration: TimeInterval
    var delay: TimeInterval
    var options: AnimationOptions
    var spring: CASpringAnimation?
    /// Inside `animateKeyframes`: where changes are recorded, and the keyframe being added
    /// (its start and duration as fractions of the whole).
    var keyframes: _KeyframeCollector?
    var keyframe: (start: Double, duration: Double) = (0, 1)
    /// Inside a property animator's block: the animator that times the changes.
    var propertyAnimator: UIViewPropertyAnimator?
  }

  /// The animation blocks being run, innermost last.
  static var _animationContexts: [_AnimationContext] = []
}
