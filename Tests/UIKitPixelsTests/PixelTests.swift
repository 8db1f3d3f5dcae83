#if Pixels
import Foundation
import Testing
import UIKit
import UIKitTesting
@testable import UIKitPixels

/// A plain screen: a view of one colour over the controller's view, and a rounded-rect field.
@MainActor
final class PictureController: UIViewController {
  let square = UIView(frame: CGRect(x: 10, y: 60, width: 50, height: 40))
  let field = UITextField(frame: CGRect(x: 20, y: 120, width: 300, height: 34))

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = UIColor(red: 0, green: 0.5, blue: 0, alpha: 1)
    square.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    view.addSubview(square)
    field.borderStyle = .roundedRect
    field.font = .systemFont(ofSize: 17)
    view.addSubview(field)
  }
}

@MainActor
@Suite("Pixels")
struct PixelTests {
  let red = RGBA(r: 255, g: 0, b: 0)
  let green = RGBA(r: 0, g: 128, b: 0)

  @Test func aFilledViewIsItsColourToItsEdgesAtEveryScale() {
    let controller = PictureController()
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    for scale in [1.0, 2.0, 3.0] {
      let image = host.snapshotImage(scale: scale)
      #expect(image.width == Int(390 * scale) && image.height == Int(844 * scale))
      #expect(image.pixel(atPoint: CGPoint(x: 35, y: 80)) == red)
      // The square's edges fall on whole pixels: the first and last pixel inside are red, the
      // ones just outside are the background.
      let (x0, x1) = (Int(10 * scale), Int(60 * scale))
      let y = Int(80 * scale)
      #expect(image[x0, y] == red)
      #expect(image[x1 - 1, y] == red)
      #expect(image[x0 - 1, y] == green)
      #expect(image[x1, y] == green)
    }
  }

  @Test func aRoundedRectFieldHasAHairlineBorderAndTransparentCorners() {
    let controller = PictureController()
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    let image = host.snapshotImage(scale: 2)
    let frame = controller.field.frame
    // The very corner pixel shows what is behind the field (the rounded corner leaves it out).
    #expect(image[Int(frame.minX * 2), Int(frame.minY * 2)] == green)
    #expect(image[Int(frame.maxX * 2) - 1, Int(frame.maxY * 2) - 1] == green)
    // The middle of the top edge: one pixel (half a point) of systemGray4, white under it.
    let midX = Int(frame.midX * 2)
    #expect(image[midX, Int(frame.minY * 2)] == RGBA(r: 209, g: 209, b: 214))
    #expect(image[midX, Int(frame.minY * 2) + 1] == .white)
    #expect(image[midX, Int(frame.minY * 2) - 1] == green)
  }

  @Test func aSnapshotIsAPNGOfThePixels() throws {
    let controller = PictureController()
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    let png = host.snapshot(scale: 1)
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let decoded = try #require(PNGDecoder.decode(png))
    #expect(decoded.width == 390 && decoded.height == 844)
    #expect(decoded.bytes == host.snapshotImage(scale: 1).bytes)
    #expect(PNGDecoder.decode([1, 2, 3]) == nil)
  }
}
#endif

#if Pixels
/// Layers and paths: rounded corners, opacity, clipping, strokes.
@MainActor
@Suite("Layer pixels")
struct LayerPixelTests {
  @Test func aRoundedTranslucentLayerBlendsAndLeavesItsCornersOut() {
    let controller = UIViewController()
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    controller.view.backgroundColor = .white
    let card = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 60))
    card.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    card.layer.cornerRadius = 20
    card.alpha = 0.5
    controller.view.addSubview(card)
    let image = host.snapshotImage(scale: 1)
    // Half blue over white in the middle; white in the rounded-off corner; the edge midway.
    #expect(image[150, 130] == RGBA(r: 128, g: 128, b: 255))
    #expect(image[101, 101] == .white)
    #expect(image[150, 100] == RGBA(r: 128, g: 128, b: 255))
    #expect(image[150, 99] == .white)
  }

  @Test func aSubviewIsClippedByAClippingSuperview() {
    let controller = UIViewController()
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    controller.view.backgroundColor = .white
    let box = UIView(frame: CGRect(x: 50, y: 50, width: 40, height: 40))
    box.clipsToBounds = true
    let inner = UIView(frame: CGRect(x: 20, y: 20, width: 100, height: 100))
    inner.backgroundColor = .black
    box.addSubview(inner)
    controller.view.addSubview(box)
    let image = host.snapshotImage(scale: 2)
    #expect(image[Int(85 * 2), Int(85 * 2)] == RGBA(r: 0, g: 0, b: 0))
    #expect(image[Int(90 * 2), Int(85 * 2)] == .white)  // just past the clip
    #expect(image[Int(89.5 * 2), Int(85 * 2)] == RGBA(r: 0, g: 0, b: 0))
  }
}
#endif

