import Foundation
import Testing
import UIKit

private func near(_ x: CGFloat, _ y: CGFloat) -> Bool {
  abs(x - y) <= 1e-9
}

private func near(_ p: CGPoint, _ q: CGPoint) -> Bool { near(p.x, q.x) && near(p.y, q.y) }

private func near(_ r: CGRect, _ s: CGRect) -> Bool {
  near(r.origin, s.origin) && near(r.width, s.width) && near(r.height, s.height)
}

private func near(_ t: CGAffineTransform, _ u: CGAffineTransform) -> Bool {
  near(t.a, u.a) && near(t.b, u.b) && near(t.c, u.c) && near(t.d, u.d) && near(t.tx, u.tx)
    && near(t.ty, u.ty)
}

// MARK: - CGAffineTransform

@Suite struct AffineTransformTests {
  @Test func identityAndZero() {
    #expect(CGAffineTransform.identity.isIdentity)
    #expect(CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) == .identity)
    #expect(CGAffineTransform(1, 0, 0, 1, 0, 0).isIdentity)
    let zero = CGAffineTransform()
    #expect(!zero.isIdentity)
    #expect([zero.a, zero.b, zero.c, zero.d, zero.tx, zero.ty] == [0, 0, 0, 0, 0, 0])
    #expect(!CGAffineTransform(translationX: 1, y: 0).isIdentity)
  }

  @Test func makersApplyToPoints() {
    let p = CGPoint(x: 3, y: 4)
    #expect(p.applying(CGAffineTransform(translationX: 10, y: -2)) == CGPoint(x: 13, y: 2))
    #expect(p.applying(CGAffineTransform(scaleX: 2, y: -3)) == CGPoint(x: 6, y: -12))
    #expect(p.applying(.identity) == p)
    // x' = a·x + c·y + tx, y' = b·x + d·y + ty
    let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
    #expect(p.applying(t) == CGPoint(x: 1 * 3 + 3 * 4 + 5, y: 2 * 3 + 4 * 4 + 6))
  }

  @Test func rotationByQuarterTurn() {
    let quarter = CGAffineTransform(rotationAngle: .pi / 2)
    #expect(near(CGPoint(x: 1, y: 0).applying(quarter), CGPoint(x: 0, y: 1)))
    #expect(near(CGPoint(x: 0, y: 1).applying(quarter), CGPoint(x: -1, y: 0)))
    #expect(near(quarter.a, 0) && near(quarter.b, 1) && near(quarter.c, -1) && near(quarter.d, 0))
    let half = quarter.concatenating(quarter)
    #expect(near(half, CGAffineTransform(rotationAngle: .pi)))
    #expect(near(CGPoint(x: 2, y: 5).applying(half), CGPoint(x: -2, y: -5)))
    #expect(near(CGAffineTransform.identity.rotated(by: .pi / 2), quarter))
  }

  @Test func concatenationAppliesLeftFirst() {
    let translate = CGAffineTransform(translationX: 10, y: 20)
    let scale = CGAffineTransform(scaleX: 2, y: 3)
    let p = CGPoint(x: 1, y: 1)
    // Translate, then scale.
    #expect(p.applying(translate.concatenating(scale)) == CGPoint(x: 22, y: 63))
    // Scale, then translate.
    #expect(p.applying(scale.concatenating(translate)) == CGPoint(x: 12, y: 23))
    #expect(translate.concatenating(scale) != scale.concatenating(translate))
    // Translate down by 1, then turn a quarter: the origin ends up at (-1, 0).
    let turn = CGAffineTransform(translationX: 0, y: 1).concatenating(CGAffineTransform(rotationAngle: .pi / 2))
    #expect(near(CGPoint.zero.applying(turn), CGPoint(x: -1, y: 0)))
    #expect(near(CGPoint(x: 1, y: 0).applying(turn), CGPoint(x: -1, y: 1)))
  }

