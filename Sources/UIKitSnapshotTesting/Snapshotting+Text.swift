import Foundation
import UIKit
import UIKitTesting

// Text strategies: they need nothing but UIKit, so they work with or without the Pixels trait.

extension Snapshotting where Value == UIView, Format == String {
  /// A snapshot strategy comparing what a view shows as text: the view drawn in 8 × 16 pt cells,
  /// as `HeadlessHost.screen()` prints a window (borders in box-drawing characters, images as
  /// their glyphs, placeholders and text as they read).
  public static var screen: Snapshotting {
    .screen()
  }

  /// A snapshot strategy comparing what a view shows as text (see `screen`).
  ///
  /// - Parameters:
  ///   - size: A view size override.
  public static func screen(size: CGSize? = nil) -> Snapshotting {
    SimplySnapshotting.lines.pullback { view in
      onMainActor {
        SnapshotStage.with(view, size: size, measurer: nil) { view in
          let (list, size) = SnapshotStage.displayList(of: view)
          return TextScreen.lines(of: list, size: size)
        }
      }
    }
  }

  /// A snapshot strategy comparing views by a recursive description of their properties and
  /// hierarchies, in the form of iOS's `recursiveDescription` with the addresses left out (as
  /// SnapshotTesting records it on iOS):
  ///
  /// ```
  /// <UIView; frame = (0 0; 300 80); layer = <CALayer>>
  ///    | <UILabel; frame = (16 16; 268 21); text = 'Hello'; userInteractionEnabled = NO; layer = <CALayer>>
  /// ```
  public static var recursiveDescription: Snapshotting {
    .recursiveDescription()
  }

  /// A snapshot strategy comparing views by a recursive description of their properties and
  /// hierarchies (see `recursiveDescription`).
  ///
  /// - Parameters:
  ///   - size: A view size override.
  public static func recursiveDescription(size: CGSize? = nil) -> Snapshotting {
    SimplySnapshotting.lines.pullback { view in
      onMainActor {
        SnapshotStage.with(view, size: size, measurer: nil) { RecursiveDescription.of($0) }
      }
    }
  }
}

extension Snapshotting where Value == UIViewController, Format == String {
  /// A snapshot strategy comparing view controllers by their embedded controller hierarchy, in
  /// the form of iOS's `_printHierarchy` with the addresses left out (as SnapshotTesting
  /// records it on iOS): each controller, where it is in its appearance cycle, and its view's
  /// class, children indented under their parent by "   | ".
  ///
  /// ```
  /// <UINavigationController>, state: appeared, view: <UIView>
  ///    | <PersonFormViewController>, state: appeared, view: <UIView>
  /// ```
  ///
  /// A child whose view was never loaded shows "view: (view not loaded)"; one whose view is
  /// out of the window, "… not in the window". Presented controllers are not listed.
  public static var hierarchy: Snapshotting {
    SimplySnapshotting.lines.pullback { controller in
      onMainActor {
        SnapshotStage.with(controller, config: .init(), size: nil, measurer: nil) { _ in ControllerHierarchy.of(controller) }
      }
    }
  }

  /// A snapshot strategy comparing what a view controller's view shows as text, in 8 × 16 pt
  /// cells (see `Snapshotting<UIView, String>.screen`).
  public static var screen: Snapshotting {
    .screen()
  }

  /// A snapshot strategy comparing what a view controller's view shows as text.
  ///
  /// - Parameters:
  ///   - config: A set of device configuration settings (the screen's size and safe area).
  ///   - size: A view size override.
  public static func screen(on config: ViewImageConfig = .init(), size: CGSize? = nil) -> Snapshotting {
    SimplySnapshotting.lines.pullback { controller in
      onMainActor {
        SnapshotStage.with(controller, config: config, size: size, measurer: nil) { view in
          let (list, size) = SnapshotStage.displayList(of: view)
          return TextScreen.lines(of: list, size: size)
        }
      }
    }
  }

  /// A snapshot strategy comparing view controller views by a recursive description of their
  /// properties and hierarchies (see `Snapshotting<UIView, String>.recursiveDescription`).
  public static var recursiveDescription: Snapshotting {
    .recursiveDescription()
  }

  /// A snapshot strategy comparing view controller views by a recursive description of their
  /// properties and hierarchies.
  ///
  /// - Parameters:
  ///   - config: A set of device configuration settings (the screen's size and safe area).
  ///   - size: A view size override.
  public static func recursiveDescription(on config: ViewImageConfig = .init(), size: CGSize? = nil) -> Snapshotting {
    SimplySnapshotting.lines.pullback { controller in
      onMainActor {
        SnapshotStage.with(controller, config: config, size: size, measurer: nil) { RecursiveDescription.of($0) }
      }
    }
  }
}

