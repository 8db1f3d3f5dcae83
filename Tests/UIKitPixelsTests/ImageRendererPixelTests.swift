#if Pixels
import Foundation
import Testing
import UIKit
import UIKitPixels
import UIKitTesting

/// The pixels of a CGImage, read as iOS code reads them: through its data provider, in the
/// image's own layout (these tests make RGBA ones).
private func rgba(_ image: CGImage, _ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
  let data = image.dataProvider!.data! as Data
  let i = y * image.bytesPerRow + x * 4
  switch image.alphaInfo {
  case .premultipliedLast, .last, .noneSkipLast:
    return (data[i], data[i + 1], data[i + 2], data[i + 3])
  default:
    Issue.record("unexpected layout \(image.alphaInfo)")
    return (0, 0, 0, 0)
  }
}

@Suite("Images drawn with UIGraphicsImageRenderer (Pixels)")
struct ImageRendererPixelTests {
  @Test func fillsMakePixelsAtTheFormatsScale() {
    let format = UIGraphicsImageRendererFormat()
    format.scale = 2
    let renderer = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 6), format: format)
    let image = renderer.image { context in
      UIColor.red.setFill()
      context.fill(CGRect(x: 0, y: 0, width: 5, height: 6))
      UIColor.blue.setFill()
      UIRectFill(CGRect(x: 5, y: 3, width: 5, height: 3))
    }
    #expect(image.size == CGSize(width: 10, height: 6))
    #expect(image.scale == 2)
    let cg = try! #require(image.cgImage)
    #expect(cg.width == 20 && cg.height == 12)
    // Premultiplied RGBA as iOS's renderer makes it; the origin is the top left.
    #expect(rgba(cg, 0, 0) == (255, 0, 0, 255))
    #expect(rgba(cg, 9, 11) == (255, 0, 0, 255))
    #expect(rgba(cg, 19, 11) == (0, 0, 255, 255))
    #expect(rgba(cg, 19, 0).a == 0)
  }

  @Test func pathsAreAntialiasedAndClipsCutThem() {
    let renderer = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: scaleOne())
    let image = renderer.image { _ in
      UIBezierPath(ovalIn: CGRect(x: 0.5, y: 0.5, width: 19, height: 19)).addClip()
      UIColor.green.setFill()
      UIRectFill(CGRect(x: 0, y: 0, width: 20, height: 20))
    }
    let cg = try! #require(image.cgImage)
    #expect(rgba(cg, 10, 10).a == 255)
    #expect(rgba(cg, 0, 0).a == 0, "a corner outside the round clip stays clear")
    // The clip's edge is antialiased: its leftmost pixel, half inside, is half covered.
    let edge = rgba(cg, 0, 10).a
    #expect(edge > 64 && edge < 192, "\(edge)")
  }

  @Test func strokesFollowWidthCapsAndTheCTM() {
    let renderer = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: scaleOne())
    let image = renderer.image { context in
      let cg = context.cgContext
      cg.setStrokeColor(UIColor.black.cgColor)
      cg.setLineWidth(4)
      cg.setLineCap(.round)
      cg.translateBy(x: 0, y: 10)
      cg.move(to: CGPoint(x: 5, y: 0))
      cg.addLine(to: CGPoint(x: 15, y: 0))
      cg.strokePath()
    }
    let cg = try! #require(image.cgImage)
    #expect(rgba(cg, 10, 10).a == 255)
    #expect(rgba(cg, 10, 7).a == 0)
    // A round cap reaches past the line's end by half the width.
    #expect(rgba(cg, 3, 10).a > 100)
  }

  @Test func textIsDrawnWithTheFontsGlyphs() {
    let renderer = UIGraphicsImageRenderer(size: CGSize(width: 60, height: 30), format: scaleOne())
    let image = renderer.image { _ in
      ("Hi" as NSString).draw(
        at: CGPoint(x: 2, y: 2), withAttributes: [.font: UIFont.systemFont(ofSize: 20), .foregroundColor: UIColor.black])
    }
    let cg = try! #require(image.cgImage)
    var inked = 0, outside = 0
    for y in 0..<30 {
      for x in 0..<60 where rgba(cg, x, y).a > 128 {
        if x < 30 { inked += 1 } else { outside += 1 }
      }
    }
    #expect(inked > 40, "the glyphs of “Hi” are painted")
    #expect(outside == 0, "and nothing beyond them")
  }

  @Test func uiImageDrawsUprightWhereCGContextDrawDrawsUpsideDown() throws {
    // A 1 × 2 image: red on top, blue below.
    let source = UIGraphicsImageRenderer(size: CGSize(width: 1, height: 2), format: scaleOne()).image { _ in
      UIColor.red.setFill()
      UIRectFill(CGRect(x: 0, y: 0, width: 1, height: 1))
      UIColor.blue.setFill()
      UIRectFill(CGRect(x: 0, y: 1, width: 1, height: 1))
    }
    let format = scaleOne()
    let sheet = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: format).image { context in
      source.draw(in: CGRect(x: 0, y: 0, width: 10, height: 20))
      // Core Graphics' own call ignores UIKit's flip: the famous upside-down image.
      context.cgContext.draw(try! #require(source.cgImage), in: CGRect(x: 10, y: 0, width: 10, height: 20))
    }
    let cg = try #require(sheet.cgImage)
    #expect(rgba(cg, 5, 2) == (255, 0, 0, 255))
    #expect(rgba(cg, 5, 17) == (0, 0, 255, 255))
    #expect(rgba(cg, 15, 2) == (0, 0, 255, 255))
    #expect(rgba(cg, 15, 17) == (255, 0, 0, 255))
  }

  @Test func pngAndJPEGDataRoundTrip() throws {
    let image = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8), format: scaleOne()).image { _ in
      UIColor(red: 0.2, green: 0.6, blue: 0.8, alpha: 1).setFill()
      UIRectFill(CGRect(x: 0, y: 0, width: 8, height: 8))
    }
    let png = try #require(image.pngData())
    #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    let decoded = try #require(UIImage(data: png))
    #expect(decoded.size == CGSize(width: 8, height: 8))
    #expect(rgba(try #require(decoded.cgImage), 3, 3) == (51, 153, 204, 255))

    let jpeg = try #require(image.jpegData(compressionQuality: 0.9))
    #expect(Array(jpeg.prefix(2)) == [0xFF, 0xD8])
    let fromJPEG = try #require(UIImage(data: jpeg, scale: 2))
    #expect(fromJPEG.size == CGSize(width: 4, height: 4))
    let p = rgba(try #require(fromJPEG.cgImage), 3, 3)
    #expect(abs(Int(p.r) - 51) < 6 && abs(Int(p.g) - 153) < 6 && abs(Int(p.b) - 204) < 6)

    #expect(UIImage(data: Data("not an image".utf8)) == nil)
    #expect(UIImage(data: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0])) == nil, "a truncated PNG")
    #expect(UIImage(named: "anything")!.pngData() == nil, "a named image has no pixels")
    #expect(UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).pngData { _ in }.count > 0)
  }

  @Test func resizableImagesKeepTheirCaps() throws {
    // 3 × 3: a red ring around a white centre.
    let tile = UIGraphicsImageRenderer(size: CGSize(width: 3, height: 3), format: scaleOne()).image { _ in
      UIColor.red.setFill()
      UIRectFill(CGRect(x: 0, y: 0, width: 3, height: 3))
      UIColor.white.setFill()
      UIRectFill(CGRect(x: 1, y: 1, width: 1, height: 1))
    }.resizableImage(withCapInsets: UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1), resizingMode: .stretch)
    let drawn = UIGraphicsImageRenderer(size: CGSize(width: 30, height: 20), format: scaleOne()).image { _ in
      tile.draw(in: CGRect(x: 0, y: 0, width: 30, height: 20))
    }
    let cg = try #require(drawn.cgImage)
    #expect(rgba(cg, 0, 0) == (255, 0, 0, 255))
    #expect(rgba(cg, 15, 0) == (255, 0, 0, 255), "the top edge is one point of red, stretched along")
    #expect(rgba(cg, 15, 10) == (255, 255, 255, 255), "the middle stretches")
    #expect(rgba(cg, 15, 2) == (255, 255, 255, 255), "the cap stays one point thick")
    #expect(rgba(cg, 29, 19) == (255, 0, 0, 255))
  }

  @MainActor @Test func drawHierarchyAndRenderInContextDrawWhatTheViewShows() throws {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
    view.backgroundColor = .white
    let square = UIView(frame: CGRect(x: 20, y: 0, width: 20, height: 20))
    square.backgroundColor = .blue
    view.addSubview(square)
    let renderer = UIGraphicsImageRenderer(size: view.bounds.size, format: scaleOne())
    var drew = false
    let hierarchy = renderer.image { _ in drew = view.drawHierarchy(in: view.bounds, afterScreenUpdates: true) }
    #expect(drew)
    let layered = renderer.image { context in view.layer.render(in: context.cgContext) }
    for image in [hierarchy, layered] {
      let cg = try #require(image.cgImage)
      #expect(rgba(cg, 5, 10) == (255, 255, 255, 255))
      #expect(rgba(cg, 30, 10) == (0, 0, 255, 255))
    }
    // Outside a bitmap context there is nothing to draw into.
    #expect(!view.drawHierarchy(in: view.bounds, afterScreenUpdates: false))
  }

  @Test func theOldImageContextFunctionsNest() throws {
    #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
    UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), true, 2)
    UIColor.yellow.setFill()
    UIRectFill(CGRect(x: 0, y: 0, width: 2, height: 4))
    UIGraphicsBeginImageContext(CGSize(width: 1, height: 1))
    let inner = try #require(UIGraphicsGetImageFromCurrentImageContext())
    #expect(inner.size == CGSize(width: 1, height: 1) && inner.scale == 1)
    UIGraphicsEndImageContext()
    let outer = try #require(UIGraphicsGetImageFromCurrentImageContext())
    UIGraphicsEndImageContext()
    #expect(UIGraphicsGetCurrentContext() == nil)
    #expect(outer.size == CGSize(width: 4, height: 4) && outer.scale == 2)
    let cg = try #require(outer.cgImage)
    #expect(cg.alphaInfo == .noneSkipLast, "an opaque context has no alpha")
    #expect(rgba(cg, 1, 1) == (255, 255, 0, 255))
    #expect(rgba(cg, 6, 1) == (0, 0, 0, 255), "an opaque image starts black")
  }

  @Test func bitmapContextsPaintInTheLayoutAskedFor() throws {
    // BGRA, premultiplied, as iOS code that reads pixels back usually asks.
    let info = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
    let context = try #require(
      CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: info))
    #expect(context.bytesPerRow == 16)
    context.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
    // Core Graphics' device space: (0, 0) is the bottom left, so this is the last row in memory.
    context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
    let bytes = try #require(context.data).assumingMemoryBound(to: UInt8.self)
    let last = 3 * 16
    #expect([bytes[last], bytes[last + 1], bytes[last + 2], bytes[last + 3]] == [0, 0, 128, 128])
    #expect(bytes[0] == 0 && bytes[3] == 0)
    context.setBlendMode(.clear)
    context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
    #expect(bytes[last + 3] == 0)
    let image = try #require(context.makeImage())
    #expect(image.width == 4 && image.bitmapInfo.rawValue == info)

    // Memory the caller owns is painted in place.
    var memory = [UInt8](repeating: 0, count: 2 * 2 * 4)
    memory.withUnsafeMutableBytes { raw in
      let own = CGContext(data: raw.baseAddress, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 8,
        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
      own.setFillColor(UIColor.green.cgColor)
      own.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
    }
    #expect(memory == [UInt8](repeating: 0, count: 4).enumerated().flatMap { _ in [0, 255, 0, 255] })
    #expect(
      CGContext(data: nil, width: 0, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
  }

  @MainActor @Test func imageViewsShowPixelsByContentMode() throws {
    let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 20), format: scaleOne()).image { _ in
      UIColor.red.setFill()
      UIRectFill(CGRect(x: 0, y: 0, width: 10, height: 20))
    }
    let controller = UIViewController()
    controller.view.backgroundColor = .white
    let imageView = UIImageView(image: image)
    imageView.frame = CGRect(x: 0, y: 100, width: 100, height: 40)
    imageView.contentMode = .scaleAspectFit
    controller.view.addSubview(imageView)
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 200, height: 300))
    let shot = host.snapshotImage(scale: 1)
    #expect(shot.pixel(at: CGPoint(x: 50, y: 120)) == RGBA(r: 255, g: 0, b: 0), "the middle, where the fitted image is")
    #expect(shot.pixel(at: CGPoint(x: 10, y: 120)) == .white, "beside the fitted image")
    imageView.contentMode = .scaleToFill
    #expect(host.snapshotImage(scale: 1).pixel(at: CGPoint(x: 10, y: 120)) == RGBA(r: 255, g: 0, b: 0))
  }

  @Test func framesClipsPatternsAndBlendModesPaintAsTheyShould() throws {
    // A 2 × 2 tile: red on the top row, blue below.
    let tile = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2), format: scaleOne()).image { _ in
      UIColor.red.setFill()
      UIRectFill(CGRect(x: 0, y: 0, width: 2, height: 1))
      UIColor.blue.setFill()
      UIRectFill(CGRect(x: 0, y: 1, width: 2, height: 1))
    }
    let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: scaleOne()).image { context in
      // A one-point frame just inside the rectangle.
      UIColor.green.setFill()
      UIRectFrame(CGRect(x: 0, y: 0, width: 10, height: 10))
      // The pattern repeats from the rectangle's corner.
      tile.drawAsPattern(in: CGRect(x: 10, y: 0, width: 10, height: 10))
      // A fill in `.clear` punches a hole in what is there; `.copy` replaces with translucency.
      UIColor.black.setFill()
      context.fill(CGRect(x: 0, y: 10, width: 10, height: 10))
      context.fill(CGRect(x: 2, y: 12, width: 2, height: 2), blendMode: .clear)
      UIColor(white: 1, alpha: 0.5).setFill()
      context.fill(CGRect(x: 6, y: 12, width: 2, height: 2), blendMode: .copy)
      // A stroke in `.clear` clears its outline only.
      UIColor.black.setFill()
      context.fill(CGRect(x: 10, y: 10, width: 10, height: 10))
      context.cgContext.setLineWidth(2)
      context.stroke(CGRect(x: 12, y: 12, width: 6, height: 6), blendMode: .clear)
      // Drawing after UIRectClip stays inside it.
      UIRectClip(CGRect(x: 0, y: 0, width: 3, height: 3))
      UIColor.yellow.setFill()
      UIRectFill(CGRect(x: 0, y: 0, width: 20, height: 20))
    }
    let cg = try #require(image.cgImage)
    #expect(rgba(cg, 1, 1) == (255, 255, 0, 255), "inside the last clip: yellow")
    #expect(rgba(cg, 5, 0) == (0, 255, 0, 255) && rgba(cg, 9, 5) == (0, 255, 0, 255), "the frame's top and right")
    #expect(rgba(cg, 5, 5).a == 0, "inside the frame: untouched")
    #expect(rgba(cg, 10, 0) == (255, 0, 0, 255) && rgba(cg, 11, 1) == (0, 0, 255, 255))
    #expect(rgba(cg, 14, 2) == (255, 0, 0, 255) && rgba(cg, 19, 9) == (0, 0, 255, 255), "tiled every 2 points")
    #expect(rgba(cg, 3, 13).a == 0, "cleared")
    #expect(rgba(cg, 1, 11) == (0, 0, 0, 255))
    let copied = rgba(cg, 7, 13)
    #expect(abs(Int(copied.a) - 128) < 3 && abs(Int(copied.r) - 128) < 3, "copied: half-white, premultiplied \(copied)")
    #expect(rgba(cg, 12, 15).a == 0, "the stroke's outline cleared")
    #expect(rgba(cg, 15, 15) == (0, 0, 0, 255), "inside the outline: kept")
  }

  @Test func imagesLoadFromFilesWithTheirScaleAndCopyIntoAColourSpaceOfTheirModel() throws {
    let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 2), format: scaleOne()).image { _ in
      UIColor.red.setFill()
      UIRectFill(CGRect(x: 0, y: 0, width: 4, height: 2))
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uikit-image-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let plain = directory.appendingPathComponent("dot.png"), retina = directory.appendingPathComponent("dot@2x.png")
    try #require(image.pngData()).write(to: plain)
    try #require(image.pngData()).write(to: retina)
    let one = try #require(UIImage(contentsOfFile: plain.path))
    #expect(one.size == CGSize(width: 4, height: 2) && one.scale == 1)
    let two = try #require(UIImage(contentsOfFile: retina.path))
    #expect(two.size == CGSize(width: 2, height: 1) && two.scale == 2)
    #expect(UIImage(contentsOfFile: directory.appendingPathComponent("missing.png").path) == nil)
    try Data("not a picture".utf8).write(to: directory.appendingPathComponent("text.png"))
    #expect(UIImage(contentsOfFile: directory.appendingPathComponent("text.png").path) == nil)

    let cg = try #require(one.cgImage)
    let srgb = try #require(CGColorSpace(name: CGColorSpace.sRGB))
    let copy = try #require(cg.copy(colorSpace: srgb))
    #expect(copy.colorSpace == srgb && copy.width == 4)
    #expect(rgba(copy, 3, 1) == (255, 0, 0, 255))
    #expect(cg.copy(colorSpace: CGColorSpaceCreateDeviceGray()) == nil, "another model: nil, as Core Graphics answers")
  }

  private func scaleOne() -> UIGraphicsImageRendererFormat {
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    return format
  }
}
#endif
