#if Pixels
import Foundation
import Testing
import UIKit
import UIKitTesting
@testable import UIKitPixels

/// The colours in a rectangle (points) of an image.
func coloursOf(_ image: RGBAImage, in rect: CGRect) -> Set<RGBA> {
  var set = Set<RGBA>()
  let r = PixelRect(covering: rect, scale: image.scale).intersection(image.bounds)
  for y in r.y..<(r.y + r.height) {
    for x in r.x..<(r.x + r.width) { set.insert(image[x, y]) }
  }
  return set
}

/// A screen of one colour whose status bar and home indicator preferences the test sets.
@MainActor
final class ChromeController: UIViewController {
  var style: UIStatusBarStyle = .default
  var statusBarHidden = false
  var homeIndicatorHidden = false
  var background: UIColor = .white
  let field = UITextField(frame: CGRect(x: 20, y: 120, width: 300, height: 34))

  override var preferredStatusBarStyle: UIStatusBarStyle { style }
  override var prefersStatusBarHidden: Bool { statusBarHidden }
  override var prefersHomeIndicatorAutoHidden: Bool { homeIndicatorHidden }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = background
    field.borderStyle = .roundedRect
    field.font = .systemFont(ofSize: 17)
    view.addSubview(field)
  }
}

/// The device's chrome (status bar, home indicator), the keyboard's look and the selection's
/// grab handles, in pixels.
@MainActor
@Suite("ChromePixelTests", .serialized)
struct ChromePixelTests {
  let black = RGBA(r: 0, g: 0, b: 0)
  let white = RGBA(r: 255, g: 255, b: 255)

  func colours(_ image: RGBAImage, in rect: CGRect) -> Set<RGBA> { coloursOf(image, in: rect) }

  func luminance(_ c: RGBA) -> Double { 0.2126 * Double(c.r) + 0.7152 * Double(c.g) + 0.0722 * Double(c.b) }

  // MARK: Status bar

  @Test func theStatusBarShowsTheTimeAndSymbolsInDarkContentByDefault() {
    let controller = ChromeController()
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    let image = host.snapshotImage(scale: 2)
    // The time in the left ear: black ink on white.
    let time = colours(image, in: CGRect(x: 20, y: 10, width: 90, height: 30))
    #expect(time.contains(black))
    // The battery, cellular bars and Wi-Fi in the right ear: black ink too.
    let symbols = colours(image, in: CGRect(x: 280, y: 10, width: 100, height: 30))
    #expect(symbols.contains(black))
    // Nothing of it below the status bar, nor in the middle (the notch).
    #expect(colours(image, in: CGRect(x: 150, y: 10, width: 90, height: 30)) == [white])
    // The terminal draws none of it.
    #expect(!host.screen().contains("9:41"))
  }

  @Test func lightContentIsWhiteAndAHiddenStatusBarIsNotDrawn() {
    let controller = ChromeController()
    controller.background = .black
    controller.style = .lightContent
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    let image = host.snapshotImage(scale: 2)
    let time = colours(image, in: CGRect(x: 20, y: 10, width: 90, height: 30))
    #expect(time.contains(white))
    #expect(!time.contains { luminance($0) > 10 && luminance($0) < 245 && $0.r != $0.b })

    controller.style = .darkContent
    controller.setNeedsStatusBarAppearanceUpdate()
    #expect(!colours(host.snapshotImage(scale: 2), in: CGRect(x: 20, y: 10, width: 90, height: 30)).contains(white))

    controller.statusBarHidden = true
    controller.setNeedsStatusBarAppearanceUpdate()
    #expect(colours(host.snapshotImage(scale: 2), in: CGRect(x: 0, y: 0, width: 390, height: 47)) == [black])
  }

  @Test func aNavigationControllerTakesTheStatusBarStyleFromItsBar() {
    let controller = ChromeController()
    controller.style = .lightContent
    let navigation = UINavigationController(rootViewController: controller)
    let host = HeadlessHost(rootViewController: navigation, measuresTextWithFonts: true)
    #expect(host.window._statusBarStyle == .default)
    navigation.navigationBar.barStyle = .black
    #expect(host.window._statusBarStyle == .lightContent)
    navigation.navigationBar.barStyle = .default
    navigation.isNavigationBarHidden = true
    #expect(host.window._statusBarStyle == .lightContent)
    controller.statusBarHidden = true
    #expect(host.window._statusBarHidden)
  }

