// A chat input bar that rides the keyboard with a UIViewPropertyAnimator, as chat libraries
// write it, compiled in Swift 5 mode with its XCTest case; and a card dismissed with a pan
// that scrubs an animator and lets it finish or go back.
@_exported import UIKitXCTest
import UIKit
import UIKitTesting
import XCTest

final class ChatViewController: UIViewController {
  let inputBar = UIView()
  let field = UITextField()
  private var bottom: NSLayoutConstraint!
  private(set) var animatedMoves = 0

  override func viewDidLoad() {
    super.viewDidLoad()
    inputBar.translatesAutoresizingMaskIntoConstraints = false
    field.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(inputBar)
    inputBar.addSubview(field)
    bottom = inputBar.bottomAnchor.constraint(equalTo: view.bottomAnchor)
    NSLayoutConstraint.activate([
      inputBar.leadingAnchor.constraint(equalTo: view.leadingAnchor),
      inputBar.trailingAnchor.constraint(equalTo: view.trailingAnchor),
      inputBar.heightAnchor.constraint(equalToConstant: 44),
      bottom,
      field.leadingAnchor.constraint(equalTo: inputBar.leadingAnchor, constant: 8),
      field.trailingAnchor.constraint(equalTo: inputBar.trailingAnchor, constant: -8),
      field.centerYAnchor.constraint(equalTo: inputBar.centerYAnchor),
    ])
    keyboardObserver = NotificationCenter.default.addObserver(
      forName: UIResponder.keyboardWillChangeFrameNotification, object: nil, queue: .main
    ) { [weak self] note in
      guard let end = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue,
        let duration = note.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double
      else { return }
      MainActor.assumeIsolated { self?.keyboardWillMove(to: end, duration: duration) }
    }
  }

  private var keyboardObserver: NSObjectProtocol?

  private func keyboardWillMove(to end: CGRect, duration: TimeInterval) {
    let overlap = max(0, view.bounds.maxY - view.convert(end, from: nil).minY)
    bottom.constant = -overlap
    let animator = UIViewPropertyAnimator(duration: duration, curve: .easeOut) {
      self.view.layoutIfNeeded()
    }
    animator.addCompletion { _ in self.animatedMoves += 1 }
    animator.startAnimation()
  }
}

final class PropertyAnimatorClientXCTests: XCTestCase {
  func testTheInputBarRidesTheKeyboard() {
    let controller = ChatViewController()
    let host = HeadlessHost(rootViewController: controller)
    XCTAssertEqual(controller.inputBar.frame.maxY, 844)
    host.tap(controller.field)
    host.settle()
    let keyboard = host.keyboardFrame!
    XCTAssertEqual(controller.inputBar.frame.maxY, keyboard.minY, accuracy: 0.5)
    XCTAssertEqual(controller.animatedMoves, 1)
    controller.field.resignFirstResponder()
    host.settle()
    XCTAssertEqual(controller.inputBar.frame.maxY, 844)
    XCTAssertEqual(controller.animatedMoves, 2)
  }

  func testAPanScrubsTheDismissalAndLetsItGoBack() {
    let controller = UIViewController()
    let card = UIView(frame: CGRect(x: 0, y: 400, width: 390, height: 300))
    controller.view.addSubview(card)
    let host = HeadlessHost(rootViewController: controller)
    _ = host.window.displayList()
    let dismissal = UIViewPropertyAnimator(duration: 0.4, dampingRatio: 1) {
      card.frame.origin.y = 844
    }
    var finished: UIViewAnimatingPosition?
    dismissal.addCompletion { finished = $0 }
    dismissal.pauseAnimation()
    dismissal.fractionComplete = 0.3  // the finger moved down a little
    XCTAssertEqual(card.layer.presentation()!.frame.minY, 400 + 0.3 * 444, accuracy: 1)
    dismissal.isReversed = true  // let go without enough speed: back up
    dismissal.continueAnimation(withTimingParameters: nil, durationFactor: 0.5)
    host.settle()
    XCTAssertEqual(finished, .start)
    XCTAssertEqual(card.frame.minY, 400)
  }
}
