import Foundation
import UIKit
import UIKitTesting

// The cost of one frame in the terminal as the views on screen grow (issue 32, item 12): a
// screen like Hypnosister's after many Returns, N labels at random places over a full-screen
// view with a text field in front, first responder. One key is typed into the field, then the
// host's frame runs: layout, the display list, the cells. Ctrl-C waits for the frame in progress,
// so this is how long a quit can wait.

@MainActor
final class CrowdedRig {
  let window: UIWindow
  let field = UITextField(frame: CGRect(x: 40, y: 70, width: 240, height: 30))
  let rasterizer = CellRasterizer()

  init(labels: Int) {
    UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 640, height: 368)
    // As in a terminal: no status bar or home indicator.
    UIScreen.main._safeAreaInsets = .zero
    window = UIWindow(frame: UIScreen.main.bounds)
    window.textMeasurer = CellTextMeasurer(cellSize: CellRasterizer.defaultCellSize)
    let controller = UIViewController()
    window.rootViewController = controller
    let root = controller.view!
    field.borderStyle = .roundedRect
    field.backgroundColor = .white
    var generator = SeededRandomNumberGenerator(seed: 32)
    for i in 0..<labels {
      let label = UILabel()
      label.backgroundColor = .clear
      label.textColor = .red
      label.text = "message \(i % 97)"
      label.sizeToFit()
      label.frame.origin = CGPoint(
        x: CGFloat(generator.next() % 560), y: CGFloat(generator.next() % 350))
      root.addSubview(label)
    }
    root.addSubview(field)
    window.keyboard.isSoftwareKeyboardEnabled = false
    window.makeKeyAndVisible()
    guard field.becomeFirstResponder() else { fatalError("uikitbench: the field did not become first responder") }
    UIApplication.shared._scheduler.runUntilIdle()
    _ = frame()
  }

  /// What the terminal host does per frame.
  func frame() -> CellGrid {
    rasterizer.rasterize(window.displayList(), size: window.bounds.size)
  }
}

/// ms per frame after a key, with 100 to 80,000 labels on screen.
@MainActor
func frameCost() -> [String: Any] {
  var result: [String: Any] = [:]
  for labels in [100, 1_000, 10_000, 80_000] {
    let rig = CrowdedRig(labels: labels)
    var samples: [Double] = []
    for i in 0..<max(3, options.repetitions) {
      rig.window._press(typedKeys[i % typedKeys.count])
      let start = nanoseconds()
      blackHole(rig.frame())
      samples.append(Double(nanoseconds() - start) / 1e6)
    }
    result["\(labels)_labels"] = ["ms_per_frame": median(samples), "samples": samples]
  }
  return result
}
