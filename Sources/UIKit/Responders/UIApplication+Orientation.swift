import Foundation

// Rotations and resizes of the screen, as iOS performs them: the device turns (its notification
// first), the interface follows if the app and the controller on screen support the new
// orientation, and each window's root view controller and presentation are told — the traits'
// `willTransition(to:with:)` if size classes change, then `viewWillTransition(to:with:)` — before
// the screen, its safe area and the windows take the new size inside one animation with the
// coordinator's alongside animations; the layout pass in it tells the views their new traits
// and lays them out; the coordinator's completions run when the animation ends.

extension UIApplication {
  /// How long a rotation animates, on UIKit's clock.
  static let _rotationDuration: TimeInterval = 0.3

  /// The orientations the app allows in `window`: its delegate's answer (an iPhone app's
  /// Info.plist allows all but upside down by default; an iPad app's all).
  func _supportedInterfaceOrientations(for window: UIWindow) -> UIInterfaceOrientationMask {
    let app = delegate?.application(self, supportedInterfaceOrientationsFor: window) ?? .all
    let controller = window._statusBarController?.supportedInterfaceOrientations ?? .all
    return app.intersection(controller)
  }

  /// What the interface's orientation may be now: the app's and the screen's top controller's
  /// (those of `window`, or of the key window).
  private func _allowedOrientations(in window: UIWindow? = nil) -> UIInterfaceOrientationMask {
    guard let window = window ?? keyWindow ?? _allWindows.first else { return .all }
    return _supportedInterfaceOrientations(for: window)
  }

  /// A host turned the device: `UIDevice.orientationDidChangeNotification` is posted (while
  /// notifications are generated), then the interface turns too if the orientation is one it
  /// can take and the app and the controller on screen support it.
  ///
  /// `windows` limits the turn to some windows (a test host's own, so that the windows of
  /// other tests sharing the process stay as they are); nil turns every window filling the
  /// screen, as on a device.
  package func _deviceDidRotate(to orientation: UIDeviceOrientation, windows: [UIWindow]? = nil, animated: Bool = true) {
    UIDevice.current._setOrientation(orientation)
    guard let target = UIInterfaceOrientation(orientation), target != UIScreen.main._interfaceOrientation,
      _allowedOrientations(in: windows?.first)._contains(target)
    else { return }
    _rotateInterface(to: target, windows: windows, animated: animated)
  }

  /// The supported orientations may have changed: turns the interface to the device's
  /// orientation if that is allowed now, or away from one that no longer is.
  func _updateInterfaceOrientation(animated: Bool) {
    let allowed = _allowedOrientations()
    let current = UIScreen.main._interfaceOrientation
    if let device = UIInterfaceOrientation(UIDevice.current._orientation), device != current, allowed._contains(device) {
      _rotateInterface(to: device, animated: animated)
    } else if !allowed._contains(current), let target = _orientation(among: allowed, in: keyWindow) {
      _rotateInterface(to: target, animated: animated)
    }
  }

  /// The orientation to turn to when the interface must take one of `allowed`: the device's if
  /// it is one of them, else the controller's preferred one for presentation, else the first.
  func _orientation(among allowed: UIInterfaceOrientationMask, in window: UIWindow?) -> UIInterfaceOrientation? {
    let device = UIInterfaceOrientation(UIDevice.current._orientation)
    let preferred = window?._statusBarController?.preferredInterfaceOrientationForPresentation
    return [device, preferred].compactMap { $0 }.first { allowed._contains($0) } ?? allowed._orientations.first
  }

  /// Turns the interface to `orientation`: the screen's bounds swap if it goes between
  /// portrait and landscape, and the safe area turns (a sensor housing on a side in
  /// landscape, the home indicator 21 points tall; a phone with a home button has no status
  /// bar in landscape).
  func _rotateInterface(to orientation: UIInterfaceOrientation, windows: [UIWindow]? = nil, animated: Bool) {
    let screen = UIScreen.main
    let old = screen.bounds.size
    let long = max(old.width, old.height), short = min(old.width, old.height)
    let size = orientation.isLandscape ? CGSize(width: long, height: short) : CGSize(width: short, height: long)
    let insets = UIApplication._safeAreaInsets(
      for: orientation, portrait: screen._portraitSafeAreaInsets, idiom: screen._userInterfaceIdiom)
    _transitionScreen(to: size, orientation: orientation, safeAreaInsets: insets, windows: windows, animated: animated)
  }

  /// A host gave the screen another size (a terminal resized): the controllers are told as
  /// for a rotation, without an animation. A screen that changes shape turns the interface
  /// (landscape when wider than tall).
  package func _screenDidResize(to size: CGSize, windows: [UIWindow]? = nil) {
    let screen = UIScreen.main
    guard size != screen.bounds.size else { return }
    var orientation = screen._interfaceOrientation
    if (size.width > size.height) != orientation.isLandscape {
      // The device is held the other way now, as far as the app can tell.
      orientation = size.width > size.height ? .landscapeRight : .portrait
      UIDevice.current._setOrientation(orientation._deviceOrientation)
    }
    _transitionScreen(
      to: size, orientation: orientation, safeAreaInsets: screen._safeAreaInsets, windows: windows, animated: false)
  }