  @Test func translatedScaledRotatedPrependTheirOperation() {
    let base = CGAffineTransform(translationX: 10, y: 20)
    let p = CGPoint(x: 1, y: 1)
    // The new operation happens first, in the untransformed space.
    #expect(p.applying(base.scaledBy(x: 2, y: 3)) == CGPoint(x: 12, y: 23))
    #expect(p.applying(base.translatedBy(x: 5, y: 5)) == CGPoint(x: 16, y: 26))
    #expect(near(p.applying(base.rotated(by: .pi / 2)), CGPoint(x: 9, y: 21)))
    let scaled = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 1, y: 1)
    #expect(CGPoint.zero.applying(scaled) == CGPoint(x: 2, y: 2))
  }

  @Test func inversion() {
    let t = CGAffineTransform(translationX: 7, y: -3).scaledBy(x: 2, y: 0.5).rotated(by: 0.7)
    let inverse = t.inverted()
    #expect(near(t.concatenating(inverse), .identity))
    #expect(near(inverse.concatenating(t), .identity))
    let p = CGPoint(x: 12.5, y: -4)
    #expect(near(p.applying(t).applying(inverse), p))
    #expect(CGAffineTransform(translationX: 3, y: 4).inverted() == CGAffineTransform(translationX: -3, y: -4))
    #expect(CGAffineTransform(scaleX: 4, y: 0.5).inverted() == CGAffineTransform(scaleX: 0.25, y: 2))
    #expect(CGAffineTransform.identity.inverted() == .identity)
  }

  @Test func singularTransformInvertsToItself() {
    let flat = CGAffineTransform(a: 0, b: 0, c: 0, d: 1, tx: 5, ty: 6)
    #expect(flat.inverted() == flat)
    let collinear = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0)
    #expect(collinear.inverted() == collinear)
    #expect(CGAffineTransform().inverted() == CGAffineTransform())
  }

  @Test func sizesIgnoreTranslation() {
    let size = CGSize(width: 10, height: 4)
    #expect(size.applying(CGAffineTransform(translationX: 100, y: 100)) == size)
    #expect(size.applying(CGAffineTransform(scaleX: -2, y: 3)) == CGSize(width: -20, height: 12))
    let rotated = size.applying(CGAffineTransform(rotationAngle: .pi / 2))
    #expect(near(rotated.width, -4) && near(rotated.height, 10))
  }

  @Test func rectsBecomeTheBoundingBoxOfTheirCorners() {
    let rect = CGRect(x: 0, y: 0, width: 10, height: 20)
    #expect(rect.applying(CGAffineTransform(translationX: 5, y: -5)) == CGRect(x: 5, y: -5, width: 10, height: 20))
    #expect(rect.applying(CGAffineTransform(scaleX: -1, y: 2)) == CGRect(x: -10, y: 0, width: 10, height: 40))
    #expect(near(rect.applying(CGAffineTransform(rotationAngle: .pi / 2)), CGRect(x: -20, y: 0, width: 20, height: 10)))
    // A 45° turn of a unit square: the box is √2 wide, centred on x = 0.
    let diamond = CGRect(x: 0, y: 0, width: 1, height: 1).applying(CGAffineTransform(rotationAngle: .pi / 4))
    let root2 = CGFloat(2).squareRoot()
    #expect(near(diamond, CGRect(x: -root2 / 2, y: 0, width: root2, height: root2)))
    // Negative sizes are read as the rectangle they describe.
    let negative = CGRect(x: 10, y: 10, width: -10, height: -10)
    #expect(negative.applying(.identity) == CGRect(x: 0, y: 0, width: 10, height: 10))
    #expect(CGRect.null.applying(CGAffineTransform(translationX: 1, y: 1)).isNull)
  }

  @Test func descriptionCodableAndHashable() throws {
    let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
    #expect(t.description == "CGAffineTransform(a: 1.0, b: 2.0, c: 3.0, d: 4.0, tx: 5.0, ty: 6.0)")
    let data = try JSONEncoder().encode(t)
    #expect(String(decoding: data, as: UTF8.self) == "[1,2,3,4,5,6]")
    #expect(try JSONDecoder().decode(CGAffineTransform.self, from: data) == t)
    #expect(Set([t, t, .identity]).count == 2)
  }
}

// MARK: - UIEdgeInsets

@Suite struct EdgeInsetsTests {
  @Test func insettingARect() {
    let insets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
    let rect = CGRect(x: 10, y: 20, width: 100, height: 50)
    #expect(rect.inset(by: insets) == CGRect(x: 12, y: 21, width: 94, height: 46))
    #expect(rect.inset(by: .zero) == rect)
    #expect(rect.inset(by: UIEdgeInsets(top: -5, left: -5, bottom: -5, right: -5)) == rect.insetBy(dx: -5, dy: -5))
    // Not clamped: too large insets give a negative size, as UIEdgeInsetsInsetRect does.
    #expect(CGRect(x: 0, y: 0, width: 4, height: 4).inset(by: UIEdgeInsets(top: 0, left: 3, bottom: 0, right: 3)).size.width == -2)
  }

