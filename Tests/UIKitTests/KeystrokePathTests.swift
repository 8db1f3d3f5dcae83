import Foundation
import Testing
import UIKit
import UIKitTesting

/// A view that counts its layout passes.
@MainActor
final class LayoutCountingView: UIView {
  var layouts = 0
  /// Runs inside each layout pass.
  var onLayout: () -> Void = {}
  override func layoutSubviews() {
    super.layoutSubviews()
    layouts += 1
    onLayout()
  }
}

/// A controller with one field that counts `viewDidLayoutSubviews`.
@MainActor
final class LayoutCountingController: UIViewController {
  let field = UITextField(frame: CGRect(x: 20, y: 60, width: 300, height: 34))
  var layouts = 0
  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(field)
  }
  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    layouts += 1
  }
}

/// What the keystroke path keeps instead of recomputing on every key (the window a view is in,
/// the layout marks of a changed intrinsic size, the keyboard's shift and Return key) must stay
/// what recomputing would give.
@MainActor
@Suite struct KeystrokePathTests {
  @Test func aViewsWindowFollowsItsHierarchy() {
    let first = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let second = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let parent = UIView(frame: .zero)
    let child = UIView(frame: .zero)
    parent.addSubview(child)
    #expect(first.window === first)
    #expect(child.window == nil)

    // A subtree entering a window: every view in it is in the window.
    first.addSubview(parent)
    #expect(parent.window === first)
    #expect(child.window === first)
    let grandchild = UIView(frame: .zero)
    child.addSubview(grandchild)
    #expect(grandchild.window === first)

    // Moving to another window, and within a window.
    second.addSubview(parent)
    #expect(child.window === second)
    #expect(grandchild.window === second)
    let sibling = UIView(frame: .zero)
    second.addSubview(sibling)
    sibling.addSubview(child)
    #expect(child.window === second)
    #expect(grandchild.window === second)

    // Leaving: out of any window.
    sibling.removeFromSuperview()
    #expect(sibling.window == nil)
    #expect(child.window == nil)
    #expect(grandchild.window == nil)

    // A window inside another view is its own subviews' window.
    let inner = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    inner.addSubview(child)
    #expect(grandchild.window === inner)
    first.addSubview(inner)
    #expect(inner.window === inner)
    #expect(grandchild.window === inner)
  }

  @Test func aTextFieldInAWindowKnowsItAfterItsControllerIsShown() {
    let (host, fields) = makeForm()
    #expect(fields[0].window === host.window)
    fields[0].removeFromSuperview()
    #expect(fields[0].window == nil)
  }

  @Test func intrinsicSizeChangesLayOutTheAncestorsOncePerPass() {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let outer = LayoutCountingView(frame: window.bounds)
    let inner = LayoutCountingView(frame: window.bounds)
    let field = UITextField(frame: CGRect(x: 0, y: 0, width: 100, height: 34))
    window.addSubview(outer)
    outer.addSubview(inner)
    inner.addSubview(field)
    window.layoutIfNeeded()
    let (outerBefore, innerBefore) = (outer.layouts, inner.layouts)

    // Several changes before a layout pass: one layout of each ancestor.
    field.invalidateIntrinsicContentSize()
    field.invalidateIntrinsicContentSize()
    window.layoutIfNeeded()
    #expect(outer.layouts == outerBefore + 1)
    #expect(inner.layouts == innerBefore + 1)

    // After the pass, the next change marks the ancestors again.
    field.invalidateIntrinsicContentSize()
    window.layoutIfNeeded()
    #expect(outer.layouts == outerBefore + 2)
    #expect(inner.layouts == innerBefore + 2)

    // A field that moved since its last change marks its new ancestors.
    let otherOuter = LayoutCountingView(frame: window.bounds)
    let otherInner = LayoutCountingView(frame: window.bounds)
    window.addSubview(otherOuter)
    otherOuter.addSubview(otherInner)
    window.layoutIfNeeded()
    let otherBefore = otherOuter.layouts
    field.invalidateIntrinsicContentSize()
    otherInner.addSubview(field)
    field.invalidateIntrinsicContentSize()
    window.layoutIfNeeded()
    #expect(otherOuter.layouts == otherBefore + 1)
  }

