import Foundation
import Testing
@testable import UIKit
import UIKitTesting

/// A host showing `view` as the root view, in cells of 8 × 16 points.
@MainActor
private func show(_ view: UIView, size: CGSize = CGSize(width: 80, height: 64)) -> HeadlessHost {
  let controller = UIViewController()
  controller.view = view
  return HeadlessHost(rootViewController: controller, screenSize: size, measuresTextInCells: true)
}

@MainActor
private func screenRows(_ host: HeadlessHost) -> [String] {
  let grid = host.grid()
  return (0..<grid.rows).map { row in (0..<grid.columns).map { grid[$0, row].text }.joined() }
}

private final class ImageDrawingView: UIView {
  var image: UIImage?
  override func draw(_ rect: CGRect) {
    UIColor.black.setFill()
    UIRectFill(CGRect(x: 0, y: 0, width: 8, height: 16))
    image?.draw(in: CGRect(x: 16, y: 16, width: 24, height: 16))
  }
}

@Suite("UIImage, renderers and configurations in every build")
struct ImageBitmapAndRendererTests {
  @Test func aRendererImageHasTheBoundsSizeAndTheFormatsScale() {
    let format = UIGraphicsImageRendererFormat()
    format.scale = 3
    #expect(!format.opaque && format.preferredRange == .automatic)
    let renderer = UIGraphicsImageRenderer(bounds: CGRect(x: 10, y: 10, width: 4, height: 2), format: format)
    #expect(renderer.allowsImageOutput)
    #expect(renderer.format.bounds == CGRect(x: 10, y: 10, width: 4, height: 2))
    var current: CGContext?
    let image = renderer.image { context in
      current = UIGraphicsGetCurrentContext()
      #expect(current === context.cgContext, "the renderer's context is current while the actions run")
      #expect(context.format.bounds.size == CGSize(width: 4, height: 2))
    }
    #expect(current != nil)
    #expect(UIGraphicsGetCurrentContext() == nil, "and no longer after")
    #expect(image.size == CGSize(width: 4, height: 2))
    #expect(image.scale == 3)
    #if Pixels
      #expect(image.cgImage?.width == 12)
      #expect(renderer.pngData { _ in }.isEmpty == false)
    #else
      #expect(image.cgImage == nil, "without the Pixels trait a drawing holds no pixels")
      #expect(renderer.pngData { _ in }.isEmpty)
      #expect(image.pngData() == nil && image.jpegData(compressionQuality: 1) == nil)
      #expect(UIImage(data: Data([0x89, 0x50, 0x4E, 0x47])) == nil)
      #expect(
        CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
    #endif
  }

  @MainActor @Test func aRenderedImageIsDrawnInCellsByItsDrawing() {
    // A filled square on the left half of a 32 × 32 image, shown 64 × 32 in an image view.
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    let image = UIGraphicsImageRenderer(size: CGSize(width: 32, height: 32), format: format).image { _ in
      UIColor.black.setFill()
      UIBezierPath(rect: CGRect(x: 0, y: 0, width: 16, height: 32)).fill()
    }
    let root = UIView()
    let imageView = UIImageView(image: image)
    imageView.frame = CGRect(x: 0, y: 0, width: 64, height: 32)
    root.addSubview(imageView)
    let host = show(root)
    let grid = host.grid()
    // The left half of the view (four cells of eight) is covered in black, the right half is not.
    let black = CellGrid.RGB(r: 0, g: 0, b: 0)
    #expect((0..<4).allSatisfy { grid[$0, 0].background == black && grid[$0, 1].background == black })
    #expect((4..<8).allSatisfy { grid[$0, 0].background != black })
  }

