#if Pixels
import Foundation
import Testing
import UIKit
import UIKitTesting
@testable import UIKitPixels

/// Characters the system font lacks are drawn from the faces fontconfig falls back to: CJK from
/// Noto Sans CJK's outlines, emoji from Noto Color Emoji's colour bitmaps (Debian's
/// `fonts-noto-cjk` and `fonts-noto-color-emoji`: the README's list, which `.ci/run` installs).
@MainActor
@Suite("Fallback fonts in pixels")
struct FallbackFontPixelTests {
  nonisolated static let emojiFont = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
  nonisolated static let cjkFont = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
  let scale: CGFloat = 2

  final class LabelController: UIViewController {
    let label = UILabel()
    override func viewDidLoad() {
      super.viewDidLoad()
      view.backgroundColor = .white
      label.font = .systemFont(ofSize: 40)
      label.textColor = .black
      label.frame = CGRect(x: 20, y: 100, width: 300, height: 60)
      view.addSubview(label)
    }
  }

  /// The label showing `text`, drawn at 2x, and the pixels of its frame.
  func draw(_ text: String) -> [RGBA] {
    let controller = LabelController()
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    controller.label.text = text
    host.settle()
    let image = host.snapshotImage(scale: scale)
    let area = PixelRect(covering: controller.label.frame, scale: scale).intersection(image.bounds)
    var pixels: [RGBA] = []
    for y in area.y..<area.maxY {
      for x in area.x..<area.maxX { pixels.append(image[x, y]) }
    }
    return pixels
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: emojiFont), "needs fonts-noto-color-emoji"))
  func anEmojiIsDrawnInItsOwnColours() {
    // 😀 is a yellow face: pixels far from black, white and grey, whatever the text colour.
    let pixels = draw("😀")
    let yellow = pixels.filter { $0.r > 200 && $0.g > 140 && $0.b < 110 }
    #expect(yellow.count > 200, "the face's yellow")
    // Where the font has no colour for a character it is not drawn as a box: a box is the
    // text colour only.
    let coloured = pixels.filter { max($0.r, $0.g, $0.b) - min($0.r, $0.g, $0.b) > 60 }
    #expect(!coloured.isEmpty)
    // Measured as drawn: the label's text is as wide as the bitmap is placed.
    let width = PixelTextMeasurer().width(of: "😀", font: .systemFont(ofSize: 40))
    #expect(width > 40 && width < 60, "about an em and a quarter (Noto's advance)")
  }

  /// HarfBuzz shapes a ZWJ family, a skin tone and a flag into the one glyph the colour font
  /// has for each, as wide as one emoji, not as their first emoji or their parts side by side.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: emojiFont), "needs fonts-noto-color-emoji"))
  func emojiSequencesAreShapedIntoOneGlyph() {
    let font = UIFont.systemFont(ofSize: 40)
    let one = PixelTextMeasurer().width(of: "👩", font: font)
    for sequence in ["👩‍👩‍👧", "👍🏽", "🇫🇷", "1️⃣"] {
      #expect(abs(PixelTextMeasurer().width(of: sequence, font: font) - one) < 0.5, "\(sequence) is one glyph wide")
    }
    #expect(draw("👩‍👩‍👧") != draw("👩"), "the family, not its first woman")
    #expect(draw("👍🏽") != draw("👍"), "the skin tone applied")
    // The French flag: its blue and its red.
    let flag = draw("🇫🇷")
    #expect(flag.contains { $0.b > 120 && $0.r < 80 && $0.g < 100 })
    #expect(flag.contains { $0.r > 200 && $0.g < 80 && $0.b < 90 })
  }

  /// A symbol image with no glyph of its own in the fonts draws its emoji stand-in as a
  /// silhouette in its tint (SF Symbols are templates), not in the emoji's colours.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: emojiFont), "needs fonts-noto-color-emoji"))
  func aSymbolsEmojiStandInIsItsSilhouetteInTheTint() {
    let controller = LabelController()
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    let imageView = UIImageView(image: UIImage(systemName: "bookmark")!.withTintColor(.systemGreen))
    imageView.frame = CGRect(x: 20, y: 200, width: 40, height: 40)
    controller.view.addSubview(imageView)
    host.settle()
    let image = host.snapshotImage(scale: scale)
    let area = PixelRect(covering: imageView.frame, scale: scale).intersection(image.bounds)
    var drawn: [RGBA] = []
    for y in area.y..<area.maxY {
      for x in area.x..<area.maxX where image[x, y] != .white { drawn.append(image[x, y]) }
    }
    #expect(drawn.count > 200, "the bookmark's shape")
    // systemGreen (52, 199, 89) over white, at every coverage: green leads (Noto's bookmark is
    // red, so its own colours would not pass).
    #expect(drawn.allSatisfy { $0.g >= $0.r && $0.g >= $0.b })
  }

  /// More distinct emoji than the colour glyph cache keeps: each still draws in colour and
  /// measures as before (the cache is emptied and read again, not grown without bound).
  @Test(.enabled(if: FileManager.default.fileExists(atPath: emojiFont), "needs fonts-noto-color-emoji"))
  func manyDistinctEmojiStillDrawAndMeasureTheSame() {
    let font = UIFont.systemFont(ofSize: 40)
    let before = PixelTextMeasurer().width(of: "😀", font: font)
    // 300 emoji from the Emoticons and Pictographs blocks, in one string.
    let many = String(String.UnicodeScalarView((0x1F300..<0x1F650).compactMap(Unicode.Scalar.init)
      .filter { $0.properties.isEmojiPresentation && !$0.properties.isEmojiModifier }.prefix(300)))
    #expect(many.count == 300)
    let wide = PixelTextMeasurer().width(of: many, font: font)
    #expect(wide > 300 * 40)
    _ = draw(many)
    #expect(PixelTextMeasurer().width(of: "😀", font: font) == before)
    #expect(draw("😀").contains { $0.r > 200 && $0.g > 140 && $0.b < 110 }, "still yellow")
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: cjkFont), "needs fonts-noto-cjk"))
  func cjkIsDrawnFromItsFallbackFaceNotAsBoxes() {
    // Two different ideographs draw different ink; two missing glyphs would be the same box.
    let first = draw("漢"), second = draw("字")
    let ink = { (pixels: [RGBA]) in pixels.filter { $0.r < 128 }.count }
    #expect(ink(first) > 150 && ink(second) > 150)
    #expect(first != second)
    // One em wide, as CJK fonts make ideographs.
    let width = PixelTextMeasurer().width(of: "漢字", font: .systemFont(ofSize: 40))
    #expect(abs(width - 80) < 1)
  }
}
#endif