  @Test func valuesAndEquality() {
    #expect(UIEdgeInsets() == .zero)
    #expect(UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4) != UIEdgeInsets(top: 1, left: 2, bottom: 4, right: 3))
    #expect(UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4).description == "{1.0, 2.0, 3.0, 4.0}")
    let directional = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
    #expect(directional.leading == 2 && directional.trailing == 4)
    #expect(NSDirectionalEdgeInsets() == .zero)
  }
}

// MARK: - NSValue

@Suite struct NSValueTests {
  let rect = CGRect(x: 1, y: 2, width: 300, height: 216)
  let transform = CGAffineTransform(translationX: 4, y: 5).scaledBy(x: 2, y: 3)
  let insets = UIEdgeInsets(top: 0, left: 0, bottom: 291, right: 0)

  @Test func roundTripThroughANotificationsUserInfo() throws {
    let name = Notification.Name("GraphicsTests.keyboardWillShow")
    let center = NotificationCenter()
    nonisolated(unsafe) var received: [AnyHashable: Any]?
    let token = center.addObserver(forName: name, object: nil, queue: nil) { received = $0.userInfo }
    defer { center.removeObserver(token) }
    center.post(
      name: name, object: nil,
      userInfo: [
        "frame": NSValue(cgRect: rect),
        "origin": NSValue(cgPoint: CGPoint(x: -1, y: 7.5)),
        "size": NSValue(cgSize: CGSize(width: 8, height: 9)),
        "transform": NSValue(cgAffineTransform: transform),
        "insets": NSValue(uiEdgeInsets: insets),
        "directional": NSValue(directionalEdgeInsets: NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)),
        "duration": NSNumber(value: 0.25),
      ])
    let userInfo = try #require(received)
    #expect((userInfo["frame"] as? NSValue)?.cgRectValue == rect)
    #expect((userInfo["origin"] as? NSValue)?.cgPointValue == CGPoint(x: -1, y: 7.5))
    #expect((userInfo["size"] as? NSValue)?.cgSizeValue == CGSize(width: 8, height: 9))
    #expect((userInfo["transform"] as? NSValue)?.cgAffineTransformValue == transform)
    #expect((userInfo["insets"] as? NSValue)?.uiEdgeInsetsValue == insets)
    #expect(
      (userInfo["directional"] as? NSValue)?.directionalEdgeInsetsValue
        == NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
    #expect((userInfo["duration"] as? NSNumber)?.doubleValue == 0.25)
  }

  @Test func structsAndBoxesCastBothWaysAsTheyBridgeOnIOS() {
    let directional = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
    let boxes: [String: Any] = [
      "frame": NSValue(cgRect: rect), "origin": NSValue(cgPoint: CGPoint(x: -1, y: 7.5)),
      "size": NSValue(cgSize: CGSize(width: 8, height: 9)), "transform": NSValue(cgAffineTransform: transform),
      "insets": NSValue(uiEdgeInsets: insets), "directional": NSValue(directionalEdgeInsets: directional),
    ]
    #expect(boxes["frame"] as? CGRect == rect)
    #expect(boxes["origin"] as? CGPoint == CGPoint(x: -1, y: 7.5))
    #expect(boxes["size"] as? CGSize == CGSize(width: 8, height: 9))
    #expect(boxes["transform"] as? CGAffineTransform == transform)
    #expect(boxes["insets"] as? UIEdgeInsets == insets)
    #expect(boxes["directional"] as? NSDirectionalEdgeInsets == directional)
    // A box of one shape is not another shape.
    #expect(boxes["frame"] as? CGSize == nil)
    #expect(boxes["origin"] as? CGRect == nil)
    #expect(boxes["insets"] as? NSDirectionalEdgeInsets == nil)
    #expect(boxes["transform"] as? UIEdgeInsets == nil)

    // Structs put into a dictionary read back as boxes.
    let structs: [String: Any] = ["frame": rect, "insets": insets, "transform": transform]
    #expect((structs["frame"] as? NSValue)?.cgRectValue == rect)
    #expect((structs["insets"] as? NSValue)?.uiEdgeInsetsValue == insets)
    #expect((structs["transform"] as? NSValue)?.cgAffineTransformValue == transform)
    #expect(structs["frame"] as? CGRect == rect)
    #expect((structs["frame"] as? NSValue) == NSValue(cgRect: rect))
    // Foundation's own edge-insets box reads as UIEdgeInsets.
    let foundationBox: Any = NSValue(edgeInsets: NSEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
    #expect(foundationBox as? UIEdgeInsets == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
  }

  @Test func roundTripThroughANotificationValue() {
    let note = Notification(name: .init("x"), object: nil, userInfo: ["frame": NSValue(cgRect: rect)])
    #expect((note.userInfo?["frame"] as? NSValue)?.cgRectValue == rect)
  }

  @Test func boxesCompareByContent() {
    #expect(NSValue(cgRect: rect) == NSValue(cgRect: rect))
    #expect(NSValue(cgRect: rect) == NSValue(rect: rect))
    #expect(NSValue(cgRect: rect) != NSValue(cgRect: rect.offsetBy(dx: 1, dy: 0)))
    #expect(NSValue(cgAffineTransform: transform) == NSValue(cgAffineTransform: transform))
    #expect(NSValue(cgAffineTransform: transform).hash == NSValue(cgAffineTransform: transform).hash)
    #expect(NSValue(cgAffineTransform: transform) != NSValue(cgAffineTransform: .identity))
    #expect(NSValue(uiEdgeInsets: insets) == NSValue(uiEdgeInsets: insets))
    #expect(NSValue(uiEdgeInsets: .zero) != NSValue(cgAffineTransform: .identity))
    #expect(Set([NSValue(uiEdgeInsets: insets), NSValue(uiEdgeInsets: insets)]).count == 1)
  }

  @Test func objCTypesAndRawBytes() {
    let box = NSValue(cgAffineTransform: transform)
    #expect(String(cString: box.objCType) == "{CGAffineTransform=dddddd}")
    #expect(String(cString: NSValue(uiEdgeInsets: insets).objCType) == "{UIEdgeInsets=dddd}")
    var read = CGAffineTransform()
    withUnsafeMutableBytes(of: &read) { box.getValue($0.baseAddress!) }
    #expect(read == transform)
    #expect(box.description.hasPrefix("CGAffineTransform: "))
  }

  @Test func readingTheWrongKindOfBox() {
    #expect(NSValue(cgRect: rect).cgAffineTransformValue == .identity)
    #expect(NSValue(cgAffineTransform: transform).uiEdgeInsetsValue == .zero)
    #expect(NSValue(uiEdgeInsets: insets).directionalEdgeInsetsValue == .zero)
    // AppKit's NSEdgeInsets box reads as UIEdgeInsets.
    let appKit = NSValue(edgeInsets: NSEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
    #expect(appKit.uiEdgeInsetsValue == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
  }
}

// MARK: - UIColor

@Suite struct ColorTests {
  private func rgba(_ color: UIColor) -> [CGFloat] {
    var r: CGFloat = -1, g: CGFloat = -1, b: CGFloat = -1, a: CGFloat = -1
    #expect(color.getRed(&r, green: &g, blue: &b, alpha: &a))
    return [r, g, b, a]
  }

  @Test func equalityByComponentValue() {
    #expect(UIColor.red == UIColor(red: 1, green: 0, blue: 0, alpha: 1))
    #expect(UIColor.red.hash == UIColor(red: 1, green: 0, blue: 0, alpha: 1).hash)
    #expect(UIColor.red != UIColor.blue)
    #expect(UIColor.red != UIColor(red: 1, green: 0, blue: 0, alpha: 0.5))
    #expect(UIColor.white == UIColor(white: 1, alpha: 1))
    #expect(UIColor.red.isEqual(UIColor(red: 1, green: 0, blue: 0, alpha: 1)))
    #expect(!UIColor.red.isEqual("red"))
    #expect(Set([UIColor.red, UIColor(red: 1, green: 0, blue: 0, alpha: 1), .green]).count == 2)
  }

  @Test func namedColourComponents() {
    #expect(rgba(.black) == [0, 0, 0, 1])
    #expect(rgba(.clear) == [0, 0, 0, 0])
    #expect(rgba(.orange) == [1, 0.5, 0, 1])
    #expect(rgba(.purple) == [0.5, 0, 0.5, 1])
    #expect(rgba(.brown) == [0.6, 0.4, 0.2, 1])
    #expect(rgba(.gray) == [0.5, 0.5, 0.5, 1])
    #expect(abs(rgba(.darkGray)[0] - 1.0 / 3.0) < 1e-9)
    #expect(abs(rgba(.lightGray)[0] - 2.0 / 3.0) < 1e-9)
  }

  @Test func systemColoursInLightMode() {
    #expect(UIColor.systemBlue.rgba8 == (0, 122, 255, 255))
    #expect(UIColor.systemRed.rgba8 == (255, 59, 48, 255))
    #expect(UIColor.systemGreen.rgba8 == (52, 199, 89, 255))
    #expect(UIColor.systemGray6.rgba8 == (242, 242, 247, 255))
    #expect(UIColor.label.rgba8 == (0, 0, 0, 255))
    #expect(UIColor.secondaryLabel.rgba8 == (60, 60, 67, 153))
    #expect(UIColor.placeholderText.rgba8 == (60, 60, 67, 77))
    #expect(UIColor.systemBackground.rgba8 == (255, 255, 255, 255))
    let light = UITraitCollection(userInterfaceStyle: .light)
    #expect(UIColor.secondarySystemBackground.resolvedColor(with: light) == UIColor.systemGray6.resolvedColor(with: light))
    #expect(UIColor.secondarySystemBackground != UIColor.systemGray6, "two dynamic colours are different colours, as on iOS")
    #expect(UIColor.tintColor.resolvedColor(with: light) == UIColor.systemBlue.resolvedColor(with: light))
    #expect(UIColor.separator.rgba8.a == 74)
  }

  @Test func rgba8ClampsAndRounds() {
    #expect(UIColor(red: 1.5, green: -0.2, blue: 0.5, alpha: 1).rgba8 == (255, 0, 128, 255))
    let extended = UIColor(red: 1.5, green: -0.2, blue: 0.5, alpha: 1)
    #expect(extended.components.red == 1.5 && extended.components.green == -0.2)
  }

  @Test func whiteComponent() {
    var white: CGFloat = -1, alpha: CGFloat = -1
    #expect(UIColor(white: 0.25, alpha: 0.5).getWhite(&white, alpha: &alpha))
    #expect(white == 0.25 && alpha == 0.5)
    #expect(rgba(UIColor(white: 0.25, alpha: 0.5)) == [0.25, 0.25, 0.25, 0.5])
    #expect(!UIColor.red.getWhite(&white, alpha: &alpha))
    #expect(UIColor.red.getWhite(nil, alpha: nil) == false)
    #expect(UIColor(red: 0.3, green: 0.3, blue: 0.3, alpha: 1).getWhite(nil, alpha: nil))
  }

  @Test func hueSaturationBrightness() {
    #expect(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1) == .red)
    #expect(rgba(UIColor(hue: 1.0 / 3.0, saturation: 1, brightness: 1, alpha: 1)).map { ($0 * 1e9).rounded() / 1e9 } == [0, 1, 0, 1])
    #expect(rgba(UIColor(hue: 0.5, saturation: 1, brightness: 0.5, alpha: 1)) == [0, 0.5, 0.5, 1])
    #expect(UIColor(hue: 0.3, saturation: 0, brightness: 0.4, alpha: 1) == UIColor(red: 0.4, green: 0.4, blue: 0.4, alpha: 1))
    var h: CGFloat = -1, s: CGFloat = -1, b: CGFloat = -1, a: CGFloat = -1
    #expect(UIColor.systemOrange.getHue(&h, saturation: &s, brightness: &b, alpha: &a))
    let back = UIColor(hue: h, saturation: s, brightness: b, alpha: a)
    #expect(back.rgba8 == UIColor.systemOrange.rgba8)
    #expect(b == 1 && s == 1 && near(h, 149.0 / 255.0 / 6.0))
    #expect(UIColor.blue.getHue(&h, saturation: &s, brightness: &b, alpha: &a))
    #expect(abs(h - 2.0 / 3.0) < 1e-9)
    #expect(UIColor.gray.getHue(&h, saturation: &s, brightness: &b, alpha: &a))
    #expect(h == 0 && s == 0 && b == 0.5)
  }

  @Test func alphaAndDescription() {
    let faded = UIColor.systemBlue.withAlphaComponent(0.5)
    #expect(faded.rgba8 == (0, 122, 255, 128))
    #expect(faded != UIColor.systemBlue)
    #expect(UIColor.red.description == "UIExtendedSRGBColorSpace 1 0 0 1")
    #expect(UIColor.black.withAlphaComponent(0.5).description == "UIExtendedGrayColorSpace 0 0.5")
    #expect(UIColor(named: "AccentColor") == nil)
  }
}

// MARK: - UIFont

@Suite struct FontTests {
  @Test func systemFontMetrics() {
    let font = UIFont.systemFont(ofSize: 17)
    #expect(font.pointSize == 17)
    #expect(font.fontName == ".SFUI-Regular")
    #expect(font.familyName == ".AppleSystemUIFont")
    #expect(near(font.lineHeight, 20.287109375))
    #expect(near(font.ascender, 16.1865234375))
    #expect(near(font.descender, -4.1005859375))
    #expect(font.leading == 0)
    #expect(near(font.lineHeight, font.ascender - font.descender + font.leading))
    #expect(font.capHeight > font.xHeight && font.xHeight > 0 && font.ascender > font.capHeight)
    #expect(near(UIFont.systemFont(ofSize: 34).lineHeight, 2 * font.lineHeight))
  }

  @Test(arguments: [
    (UIFont.TextStyle.largeTitle, 34.0, false), (.title1, 28, false), (.title2, 22, false),
    (.title3, 20, false), (.headline, 17, true), (.subheadline, 15, false), (.body, 17, false),
    (.callout, 16, false), (.footnote, 13, false), (.caption1, 12, false), (.caption2, 11, false),
  ])
  func textStyleSizes(style: UIFont.TextStyle, size: CGFloat, bold: Bool) {
    let font = UIFont.preferredFont(forTextStyle: style)
    #expect(font.pointSize == size)
    #expect(font._isBold == bold)
  }

  @Test func textStylesAndWeights() {
    #expect(UIFont.TextStyle.body.rawValue == "UICTFontTextStyleBody")
    #expect(UIFont.TextStyle.largeTitle.rawValue == "UICTFontTextStyleTitle0")
    #expect(UIFont.TextStyle.subheadline.rawValue == "UICTFontTextStyleSubhead")
    #expect(UIFont.preferredFont(forTextStyle: .headline) == UIFont.systemFont(ofSize: 17, weight: .semibold))
    #expect(UIFont.preferredFont(forTextStyle: .headline).fontName == ".SFUI-Semibold")
    let weights: [UIFont.Weight] = [.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black]
    #expect(weights.map(\.rawValue) == [-0.8, -0.6, -0.4, 0, 0.23, 0.3, 0.4, 0.56, 0.62])
    #expect(UIFont.Weight(0.4) == .bold)
  }

  @Test func variants() {
    let bold = UIFont.boldSystemFont(ofSize: 12)
    #expect(bold._weight == .bold && bold._isBold && bold.fontName == ".SFUI-Bold")
    let italic = UIFont.italicSystemFont(ofSize: 12)
    #expect(italic._isItalic && !italic._isBold)
    let mono = UIFont.monospacedSystemFont(ofSize: 13, weight: .medium)
    #expect(mono._isMonospaced && mono._weight == .medium && mono.pointSize == 13)
    let digits = UIFont.monospacedDigitSystemFont(ofSize: 13, weight: .regular)
    #expect(!digits._isMonospaced)
    #expect(digits != UIFont.systemFont(ofSize: 13))
  }

  @Test func namedFonts() throws {
    let menlo = try #require(UIFont(name: "Menlo-Bold", size: 12))
    #expect(menlo.fontName == "Menlo-Bold" && menlo.familyName == "Menlo" && menlo.pointSize == 12)
    #expect(menlo._isMonospaced && menlo._isBold)
    let anything = try #require(UIFont(name: "NoSuchFont", size: 9))
    #expect(anything.fontName == "NoSuchFont" && !anything._isBold)
    #expect(UIFont(name: "", size: 9) == nil)
  }

  @Test func equalityAndResizing() {
    #expect(UIFont.systemFont(ofSize: 17) == UIFont.systemFont(ofSize: 17))
    #expect(UIFont.systemFont(ofSize: 17).hash == UIFont.systemFont(ofSize: 17).hash)
    #expect(UIFont.systemFont(ofSize: 17) != UIFont.systemFont(ofSize: 18))
    #expect(UIFont.systemFont(ofSize: 17) != UIFont.boldSystemFont(ofSize: 17))
    #expect(UIFont.systemFont(ofSize: 17).withSize(18) == UIFont.systemFont(ofSize: 18))
    #expect(UIFont.boldSystemFont(ofSize: 10).withSize(20) == UIFont.boldSystemFont(ofSize: 20))
    #expect(UIFont.systemFontSize == 14 && UIFont.labelFontSize == 17)
  }

  @Test func defaults() {
    #expect(UIFont._defaultTextFieldFont == UIFont.systemFont(ofSize: 17))
    #expect(UIFont._defaultLabelFont == UIFont.systemFont(ofSize: 17))
    #expect(UIFont._defaultAttributedStringFont.pointSize == 12)
  }
}

// MARK: - UIImage

@Suite struct ImageTests {
  @Test func namedImages() throws {
    let image = try #require(UIImage(named: "avatar"))
    #expect(image.size == CGSize(width: 24, height: 24) && image.scale == 1)
    #expect(image.name == "avatar" && !image.isSymbolImage)
    #expect(image.glyph == "A")
    #expect(UIImage(named: "") == nil)
    #expect(UIImage(systemName: "") == nil)
  }

  @Test func symbolGlyphs() throws {
    #expect(UIImage(systemName: "bookmark")?.glyph == "🔖")
    #expect(UIImage(systemName: "bookmark.fill")?.glyph == "🔖")
    #expect(UIImage(systemName: "xmark.circle.fill")?.glyph == "✕")
    #expect(UIImage(systemName: "star.fill")?.glyph == "★")
    #expect(UIImage(systemName: "star")?.glyph == "☆")
    #expect(UIImage(systemName: "zzz.unknown")?.glyph == "Z")
    // Asset names are never looked up in the symbol table.
    #expect(UIImage(named: "bookmark")?.glyph == "B")
    #expect(try #require(UIImage(systemName: "mic")).isSymbolImage)
    #expect(UIImage().glyph == "" && UIImage().size == .zero)
  }

  @Test func equalityByName() throws {
    #expect(UIImage(named: "a") == UIImage(named: "a"))
    #expect(UIImage(named: "a")?.hash == UIImage(named: "a")?.hash)
    #expect(UIImage(named: "a") != UIImage(named: "b"))
    #expect(UIImage(named: "star") != UIImage(systemName: "star"))
    let unnamed = UIImage()
    #expect(unnamed == unnamed && unnamed != UIImage())
  }

  @Test func renderingModeAndTint() throws {
    let image = try #require(UIImage(systemName: "heart"))
    #expect(image.renderingMode == .automatic)
    let template = image.withRenderingMode(.alwaysTemplate)
    #expect(template.renderingMode == .alwaysTemplate && template.name == "heart")
    #expect(template != image)
    #expect(template == image.withRenderingMode(.alwaysTemplate))
    let tinted = image.withTintColor(.systemRed)
    #expect(tinted.tintColor == .systemRed && tinted.renderingMode == .alwaysOriginal)
    #expect(UIImage.RenderingMode.alwaysTemplate.rawValue == 2)
    let stretchable = image.resizableImage(withCapInsets: UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1))
    #expect(stretchable.capInsets.top == 1 && image.capInsets == .zero)
  }
}

