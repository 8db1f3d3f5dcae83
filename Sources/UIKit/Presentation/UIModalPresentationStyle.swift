import Foundation

/// How a view controller is presented, with iOS's raw values.
///
/// Here `.automatic` resolves to `.pageSheet` (iOS 13 and later do so for an ordinary
/// controller); `.currentContext` and `.overCurrentContext` cover the window as `.fullScreen`
/// and `.overFullScreen` do; `.popover` (without an anchor here) and `.custom` (without a
/// transitioning delegate here) show as a form sheet.
public enum UIModalPresentationStyle: Int, Sendable {
  /// Covers the screen; what it covers disappears (its `viewWillDisappear` runs).
  case fullScreen = 0
  /// A card over a dimmed screen: full width under the status bar on an iPhone, a centred wide
  /// card on an iPad.
  case pageSheet = 1
  /// Like a page sheet on an iPhone; a centred card of `preferredContentSize` (540 × 620 by
  /// default) on an iPad.
  case formSheet = 2
  /// Covers the presenting controller's context.
  case currentContext = 3
  /// A presentation a custom presentation controller manages.
  case custom = 4
  /// Covers the screen; what it covers stays (no disappearance calls).
  case overFullScreen = 5
  /// Covers the presenting context; what it covers stays.
  case overCurrentContext = 6
  /// A popover anchored to a view or bar item.
  case popover = 7
  /// No adaptation (for the adaptive delegate).
  case none = -1
  /// The system's choice: a page sheet for most controllers.
  case automatic = -2
}

/// The transition used when presenting modally (kept for source compatibility: presentations
/// here slide up, as `.coverVertical`).
public enum UIModalTransitionStyle: Int, Sendable {
  case coverVertical = 0
  case flipHorizontal = 1
  case crossDissolve = 2
  case partialCurl = 3
}