  // MARK: Home indicator

  @Test func theHomeIndicatorIsABarBlackOnLightAndWhiteOnDark() {
    let controller = ChromeController()
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    var image = host.snapshotImage(scale: 2)
    // 134 × 5 pt, 8 pt above the bottom, centred.
    #expect(image.pixel(atPoint: CGPoint(x: 195, y: 844 - 8 - 2.5)) == black)
    #expect(image.pixel(atPoint: CGPoint(x: 195 - 60, y: 844 - 8 - 2.5)) == black)
    #expect(image.pixel(atPoint: CGPoint(x: 195 - 70, y: 844 - 8 - 2.5)) == white)
    #expect(image.pixel(atPoint: CGPoint(x: 195, y: 844 - 8 + 0.5)) == white)
    #expect(image.pixel(atPoint: CGPoint(x: 195, y: 844 - 13 - 0.5)) == white)

    controller.view.backgroundColor = UIColor(white: 0.1, alpha: 1)
    image = host.snapshotImage(scale: 2)
    #expect(image.pixel(atPoint: CGPoint(x: 195, y: 844 - 8 - 2.5)) == white)

    controller.homeIndicatorHidden = true
    controller.setNeedsUpdateOfHomeIndicatorAutoHidden()
    image = host.snapshotImage(scale: 2)
    #expect(image.pixel(atPoint: CGPoint(x: 195, y: 844 - 8 - 2.5)) != white)
  }

