import Foundation
import Testing
import UIKit
import UIKitTesting

/// A button's title label and image view show what its current state shows, as on iOS, where
/// code reads `button.titleLabel?.text` and `button.imageView?.image` after the setters.
@MainActor @Suite struct ButtonTests {
  @Test func theTitleLabelFollowsTheTitleForTheCurrentState() {
    let button = UIButton(type: .system)
    #expect(button.titleLabel?.text == nil)
    button.setTitle("Save", for: .normal)
    #expect(button.titleLabel?.text == "Save")
    button.setTitle("Saving…", for: .disabled)
    #expect(button.titleLabel?.text == "Save", "another state's title waits for that state")
    button.isEnabled = false
    #expect(button.titleLabel?.text == "Saving…")
    button.isEnabled = true
    #expect(button.titleLabel?.text == "Save")
    button.setTitle(nil, for: .normal)
    #expect(button.titleLabel?.text == nil)
  }

  @Test func colourImageAndAttributedTitleReachTheirViews() {
    let button = UIButton(type: .custom)
    button.setTitle("Go", for: .normal)
    button.setTitleColor(.systemRed, for: .normal)
    button.setTitleColor(.systemGray, for: .highlighted)
    #expect(button.titleLabel?.textColor == .systemRed)
    button.isHighlighted = true
    #expect(button.titleLabel?.textColor == .systemGray)
    button.isHighlighted = false

    let star = UIImage(systemName: "star")
    let filled = UIImage(systemName: "star.fill")
    button.setImage(star, for: .normal)
    button.setImage(filled, for: .selected)
    #expect(button.imageView?.image === star)
    button.isSelected = true
    #expect(button.imageView?.image === filled)
    button.isSelected = false

    let bold = NSAttributedString(string: "Bold go", attributes: [.font: UIFont.boldSystemFont(ofSize: 17)])
    button.setAttributedTitle(bold, for: .normal)
    #expect(button.currentAttributedTitle == bold)
    #expect(button.titleLabel?.text == "Bold go", "an attributed title wins over the plain one")
    #expect(button.titleLabel?.font == UIFont.boldSystemFont(ofSize: 17))
  }

  @Test func anAttributedTitleIsWhatTheScreenShows() {
    let controller = UIViewController()
    let button = UIButton(type: .system)
    button.frame = CGRect(x: 40, y: 80, width: 160, height: 32)
    button.setTitle("plain", for: .normal)
    button.setAttributedTitle(NSAttributedString(string: "fancy"), for: .normal)
    controller.view.addSubview(button)
    let host = HeadlessHost(rootViewController: controller)
    #expect(host.screen().contains("fancy") && !host.screen().contains("plain"))
  }
}

/// Attributes besides font and colour that text is given survive, uniform over the text, and
/// typing attributes carry them.
@MainActor @Suite struct KeptTextAttributesTests {
  @Test func aBackgroundColourSetThroughAttributedTextIsKept() throws {
    let controller = UIViewController()
    let field = UITextField(frame: CGRect(x: 16, y: 100, width: 200, height: 34))
    let notes = UITextView(frame: CGRect(x: 16, y: 200, width: 200, height: 100))
    controller.view.addSubview(field)
    controller.view.addSubview(notes)
    let host = HeadlessHost(rootViewController: controller)
    let styled = NSAttributedString(
      string: "marked", attributes: [.backgroundColor: UIColor.systemYellow, .kern: 1.5, .foregroundColor: UIColor.systemRed])
    field.attributedText = styled
    notes.attributedText = styled
    for attributes in [field.attributedText?.attributes(at: 0, effectiveRange: nil), notes.attributedText?.attributes(at: 0, effectiveRange: nil)] {
      #expect(attributes?[.backgroundColor] as? UIColor == .systemYellow)
      #expect(attributes?[.kern] as? Double == 1.5)
      #expect(attributes?[.foregroundColor] as? UIColor == .systemRed)
    }
    host.tap(field)
    #expect(field.typingAttributes?[.backgroundColor] as? UIColor == .systemYellow)
    host.type("!")
    #expect(field.attributedText?.attributes(at: 6, effectiveRange: nil)[.backgroundColor] as? UIColor == .systemYellow)
    #expect(notes.typingAttributes[.backgroundColor] as? UIColor == .systemYellow)
    // defaultTextAttributes replaces them.
    field.defaultTextAttributes = [.font: UIFont.systemFont(ofSize: 12)]
    #expect(field.attributedText?.attributes(at: 0, effectiveRange: nil)[.backgroundColor] == nil)
  }
}