  @Test func anIntrinsicSizeChangeDuringAnAncestorsLayoutLaysItOutAgain() {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let outer = LayoutCountingView(frame: window.bounds)
    let field = UITextField(frame: CGRect(x: 0, y: 0, width: 100, height: 34))
    window.addSubview(outer)
    outer.addSubview(field)
    window.layoutIfNeeded()
    // A change marks the field and `outer`; then, while `outer` lays out (its mark already
    // cleared), the field's size changes again: `outer` must lay out once more next time.
    field.invalidateIntrinsicContentSize()
    var changedDuringLayout = false
    outer.onLayout = {
      if !changedDuringLayout {
        changedDuringLayout = true
        field.invalidateIntrinsicContentSize()
      }
    }
    window.layoutIfNeeded()
    let after = outer.layouts
    window.layoutIfNeeded()
    #expect(outer.layouts == after + 1)
  }

  @Test func anIntrinsicSizeChangeAfterAnAncestorMovedMarksTheNewAncestors() {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let first = LayoutCountingView(frame: window.bounds)
    let second = LayoutCountingView(frame: window.bounds)
    let container = UIView(frame: window.bounds)
    let field = UITextField(frame: CGRect(x: 0, y: 0, width: 100, height: 34))
    window.addSubview(first)
    window.addSubview(second)
    let inner = UIView(frame: window.bounds)
    second.addSubview(inner)
    first.addSubview(container)
    container.addSubview(field)
    window.layoutIfNeeded()
    let before = second.layouts
    // Marked under `first`; the container moves under `second` (only `inner`, its new
    // superview, is marked by the move); the next change must mark `second` too.
    field.invalidateIntrinsicContentSize()
    inner.addSubview(container)
    field.invalidateIntrinsicContentSize()
    window.layoutIfNeeded()
    #expect(second.layouts == before + 1)
  }

  @Test func typingLaysOutTheFieldsControllerOncePerPass() {
    let controller = LayoutCountingController()
    let host = HeadlessHost(rootViewController: controller)
    host.tap(controller.field)
    host.window.layoutIfNeeded()
    let before = controller.layouts
    // Each key is one turn of the run loop, which ends with one layout pass (as on a device).
    host.type("abc")
    #expect(controller.layouts == before + 3)
    host.window.layoutIfNeeded()
    #expect(controller.layouts == before + 3, "the pass already ran")
    host.type("d")
    host.window.layoutIfNeeded()
    #expect(controller.layouts == before + 4)
    host.window.layoutIfNeeded()
    #expect(controller.layouts == before + 4, "nothing changed: no layout")
  }

  @Test func theSoftwareKeyboardsShiftFollowsHardwareTyping() {
    let (host, fields) = makeForm()
    host.tap(fields[0])
    host.settle()
    // An empty field starts a sentence: capitals.
    #expect(host.softwareKeyboardRows.first?.first == "Q")
    host.type("Hi")
    #expect(host.softwareKeyboardRows.first?.first == "q")
    host.type(". ")
    #expect(host.softwareKeyboardRows.first?.first == "Q", "a new sentence after \". \"")
    host.press(.backspace)
    #expect(host.softwareKeyboardRows.first?.first == "q")
    // The on-screen keys and hardware keys share one state.
    host.typeOnSoftwareKeyboard(" ")
    #expect(host.softwareKeyboardRows.first?.first == "Q")
    host.tapKey("T")
    #expect(fields[0].text == "Hi. T")
    #expect(host.softwareKeyboardRows.first?.first == "q")
  }

  @Test func theReturnKeyFollowsTheTextWhenItEnablesAutomatically() {
    let (host, fields) = makeForm()
    fields[0].enablesReturnKeyAutomatically = true
    host.tap(fields[0])
    #expect(!host.isReturnKeyEnabled)
    host.type("a")
    #expect(host.isReturnKeyEnabled)
    host.press(.backspace)
    #expect(!host.isReturnKeyEnabled)
  }

  @Test func delegateArgumentsReachTheTimelineWhileTracing() {
    let (host, fields) = makeForm()
    let delegate = RecordingDelegate()
    fields[0].delegate = delegate
    host.tap(fields[0])
    host.type("é")
    #expect(host.timeline.lines.contains("A: textField(_:shouldChangeCharactersIn:replacementString:) {0, 0} \"é\""))
    host.stopRecording()
    host.clearTimeline()
    host.type("x")
    #expect(host.timeline.lines.isEmpty)
    #expect(delegate.calls.last == "didChangeSelection")
    #expect(fields[0].text == "éx")
  }
}
