// Declarations real libraries use in the shapes Apple declares them: each of these stopped a
// library compiling. The file compiles only if they match; the tests check what they do.
import Testing
import UIKit

/// A stack view subclass as libraries write one: iOS's `init(coder:)` is not failable here.
final class FormStackView: UIStackView {
  override init(frame: CGRect) { super.init(frame: frame) }
  required init(coder: NSCoder) { super.init(coder: coder) }
}

/// A designable view: Interface Builder's hook is there to override.
final class DesignableBadge: UIView {
  var sampled = false
  override func prepareForInterfaceBuilder() {
    super.prepareForInterfaceBuilder()
    sampled = true
  }
}

@MainActor @Suite
struct LibraryDeclarationsTests {
  @Test func stackViewSubclassWithTheNonFailableCoderInitializer() {
    let stack = FormStackView(frame: .zero)
    stack.axis = .vertical
    #expect(stack.axis == .vertical)
  }

  @Test func searchBarInputAccessoryViewIsSettable() {
    let bar = UISearchBar()
    let toolbar = UIToolbar()
    bar.inputAccessoryView = toolbar
    #expect(bar.inputAccessoryView === toolbar)
    #expect(bar.searchTextField.inputAccessoryView === toolbar)
  }

  @Test func eventsAndTouchesMadeByCode() {
    let event = UIEvent()
    #expect(event.allTouches?.isEmpty == true)
    #expect(event.type == .touches)
    let touch = UITouch()
    #expect(touch.view == nil)
    #expect(touch.tapCount == 0)
  }

  @Test func prepareForInterfaceBuilderIsOverridable() {
    let badge = DesignableBadge()
    #expect(!badge.sampled, "never called at run time")
    badge.prepareForInterfaceBuilder()
    #expect(badge.sampled)
  }
}
