#if Pixels
  import Foundation
  import UIKit
  import UIKitPixels
  import UIKitTesting

  // Image strategies: drawn by UIKitPixels (FreeType, libpng, fontconfig), so they exist only
  // with the package trait `Pixels`. A view put in a window of its own for the snapshot
  // measures its text with the fonts it is drawn with (PixelTextMeasurer), so that carets and
  // selections sit on the glyphs' edges. What no view covers is white, as the renderer draws a
  // screen (iOS leaves it transparent in a view's image).
  //
  // iOS's strategies take the scale from their `traits` (or the screen); this UIKit's
  // `UITraitCollection` has no display scale, so `scale` is a parameter here: 2 pixels a
  // point, an iPhone's, unless said otherwise. `drawHierarchyInKeyWindow` and `traits` are
  // not offered: there is no other way to draw a view here, and no traits to override.

  extension Snapshotting where Value == UIView, Format == RGBAImage {
    /// A snapshot strategy for comparing views based on pixel equality.
    public static var image: Snapshotting {
      .image()
    }

    /// A snapshot strategy for comparing views based on pixel equality.
    ///
    /// - Parameters:
    ///   - precision: The percentage of pixels that must match.
    ///   - perceptualPrecision: The percentage a pixel must match the source pixel to be
    ///     considered a match. 98-99% mimics the precision of the human eye.
    ///   - size: A view size override.
    ///   - scale: Pixels per point.
    public static func image(
      precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil, scale: CGFloat = 2
    ) -> Snapshotting {
      SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale).pullback { view in
        onMainActor {
          SnapshotStage.with(view, size: size, measurer: PixelTextMeasurer()) { render($0, scale: scale) }
        }
      }
    }
  }

  extension Snapshotting where Value == UIViewController, Format == RGBAImage {
    /// A snapshot strategy for comparing view controller views based on pixel equality.
    public static var image: Snapshotting {
      .image()
    }

    /// A snapshot strategy for comparing view controller views based on pixel equality, on a
    /// device's screen (its size and safe area).
    ///
    /// - Parameters:
    ///   - config: A set of device configuration settings.
    ///   - precision: The percentage of pixels that must match.
    ///   - perceptualPrecision: The percentage a pixel must match the source pixel to be
    ///     considered a match. 98-99% mimics the precision of the human eye.
    ///   - size: A view size override.
    ///   - scale: Pixels per point.
    public static func image(
      on config: ViewImageConfig, precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil,
      scale: CGFloat = 2
    ) -> Snapshotting {
      SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale).pullback { controller in
        onMainActor {
          SnapshotStage.with(controller, config: config, size: size, measurer: PixelTextMeasurer()) { render($0, scale: scale) }
        }
      }
    }

    /// A snapshot strategy for comparing view controller views based on pixel equality, at
    /// `size` (the view's own size when nil) with no safe area.
    ///
    /// - Parameters:
    ///   - precision: The percentage of pixels that must match.
    ///   - perceptualPrecision: The percentage a pixel must match the source pixel to be
    ///     considered a match. 98-99% mimics the precision of the human eye.
    ///   - size: A view size override.
    ///   - scale: Pixels per point.
    public static func image(
      precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil, scale: CGFloat = 2
    ) -> Snapshotting {
      .image(on: ViewImageConfig(safeArea: .zero, size: size), precision: precision, perceptualPrecision: perceptualPrecision, scale: scale)
    }
  }

  extension Snapshotting where Value == HeadlessHost, Format == RGBAImage {
    /// A snapshot strategy comparing what a headless host's window shows, keyboard included,
    /// as `HeadlessHost.snapshotImage(scale:)` draws it.
    public static var image: Snapshotting {
      .image()
    }

    /// A snapshot strategy comparing what a headless host's window shows, keyboard included.
    ///
    /// - Parameters:
    ///   - precision: The percentage of pixels that must match.
    ///   - perceptualPrecision: The percentage a pixel must match the source pixel to be
    ///     considered a match. 98-99% mimics the precision of the human eye.
    ///   - scale: Pixels per point.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat = 2) -> Snapshotting {
      SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale).pullback { host in
        onMainActor { host.snapshotImage(scale: scale) }
      }
    }
  }

  /// What `view` alone draws, in pixels at `scale`.
  @MainActor
  private func render(_ view: UIView, scale: CGFloat) -> RGBAImage {
    let (list, size) = SnapshotStage.displayList(of: view)
    return PixelRenderer(scale: scale).render(list, size: size)
  }
#endif
