#if Pixels
import Foundation
import Testing
import UIKit
import UIKitTesting
@testable import Hypnosister
@testable import PersonForm
@testable import ProfileForm
@testable import UIKitPixels
@testable import WorldTrotter

/// The README's pictures of the four apps, made from the apps themselves on an iPhone-sized
/// screen with text measured in font points. With `UIKIT_PICTURES` set to a folder, each is
/// written there as a PNG (at 2x):
///
///     UIKIT_PICTURES=Docs/Pictures swift test --traits Pixels --filter ReadmePictures
///
/// Without it the pictures are drawn and checked but not written.
@MainActor
@Suite("ReadmePictures")
struct ReadmePictures {
  let scale: CGFloat = 2

  func keep(_ host: HeadlessHost, _ name: String) throws -> RGBAImage {
    let image = host.snapshotImage(scale: scale)
    if let folder = ProcessInfo.processInfo.environment["UIKIT_PICTURES"], !folder.isEmpty {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let png = Data(PNGEncoder.encode(image))
      try png.write(to: URL(fileURLWithPath: folder).appendingPathComponent("\(name).png"))
    }
    return image
  }

  /// Whether `rect` (points) holds pixels of more than one colour: something was drawn there.
  func hasInk(_ image: RGBAImage, in rect: CGRect) -> Bool {
    let r = PixelRect(covering: rect, scale: scale).intersection(image.bounds)
    return Set(image.bytes(in: r).chunks4()).count > 1
  }

  @Test func worldTrotterConverting212() throws {
    let controller = ConversionViewController()
    // What the app shows when run on Linux, whose fixed locale is en_001 (README's pictures).
    controller.locale = Locale(identifier: "en_001")
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    host.tap(controller.textField)
    host.type("212")
    host.settle()
    #expect(controller.celsiusLabel.text == "100")
    let image = try keep(host, "worldtrotter")
    let inked = hasInk(image, in: controller.celsiusLabel.convert(controller.celsiusLabel.bounds, to: nil))
    #expect(inked)
  }

  @Test func personFormWithANameTyped() throws {
    let controller = PersonFormViewController()
    controller.locale = Locale(identifier: "en_001")
    controller.today = ISO8601DateFormatter().date(from: "2026-11-22T12:00:00Z")!
    let host = HeadlessHost(
      rootViewController: UINavigationController(rootViewController: controller), measuresTextWithFonts: true)
    // Typed as a user types on a keyboard whose Auto-Capitalization is on (iOS's default and the
    // terminal's): the field capitalises words.
    host.hardwareKeyboardAutoCapitalization = true
    host.tap(controller.nameField)
    host.type("ada lovelace")
    host.settle()
    #expect(controller.nameField.text == "Ada Lovelace")
    let image = try keep(host, "personform")
    let inked = hasInk(image, in: controller.nameField.convert(controller.nameField.bounds, to: nil))
    #expect(inked)
  }

  @Test func profileFormWithAnInvalidEmail() throws {
    let controller = ProfileFormViewController()
    let host = HeadlessHost(
      rootViewController: UINavigationController(rootViewController: controller), measuresTextWithFonts: true)
    host.hardwareKeyboardAutoCapitalization = true
    let name = try #require(controller.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) as? TextFieldCell)
    host.tap(name.field)
    host.type("ada lovelace\n")
    host.type("ada@example")
    host.settle()
    #expect(controller.collectionView.numberOfItems(inSection: 0) == 3)
    let image = try keep(host, "profileform")
    let problem = try #require(controller.collectionView.cellForItem(at: IndexPath(item: 2, section: 0)))
    #expect(hasInk(image, in: problem.convert(problem.bounds, to: nil)))
  }

  @Test func hypnosisterWithAMessage() throws {
    let controller = HypnosisViewController()
    controller.randomNumberGenerator = SeededRandomNumberGenerator(seed: 2002)
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    host.window.backgroundColor = .white
    host.hardwareKeyboardAutoCapitalization = true
    host.tap(controller.textField)
    host.type("hello\n")
    host.settle()
    let image = try keep(host, "hypnosister")
    #expect(image.width == 780)
    // The rings are drawn: the middle row of the picture crosses grey and white.
    let row = PixelRect(x: 0, y: image.height / 2, width: image.width, height: 1)
    let colours = Set(image.bytes(in: row).chunks4())
    #expect(colours.count > 2)
  }
}

extension Array where Element == UInt8 {
  /// The pixels, as one number each.
  func chunks4() -> [UInt32] {
    stride(from: 0, to: count - 3, by: 4).map {
      UInt32(self[$0]) << 24 | UInt32(self[$0 + 1]) << 16 | UInt32(self[$0 + 2]) << 8 | UInt32(self[$0 + 3])
    }
  }
}
#endif
