import Foundation
import Testing
import UIKit
import UIKitTesting

// Each test uses classes of its own: appearance proxies are global, as on iOS, and other tests
// (run in the same process) must not see what these record.

private final class ProxyField: UITextField {}
private final class LateField: UITextField {}
private final class ExplicitField: UITextField {}
private class BaseBox: UIView {}
private final class SubBox: BaseBox {}
private final class Inner: UIView {}
private final class Outer: UIView {}
private final class Leaf: UIView {}
private final class ChainLeaf: UIView {}
private final class ControllerLeaf: UIView {}
private final class LeafController: UIViewController {}
private final class Watcher: UIView {
  var seenInDidMove: UIColor?
  override func didMoveToWindow() {
    super.didMoveToWindow()
    seenInDidMove = backgroundColor
  }
}
private final class Accent: UIView {
  /// An app's own property: no memory of being set, so the proxy replaces it.
  var accent: UIColor? = .green
}
private final class ProxyItem: UIBarButtonItem {}
private final class ProxyLabel: UILabel {}
private final class ProxyButton: UIButton {}
private final class ProxyNavigationBar: UINavigationBar {}
private final class AttributedItem: UIBarButtonItem {}

@MainActor
@Suite struct AppearanceTests {
  private func makeHost() -> (HeadlessHost, UIView) {
    let controller = UIViewController()
    let host = HeadlessHost(rootViewController: controller)
    return (host, controller.view)
  }

