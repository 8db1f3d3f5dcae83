// Every view has a layer, and on iOS the layer *is* the view's storage: `frame`, `bounds`,
// `center`, `backgroundColor`, `alpha`, `isHidden` and `clipsToBounds` read and write the layer's
// `position`, `bounds`, `backgroundColor`, `opacity`, `isHidden` and `masksToBounds` (UIView.swift
// forwards them), so setting either side shows on the other. The layer's delegate is the view.
//
// The layer tree follows the view tree: a view's subviews' layers are its layer's sublayers, in
// the subviews' order, and layers added directly (`view.layer.addSublayer(shape)`) keep their
// places among them. Rendering walks the layer tree (UIView._render): a sublayer that is a
// view's layer draws as that view, any other as a layer (UIView+LayerRendering.swift).

import QuartzCore

extension UIView: CALayerDelegate, CALayerOwningView {
  /// The layer the view draws with. Its class is ``layerClass``; its delegate is the view.
  public var layer: CALayer { _layer }

  func _makeLayer() -> CALayer {
    MainScheduler.installForCoreAnimation()
    let layer = CALayerInstantiate(type(of: self).layerClass)
    layer.delegate = self
    layer.owningView = self
    return layer
  }

  /// What `action(for:forKey:)` answers (see there).
  func _viewAction(for layer: CALayer, forKey event: String) -> (any CAAction)? {
    guard let context = UIView._animationContexts.last, UIView._viewAnimatableKeys.contains(event) else {
      return NSNull()
    }
    if let animator = context.propertyAnimator { return animator._action(for: layer, forKey: event) }
    if let collector = context.keyframes {
      let recorder = _KeyframeRecorder()
      recorder.collector = collector
      (recorder.start, recorder.span) = context.keyframe
      return recorder
    }
    let animation = (context.spring?.copy() as? CASpringAnimation) ?? CABasicAnimation()
    animation.keyPath = event
    animation.duration = context.duration
    if context.delay > 0 { animation.beginTime = CACurrentMediaTime() + context.delay }
    animation.fillMode = .backwards
    let name: CAMediaTimingFunctionName
    switch context.options.rawValue & (3 << 16) {
    case UIView.AnimationOptions.curveEaseIn.rawValue: name = .easeIn
    case UIView.AnimationOptions.curveEaseOut.rawValue: name = .easeOut
    case UIView.AnimationOptions.curveLinear.rawValue: name = .linear
    default: name = .easeInEaseOut
    }
    if context.spring == nil { animation.timingFunction = CAMediaTimingFunction(name: name) }
    return animation
  }

  static let _viewAnimatableKeys: Set<String> = [
    "position", "bounds", "opacity", "backgroundColor", "transform", "cornerRadius", "borderWidth", "borderColor",
  ]

  /// The layer was told to lay out: so is the view (iOS's view and layer share the flag).
  package func _layerNeedsLayout() { setNeedsLayout() }

  /// The layer was told to redisplay: the view's `draw(_:)` runs again.
  package func _layerNeedsDisplay() { setNeedsDisplay() }

  /// `layer.layoutIfNeeded()` lays the view out.
  package func _layerLayoutIfNeeded() { layoutIfNeeded() }

  /// The layer asks its delegate to lay out its sublayers: the view lays out its subviews.
  func _layoutViewSublayers(of layer: CALayer) {
    guard layer === self.layer else { return }
    // A view controller's view tells its controller around its own layout, as on iOS.
    _viewController?.viewWillLayoutSubviews()
    layoutSubviews()
    _viewController?.viewDidLayoutSubviews()
  }

  /// Brings the layer's sublayers in step with ``subviews`` after a change: layers of views
  /// that left are removed, the remaining views' layers take the places view layers held, in
  /// the subviews' order, and a new view's layer goes just below its next sibling's, or on top
  /// of every sublayer when it is the front-most subview. Layers that are no view's stay where
  /// they are.
  func _syncSublayers(from old: [UIView]) {
    let views = subviews
    // The common cases in constant or linear time, without sets: a view added at the front
    // (addSubview: its layer goes on top, as iOS adds it) and one view removed. An app that
    // adds thousands of labels one by one must not pay for the whole list each time.
    if views.count == old.count + 1, let added = views.last, added !== old.last {
      if layer.sublayers?.last !== added.layer { layer.addSublayer(added.layer) }
      return
    }
    if views.count + 1 == old.count {
      let index = views.indices.first { views[$0] !== old[$0] } ?? views.count
      let removed = old[index]
      if removed.layer.superlayer === layer { removed.layer.removeFromSuperlayer() }
      return
    }
    var wanted = Set<ObjectIdentifier>()
    for view in views { wanted.insert(ObjectIdentifier(view.layer)) }
    var layers = (layer.sublayers ?? []).filter { sublayer in
      // A view layer whose view is no longer a subview leaves.
      sublayer.owningView == nil || wanted.contains(ObjectIdentifier(sublayer))
    }
    let present = Set(layers.map(ObjectIdentifier.init))
    let slots = layers.indices.filter { layers[$0].owningView != nil }
    let kept = views.filter { present.contains(ObjectIdentifier($0.layer)) }
    for (slot, view) in zip(slots, kept) { layers[slot] = view.layer }
    for (index, view) in views.enumerated().reversed()
    where !present.contains(ObjectIdentifier(view.layer)) {
      // As iOS's addSubview adds the layer on top of every sublayer, and insertions go below
      // the next sibling's layer.
      let next = views[(index + 1)...].lazy.compactMap { v in layers.firstIndex { $0 === v.layer } }
        .first
      layers.insert(view.layer, at: next ?? layers.count)
    }
    guard layers.map(ObjectIdentifier.init) != (layer.sublayers ?? []).map(ObjectIdentifier.init)
    else { return }
    layer.setSublayersInOneStep(layers)
  }
}