  @Test func anIPhoneSEHasATwentyPointStatusBarAndNoHomeIndicator() {
    let controller = ChromeController()
    let host = HeadlessHost(
      rootViewController: controller, screenSize: CGSize(width: 375, height: 667),
      safeAreaInsets: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0), measuresTextWithFonts: true)
    let image = host.snapshotImage(scale: 2)
    // The time in the middle of a 20 pt bar, the symbols at its ends, nothing below it.
    #expect(colours(image, in: CGRect(x: 160, y: 2, width: 55, height: 16)).contains(black))
    #expect(colours(image, in: CGRect(x: 2, y: 2, width: 40, height: 16)).contains(black))
    #expect(colours(image, in: CGRect(x: 335, y: 2, width: 38, height: 16)).contains(black))
    #expect(colours(image, in: CGRect(x: 0, y: 20, width: 375, height: 90)) == [white])
    #expect(colours(image, in: CGRect(x: 100, y: 620, width: 175, height: 47)) == [white])
  }

  // MARK: Keyboard

  /// The keyboard of `field`, shown, and the window's picture.
  func keyboardPicture(_ configure: (UITextField) -> Void) throws -> (HeadlessHost, RGBAImage, CGRect, [[SoftwareKeyboard.Key]]) {
    let controller = ChromeController()
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    configure(controller.field)
    host.tap(controller.field)
    host.settle()
    let keys = try #require(host.window.keyboard.keysFrame)
    let rows = try #require(host.window.keyboard.softwareKeyboard?.rows)
    return (host, host.snapshotImage(scale: 2), keys, rows)
  }

  @Test func lightKeysAreRoundedWhiteCapsWithAShadowOnIOSsGrey() throws {
    let (_, image, keys, rows) = try keyboardPicture { _ in }
    let background = RGBA(r: 213, g: 214, b: 221)
    let q = rows[0][0].frame.offsetBy(dx: keys.minX, dy: keys.minY)
    #expect(image.pixel(atPoint: CGPoint(x: q.minX + 3, y: q.midY)) == white)
    // The very corner is outside the 5 pt rounding: the keyboard's grey.
    #expect(image.pixel(atPoint: CGPoint(x: q.minX + 0.25, y: q.minY + 0.25)) == background)
    // Beside the key: the grey; just under it: the shadow, darker than the grey.
    #expect(image.pixel(atPoint: CGPoint(x: q.minX - 1.5, y: q.midY)) == background)
    let shadow = image.pixel(atPoint: CGPoint(x: q.midX, y: q.maxY + 0.5))
    #expect(luminance(shadow) < luminance(background) - 20)
    #expect(image.pixel(atPoint: CGPoint(x: q.midX, y: q.maxY + 1.5)) == background)
    // Delete is a grey function key; shift, on for the first letter, is white. The prediction
    // bar above the keys is the keyboard's grey with its separators.
    let delete = try #require(rows[2].last).frame.offsetBy(dx: keys.minX, dy: keys.minY)
    #expect(image.pixel(atPoint: CGPoint(x: delete.minX + 3, y: delete.minY + 3)) == RGBA(r: 171, g: 177, b: 186))
    let shift = rows[2][0].frame.offsetBy(dx: keys.minX, dy: keys.minY)
    #expect(image.pixel(atPoint: CGPoint(x: shift.minX + 3, y: shift.minY + 3)) == white)
    let bar = CGRect(x: keys.minX, y: keys.minY, width: keys.width, height: 45)
    #expect(colours(image, in: CGRect(x: bar.minX + 10, y: bar.minY + 2, width: 100, height: 40)) == [background])
    #expect(colours(image, in: CGRect(x: bar.minX + keys.width / 3 - 1, y: bar.midY - 2, width: 3, height: 4)).count > 1)
  }

  @Test func aDarkKeyboardAndABlueGoKey() throws {
    let (_, image, keys, rows) = try keyboardPicture {
      $0.keyboardAppearance = .dark
      $0.returnKeyType = .go
    }
    #expect(image.pixel(atPoint: CGPoint(x: keys.minX + 1, y: keys.minY + 1)) == RGBA(r: 44, g: 44, b: 44))
    let q = rows[0][0].frame.offsetBy(dx: keys.minX, dy: keys.minY)
    #expect(image.pixel(atPoint: CGPoint(x: q.minX + 3, y: q.minY + 3)) == RGBA(r: 107, g: 107, b: 107))
    let go = try #require(rows.last?.last).frame.offsetBy(dx: keys.minX, dy: keys.minY)
    #expect(image.pixel(atPoint: CGPoint(x: go.minX + 3, y: go.minY + 3)) == RGBA(r: 0, g: 122, b: 255))
  }

  @Test func aNumberPadsDeleteKeyHasNoCapAndItsDigitsCarryLetters() throws {
    let (_, image, keys, rows) = try keyboardPicture { $0.keyboardType = .numberPad }
    let background = RGBA(r: 213, g: 214, b: 221)
    let delete = try #require(rows.last?.last).frame.offsetBy(dx: keys.minX, dy: keys.minY)
    #expect(image.pixel(atPoint: CGPoint(x: delete.minX + 3, y: delete.minY + 3)) == background)
    let two = rows[0][1].frame.offsetBy(dx: keys.minX, dy: keys.minY)
    // Ink in the lower part of "2" (its "ABC").
    #expect(colours(image, in: CGRect(x: two.midX - 12, y: two.minY + two.height * 0.66, width: 24, height: 9)).count > 2)
  }

  @Test func padKeysWithoutCapsAreDeleteTheDecimalPointAndThePlaneSwitches() {
    let english = Locale(identifier: "en_US")
    let decimal = SoftwareKeyboard(keyboardType: .decimalPad, locale: english)
    #expect(decimal.rows(width: 390).flatMap { $0 }.filter { !decimal.hasCap($0) }.map(\.label) == [".", "⌫"])
    let phone = SoftwareKeyboard(keyboardType: .phonePad, locale: english)
    #expect(phone.rows(width: 390).flatMap { $0 }.filter { !phone.hasCap($0) }.map(\.label) == ["+*#", "⌫"])
    // The phone pad's second page: its symbols and words on caps.
    let symbols = SoftwareKeyboard(keyboardType: .phonePad, locale: english, plane: .padSymbols)
    let keys = symbols.rows(width: 390).flatMap { $0 }
    #expect(keys.filter { $0.role == .character }.allSatisfy(symbols.hasCap))
    #expect(keys.contains { $0.label == "pause" && symbols.hasCap($0) })
  }

  // MARK: Selection handles

  @Test func aSelectionMadeByTouchHasGrabHandlesAndOneMadeFromTheKeyboardHasNone() throws {
    let controller = ChromeController()
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    host.isSoftwareKeyboardEnabled = false
    host.tap(controller.field)
    host.type("hello world")
    let frame = controller.field.frame
    let tint = RGBA(r: 0, g: 122, b: 255)
    // The field's top and bottom strips, above and below its line of text (a 20 pt line in a
    // 34 pt field): nothing in the tint colour while the caret blinks in the line.
    let top = CGRect(x: frame.minX, y: frame.minY, width: frame.width, height: 6)
    let bottom = CGRect(x: frame.minX, y: frame.maxY - 6, width: frame.width, height: 6)
    #expect(!colours(host.snapshotImage(scale: 2), in: top).contains(tint))
    #expect(!colours(host.snapshotImage(scale: 2), in: bottom).contains(tint))

    host.doubleTap(controller.field, at: CGPoint(x: 30, y: frame.height / 2))
    #expect(controller.field.selectedTextRange.flatMap { controller.field.text(in: $0) } == "hello")
    var image = host.snapshotImage(scale: 2)
    // The start handle's dot sticks out above the line, the end handle's below it.
    #expect(colours(image, in: top).contains(tint))
    #expect(colours(image, in: bottom).contains(tint))
    // The edit menu the double tap showed stays clear of the start handle's dot, as on iOS.
    let callout = try #require(host.window._editMenuInteraction?._callout)
    let selection = try #require(controller.field.selectedTextRange)
    let startRect = controller.field.convert(controller.field.caretRect(for: selection.start), to: nil)
    #expect(callout.frame.maxY <= startRect.minY - 10 || callout.frame.minY >= startRect.maxY)

    host.press(.right)
    host.press(.left, modifiers: .shift)
    host.press(.left, modifiers: .shift)
    #expect(controller.field.selectedTextRange.flatMap { controller.field.text(in: $0) } == "lo")
    image = host.snapshotImage(scale: 2)
    // No handles, and no caret while a range is selected: no pure tint anywhere in the field.
    #expect(!colours(image, in: frame).contains(tint))
  }

  @Test func aHiddenCaretIsNotDrawn() {
    var list = DisplayList()
    var run = TextRun(string: "ab", font: .systemFont(ofSize: 17), color: .black, alignment: .left)
    run.caretOffset = 2
    let frame = CGRect(x: 10, y: 10, width: 100, height: 22)
    list.append(DisplayItem(frame: frame, clip: CGRect(x: 0, y: 0, width: 120, height: 40), content: .text(run)))
    let tint = RGBA(r: 0, g: 122, b: 255)
    let shown = PixelRenderer(scale: 2).render(list, size: CGSize(width: 120, height: 40))
    #expect(colours(shown, in: frame).contains(tint))
    run.isCaretHidden = true
    list.items[0].content = .text(run)
    let hidden = PixelRenderer(scale: 2).render(list, size: CGSize(width: 120, height: 40))
    #expect(!colours(hidden, in: frame).contains(tint))
  }

  // MARK: Symbols drawn as shapes

  /// The search field's magnifier is a ring with a handle (the lens's middle shows the field
  /// through it), and the clear button a grey disc with the cross cut out of it, as iOS draws
  /// SF Symbols' magnifyingglass and xmark.circle.fill — not an emoji's silhouette or a ✕.
  @Test func theSearchFieldsMagnifierAndClearButtonAreShapes() throws {
    let controller = ChromeController()
    let bar = UISearchBar(frame: CGRect(x: 0, y: 100, width: 390, height: 56))
    controller.loadViewIfNeeded()
    controller.view.addSubview(bar)
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    let field = bar.searchTextField
    host.tap(field)
    host.type("hi")
    let image = host.snapshotImage(scale: 2)
    func pixel(_ p: CGPoint) -> RGBA { image[Int(p.x * 2), Int(p.y * 2)] }
    let background = pixel(field.convert(CGPoint(x: field.bounds.midX, y: 3), to: nil))

    let glass = try #require(field.leftView)
    let box = glass.convert(glass.bounds, to: nil)
    let side = min(box.width, box.height)
    let lens = CGPoint(x: box.midX - side * 0.08, y: box.midY - side * 0.08)
    #expect(pixel(lens) == background)
    let ring = CGPoint(x: lens.x - side * 0.275, y: lens.y)
    #expect(luminance(pixel(ring)) < luminance(background) - 40)
    let handle = CGPoint(x: box.midX + side * 0.3, y: box.midY + side * 0.3)
    #expect(luminance(pixel(handle)) < luminance(background) - 40)

    let clear = field.convert(field.clearButtonRect(forBounds: field.bounds), to: nil)
    let radius = min(clear.width, clear.height) / 2
    #expect(pixel(CGPoint(x: clear.midX, y: clear.midY)) == background)
    let disc = pixel(CGPoint(x: clear.midX, y: clear.midY - radius * 0.7))
    #expect(luminance(disc) < luminance(background) - 40)
  }
}
#endif
