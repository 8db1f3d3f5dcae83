#if Pixels
  import Foundation
  import Testing
  import UIKit
  import UIKitSnapshotTesting
  import UIKitTesting

  @testable import WorldTrotter

  /// The image strategies (trait `Pixels`): PNG references drawn by UIKitPixels, compared pixel
  /// by pixel or within a tolerance.
  @MainActor
  @Suite struct ImageSnapshotTests {
    @Test func aViewAsAnImage() {
      assertSnapshot(of: TextSnapshotTests.greetingView(), as: .image, named: "greeting")
    }

    /// WorldTrotter's screen on an iPhone SE, at 1 pixel a point to keep the reference small.
    @Test func aViewControllerOnAnIPhoneSE() {
      let controller = ConversionViewController()
      controller.locale = Locale(identifier: "en_US")
      assertSnapshot(of: controller, as: .image(on: .iPhoneSe, scale: 1))
    }

    /// When the UI changes, the snapshot fails against the reference: SnapshotTesting's message
    /// with the comparison's own line saying how many pixels differ and where.
    @Test func aChangedViewFailsItsImageReference() throws {
      let view = TextSnapshotTests.greetingView()
      (view.subviews[0] as! UILabel).text = "Hullo"
      let message = try #require(
        verifySnapshot(of: view, as: .image, named: "greeting", record: .never, testName: "aViewAsAnImage()"))
      #expect(message.contains("Snapshot \"greeting\" does not match reference."))
      #expect(message.contains("Newly-taken snapshot does not match reference."))
      // "N of 57600 pixels differ (p %) within (x, y, w × h) pixels.": the label's letters only.
      let line = try #require(message.split(separator: "\n").first { $0.contains("pixels differ") })
      #expect(line.contains("of 57600 pixels differ"), "200 × 72 points at 2x")
      let within = try #require(line.range(of: "within ("))
      let box = line[within.upperBound...].prefix { $0 != ")" }.split(separator: ",").map {
        Int($0.split(separator: " ").first { Int($0) != nil } ?? "") ?? -1
      }
      #expect(box.count == 3 && box[1] >= 16 && box[1] < 58, "the difference is in the label's rows (y 8…29 pt)")
      // assertSnapshot reports the same mismatch as a test issue.
      withKnownIssue {
        assertSnapshot(of: view, as: .image, named: "greeting", record: .never, testName: "aViewAsAnImage()")
      }
    }

    /// A same-size view that changed only a little passes with a precision below 1, and a
    /// colour a little off passes with a perceptual precision below 1, as on iOS.
    @Test func precisionAndPerceptualPrecision() {
      let reference = RGBAImage(width: 100, height: 100, scale: 1, color: RGBA(r: 200, g: 100, b: 50))
      var fewPixels = reference
      for x in 0..<10 { fewPixels[x, 0] = RGBA(r: 0, g: 0, b: 0) }
      var slightlyOff = reference
      for y in 0..<100 { for x in 0..<100 { slightlyOff[x, y] = RGBA(r: 201, g: 101, b: 50) } }

      let exact = Diffing<RGBAImage>.image
      #expect(exact.diffV2(reference, reference) == nil)
      #expect(exact.diffV2(reference, fewPixels)?.0.hasPrefix("Newly-taken snapshot does not match reference.") == true)
      #expect(exact.diffV2(reference, fewPixels)?.0.contains("10 of 10000 pixels differ (0.100 %) within (0, 0, 10 × 1) pixels.") == true)
      // 10 pixels × 3 channels of 40000 bytes differ: a precision of 0.999 allows 40.
      #expect(Diffing<RGBAImage>.image(precision: 0.999).diffV2(reference, fewPixels) == nil)
      let bytes = Diffing<RGBAImage>.image(precision: 0.9995).diffV2(reference, fewPixels)?.0
      #expect(bytes?.hasPrefix("Actual image precision 0.9992") == true && bytes?.contains("is less than required 0.9995") == true)
      // One level on red and green is far below a just noticeable difference (ΔE94 about 0.4).
      #expect(Diffing<RGBAImage>.image(perceptualPrecision: 0.98).diffV2(reference, slightlyOff) == nil)
      let strict = Diffing<RGBAImage>.image(perceptualPrecision: 0.999).diffV2(reference, slightlyOff)
      #expect(strict?.0.hasPrefix("The percentage of pixels that match 0.0 is less than required 1.0") == true)
      // Black pixels on orange are far off whatever the tolerance per pixel: 10 of 10000 fail.
      #expect(Diffing<RGBAImage>.image(precision: 0.9995, perceptualPrecision: 0.98).diffV2(reference, fewPixels) != nil)
      #expect(Diffing<RGBAImage>.image(precision: 0.998, perceptualPrecision: 0.98).diffV2(reference, fewPixels) == nil)
    }

    /// Another size fails with iOS's message; the attachments are the reference, the new
    /// image and the difference (white where the difference is largest).
    @Test func sizesAndAttachments() throws {
      let small = RGBAImage(width: 4, height: 2, scale: 2)
      let large = RGBAImage(width: 6, height: 2, scale: 2)
      let sizeMessage = try #require(Diffing<RGBAImage>.image.diffV2(small, large)?.0)
      #expect(sizeMessage == "Newly-taken snapshot@(3.0, 1.0) does not match reference@(2.0, 1.0).")

      var changed = small
      changed[1, 1] = RGBA(r: 255, g: 0, b: 0)
      changed[2, 0] = RGBA(r: 255, g: 200, b: 200)
      let (_, attachments) = try #require(Diffing<RGBAImage>.image.diffV2(small, changed))
      let names = attachments.compactMap { attachment -> String? in
        if case .data(_, let name) = attachment { return name }
        return nil
      }
      #expect(names == ["reference.png", "failure.png", "difference.png"])
      guard case .data(let png, _) = attachments[2], let difference = PNGDecoder.decode(Array(png)) else {
        Issue.record("the difference is a PNG")
        return
      }
      #expect(difference[1, 1] == RGBA(r: 255, g: 255, b: 255), "the largest difference is white")
      #expect(difference[2, 0] == RGBA(r: 55, g: 55, b: 55), "55 of at most 255: stretched by 255 / 255")
      #expect(difference[0, 0] == RGBA(r: 0, g: 0, b: 0), "black where they agree")
    }

    /// A host's whole window, keyboard included, matches `HeadlessHost.snapshotImage`.
    @Test func aHostsWindowIsItsSnapshotImage() {
      let controller = ConversionViewController()
      controller.locale = Locale(identifier: "en_US")
      let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
      host.tap(controller.textField)
      host.type("212")
      host.settle()
      var image: RGBAImage?
      Snapshotting<HeadlessHost, RGBAImage>.image(scale: 1).snapshot(host).run { image = $0 }
      #expect(image == host.snapshotImage(scale: 1))
      // The controller's view alone leaves the keyboard out (it is not one of its subviews).
      var viewOnly: RGBAImage?
      Snapshotting<UIViewController, RGBAImage>.image(scale: 1).snapshot(controller).run { viewOnly = $0 }
      #expect(viewOnly?.width == 390 && viewOnly?.height == 844)
      let keyboardTop = Int(host.keyboardFrame!.minY) + 40
      #expect(viewOnly.map { $0[195, keyboardTop] } != image.map { $0[195, keyboardTop] })
    }
  }
#endif
