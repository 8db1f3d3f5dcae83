import Foundation
import Testing
import UIKit
import UIKitTesting

/// `.baselineOffset`, `.obliqueness` and `.expansion` that are not finite or beyond any integer
/// (issue 32, item 2: they trapped in an integer conversion): a text view takes them, keeps
/// them, edits and draws around them, as iOS does.
@MainActor @Suite struct ExtremeAttributeValueTests {
  static let values: [CGFloat] = [.nan, .infinity, -.infinity, 1e300, -9.3e18, 9.3e18, 0.3]

  @Test(arguments: [NSAttributedString.Key.baselineOffset, .obliqueness, .expansion])
  func aTextViewKeepsAndEditsAroundThem(_ key: NSAttributedString.Key) {
    let controller = UIViewController()
    let textView = UITextView(frame: CGRect(x: 0, y: 100, width: 300, height: 200))
    controller.view.addSubview(textView)
    let host = HeadlessHost(rootViewController: controller)
    for value in Self.values {
      let text = NSMutableAttributedString(string: "ab cd ef")
      text.addAttribute(key, value: value, range: NSRange(location: 0, length: 2))
      text.addAttribute(key, value: NSNumber(value: Double(value)), range: NSRange(location: 3, length: 2))
      textView.attributedText = text
      host.tap(textView)
      host.type("x")
      _ = host.screen()
      let kept = textView.attributedText.attribute(key, at: 0, effectiveRange: nil)
      let number = (kept as? NSNumber)?.doubleValue ?? (kept as? CGFloat).map(Double.init) ?? (kept as? Double)
      #expect(number.map { $0.isNaN ? value.isNaN : $0 == Double(value) } == true, "\(key.rawValue) \(value)")
      #expect(textView.text.count == 9)
    }
  }

  @Test func anOffsetOfAFractionIsNotTakenForZero() {
    let text = NSMutableAttributedString(string: "ab")
    text.addAttribute(.baselineOffset, value: 0.3, range: NSRange(location: 0, length: 1))
    let textView = UITextView()
    textView.attributedText = text
    #expect(textView.attributedText.attribute(.baselineOffset, at: 0, effectiveRange: nil) as? Double == 0.3)
    #expect(textView.attributedText.attribute(.baselineOffset, at: 1, effectiveRange: nil) == nil)
  }
}
