import Foundation

/// The state of the device's accessibility settings, and what an app tells assistive
/// technology (`post(notification:argument:)`).
///
/// Linux differences: there is no VoiceOver, Switch Control or AssistiveTouch, so those read
/// false; the display settings a host can simulate (Bold Text, Increase Contrast, Reduce
/// Motion) read the host's, and post their notifications when a host changes them. What an app
/// posts reaches the hosts: the browser speaks announcements through the page's ARIA live
/// region (the browser's own screen reader reads them), the terminal's `--trace` and a
/// `HeadlessHost` (`accessibilityNotifications`) record every post.
public enum UIAccessibility {
  /// What an app tells assistive technology.
  public struct Notification: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// A new screen appeared (the argument: the element to read first, or nil).
    public static let screenChanged = Notification(rawValue: 1000)
    /// Part of the screen changed (the argument: the element to read first, or nil).
    public static let layoutChanged = Notification(rawValue: 1001)
    /// Something to read out (the argument: a String or an NSAttributedString).
    public static let announcement = Notification(rawValue: 1008)
    /// A scroll view scrolled by a page (the argument: a String describing where it is).
    public static let pageScrolled = Notification(rawValue: 1009)
    /// Pause assistive technology's actions (the argument: which technology).
    public static let pauseAssistiveTechnology = Notification(rawValue: 1016)
    /// Resume them.
    public static let resumeAssistiveTechnology = Notification(rawValue: 1017)

    /// The name a trace shows.
    package var _traceName: String {
      switch self {
      case .screenChanged: "screenChanged"
      case .layoutChanged: "layoutChanged"
      case .announcement: "announcement"
      case .pageScrolled: "pageScrolled"
      case .pauseAssistiveTechnology: "pauseAssistiveTechnology"
      case .resumeAssistiveTechnology: "resumeAssistiveTechnology"
      default: "notification \(rawValue)"
      }
    }
  }

  /// Tells assistive technology something: an announcement to read, a screen or layout that
  /// changed. The hosts receive it (see ``UIAccessibility``).
  @MainActor
  public static func post(notification: UIAccessibility.Notification, argument: Any?) {
    let text: String
    switch argument {
    case let string as String: text = string
    case let attributed as NSAttributedString: text = attributed.string
    case let view as UIView: text = view.accessibilityIdentifier ?? view.accessibilityLabel ?? String(describing: type(of: view))
    case nil: text = ""
    case let other?: text = String(describing: other)
    }
    let window = (argument as? UIView)?.window ?? UIApplication.shared.keyWindow
    UIKitTrace.report(.accessibility(notification: notification, argument: text), window: window)
  }

  // MARK: Settings

  /// Whether VoiceOver is running: never here.
  @MainActor public static var isVoiceOverRunning: Bool { false }
  /// Whether Switch Control is running: never here.
  @MainActor public static var isSwitchControlRunning: Bool { false }
  /// Whether AssistiveTouch is running: never here.
  @MainActor public static var isAssistiveTouchRunning: Bool { false }
  /// Bold Text: the host's setting (the `legibilityWeight` trait).
  @MainActor public static var isBoldTextEnabled: Bool { UIScreen.main._legibilityWeight == .bold }
  /// Increase Contrast: the host's setting (the `accessibilityContrast` trait).
  @MainActor public static var isDarkerSystemColorsEnabled: Bool { UIScreen.main._accessibilityContrast == .high }
  /// Reduce Motion: the host's setting.
  @MainActor public static var isReduceMotionEnabled: Bool { UIScreen.main._reducesMotion }
  /// Prefer Cross-Fade Transitions: on with Reduce Motion, as its default on iOS.
  @MainActor public static var prefersCrossFadeTransitions: Bool { UIScreen.main._reducesMotion }
  /// Reduce Transparency: off.
  @MainActor public static var isReduceTransparencyEnabled: Bool { false }
  /// Grayscale: off.
  @MainActor public static var isGrayscaleEnabled: Bool { false }
  /// Smart and Classic Invert: off.
  @MainActor public static var isInvertColorsEnabled: Bool { false }
  /// Mono Audio: off.
  @MainActor public static var isMonoAudioEnabled: Bool { false }
  /// Closed captions: off.
  @MainActor public static var isClosedCaptioningEnabled: Bool { false }
  /// Guided Access: off.
  @MainActor public static var isGuidedAccessEnabled: Bool { false }
  /// Shake to Undo: on, as by default (there is nothing to shake here).
  @MainActor public static var isShakeToUndoEnabled: Bool { true }
  /// Speak Screen: off.
  @MainActor public static var isSpeakScreenEnabled: Bool { false }
  /// Speak Selection: off.
  @MainActor public static var isSpeakSelectionEnabled: Bool { false }
  /// Auto-Play Video Previews: on, as by default.
  @MainActor public static var isVideoAutoplayEnabled: Bool { true }
  /// Differentiate Without Colour: off.
  @MainActor public static var shouldDifferentiateWithoutColor: Bool { false }
  /// On/Off Labels: off.
  @MainActor public static var isOnOffSwitchLabelsEnabled: Bool { false }
  /// Button Shapes: off.
  @MainActor public static var buttonShapesEnabled: Bool { false }

  // MARK: Notifications of settings

  public static let voiceOverStatusDidChangeNotification = Foundation.Notification.Name(
    "UIAccessibilityVoiceOverStatusDidChangeNotification")
  public static let switchControlStatusDidChangeNotification = Foundation.Notification.Name(
    "UIAccessibilitySwitchControlStatusDidChangeNotification")
  public static let boldTextStatusDidChangeNotification = Foundation.Notification.Name(
    "UIAccessibilityBoldTextStatusDidChangeNotification")
  public static let darkerSystemColorsStatusDidChangeNotification = Foundation.Notification.Name(
    "UIAccessibilityDarkerSystemColorsStatusDidChangeNotification")
  public static let reduceMotionStatusDidChangeNotification = Foundation.Notification.Name(
    "UIAccessibilityReduceMotionStatusDidChangeNotification")
  public static let prefersCrossFadeTransitionsStatusDidChangeNotification = Foundation.Notification.Name(
    "UIAccessibilityPrefersCrossFadeTransitionsStatusDidChangeNotification")
  public static let reduceTransparencyStatusDidChangeNotification = Foundation.Notification.Name(
    "UIAccessibilityReduceTransparencyStatusDidChangeNotification")
  public static let grayscaleStatusDidChangeNotification = Foundation.Notification.Name(
    "UIAccessibilityGrayscaleStatusDidChangeNotification")
  public static let invertColorsStatusDidChangeNotification = Foundation.Notification.Name(
    "UIAccessibilityInvertColorsStatusDidChangeNotification")
  public static let announcementDidFinishNotification = Foundation.Notification.Name(
    "UIAccessibilityAnnouncementDidFinishNotification")
  public static let elementFocusedNotification = Foundation.Notification.Name(
    "UIAccessibilityElementFocusedNotification")
}