#if Pixels
@MainActor
@Suite("Gradient and path pixels")
struct GradientPixelTests {
  @Test func aGradientLayerGoesFromItsFirstColourToItsLast() {
    let controller = UIViewController()
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    let gradient = CAGradientLayer()
    gradient.colors = [UIColor(red: 1, green: 0, blue: 0, alpha: 1).cgColor, UIColor(red: 0, green: 0, blue: 1, alpha: 1).cgColor]
    gradient.frame = CGRect(x: 0, y: 100, width: 100, height: 200)
    controller.view.layer.addSublayer(gradient)
    let image = host.snapshotImage(scale: 1)
    let top = image[50, 100], middle = image[50, 200], bottom = image[50, 299]
    #expect(top.r > 250 && top.b < 5)
    #expect(bottom.b > 250 && bottom.r < 5)
    #expect(abs(Int(middle.r) - 128) < 4 && abs(Int(middle.b) - 128) < 4)
  }

  @Test func aStrokedPathPaintsItsLineAndNotItsInside() {
    final class Ring: UIView {
      override func draw(_ rect: CGRect) {
        let path = UIBezierPath(rect: CGRect(x: 10, y: 10, width: 80, height: 80))
        path.lineWidth = 4
        UIColor(red: 0, green: 0, blue: 0, alpha: 1).setStroke()
        path.stroke()
      }
    }
    let controller = UIViewController()
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    controller.view.backgroundColor = .white
    let ring = Ring(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
    ring.backgroundColor = .white
    controller.view.addSubview(ring)
    let image = host.snapshotImage(scale: 1)
    // The line is 4 pt wide centred on x = 110: pixels 108…111 black, 107 and 112 white.
    #expect(image[108, 150] == RGBA(r: 0, g: 0, b: 0))
    #expect(image[111, 150] == RGBA(r: 0, g: 0, b: 0))
    #expect(image[107, 150] == .white)
    #expect(image[112, 150] == .white)
    #expect(image[150, 150] == .white)
  }
}
#endif

#if Pixels
@MainActor
@Suite("Pixels on bad input")
struct BadInputPixelTests {
  @Test func infiniteAndNaNGeometryDrawsNothingAndDoesNotCrash() {
    var list = DisplayList()
    let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    list.append(DisplayItem(frame: .infinite, clip: .infinite, content: .fill(red)))
    list.append(DisplayItem(frame: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10), clip: .infinite, content: .fill(.blue)))
    let path = PathRun(subpaths: [CGPathPolyline(points: [CGPoint(x: 0, y: 0), CGPoint(x: CGFloat.infinity, y: 5)], isClosed: false)],
      color: .black, mode: .stroke(lineWidth: 2))
    list.append(DisplayItem(frame: path.bounds, clip: .infinite, content: .path(path)))
    list.append(DisplayItem(frame: .null, clip: .null, content: .text(TextRun(string: "x", font: .systemFont(ofSize: 17), color: .black, alignment: .left))))
    let image = PixelRenderer(scale: 2).render(list, size: CGSize(width: 20, height: 10))
    // The infinite fill covers the whole image; the rest drew nothing.
    #expect(image.width == 40 && image.height == 20)
    #expect(Set((0..<40).map { image[$0, 10] }) == [RGBA(r: 255, g: 0, b: 0)])
    #expect(PixelRect(covering: .null, scale: 2).isEmpty)
    #expect(PixelRect(covering: .infinite, scale: 2).width > 0)
    #expect(PNGEncoder.encode(image, region: PixelRect(x: 100, y: 100, width: 5, height: 5)).isEmpty)
  }
}
#endif