  /// The safe-area insets of an interface in `orientation`, from its portrait ones.
  static func _safeAreaInsets(
    for orientation: UIInterfaceOrientation, portrait: UIEdgeInsets, idiom: UIUserInterfaceIdiom
  ) -> UIEdgeInsets {
    guard orientation.isLandscape, idiom == .phone else { return portrait }
    // A status bar of 20 points (or none) is a phone with a home button: no insets in landscape.
    guard portrait.top > 20 else { return .zero }
    return UIEdgeInsets(top: 0, left: portrait.top, bottom: portrait.bottom > 0 ? 21 : 0, right: portrait.top)
  }

  /// Moves the screen to `size` and `orientation`, telling every window's controllers first.
  private func _transitionScreen(
    to size: CGSize, orientation: UIInterfaceOrientation, safeAreaInsets: UIEdgeInsets, windows only: [UIWindow]?,
    animated: Bool
  ) {
    let screen = UIScreen.main
    let oldBounds = screen.bounds
    let oldOrientation = screen._interfaceOrientation
    guard size != oldBounds.size || orientation != oldOrientation else { return }
    let windows = (only ?? _allWindows).filter { $0.frame == oldBounds }
    guard let container = windows.first(where: \.isKeyWindow) ?? windows.first else {
      _applyScreen(size: size, orientation: orientation, insets: safeAreaInsets, windows: windows)
      return
    }
    _sizeTransition?.completeTransition(true)
    var turn = oldOrientation._angle - orientation._angle
    if turn > .pi { turn -= 2 * .pi }
    if turn <= -.pi { turn += 2 * .pi }
    let coordinator = _ViewControllerTransition.sizeChange(
      duration: animated ? UIApplication._rotationDuration : 0,
      targetTransform: oldOrientation == orientation ? .identity : CGAffineTransform(rotationAngle: turn),
      container: container)
    let oldScenes = _connectedScenes.compactMap { $0 as? UIWindowScene }.map { ($0, $0.traitCollection) }
    // The traits the screen will have: a rotation changes size classes.
    let sizeClasses = UIScreen._sizeClasses(for: size, idiom: screen._userInterfaceIdiom)
    let newBounds = CGRect(origin: .zero, size: size)
    for window in windows {
      guard let root = window.rootViewController else { continue }
      let current = root.traitCollection
      if current.horizontalSizeClass != sizeClasses.horizontal || current.verticalSizeClass != sizeClasses.vertical {
        let next = current.modifyingTraits {
          $0.horizontalSizeClass = sizeClasses.horizontal
          $0.verticalSizeClass = sizeClasses.vertical
        }
        root.willTransition(to: next, with: coordinator)
        for presented in window._modalControllers {
          presented.presentationController?.willTransition(to: next, with: coordinator)
        }
      }
    }
    for window in windows {
      window.rootViewController?.viewWillTransition(to: size, with: coordinator)
      for presented in window._modalControllers {
        presented.presentationController?.viewWillTransition(
          to: presented._presentationRootFrame(in: newBounds).size, with: coordinator)
      }
    }
    _sizeTransition = coordinator
    let apply = { @MainActor [self] in
      _applyScreen(size: size, orientation: orientation, insets: safeAreaInsets, windows: windows)
      coordinator._runAlongside()
      for window in windows { window.layoutIfNeeded() }
    }
    let finish = { @MainActor [self] in
      if _sizeTransition === coordinator { _sizeTransition = nil }
      coordinator.completeTransition(true)
    }
    if animated {
      UIView.animate(
        withDuration: UIApplication._rotationDuration, delay: 0, options: [.curveEaseInOut, .layoutSubviews],
        animations: apply, completion: { _ in finish() })
    } else {
      UIView.performWithoutAnimation(apply)
      finish()
    }
    for (scene, traits) in oldScenes {
      (scene.delegate as? any UIWindowSceneDelegate)?.windowScene(
        scene, didUpdate: screen.coordinateSpace, interfaceOrientation: oldOrientation, traitCollection: traits)
    }
  }

  private func _applyScreen(
    size: CGSize, orientation: UIInterfaceOrientation, insets: UIEdgeInsets, windows: [UIWindow]
  ) {
    let screen = UIScreen.main
    // The orientation first, so that the bounds' new shape is not taken for a host's new screen.
    screen._interfaceOrientation = orientation
    screen.bounds = CGRect(origin: .zero, size: size)
    screen._safeAreaInsets = insets
    for window in windows { window.frame = screen.bounds }
  }
}
