#if Pixels
import Foundation
import Testing
import UIKit
import UIKitTesting
@testable import UIKitPixels

/// The focus halo in pixels: a ring in the tint colour just outside the focused item.
@MainActor
@Suite("FocusPixelTests", .serialized)
struct FocusPixelTests {
  func colours(_ image: RGBAImage, in rect: CGRect) -> Set<RGBA> { coloursOf(image, in: rect) }

  @Test func theFocusedSwitchHasAHaloInTheTintColourAndNothingElseDoes() {
    let controller = UIViewController()
    controller.view.backgroundColor = .white
    let toggle = UISwitch(frame: CGRect(x: 40, y: 200, width: 51, height: 31))
    let other = UISwitch(frame: CGRect(x: 40, y: 300, width: 51, height: 31))
    controller.view.addSubview(toggle)
    controller.view.addSubview(other)
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    host.fullKeyboardAccess = true
    let blue = RGBA(r: 0, g: 122, b: 255)
    // Just outside the switch's left edge (the ring lies 1–4 points out).
    let besideFocused = CGRect(x: 37, y: 212, width: 2, height: 6)
    let besideOther = CGRect(x: 37, y: 312, width: 2, height: 6)
    #expect(!colours(host.snapshotImage(scale: 2), in: besideFocused).contains(blue))
    host.press(.tab)
    #expect(toggle.isFocused)
    let image = host.snapshotImage(scale: 2)
    #expect(colours(image, in: besideFocused).contains(blue))
    #expect(!colours(image, in: besideOther).contains(blue))
    // Inside the switch, its own colours, not the halo's.
    #expect(!colours(image, in: CGRect(x: 60, y: 212, width: 4, height: 4)).contains(blue))
  }
}
#endif
