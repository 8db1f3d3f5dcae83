import Foundation
import Testing
import UIKit
import UIKitTesting

@MainActor @Suite struct VisualEffectViewTests {
  @Test func contentGoesInTheContentViewOverTheMaterial() {
    let controller = UIViewController()
    controller.view.backgroundColor = .white
    let blur = UIVisualEffectView(effect: UIBlurEffect(style: .systemMaterialDark))
    blur.frame = CGRect(x: 0, y: 160, width: 390, height: 64)
    let label = UILabel(frame: CGRect(x: 16, y: 16, width: 200, height: 32))
    label.text = "Over the blur"
    label.textColor = .white
    blur.contentView.addSubview(label)
    controller.view.addSubview(blur)
    let host = HeadlessHost(rootViewController: controller)
    #expect(blur.subviews == [blur.contentView])
    #expect(blur.contentView.frame == blur.bounds)
    #expect(host.screen().contains("Over the blur"))
    // The dark material darkens the white cells under it (there is no blur to draw).
    let cell = host.grid()[40, 11]
    #expect(cell.background.map { Int($0.r) + Int($0.g) + Int($0.b) < 3 * 128 } == true)
    blur.frame.size.width = 200
    host.window.layoutIfNeeded()
    #expect(blur.contentView.frame.width == 200)
  }

  @Test func effectsAreImmutableAndCodable() throws {
    let effect = UIBlurEffect(style: .systemThinMaterial)
    #expect(effect.copy() as AnyObject === effect)
    let view = UIVisualEffectView(effect: effect)
    #expect(view.effect === effect)
    view.effect = nil
    #expect(view.effect == nil)
    #expect(UIVisualEffectView().effect == nil)
    let vibrancy = UIVibrancyEffect(blurEffect: effect, style: .secondaryLabel)
    let nested = UIVisualEffectView(effect: vibrancy)
    view.contentView.addSubview(nested)
    #expect(nested.superview === view.contentView)

    let data = try NSKeyedArchiver.archivedData(withRootObject: effect, requiringSecureCoding: true)
    let decoded = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: UIBlurEffect.self, from: data))
    #expect(decoded._style == .systemThinMaterial)
  }
}
