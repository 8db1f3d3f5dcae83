import Foundation
import UIKit

// A keystroke in a field whose intrinsic size changes (issue 14's figure): the field sits in a
// horizontal UIStackView beside a label, the stack pinned by anchors in a view controller's
// view, and every key is followed by a display (layout, then the display list a host draws).
// "Frames" is the same field and label placed by frame, displayed per key too: the cost of a
// keystroke without Auto Layout. Both windows show the software keyboard.

/// A window with one field, laid out by Auto Layout (`autoLayout`) or by frames.
@MainActor
final class GrowingRig {
  let window: UIWindow
  let field = UITextField()
  let label = UILabel()
  let delegate = CountingDelegate()

  init(autoLayout: Bool) {
    UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
    window = UIWindow(frame: UIScreen.main.bounds)
    let controller = UIViewController()
    window.rootViewController = controller
    let root = controller.view!
    field.borderStyle = .roundedRect
    field.delegate = delegate
    label.text = "kg"
    if autoLayout {
      let stack = UIStackView(arrangedSubviews: [field, label])
      stack.spacing = 8
      stack.alignment = .firstBaseline
      stack.translatesAutoresizingMaskIntoConstraints = false
      root.addSubview(stack)
      NSLayoutConstraint.activate([
        stack.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
        stack.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 20),
        stack.trailingAnchor.constraint(lessThanOrEqualTo: root.layoutMarginsGuide.trailingAnchor),
      ])
    } else {
      field.frame = CGRect(x: 16, y: 67, width: 300, height: 34)
      label.frame = CGRect(x: 324, y: 67, width: 20, height: 34)
      root.addSubview(field)
      root.addSubview(label)
    }
    typesPlainly(window)
    window.makeKeyAndVisible()
    guard field.becomeFirstResponder() else { fatalError("uikitbench: the field did not become first responder") }
    UIApplication.shared._scheduler.runUntilIdle()
    window.layoutIfNeeded()
  }
}

/// ns per key (typing then laying out) for a growing field in a stack and for frames.
@MainActor
func growingField() -> [String: Any] {
  let keys = options.keys ?? 2_000
  var result: [String: Any] = [:]
  var medians: [String: Double] = [:]
  for (name, autoLayout) in [("frames", false), ("auto_layout_stack", true)] {
    let rig = GrowingRig(autoLayout: autoLayout)
    var samples: [Double] = []
    for _ in 0..<options.repetitions {
      rig.field.text = ""
      rig.window.layoutIfNeeded()
      let start = nanoseconds()
      for i in 0..<keys {
        rig.window._press(typedKeys[i % typedKeys.count])
        blackHole(rig.window.displayList())
      }
      samples.append(Double(nanoseconds() - start) / Double(keys))
      precondition(rig.field.text?.count == keys, "growing field: the field did not take every key")
    }
    if autoLayout {
      // The label followed the growing field.
      precondition(rig.label.frame.minX == rig.field.frame.maxX + 8, "growing field: the stack did not follow the field")
    }
    medians[name] = median(samples)
    result[name] = ["ns_per_key": median(samples), "keys": keys, "samples": samples]
  }
  result["ratio"] = medians["auto_layout_stack"]! / medians["frames"]!
  return result
}
