#if Web
  import Foundation
  import Testing
  import UIKit
  import UIKitPixels
  import UIKitTesting
  @testable import WebHost

  /// The browser test's hook: with UIKIT_WEB_SNAPSHOT set, the app writes what its window shows
  /// as a PNG drawn whole at the frames' scale.
  @MainActor
  @Suite struct WebSnapshotHookTests {
    @Test func noHookWithoutTheVariable() {
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 40, height: 30))
      #expect(WebSnapshotHook(window: window, scale: 2, environment: [:]) == nil)
      #expect(WebSnapshotHook(window: window, scale: 2, environment: ["UIKIT_WEB_SNAPSHOT": ""]) == nil)
    }

    @Test func writesTheWindowAsAPNG() throws {
      let controller = UIViewController()
      controller.view.backgroundColor = .red
      let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 40, height: 30))
      let path = FileManager.default.temporaryDirectory.appendingPathComponent("hook-\(UUID().uuidString).png").path
      defer { try? FileManager.default.removeItem(atPath: path) }
      let hook = try #require(WebSnapshotHook(window: host.window, scale: 2, environment: ["UIKIT_WEB_SNAPSHOT": path]))
      hook.write()
      let png = try #require(FileManager.default.contents(atPath: path))
      let image = try #require(PNGDecoder.decode(Array(png), scale: 2))
      #expect(image.width == 80 && image.height == 60, "the window at 2 pixels a point")
      #expect(image == host.snapshotImage(scale: 2), "what the window shows, as a snapshot draws it")
      #expect(image[40, 30] == RGBA(r: 255, g: 0, b: 0), "the view's background, UIColor.red")
      #expect(!FileManager.default.fileExists(atPath: path + ".partial"), "written beside, then renamed")
    }
  }
#endif
