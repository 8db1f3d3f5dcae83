// How big the keyboard is and how it moves: the figures the keyboard notifications report
// (UIKeyboardFrameEndUserInfoKey, UIKeyboardAnimationDurationUserInfoKey,
// UIKeyboardAnimationCurveUserInfoKey).
//
// Apple documents none of these numbers (its advice is to read the frame from the notification),
// so they are figures observed on devices and simulators and reported publicly:
// - Key area 216 pt in portrait and 162 pt in landscape: the long-standing iPhone keyboard heights
//   (e.g. the answers to "What is the height of iPhone's onscreen keyboard?" on Stack Overflow).
//   The key area has the same height on every iPhone; taller keyboards differ only by what is added
//   above (the prediction bar) and below (F. Benacquista, "List of the official iOS keyboards'
//   heights", Medium: "the view that contains the letters is always of the same size").
// - iPhones with a home indicator add a 75 pt strip below the keys (the globe and dictation row
//   plus the 34 pt home indicator): 216 + 75 = 291 pt, the height reported for the iPhone X
//   keyboard (ionic-team/ionic-v3 issue #993: "on the iPhone X the keyboard height should be
//   291px"). The number pads keep the same strip: their keys sit as high as the letter keys, above
//   the safe area (J. Cieplinski, "On Keyboard Placement", 2017), so a decimal pad is 291 pt too.
// - The prediction (QuickType) bar above the keys: 44 pt (216 + 44 = 260 pt on an iPhone 8), and
//   45 pt in portrait on iPhones with a home indicator, giving the 336 pt commonly reported for
//   the keyboard of 390 pt wide iPhones (iPhone 12–14) on iOS 16 and later.
// - Landscape with a home indicator: the 21 pt landscape bottom inset below the 162 pt keys. This
//   one is our estimate.
// - Animation: 0.25 s with curve 7, the values iOS puts in every keyboard notification since
//   iOS 7 (Stack Overflow "UIKeyboardWillChangeFrameNotification UIViewAnimationCurve set to 7
//   on iOS 7" shows the userInfo: duration "0.25", curve 7). 7 is not one of
//   UIView.AnimationCurve's named cases; it is iOS's private keyboard (spring-like) curve.
// iPads are not modelled: every window gets the iPhone figures.

extension SoftwareKeyboard {
  /// The duration of the keyboard's show and hide animation, in seconds
  /// (UIKeyboardAnimationDurationUserInfoKey).
  package static let animationDuration: TimeInterval = 0.25

  /// The raw value of the keyboard's animation curve (UIKeyboardAnimationCurveUserInfoKey):
  /// `UIView.AnimationCurve(rawValue: 7)`, iOS's unnamed keyboard curve.
  package static let animationCurveRawValue: Int = 7

  /// The prediction bar's height above the keys.
  package static let predictionBarHeight: CGFloat = 44
  /// The prediction bar's height in portrait on iPhones with a home indicator.
  package static let predictionBarHeightWithHomeIndicator: CGFloat = 45
  /// The key area's height in landscape.
  package static let landscapeKeyAreaHeight: CGFloat = 162
  /// The strip below the keys in portrait on iPhones with a home indicator.
  package static let portraitBottomStripHeight: CGFloat = 75
  /// The strip below the keys in landscape on iPhones with a home indicator.
  package static let landscapeBottomStripHeight: CGFloat = 21

  /// The parts of a docked keyboard, top to bottom: prediction bar, keys, bottom strip.
  package struct Geometry: Hashable, Sendable {
    /// The keyboard's size: the window's width and the height `height(for:windowSize:…)` gives.
    package var size: CGSize
    /// The prediction bar's height at the top (0 when there is none).
    package var predictionBarHeight: CGFloat
    /// Where the keys go, relative to the keyboard's top-left corner.
    package var keyArea: CGRect
    /// The strip below the keys (0 on iPhones with a Home button).
    package var bottomStripHeight: CGFloat
  }

  /// Whether a window of this size is an iPhone with a home indicator (iPhone X and later, whose
  /// screens are more than twice as tall as wide; iPhone 8 and SE are 16:9).
  package static func hasHomeIndicator(windowSize: CGSize) -> Bool {
    let short = min(windowSize.width, windowSize.height)
    let long = max(windowSize.width, windowSize.height)
    return short > 0 && long / short > 2
  }

  /// Whether iOS shows the prediction bar above this keyboard: not above the number, decimal and
  /// phone pads, and not when autocorrection is off or the text is secure (both hide it on iOS).
  package static func showsPredictionBar(
    keyboardType: UIKeyboardType,
    autocorrectionType: UITextAutocorrectionType,
    isSecureTextEntry: Bool
  ) -> Bool {
    !isPad(keyboardType) && autocorrectionType != .no && !isSecureTextEntry
  }

  /// The keyboard's parts for a keyboard type in a window of this size. `showsPredictionBar` is
  /// ignored for the number, decimal and phone pads, which never have one.
  package static func geometry(
    for keyboardType: UIKeyboardType,
    windowSize: CGSize,
    showsPredictionBar: Bool
  ) -> Geometry {
    let landscape = windowSize.width > windowSize.height
    let homeIndicator = hasHomeIndicator(windowSize: windowSize)
    let keys = landscape ? landscapeKeyAreaHeight : portraitKeyAreaHeight
    let bottom: CGFloat =
      homeIndicator ? (landscape ? landscapeBottomStripHeight : portraitBottomStripHeight) : 0
    let bar: CGFloat =
      showsPredictionBar && !isPad(keyboardType)
      ? (homeIndicator && !landscape ? predictionBarHeightWithHomeIndicator : predictionBarHeight)
      : 0
    return Geometry(
      size: CGSize(width: windowSize.width, height: bar + keys + bottom),
      predictionBarHeight: bar,
      keyArea: CGRect(x: 0, y: bar, width: windowSize.width, height: keys),
      bottomStripHeight: bottom
    )
  }

  /// The keyboard's height in points, as UIKeyboardFrameEndUserInfoKey reports it. In a 390 × 844
  /// window: 336 for letters with the prediction bar, 291 without it and for the pads; in a
  /// 375 × 667 window: 260 and 216.
  package static func height(
    for keyboardType: UIKeyboardType,
    windowSize: CGSize,
    showsPredictionBar: Bool
  ) -> CGFloat {
    geometry(for: keyboardType, windowSize: windowSize, showsPredictionBar: showsPredictionBar)
      .size.height
  }

  /// The keyboard's frame in window coordinates: docked at the bottom when visible, just below
  /// the window's bottom edge when hidden (the begin frame of a show, the end frame of a hide).
  package static func frame(
    for keyboardType: UIKeyboardType,
    windowSize: CGSize,
    showsPredictionBar: Bool,
    isVisible: Bool
  ) -> CGRect {
    let height = height(
      for: keyboardType, windowSize: windowSize, showsPredictionBar: showsPredictionBar)
    return CGRect(
      x: 0, y: isVisible ? windowSize.height - height : windowSize.height,
      width: windowSize.width, height: height)
  }

  /// The number, decimal and phone pads: digit grids with no prediction bar and no Return key.
  package static func isPad(_ keyboardType: UIKeyboardType) -> Bool {
    switch keyboardType {
    case .numberPad, .decimalPad, .phonePad, .asciiCapableNumberPad: true
    case .default, .asciiCapable, .numbersAndPunctuation, .URL, .namePhonePad, .emailAddress,
      .twitter, .webSearch:
      false
    }
  }
}