// MARK: - Attributed string keys and text enums

@Suite struct TextAttributeTests {
  @Test func keyRawValues() {
    let keys: [(NSAttributedString.Key, String)] = [
      (.font, "NSFont"), (.foregroundColor, "NSColor"), (.backgroundColor, "NSBackgroundColor"),
      (.paragraphStyle, "NSParagraphStyle"), (.kern, "NSKern"), (.underlineStyle, "NSUnderline"),
      (.strikethroughStyle, "NSStrikethrough"), (.link, "NSLink"), (.baselineOffset, "NSBaselineOffset"),
      (.underlineColor, "NSUnderlineColor"), (.strikethroughColor, "NSStrikethroughColor"),
      (.strokeColor, "NSStrokeColor"), (.strokeWidth, "NSStrokeWidth"), (.attachment, "NSAttachment"),
    ]
    for (key, raw) in keys {
      #expect(key.rawValue == raw)
      #expect(key == NSAttributedString.Key(raw))
    }
  }

  @Test func attributesRoundTripThroughAnAttributedString() {
    let font = UIFont.boldSystemFont(ofSize: 20)
    let string = NSAttributedString(
      string: "Hello",
      attributes: [.font: font, .foregroundColor: UIColor.systemRed, .underlineStyle: NSUnderlineStyle.single.rawValue])
    let attributes = string.attributes(at: 2, effectiveRange: nil)
    #expect(attributes[.font] as? UIFont == font)
    #expect(attributes[.foregroundColor] as? UIColor == .systemRed)
    #expect(attributes[.underlineStyle] as? Int == 1)
  }

