#if Pixels
import Foundation
import Testing
import UIKit
import UIKitTesting
@testable import PersonForm
@testable import UIKitPixels

/// Dark appearance in pixels: the same screen drawn in light and dark, the system colours
/// resolved by each view's traits. With `UIKIT_PICTURES` set to a folder the dark picture is
/// written there (`personform-dark.png`).
@MainActor
@Suite(.serialized) struct DarkModePixelTests {
  private func brightness(_ pixel: RGBA) -> Int { (Int(pixel.r) + Int(pixel.g) + Int(pixel.b)) / 3 }

  @Test func thePersonFormDrawsInDarkAppearance() throws {
    let controller = PersonFormViewController()
    controller.locale = Locale(identifier: "en_001")
    controller.today = ISO8601DateFormatter().date(from: "2026-11-22T12:00:00Z")!
    let navigation = UINavigationController(rootViewController: controller)
    let host = HeadlessHost(rootViewController: navigation, measuresTextWithFonts: true)
    host.tap(controller.nameField)
    host.type("Ada")
    host.settle()
    let light = host.snapshotImage(scale: 2)
    host.userInterfaceStyle = .dark
    host.settle()
    let dark = host.snapshotImage(scale: 2)
    if let folder = ProcessInfo.processInfo.environment["UIKIT_PICTURES"], !folder.isEmpty {
      try Data(PNGEncoder.encode(dark)).write(to: URL(fileURLWithPath: folder).appendingPathComponent("personform-dark.png"))
    }
    // The plain table's background under its rows (the system background): white, then black.
    let below = CGPoint(x: 8, y: 400)
    #expect(light.pixel(atPoint: below) == RGBA(r: 255, g: 255, b: 255))
    #expect(dark.pixel(atPoint: below) == RGBA(r: 0, g: 0, b: 0))
    // The status bar's time: black in light, white in dark (`.default` follows the appearance).
    func statusInk(_ image: RGBAImage) -> [Int] {
      stride(from: 30.0, to: 80.0, by: 0.5).map { brightness(image.pixel(atPoint: CGPoint(x: $0, y: 24))) }
    }
    #expect(statusInk(light).min()! < 60)
    #expect(statusInk(dark).max()! > 200)
    // The name field's text: dark ink on light, light ink on dark.
    let field = controller.nameField.convert(controller.nameField.bounds, to: nil)
    func inkiest(_ image: RGBAImage, lightest: Bool) -> Int {
      var best = lightest ? 0 : 255
      var y = field.minY
      while y < field.maxY {
        var x = field.minX
        while x < field.minX + 40 {
          let b = brightness(image.pixel(atPoint: CGPoint(x: x, y: y)))
          best = lightest ? max(best, b) : min(best, b)
          x += 0.5
        }
        y += 0.5
      }
      return best
    }
    #expect(inkiest(light, lightest: false) < 60, "black text in light appearance")
    #expect(inkiest(dark, lightest: true) > 200, "white text in dark appearance")
    // The keyboard follows: its background is dark.
    let keyboard = try #require(host.keyboardFrame)
    #expect(brightness(dark.pixel(atPoint: CGPoint(x: keyboard.minX + 2, y: keyboard.maxY - 60))) < 80)
    #expect(brightness(light.pixel(atPoint: CGPoint(x: keyboard.minX + 2, y: keyboard.maxY - 60))) > 180)
  }

  @Test func controlsTakeTheirDarkColours() {
    let controller = UIViewController()
    controller.view.backgroundColor = .systemBackground
    let segments = UISegmentedControl(items: ["One", "Two"])
    segments.frame = CGRect(x: 20, y: 100, width: 200, height: 32)
    segments.selectedSegmentIndex = 0
    let toggle = UISwitch(frame: CGRect(x: 20, y: 160, width: 51, height: 31))
    controller.view.addSubview(segments)
    controller.view.addSubview(toggle)
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    host.userInterfaceStyle = .dark
    host.settle()
    let image = host.snapshotImage(scale: 2)
    // The selected segment's raised grey, at its left end (clear of its title).
    #expect(image.pixel(atPoint: CGPoint(x: 28, y: 116)) == RGBA(r: 99, g: 99, b: 102))
    // The off switch's track, right of its thumb.
    #expect(image.pixel(atPoint: CGPoint(x: 62, y: 175)) == RGBA(r: 57, g: 57, b: 61))
    host.userInterfaceStyle = .light
    let light = host.snapshotImage(scale: 2)
    #expect(light.pixel(atPoint: CGPoint(x: 28, y: 116)) == RGBA(r: 255, g: 255, b: 255))
    #expect(light.pixel(atPoint: CGPoint(x: 62, y: 175)) == RGBA(r: 233, g: 233, b: 235))
  }
}
#endif