  @MainActor @Test func aBitmapIsDrawnInCellsAsHalfBlocks() throws {
    // 1 × 2 pixels, straight RGBA: red over blue.
    let provider = try #require(CGDataProvider(data: Data([255, 0, 0, 255, 0, 0, 255, 255]) as CFData))
    let cg = try #require(
      CGImage(width: 1, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4, space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: CGBitmapInfo(alphaInfo: .last), provider: provider, decode: nil, shouldInterpolate: true,
        intent: .defaultIntent))
    let root = UIView()
    let imageView = UIImageView(image: UIImage(cgImage: cg))
    imageView.frame = CGRect(x: 0, y: 0, width: 16, height: 64)
    root.addSubview(imageView)
    let grid = show(root).grid()
    let red = CellGrid.RGB(r: 255, g: 0, b: 0), blue = CellGrid.RGB(r: 0, g: 0, b: 255)
    #expect(grid[0, 0].text == "▀" && grid[0, 0].foreground == red && grid[0, 0].background == red)
    #expect(grid[1, 3].foreground == blue && grid[1, 3].background == blue)
    #expect(grid[2, 0].text == " ", "beside the image")
  }

  @MainActor @Test func imagesDrawnInDrawRectAreShown() {
    let view = ImageDrawingView()
    view.image = UIImage(systemName: "star.fill")
    let host = show(view)
    let rows = screenRows(host)
    #expect(rows[1].contains("★"), "the symbol's glyph, where draw(in:) put it: \(rows)")
    #expect(host.grid()[0, 0].background == CellGrid.RGB(r: 0, g: 0, b: 0), "the fill drawn before it")
  }

  @MainActor @Test func aFormatForATraitCollectionTakesItsDisplayScale() {
    #expect(UIGraphicsImageRendererFormat(for: UITraitCollection(displayScale: 3)).scale == 3)
    #expect(UIGraphicsImageRendererFormat(for: UITraitCollection(displayScale: 1)).scale == 1)
    // Unspecified (0): the default format's scale, the main screen's.
    #expect(UIGraphicsImageRendererFormat(for: UITraitCollection()).scale == UIGraphicsImageRendererFormat().scale)
  }

  @Test func cgImagesKeepTheirBytesAndLayout() throws {
    // Two pixels, BGRA premultiplied: half-transparent red, opaque blue.
    let bytes: [UInt8] = [0, 0, 128, 128, 255, 0, 0, 255]
    let provider = try #require(CGDataProvider(data: Data(bytes) as CFData))
    let info = CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
    let image = try #require(
      CGImage(width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8, space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: info, provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent))
    #expect(image.alphaInfo == .premultipliedFirst)
    #expect(image.bitmapInfo.contains(.byteOrder32Little))
    let data = try #require(image.dataProvider?.data)
    #expect(CFDataGetLength(data) == 8)
    #expect(CFDataGetBytePtr(data)[2] == 128)
    #expect(Array(data as Data) == bytes)
    let cropped = try #require(image.cropping(to: CGRect(x: 1, y: 0, width: 1, height: 1)))
    #expect(cropped.width == 1 && cropped.height == 1)
    #expect(image.cropping(to: CGRect(x: 5, y: 5, width: 1, height: 1)) == nil)
    #expect(
      CGImage(width: 2, height: 1, bitsPerComponent: 16, bitsPerPixel: 64, bytesPerRow: 16, space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: info, provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent) == nil,
      "16-bit components are not read here")
    #expect(
      CGImage(width: 3, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 12, space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: info, provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent) == nil,
      "too few bytes for the rows")

    let ui = UIImage(cgImage: image, scale: 2, orientation: .right)
    #expect(ui.cgImage === image)
    #expect(ui.imageOrientation == .right)
    #expect(ui.size == CGSize(width: 0.5, height: 1), "turned a quarter: as wide as the pixels are tall")
  }

  @Test func symbolConfigurationsSizeSymbolsAndCombine() throws {
    let big = UIImage.SymbolConfiguration(pointSize: 40, weight: .bold, scale: .large)
    let star = try #require(UIImage(systemName: "star", withConfiguration: big))
    #expect(star.size == CGSize(width: 52, height: 52))
    #expect(star.symbolConfiguration == big)
    let plain = try #require(UIImage(systemName: "star"))
    #expect(plain.size == CGSize(width: 24, height: 24) && plain.symbolConfiguration == nil)
    let sized = try #require(plain.applyingSymbolConfiguration(UIImage.SymbolConfiguration(pointSize: 20)))
    #expect(sized.size == CGSize(width: 20, height: 20))
    // The other's specified values win; unspecified ones keep this one's.
    let combined = big.applying(UIImage.SymbolConfiguration(scale: .small))
    #expect(combined == UIImage.SymbolConfiguration(pointSize: 40, weight: .bold, scale: .small))
    #expect(combined.configurationWithoutScale() == UIImage.SymbolConfiguration(pointSize: 40, weight: .bold))
    #expect(UIImage.SymbolConfiguration(font: .boldSystemFont(ofSize: 17)) == UIImage.SymbolConfiguration(pointSize: 17, weight: .bold))
    #expect(UIImage.SymbolWeight.semibold.fontWeight() == .semibold)
    #expect(UIImage(named: "photo")?.applyingSymbolConfiguration(big) == nil, "only symbols take symbol configurations")
  }

  @MainActor @Test func imageViewsPlaceImagesByContentModeAndPreferredSymbolConfiguration() {
    let imageView = UIImageView(image: UIImage(systemName: "star"))
    #expect(imageView.intrinsicContentSize == CGSize(width: 24, height: 24))
    imageView.preferredSymbolConfiguration = UIImage.SymbolConfiguration(pointSize: 30)
    #expect(imageView.intrinsicContentSize == CGSize(width: 30, height: 30))

    let size = CGSize(width: 10, height: 20)
    let rect = CGRect(x: 0, y: 0, width: 100, height: 40)
    #expect(UIImageView._frame(of: size, in: rect, contentMode: .scaleToFill) == rect)
    #expect(UIImageView._frame(of: size, in: rect, contentMode: .scaleAspectFit) == CGRect(x: 40, y: 0, width: 20, height: 40))
    #expect(UIImageView._frame(of: size, in: rect, contentMode: .scaleAspectFill) == CGRect(x: 0, y: -80, width: 100, height: 200))
    #expect(UIImageView._frame(of: size, in: rect, contentMode: .center) == CGRect(x: 45, y: 10, width: 10, height: 20))
    #expect(UIImageView._frame(of: size, in: rect, contentMode: .bottomRight) == CGRect(x: 90, y: 20, width: 10, height: 20))
  }
}
