import Foundation

extension UIViewController: _TraitEnvironmentInternal {
  var _inheritedTraits: UITraitCollection {
    if _presenting != nil, let presentation = _presentationController { return presentation.traitCollection }
    if let superview = viewIfLoaded?.superview { return superview.traitCollection }
    if let parent { return parent.traitCollection }
    return UIScreen.main.traitCollection
  }

  func _traitOverridesDidChange() {
    if let view = viewIfLoaded { _TraitSystem.markSubtree(view) }
  }
}

extension UIPresentationController: _TraitEnvironmentInternal {
  var _inheritedTraits: UITraitCollection {
    let presenting = _presentingController ?? presentedViewController.presentingViewController
    let base = presenting?.traitCollection ?? containerView?.traitCollection ?? UIScreen.main.traitCollection
    let level: UIUserInterfaceLevel = shouldPresentInFullscreen ? .base : .elevated
    guard base.userInterfaceLevel != level else { return base }
    return base.replacing(UITraitUserInterfaceLevel.self, value: level)
  }

  var _standaloneTraits: UITraitCollection { _inheritedTraits }

  func _traitOverridesDidChange() {
    if presentedViewController.isViewLoaded { _TraitSystem.markSubtree(presentedViewController._presentationRootView) }
  }
}