  @Test func enumRawValuesAsOnIOS() {
    #expect(NSTextAlignment.left.rawValue == 0)
    #expect(NSTextAlignment.center.rawValue == 1)
    #expect(NSTextAlignment.right.rawValue == 2)
    #expect(NSTextAlignment.justified.rawValue == 3)
    #expect(NSTextAlignment.natural.rawValue == 4)
    #expect(NSLineBreakMode.byWordWrapping.rawValue == 0)
    #expect(NSLineBreakMode.byTruncatingTail.rawValue == 4)
    #expect(NSLineBreakMode(rawValue: 5) == .byTruncatingMiddle)
    #expect(NSUnderlineStyle.double.rawValue == 9)
    #expect(NSUnderlineStyle([.single, .patternDot, .byWord]).rawValue == 0x8101)
  }
}

// MARK: - TextWidth

@Suite struct TextWidthTests {
  @Test(arguments: [
    // ASCII, Latin, Greek, Cyrillic: 1.
    ("a", 1), (" ", 1), ("~", 1), ("é", 1), ("ß", 1), ("Ω", 1), ("Ж", 1),
    // Combining marks stay in their base's cluster.
    ("e\u{301}", 1), ("a\u{300}\u{316}\u{35C}", 1), ("\u{301}", 0),
    // Arabic and Hebrew letters (with vowel marks) are 1.
    ("ب", 1), ("بِ", 1), ("ש", 1), ("שָׁ", 1), ("\u{FDFD}", 1),
    // Devanagari consonant with vowel sign, and with virama.
    ("कि", 1), ("\u{915}\u{94D}", 1),
    // CJK ideographs, kana, Hangul syllables and decomposed Hangul: 2.
    ("中", 2), ("語", 2), ("あ", 2), ("カ", 2), ("한", 2), ("\u{1112}\u{1161}\u{11AB}", 2),
    ("\u{20BB7}", 2), ("\u{3000}", 2), ("。", 2), ("か\u{3099}", 2),
    // Fullwidth forms are 2, halfwidth katakana 1.
    ("Ａ", 2), ("！", 2), ("￥", 2), ("ｶ", 1),
    // Emoji with emoji presentation.
    ("😀", 2), ("🚀", 2), ("⌚", 2), ("🔖", 2),
    // ZWJ sequences, skin tones, flags, tag sequences.
    ("👨‍👩‍👧‍👦", 2), ("👩🏽‍💻", 2), ("🏳️‍🌈", 2), ("❤️‍🔥", 2), ("👍🏿", 2), ("🏿", 2),
    ("🇯🇵", 2), ("🇺🇦", 2), ("🏴󠁧󠁢󠁳󠁣󠁴󠁿", 2),
    // Keycaps and VS16 make text-style emoji wide; VS15 keeps them narrow.
    ("1️⃣", 2), ("#️⃣", 2), ("❤️", 2), ("❤", 1), ("☺", 1), ("☺️", 2), ("✂︎", 1),
    // VS15 does not narrow a character that is Wide in its own right.
    ("⌚\u{FE0E}", 2),
    // Zero-width clusters: controls, format characters, lone selectors.
    ("\n", 0), ("\t", 0), ("\r\n", 0), ("\u{7F}", 0), ("\u{200B}", 0), ("\u{200D}", 0),
    ("\u{FE0F}", 0), ("\u{FE0E}", 0), ("\u{AD}", 0), ("\u{2028}", 0),
    // Ambiguous-width characters are narrow.
    ("±", 1), ("→", 1), ("…", 1), ("①", 1),
  ] as [(Character, Int)])
  func clusterWidths(character: Character, columns: Int) {
    #expect(TextWidth.columns(of: character) == columns, "\(character.unicodeScalars.map { String($0.value, radix: 16) })")
  }

