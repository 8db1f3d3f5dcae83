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