extension Snapshotting where Value == HeadlessHost, Format == String {
  /// A snapshot strategy comparing what a headless host's screen shows as text, keyboard
  /// included: `HeadlessHost.screen()`.
  public static var screen: Snapshotting {
    SimplySnapshotting.lines.pullback { host in
      onMainActor { host.screen() }
    }
  }
}

/// A display list as text, as `HeadlessHost.screen()` prints it.
@MainActor
enum TextScreen {
  static func lines(of list: DisplayList, size: CGSize) -> String {
    var lines = CellRasterizer(cellSize: HeadlessHost.defaultCellSize).rasterize(list, size: size).lines
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines.joined(separator: "\n")
  }
}

/// iOS's `-[UIView recursiveDescription]`, without the objects' addresses: one line per view,
/// back to front, each subview indented under its superview by "   | ".
@MainActor
enum RecursiveDescription {
  static func of(_ view: UIView) -> String {
    var lines: [String] = []
    describe(view, depth: 0, into: &lines)
    return lines.joined(separator: "\n")
  }

  private static func describe(_ view: UIView, depth: Int, into lines: inout [String]) {
    lines.append(String(repeating: "   | ", count: depth) + line(for: view))
    for subview in view.subviews { describe(subview, depth: depth + 1, into: &lines) }
  }

  /// `<Class; frame = (x y; w h); …; layer = <Layer>>`: the properties iOS prints when they are
  /// not their defaults, in its order.
  static func line(for view: UIView) -> String {
    var parts = ["frame = (\(number(view.frame.minX)) \(number(view.frame.minY)); \(number(view.frame.width)) \(number(view.frame.height)))"]
    if let text = text(of: view) { parts.append("text = '\(text)'") }
    if view.clipsToBounds { parts.append("clipsToBounds = YES") }
    if view.isHidden { parts.append("hidden = YES") }
    if view.alpha != 1 { parts.append("alpha = \(number(view.alpha))") }
    if !view.isOpaque { parts.append("opaque = NO") }
    if let mask = autoresize(view.autoresizingMask) { parts.append("autoresize = \(mask)") }
    if view.tag != 0 { parts.append("tag = \(view.tag)") }
    if !view.isUserInteractionEnabled { parts.append("userInteractionEnabled = NO") }
    parts.append("layer = <\(String(describing: type(of: view.layer)))>")
    return "<\(String(describing: type(of: view))); " + parts.joined(separator: "; ") + ">"
  }

  /// Labels, fields and text views show their text.
  private static func text(of view: UIView) -> String? {
    let text: String?
    switch view {
    case let label as UILabel: text = label.text
    case let field as UITextField: text = field.text
    case let textView as UITextView: text = textView.text
    default: return nil
    }
    return text ?? ""
  }

  /// Numbers as `%g` prints them: 20, 20.5, 0.333333.
  private static func number(_ value: CGFloat) -> String {
    String(format: "%g", Double(value))
  }

  /// The mask as iOS abbreviates it: LM, W, RM, TM, H, BM joined by "+".
  private static func autoresize(_ mask: UIView.AutoresizingMask) -> String? {
    let names: [(UIView.AutoresizingMask, String)] = [
      (.flexibleLeftMargin, "LM"), (.flexibleWidth, "W"), (.flexibleRightMargin, "RM"),
      (.flexibleTopMargin, "TM"), (.flexibleHeight, "H"), (.flexibleBottomMargin, "BM"),
    ]
    let present = names.filter { mask.contains($0.0) }.map(\.1)
    return present.isEmpty ? nil : present.joined(separator: "+")
  }
}

/// iOS's `-[UIViewController _printHierarchy]`, without the objects' addresses.
@MainActor
enum ControllerHierarchy {
  static func of(_ controller: UIViewController) -> String {
    var lines: [String] = []
    describe(controller, depth: 0, into: &lines)
    return lines.joined(separator: "\n")
  }

  private static func describe(_ controller: UIViewController, depth: Int, into lines: inout [String]) {
    var line = "<\(String(describing: type(of: controller)))>, state: \(controller._appearanceStateName), view: "
    if controller.isViewLoaded, let view = controller.view {
      line += "<\(String(describing: type(of: view)))>"
      if view.window == nil { line += " not in the window" }
    } else {
      line += "(view not loaded)"
    }
    lines.append(String(repeating: "   | ", count: depth) + line)
    for child in controller.children { describe(child, depth: depth + 1, into: &lines) }
  }
}