  @Test func stringWidths() {
    #expect(TextWidth.columns(of: "") == 0)
    #expect(TextWidth.columns(of: "hello") == 5)
    #expect(TextWidth.columns(of: "日本語") == 6)
    #expect(TextWidth.columns(of: "a中b") == 4)
    #expect(TextWidth.columns(of: "한국어 text") == 11)
    #expect(TextWidth.columns(of: "👨‍👩‍👧 family") == 9)
    #expect(TextWidth.columns(of: "🇫🇷🇩🇪") == 4)
    #expect(TextWidth.columns(of: "line\nbreak") == 9)
    #expect(TextWidth.columns(of: "שלום עולם") == 9)
    #expect(TextWidth.columns(of: "مرحبا") == 5)
    #expect(TextWidth.columns(of: "ＡＢＣ") == 6)
    #expect(TextWidth.columns(of: "café"[...]) == 4)
  }

  @Test func scalarWidths() {
    #expect(TextWidth.columns(of: Unicode.Scalar(0x4E00)!) == 2)
    #expect(TextWidth.columns(of: Unicode.Scalar(0x41)!) == 1)
    #expect(TextWidth.columns(of: Unicode.Scalar(0x0301)!) == 0)
    #expect(TextWidth.columns(of: Unicode.Scalar(0x1160)!) == 0)
    #expect(TextWidth.columns(of: Unicode.Scalar(0x1F600)!) == 2)
    #expect(TextWidth.columns(of: Unicode.Scalar(0x1F1EF)!) == 1)  // a lone regional indicator scalar; its cluster is 2
    #expect(TextWidth.isWide(0x3FFFD) && !TextWidth.isWide(0x3FFFE) && !TextWidth.isWide(0x10FFFF))
    #expect(TextWidth.isWide(0x1100) && TextWidth.isWide(0x115F) && !TextWidth.isWide(0x1160))
  }
}
