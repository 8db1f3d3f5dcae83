#if Pixels
import Foundation
import UIKit
import PixelRaster
import UIKitTesting

extension HeadlessHost {
  /// A host whose window measures text with the fonts its snapshots are drawn with
  /// (``PixelTextMeasurer``) when `measuresTextWithFonts` is true, so that in ``snapshot(scale:)``
  /// the caret and the selection sit on the glyphs' edges and a tap lands on the character drawn
  /// under it. The other arguments are those of `init(rootViewController:screenSize:locale:…)`.
  public convenience init(
    rootViewController: UIViewController,
    screenSize: CGSize = CGSize(width: 390, height: 844),
    locale: Locale = Locale(identifier: "en_US"),
    safeAreaInsets: UIEdgeInsets? = nil,
    measuresTextWithFonts: Bool
  ) {
    guard measuresTextWithFonts else {
      self.init(rootViewController: rootViewController, screenSize: screenSize, locale: locale, safeAreaInsets: safeAreaInsets)
      return
    }
    UIScreen.main.bounds = CGRect(origin: .zero, size: screenSize)
    UIScreen.main._safeAreaInsets =
      safeAreaInsets
      ?? (screenSize == CGSize(width: 390, height: 844) ? UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0) : .zero)
    let window = UIWindow(frame: CGRect(origin: .zero, size: screenSize))
    // Before the root view loads, so its first layout is already in font points.
    window.textMeasurer = PixelTextMeasurer()
    window.rootViewController = rootViewController
    self.init(window: window, locale: locale)
  }

  /// What the window shows (keyboard included) as a PNG file, drawn at `scale` pixels per point
  /// by the same renderer as the browser front end. Text is drawn with the machine's fonts
  /// (DejaVu Sans unless a view names an installed family); for a caret and selection that match
  /// the window's own text geometry, make the host with `measuresTextWithFonts: true`.
  public func snapshot(scale: CGFloat = 2) -> Data {
    Data(PNGEncoder.encode(snapshotImage(scale: scale)))
  }

  /// What the window shows, in pixels at `scale` (see ``snapshot(scale:)``).
  public func snapshotImage(scale: CGFloat = 2) -> RGBAImage {
    PixelRenderer(scale: scale).render(window.displayList(), size: window.bounds.size)
  }
}
#endif