  @Test func aFieldEnteringAWindowTakesTheProxysValue() {
    ProxyField.appearance().tintColor = .red
    #expect(ProxyField.appearance().tintColor == .red, "the proxy reads back what it recorded")
    let (host, root) = makeHost()
    defer { withExtendedLifetime(host) {} }
    let field = ProxyField(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
    #expect(field.tintColor != .red, "not before it enters a window")
    root.addSubview(field)
    #expect(field.tintColor == .red)
    #expect(UITextField().tintColor != .red, "the superclass is not affected")
  }

  @Test func aViewAlreadyInAWindowKeepsItsLookUntilItEntersAgain() {
    let (host, root) = makeHost()
    defer { withExtendedLifetime(host) {} }
    let field = LateField(frame: .zero)
    root.addSubview(field)
    LateField.appearance().backgroundColor = .yellow
    #expect(field.backgroundColor == nil)
    field.removeFromSuperview()
    root.addSubview(field)
    #expect(field.backgroundColor == .yellow)
  }

  @Test func aValueSetOnTheInstanceWinsBeforeAndAfter() {
    ExplicitField.appearance().tintColor = .red
    ExplicitField.appearance().backgroundColor = .yellow
    let (host, root) = makeHost()
    defer { withExtendedLifetime(host) {} }
    let field = ExplicitField(frame: .zero)
    field.tintColor = .green
    root.addSubview(field)
    #expect(field.tintColor == .green, "set before: the proxy leaves it")
    #expect(field.backgroundColor == .yellow, "the other property comes from the proxy")
    field.backgroundColor = .blue
    field.removeFromSuperview()
    root.addSubview(field)
    #expect(field.backgroundColor == .blue, "set after: it stays the app's")
  }

  @Test func aSubclassProxyOverridesItsSuperclasses() {
    SubBox.appearance().backgroundColor = .blue
    BaseBox.appearance().backgroundColor = .red  // set later, still less specific
    let (host, root) = makeHost()
    defer { withExtendedLifetime(host) {} }
    let base = BaseBox(frame: .zero)
    let sub = SubBox(frame: .zero)
    root.addSubview(base)
    root.addSubview(sub)
    #expect(base.backgroundColor == .red)
    #expect(sub.backgroundColor == .blue)
  }

  @Test func containmentRulesApplyOnlyInsideTheirContainersAndTheOutermostWins() {
    Leaf.appearance().backgroundColor = .gray
    Leaf.appearance(whenContainedInInstancesOf: [Inner.self]).backgroundColor = .red
    Leaf.appearance(whenContainedInInstancesOf: [Outer.self]).backgroundColor = .blue
    let (host, root) = makeHost()
    defer { withExtendedLifetime(host) {} }
    let outer = Outer(frame: .zero)
    let inner = Inner(frame: .zero)
    let deep = Leaf(frame: .zero)
    let inInner = Leaf(frame: .zero)
    let loose = Leaf(frame: .zero)
    let innerAlone = Inner(frame: .zero)
    outer.addSubview(inner)
    inner.addSubview(deep)
    innerAlone.addSubview(inInner)
    root.addSubview(outer)
    root.addSubview(innerAlone)
    root.addSubview(loose)
    #expect(loose.backgroundColor == .gray)
    #expect(inInner.backgroundColor == .red)
    #expect(deep.backgroundColor == .blue, "Outer is further out than Inner: its proxy wins")
  }

  @Test func aLongerChainWinsAmongEquallyOuterOnes() {
    ChainLeaf.appearance(whenContainedInInstancesOf: [Inner.self, Outer.self]).tintColor = .red
    ChainLeaf.appearance(whenContainedInInstancesOf: [Outer.self]).tintColor = .blue
    let (host, root) = makeHost()
    defer { withExtendedLifetime(host) {} }
    let outer = Outer(frame: .zero)
    let inner = Inner(frame: .zero)
    let leaf = ChainLeaf(frame: .zero)
    let direct = ChainLeaf(frame: .zero)
    outer.addSubview(inner)
    outer.addSubview(direct)
    inner.addSubview(leaf)
    root.addSubview(outer)
    #expect(leaf.tintColor == .red)
    #expect(direct.tintColor == .blue, "the chain Inner-in-Outer does not hold for it")
    // Containers listed outermost first describe no hierarchy here: nothing matches.
    let wrong = ChainLeaf(frame: .zero)
    ChainLeaf.appearance(whenContainedInInstancesOf: [Outer.self, Inner.self]).backgroundColor = .yellow
    inner.addSubview(wrong)
    #expect(wrong.backgroundColor == nil)
  }

  @Test func aViewControllerIsAContainer() {
    ControllerLeaf.appearance(whenContainedInInstancesOf: [LeafController.self]).tintColor = .orange
    let controller = LeafController()
    let host = HeadlessHost(rootViewController: controller)
    defer { withExtendedLifetime(host) {} }
    let leaf = ControllerLeaf(frame: .zero)
    let outside = ControllerLeaf(frame: .zero)
    controller.view.addSubview(leaf)
    host.window.addSubview(outside)
    #expect(leaf.tintColor == .orange)
    #expect(outside.tintColor != .orange)
  }

  @Test func didMoveToWindowAlreadySeesTheValues() {
    Watcher.appearance().backgroundColor = .purple
    let (host, root) = makeHost()
    defer { withExtendedLifetime(host) {} }
    let watcher = Watcher(frame: .zero)
    root.addSubview(watcher)
    #expect(watcher.seenInDidMove == .purple)
  }

  @Test func anAppsOwnPropertyIsReplacedAsOnIOS() {
    Accent.appearance().accent = .red
    let (host, root) = makeHost()
    defer { withExtendedLifetime(host) {} }
    let view = Accent(frame: .zero)
    view.accent = .blue
    root.addSubview(view)
    #expect(view.accent == .red)
  }

  @Test func labelsAndBarItemsTakeTheirProxies() {
    ProxyLabel.appearance().textColor = .red
    ProxyItem.appearance().tintColor = .orange
    let (host, root) = makeHost()
    defer { withExtendedLifetime(host) {} }
    let label = ProxyLabel(frame: .zero)
    let toolbar = UIToolbar(frame: CGRect(x: 0, y: 0, width: 300, height: 44))
    let item = ProxyItem(title: "Done", style: .done, target: nil, action: nil)
    let kept = ProxyItem(title: "Keep", style: .plain, target: nil, action: nil)
    kept.tintColor = .green
    toolbar.items = [item, kept]
    root.addSubview(label)
    root.addSubview(toolbar)
    #expect(label.textColor == .red)
    #expect(item.tintColor == .orange)
    #expect(kept.tintColor == .green)
  }

  @Test func methodsWithAStateAreRecordedToo() {
    ProxyButton.appearance().setTitleColor(.red, for: .normal)
    AttributedItem.appearance().setTitleTextAttributes([.foregroundColor: UIColor.orange], for: .normal)
    #expect(ProxyButton.appearance().titleColor(for: .normal) == .red)
    #expect(ProxyButton.appearance().titleColor(for: .highlighted) == nil)
    let (host, root) = makeHost()
    defer { withExtendedLifetime(host) {} }
    let button = ProxyButton(type: .system)
    let kept = ProxyButton(type: .system)
    kept.setTitleColor(.green, for: .normal)
    let toolbar = UIToolbar(frame: CGRect(x: 0, y: 0, width: 300, height: 44))
    let item = AttributedItem(title: "Done", style: .done, target: nil, action: nil)
    toolbar.items = [item]
    root.addSubview(button)
    root.addSubview(kept)
    root.addSubview(toolbar)
    #expect(button.titleColor(for: .normal) == .red)
    #expect(kept.titleColor(for: .normal) == .green)
    #expect(item.titleTextAttributes(for: .normal)?[.foregroundColor] as? UIColor == .orange)
  }

  @Test func aNavigationBarsOwnBarTintColorWins() {
    ProxyNavigationBar.appearance().barTintColor = .red
    ProxyNavigationBar.appearance().titleTextAttributes = [.foregroundColor: UIColor.orange]
    let (host, root) = makeHost()
    defer { withExtendedLifetime(host) {} }
    let styled = ProxyNavigationBar(frame: CGRect(x: 0, y: 0, width: 300, height: 44))
    let own = ProxyNavigationBar(frame: CGRect(x: 0, y: 0, width: 300, height: 44))
    own.barTintColor = .green
    root.addSubview(styled)
    root.addSubview(own)
    #expect(styled.barTintColor == .red)
    #expect(own.barTintColor == .green)
    #expect(own.titleTextAttributes?[.foregroundColor] as? UIColor == .orange)
  }
}
