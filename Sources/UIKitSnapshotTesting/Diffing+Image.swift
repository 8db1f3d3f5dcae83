#if Pixels
  import Foundation
  import UIKitPixels
  #if canImport(Testing)
    import Testing
  #endif

  extension Diffing where Value == RGBAImage {
    /// A pixel-diffing strategy for images which requires a 100% match.
    public static var image: Diffing { .image() }

    /// A pixel-diffing strategy for images that allows customizing how precise the matching
    /// must be, as SnapshotTesting's `Diffing<UIImage>.image` on iOS. References are PNG files.
    ///
    /// When they differ, the failure message says how (as on iOS, then how many pixels differ
    /// and where), and the reference, the new image and a difference image (each pixel the
    /// largest difference of its channels, stretched so the largest one is white) are the
    /// diff's attachments "reference.png", "failure.png" and "difference.png". swift-snapshot-testing
    /// hands attachments to Xcode only, so on Linux a Swift Testing test records them itself
    /// (`swift test --attachments-path DIR` saves them); the new image is also written where
    /// SnapshotTesting writes every failed snapshot (`SNAPSHOT_ARTIFACTS`, or the temporary
    /// folder), and the message names both files.
    ///
    /// - Parameters:
    ///   - precision: The percentage of pixels that must match.
    ///   - perceptualPrecision: The percentage a pixel must match the source pixel to be
    ///     considered a match: 1 minus the CIE ΔE*94 colour difference over 100, the measure
    ///     of Core Image's `CILabDeltaE` that SnapshotTesting uses on iOS. 98-99% mimics the
    ///     precision of the human eye.
    ///   - scale: The pixels per point of the reference image stored on disk (2 when nil).
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil) -> Diffing {
      let scale = scale.flatMap { $0 > 0 ? $0 : nil } ?? 2
      let toData: (RGBAImage) -> Data = { Data(PNGEncoder.encode($0)) }
      return .diff(
        toData: toData,
        fromData: { PNGDecoder.decode($0, scale: scale) ?? RGBAImage(width: 0, height: 0, scale: scale) }
      ) { old, new in
        guard let message = ImageComparison.compare(old, new, precision: precision, perceptualPrecision: perceptualPrecision)
        else { return nil }
        let attachments: [(name: String, png: [UInt8])] = [
          ("reference.png", PNGEncoder.encode(old)),
          ("failure.png", PNGEncoder.encode(new)),
          ("difference.png", PNGEncoder.encode(ImageComparison.difference(old, new))),
        ]
        #if canImport(Testing)
          // SnapshotTesting attaches these only under Xcode; Swift Testing on Linux keeps them
          // (with --attachments-path) when the test records them.
          if Test.current != nil {
            for attachment in attachments { Attachment.record(attachment.png, named: attachment.name) }
          }
        #endif
        return (message, attachments.map { DiffAttachment.data(Data($0.png), name: $0.name) })
      }
    }
  }

  extension Snapshotting where Value == RGBAImage, Format == RGBAImage {
    /// A snapshot strategy for comparing images based on pixel equality.
    public static var image: Snapshotting {
      .image()
    }

    /// A snapshot strategy for comparing images based on pixel equality.
    ///
    /// - Parameters:
    ///   - precision: The percentage of pixels that must match.
    ///   - perceptualPrecision: The percentage a pixel must match the source pixel to be
    ///     considered a match. 98-99% mimics the precision of the human eye.
    ///   - scale: The scale of the reference image stored on disk.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil) -> Snapshotting {
      .init(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale))
    }
  }

  /// How two images differ, in SnapshotTesting's terms and messages.
  enum ImageComparison {
    /// nil when `new` matches `old` within the precisions; otherwise why not.
    static func compare(_ old: RGBAImage, _ new: RGBAImage, precision: Float, perceptualPrecision: Float) -> String? {
      guard old.width > 0, old.height > 0 else { return "Reference image could not be loaded." }
      guard new.width > 0, new.height > 0 else { return "Newly-taken snapshot is empty." }
      guard old.width == new.width, old.height == new.height else {
        return "Newly-taken snapshot@\(pointSize(new)) does not match reference@\(pointSize(old))."
      }
      if old.bytes == new.bytes { return nil }
      let summary = differingPixels(old, new)
      if precision >= 1, perceptualPrecision >= 1 {
        return "Newly-taken snapshot does not match reference.\n\(summary)"
      }
      if perceptualPrecision < 1 {
        let threshold = Double(1 - perceptualPrecision) * 100
        var failing = 0
        var maximum = 0.0
        forEachDifferingPixel(old, new) { a, b in
          let delta = deltaE94(lab(a), lab(b))
          if delta > threshold { failing += 1 }
          maximum = max(maximum, delta)
        }
        let actual = 1 - Float(failing) / Float(old.width * old.height)
        guard actual < precision else { return nil }
        let lowest = 1 - Float(min(maximum / 100, 1))
        return """
          The percentage of pixels that match \(actual) is less than required \(precision)
          The lowest perceptual color precision \(lowest) is less than required \(perceptualPrecision)
          \(summary)
          """
      }
      // As on iOS: precision alone counts differing bytes (channels), not pixels.
      var differentBytes = 0
      old.bytes.withUnsafeBufferPointer { a in
        new.bytes.withUnsafeBufferPointer { b in
          var i = 0
          while i < a.count {
            if a[i] != b[i] { differentBytes += 1 }
            i += 1
          }
        }
      }
      let threshold = Int((1 - precision) * Float(old.bytes.count))
      guard differentBytes > threshold else { return nil }
      let actual = 1 - Float(differentBytes) / Float(old.bytes.count)
      return "Actual image precision \(actual) is less than required \(precision)\n\(summary)"
    }

    /// The image's size in points, as iOS prints a UIImage's size: "(390.0, 844.0)" (Linux's
    /// Foundation prints a CGSize with its labels).
    private static func pointSize(_ image: RGBAImage) -> String {
      "(\(Double(image.width) / Double(image.scale)), \(Double(image.height) / Double(image.scale)))"
    }

    /// "N of M pixels differ (p %), within (x, y, w × h) pixels".
    private static func differingPixels(_ old: RGBAImage, _ new: RGBAImage) -> String {
      var count = 0
      forEachDifferingPixel(old, new) { _, _ in count += 1 }
      let total = old.width * old.height
      let percent = String(format: "%.3f", Double(count) * 100 / Double(total))
      let region = new.changedRegion(since: old).map { " within \($0) pixels" } ?? ""
      return "\(count) of \(total) pixels differ (\(percent) %)\(region)."
    }

    /// Calls `body` with the two colours of every pixel that differs (same-size images).
    private static func forEachDifferingPixel(_ old: RGBAImage, _ new: RGBAImage, _ body: (RGBA, RGBA) -> Void) {
      old.bytes.withUnsafeBufferPointer { a in
        new.bytes.withUnsafeBufferPointer { b in
          var i = 0
          while i < a.count {
            if a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2] || a[i + 3] != b[i + 3] {
              body(RGBA(r: a[i], g: a[i + 1], b: a[i + 2], a: a[i + 3]), RGBA(r: b[i], g: b[i + 1], b: b[i + 2], a: b[i + 3]))
            }
            i += 4
          }
        }
      }
    }

    /// Each pixel the largest difference of its four channels, in grey, stretched so that the
    /// largest difference in the image is white (black where they agree). Images of different
    /// sizes are compared over the larger size; where only one has pixels, the difference is
    /// total.
    static func difference(_ old: RGBAImage, _ new: RGBAImage) -> RGBAImage {
      let width = max(old.width, new.width), height = max(old.height, new.height)
      var levels = [UInt8](repeating: 0, count: width * height)
      var largest: UInt8 = 0
      for y in 0..<height {
        for x in 0..<width {
          let inOld = x < old.width && y < old.height, inNew = x < new.width && y < new.height
          var level: UInt8 = 255
          if inOld, inNew {
            let a = old[x, y], b = new[x, y]
            level = max(absDiff(a.r, b.r), absDiff(a.g, b.g), absDiff(a.b, b.b), absDiff(a.a, b.a))
          }
          levels[y * width + x] = level
          largest = max(largest, level)
        }
      }
      var image = RGBAImage(width: width, height: height, scale: new.scale, color: RGBA(r: 0, g: 0, b: 0))
      guard largest > 0 else { return image }
      for (index, level) in levels.enumerated() where level > 0 {
        let grey = UInt8((Int(level) * 255) / Int(largest))
        image.bytes[index * 4] = grey
        image.bytes[index * 4 + 1] = grey
        image.bytes[index * 4 + 2] = grey
      }
      return image
    }

    private static func absDiff(_ a: UInt8, _ b: UInt8) -> UInt8 { a > b ? a - b : b - a }

    // MARK: Colour difference

    /// sRGB's 8-bit levels as linear light.
    private static let linear: [Double] = (0...255).map { level in
      let c = Double(level) / 255
      return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// CIE L*a*b* (D65 white) of a colour composited over white (a snapshot's background).
    static func lab(_ color: RGBA) -> (l: Double, a: Double, b: Double) {
      let alpha = Double(color.a) / 255
      let r = linear[Int(color.r)] * alpha + (1 - alpha)
      let g = linear[Int(color.g)] * alpha + (1 - alpha)
      let b = linear[Int(color.b)] * alpha + (1 - alpha)
      // sRGB → XYZ, relative to the D65 white point.
      let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
      let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
      let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
      func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
      let fx = f(x), fy = f(y), fz = f(z)
      return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// CIE ΔE*94 (graphic arts weights) between two L*a*b* colours: 0 for the same colour,
    /// about 2 for a just noticeable difference, 100 for black against white.
    static func deltaE94(_ p: (l: Double, a: Double, b: Double), _ q: (l: Double, a: Double, b: Double)) -> Double {
      let dL = p.l - q.l
      let c1 = (p.a * p.a + p.b * p.b).squareRoot()
      let c2 = (q.a * q.a + q.b * q.b).squareRoot()
      let dC = c1 - c2
      let da = p.a - q.a, db = p.b - q.b
      let dH2 = max(0, da * da + db * db - dC * dC)
      let sC = 1 + 0.045 * c1
      let sH = 1 + 0.015 * c1
      return (dL * dL + (dC / sC) * (dC / sC) + dH2 / (sH * sH)).squareRoot()
    }
  }
#endif
