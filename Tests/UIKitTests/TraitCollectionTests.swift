import Foundation
import Testing
import UIKit
import UIKitTesting

/// An app's own trait, as WWDC23's "Unleash the UIKit trait system" defines one.
private enum Theme: Equatable { case standard, purple }
private struct ThemeTrait: UITraitDefinition {
  static let defaultValue = Theme.standard
  static let affectsColorAppearance = true
}

extension UITraitCollection {
  fileprivate var theme: Theme { self[ThemeTrait.self] }
}

extension UIMutableTraits {
  fileprivate var theme: Theme {
    get { self[ThemeTrait.self] }
    set { self[ThemeTrait.self] = newValue }
  }
}

@Suite struct TraitCollectionValueTests {
  @Test func anEmptyCollectionSpecifiesNothing() {
    let empty = UITraitCollection()
    #expect(empty.userInterfaceStyle == .unspecified)
    #expect(empty.horizontalSizeClass == .unspecified && empty.verticalSizeClass == .unspecified)
    #expect(empty.userInterfaceIdiom == .unspecified)
    #expect(empty.displayScale == 0)
    #expect(empty.preferredContentSizeCategory == .unspecified)
    #expect(empty.layoutDirection == .unspecified)
    #expect(empty.legibilityWeight == .unspecified && empty.accessibilityContrast == .unspecified)
    #expect(empty.forceTouchCapability == .unknown)
    #expect(empty.typesettingLanguage == nil)
    #expect(empty.description == "<UITraitCollection; >")
  }

  @Test func theLastCollectionThatSpecifiesATraitWins() {
    let merged = UITraitCollection(traitsFrom: [
      UITraitCollection(userInterfaceStyle: .dark),
      UITraitCollection(horizontalSizeClass: .compact),
      UITraitCollection(userInterfaceStyle: .light),
      UITraitCollection(userInterfaceStyle: .unspecified),
    ])
    #expect(merged.userInterfaceStyle == .light, "an unspecified value does not override")
    #expect(merged.horizontalSizeClass == .compact)
    #expect(merged.verticalSizeClass == .unspecified)
    #expect(merged.containsTraits(in: UITraitCollection(horizontalSizeClass: .compact)))
    #expect(!merged.containsTraits(in: UITraitCollection(verticalSizeClass: .regular)))
    #expect(merged.containsTraits(in: nil))
  }

  @Test func mutationsBuildAndModifyCollections() {
    let phone = UITraitCollection { traits in
      traits.userInterfaceIdiom = .phone
      traits.horizontalSizeClass = .compact
      traits.theme = .purple
    }
    #expect(phone.userInterfaceIdiom == .phone && phone.horizontalSizeClass == .compact)
    #expect(phone.theme == .purple && phone[ThemeTrait.self] == .purple)
    let dark = phone.modifyingTraits { $0.userInterfaceStyle = .dark }
    #expect(dark.userInterfaceStyle == .dark && dark.userInterfaceIdiom == .phone)
    #expect(phone.userInterfaceStyle == .unspecified, "collections are immutable")
    let plain = dark.replacing(ThemeTrait.self, value: .standard)
    #expect(plain.theme == .standard)
    #expect(UITraitCollection(ThemeTrait.self, value: .purple).theme == .purple)
    #expect(UITraitCollection().theme == .standard, "an app's trait reads as its default where unset")
  }

  @Test func collectionsCompareByValue() {
    let a = UITraitCollection { $0.userInterfaceStyle = .dark; $0.displayScale = 3 }
    let b = UITraitCollection(traitsFrom: [UITraitCollection(displayScale: 3), UITraitCollection(userInterfaceStyle: .dark)])
    #expect(a == b && a.hash == b.hash)
    #expect(a != UITraitCollection(userInterfaceStyle: .dark))
    #expect(a.copy() as AnyObject === a)
    #expect(a.description == "<UITraitCollection; DisplayScale = 3.0, UserInterfaceStyle = Dark>")
  }

  @Test func changedTraitsAndColourAppearance() {
    let light = UITraitCollection { $0.userInterfaceStyle = .light; $0.horizontalSizeClass = .compact }
    let dark = light.modifyingTraits { $0.userInterfaceStyle = .dark }
    let wide = light.modifyingTraits { $0.horizontalSizeClass = .regular }
    #expect(dark.changedTraits(from: light).map { $0.identifier } == ["UITraitUserInterfaceStyle"])
    #expect(dark.hasDifferentColorAppearance(comparedTo: light))
    #expect(!wide.hasDifferentColorAppearance(comparedTo: light), "a size class does not change colours")
    #expect(light.modifyingTraits { $0.theme = .purple }.hasDifferentColorAppearance(comparedTo: light),
      "an app's trait that says it affects colours does")
    #expect(light.changedTraits(from: light).isEmpty)
    #expect(UITraitCollection.systemTraitsAffectingColorAppearance.count == 4)
  }

  @Test func currentIsPerThreadAndPerformAsCurrentRestoresIt() {
    let dark = UITraitCollection(userInterfaceStyle: .dark)
    let saved = UITraitCollection.current
    dark.performAsCurrent {
      #expect(UITraitCollection.current === dark)
      #expect(UIColor.label.rgba8 == (255, 255, 255, 255), "implicit resolution uses the current traits")
      UITraitCollection(userInterfaceStyle: .light).performAsCurrent {
        #expect(UIColor.label.rgba8 == (0, 0, 0, 255))
      }
      #expect(UITraitCollection.current === dark)
    }
    #expect(UITraitCollection.current == saved)
    UITraitCollection.current = dark
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var onAnotherThread = UIUserInterfaceStyle.unspecified
    Thread.detachNewThread {
      onAnotherThread = UITraitCollection.current.userInterfaceStyle
      done.signal()
    }
    done.wait()
    #expect(onAnotherThread != .dark, "another thread has its own current collection")
    #expect(UITraitCollection.current === dark)
    UITraitCollection.current = saved
  }
}

@Suite struct DynamicColorTests {
  let light = UITraitCollection(userInterfaceStyle: .light)
  let dark = UITraitCollection(userInterfaceStyle: .dark)

  private func rgba(_ color: UIColor, _ traits: UITraitCollection) -> [Int] {
    let c = color.resolvedColor(with: traits).rgba8
    return [Int(c.r), Int(c.g), Int(c.b), Int(c.a)]
  }

  @Test func systemColoursHaveTheirDarkValues() {
    #expect(rgba(.systemBackground, dark) == [0, 0, 0, 255])
    #expect(rgba(.secondarySystemBackground, dark) == [28, 28, 30, 255])
    #expect(rgba(.label, dark) == [255, 255, 255, 255])
    #expect(rgba(.secondaryLabel, dark) == [235, 235, 245, 153])
    #expect(rgba(.systemBlue, dark) == [10, 132, 255, 255])
    #expect(rgba(.systemRed, dark) == [255, 69, 58, 255])
    #expect(rgba(.separator, dark) == [84, 84, 88, 153])
    #expect(rgba(.systemGray6, dark) == [28, 28, 30, 255])
    #expect(rgba(.systemBackground, light) == [255, 255, 255, 255])
    #expect(rgba(.label, UITraitCollection()) == [0, 0, 0, 255], "an unspecified style resolves as light")
  }

  @Test func backgroundsAreLighterWhenElevatedInDarkAppearance() {
    let elevated = dark.modifyingTraits { $0.userInterfaceLevel = .elevated }
    #expect(rgba(.systemBackground, elevated) == [28, 28, 30, 255])
    #expect(rgba(.secondarySystemGroupedBackground, elevated) == [44, 44, 46, 255])
    #expect(rgba(.label, elevated) == [255, 255, 255, 255], "only backgrounds change with the level")
    #expect(rgba(.systemBackground, light.modifyingTraits { $0.userInterfaceLevel = .elevated }) == [255, 255, 255, 255])
  }

  @Test func increasedContrastHasItsOwnValues() {
    let high = light.modifyingTraits { $0.accessibilityContrast = .high }
    #expect(rgba(.systemBlue, high) == [0, 64, 221, 255])
    #expect(rgba(.systemRed, dark.modifyingTraits { $0.accessibilityContrast = .high }) == [255, 105, 97, 255])
  }

  @Test func aProviderIsAskedWithTheTraits() {
    var asked: [UIUserInterfaceStyle] = []
    let brand = UIColor { traits in
      asked.append(traits.userInterfaceStyle)
      return traits.userInterfaceStyle == .dark ? .systemIndigo : UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    }
    #expect(rgba(brand, dark) == [94, 92, 230, 255], "a provider may return another dynamic colour")
    #expect(rgba(brand, light) == [255, 128, 0, 255])
    #expect(asked == [.dark, .light])
    let faded = brand.withAlphaComponent(0.5)
    #expect(rgba(faded, dark) == [94, 92, 230, 128])
    #expect(brand == brand && brand != UIColor { _ in .black })
    #expect(UIColor.red.resolvedColor(with: dark) === UIColor.red, "a fixed colour resolves to itself")
  }

  @Test func implicitConversionsResolveWithTheCurrentTraits() {
    let dark = dark
    var red: CGFloat = -1
    dark.performAsCurrent {
      #expect(UIColor.systemBackground.cgColor.components == [0, 0, 0, 1])
      UIColor.label.getRed(&red, green: nil, blue: nil, alpha: nil)
    }
    #expect(red == 1)
  }

  @Test func systemColoursGoThroughArchivesAsThemselves() throws {
    let data = try NSKeyedArchiver.archivedData(withRootObject: UIColor.secondaryLabel, requiringSecureCoding: true)
    let back = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: UIColor.self, from: data))
    #expect(back == .secondaryLabel)
    #expect(rgba(back, dark) == [235, 235, 245, 153], "it is still dynamic")
    #expect(UIColor.label.description == "<UIDynamicSystemColor; name = labelColor>")
  }
}

/// A view that logs its trait callbacks and layout, for the order UIKit calls them in.
@MainActor
private final class TraitLoggingView: UIView {
  var log: [String] = []
  let name: String
  init(_ name: String) {
    self.name = name
    super.init(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
  }
  required init?(coder: NSCoder) { fatalError() }
  override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    TraitLog.shared.append("\(name).traitCollectionDidChange(\(previousTraitCollection?.userInterfaceStyle.name ?? "nil") → \(traitCollection.userInterfaceStyle.name)), current \(UITraitCollection.current.userInterfaceStyle.name)")
  }
  override func layoutSubviews() {
    super.layoutSubviews()
    TraitLog.shared.append("\(name).layoutSubviews")
  }
}

@MainActor
private final class TraitLoggingController: UIViewController {
  override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    TraitLog.shared.append("controller.traitCollectionDidChange(\(previousTraitCollection?.userInterfaceStyle.name ?? "nil") → \(traitCollection.userInterfaceStyle.name))")
  }
  override func viewWillLayoutSubviews() {
    super.viewWillLayoutSubviews()
    TraitLog.shared.append("controller.viewWillLayoutSubviews")
  }
}

@MainActor
private final class TraitLog {
  static let shared = TraitLog()
  var entries: [String] = []
  func append(_ entry: String) { entries.append(entry) }
}

extension UIUserInterfaceStyle {
  fileprivate var name: String {
    switch self {
    case .unspecified: "unspecified"
    case .light: "light"
    case .dark: "dark"
    @unknown default: "?"
    }
  }
}

@MainActor @Suite(.serialized) struct TraitEnvironmentTests {
  @Test func traitsFlowFromTheScreenDownAndOverridesApplyBelowThem() {
    let controller = UIViewController()
    let child = UIView()
    let grandchild = UIView()
    child.addSubview(grandchild)
    controller.view.addSubview(child)
    let host = HeadlessHost(rootViewController: controller)
    let traits = grandchild.traitCollection
    #expect(traits.userInterfaceIdiom == .phone)
    #expect(traits.userInterfaceStyle == .light)
    #expect(traits.horizontalSizeClass == .compact && traits.verticalSizeClass == .regular)
    #expect(traits.preferredContentSizeCategory == .large)
    #expect(traits.layoutDirection == .leftToRight)
    #expect(traits.userInterfaceLevel == .base)
    #expect(traits.displayScale == UIScreen.main.scale)
    #expect(host.window.traitCollection == UIScreen.main.traitCollection)

    child.overrideUserInterfaceStyle = .dark
    #expect(child.traitCollection.userInterfaceStyle == .dark)
    #expect(grandchild.traitCollection.userInterfaceStyle == .dark)
    #expect(controller.view.traitCollection.userInterfaceStyle == .light)
    #expect(child.traitOverrides.contains(UITraitUserInterfaceStyle.self))
    child.overrideUserInterfaceStyle = .unspecified
    #expect(!child.traitOverrides.contains(UITraitUserInterfaceStyle.self))
    #expect(grandchild.traitCollection.userInterfaceStyle == .light)

    controller.traitOverrides.theme = .purple
    #expect(grandchild.traitCollection.theme == .purple, "an app's trait flows down like the system's")
    controller.traitOverrides.remove(ThemeTrait.self)
    #expect(grandchild.traitCollection.theme == .standard)
  }

  @Test func sizeClassesFollowTheScreen() {
    #expect(UIScreen._sizeClasses(for: CGSize(width: 390, height: 844), idiom: .phone) == (.compact, .regular))
    #expect(UIScreen._sizeClasses(for: CGSize(width: 844, height: 390), idiom: .phone) == (.compact, .compact))
    #expect(UIScreen._sizeClasses(for: CGSize(width: 932, height: 430), idiom: .phone) == (.regular, .compact),
      "a Max iPhone is regular in width in landscape")
    #expect(UIScreen._sizeClasses(for: CGSize(width: 820, height: 1180), idiom: .pad) == (.regular, .regular))
    let host = HeadlessHost(rootViewController: UIViewController(), screenSize: CGSize(width: 844, height: 390))
    #expect(host.window.traitCollection.verticalSizeClass == .compact)
  }

  @Test func switchingToDarkTellsEveryObjectTopDownBeforeItLaysOut() {
    TraitLog.shared.entries = []
    let controller = TraitLoggingController()
    let outer = TraitLoggingView("outer")
    let inner = TraitLoggingView("inner")
    outer.addSubview(inner)
    controller.view.addSubview(outer)
    let host = HeadlessHost(rootViewController: controller)
    #expect(!TraitLog.shared.entries.contains { $0.contains("traitCollectionDidChange") },
      "a view that enters a window with the traits it had is not told")
    TraitLog.shared.entries = []
    host.userInterfaceStyle = .dark
    #expect(TraitLog.shared.entries == [
      "controller.traitCollectionDidChange(light → dark)",
      "outer.traitCollectionDidChange(light → dark), current dark",
      "inner.traitCollectionDidChange(light → dark), current dark",
      "controller.viewWillLayoutSubviews",
      "outer.layoutSubviews",
      "inner.layoutSubviews",
    ])
    TraitLog.shared.entries = []
    host.window.layoutIfNeeded()
    #expect(TraitLog.shared.entries.isEmpty, "each change is told once")
  }

  @Test func registrationsRunForTheirTraitsOnly() {
    let controller = UIViewController()
    let view = UIView()
    controller.view.addSubview(view)
    let host = HeadlessHost(rootViewController: controller)
    var calls: [String] = []
    let styleRegistration = view.registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (view: UIView, previous: UITraitCollection) in
      calls.append("style \(previous.userInterfaceStyle.name) → \(view.traitCollection.userInterfaceStyle.name) (current \(UITraitCollection.current.userInterfaceStyle.name))")
    }
    controller.registerForTraitChanges([ThemeTrait.self, UITraitLegibilityWeight.self]) { (controller: UIViewController, _: UITraitCollection) in
      calls.append("theme or weight: \(controller.traitCollection.theme), bold \(controller.traitCollection.legibilityWeight == .bold)")
    }
    host.userInterfaceStyle = .dark
    #expect(calls == ["style light → dark (current dark)"])
    calls = []
    controller.traitOverrides.theme = .purple
    host.window.layoutIfNeeded()
    #expect(calls == ["theme or weight: purple, bold false"])
    calls = []
    host.usesBoldText = true
    #expect(calls == ["theme or weight: purple, bold true"])
    calls = []
    view.unregisterForTraitChanges(styleRegistration)
    host.userInterfaceStyle = .light
    #expect(calls.isEmpty)
    host.usesBoldText = false
  }

  @Test func targetActionRegistrationsTakeMethodReferences() {
    @MainActor final class Observer {
      var seen: [String] = []
      func update() { seen.append("update") }
      func update(for view: UIView) { seen.append("update(for: \(view.tag))") }
      func update(_ view: UIView, previous: UITraitCollection) { seen.append("previous \(previous.userInterfaceStyle.name)") }
    }
    let view = UIView()
    view.tag = 7
    let controller = UIViewController()
    controller.view.addSubview(view)
    let host = HeadlessHost(rootViewController: controller)
    let observer = Observer()
    view.registerForTraitChanges([UITraitUserInterfaceStyle.self], target: observer, action: Observer.update as (Observer) -> () -> Void)
    view.registerForTraitChanges([UITraitUserInterfaceStyle.self], target: observer, action: Observer.update(for:))
    view.registerForTraitChanges([UITraitUserInterfaceStyle.self], target: observer, action: Observer.update(_:previous:))
    host.userInterfaceStyle = .dark
    #expect(observer.seen == ["update", "update(for: 7)", "previous light"])
  }

  @Test func aViewAddedToADarkHierarchyIsToldOnceItIsInTheWindow() {
    let host = HeadlessHost(rootViewController: UIViewController())
    host.userInterfaceStyle = .dark
    TraitLog.shared.entries = []
    let late = TraitLoggingView("late")
    #expect(late.traitCollection.userInterfaceStyle == .dark, "outside a hierarchy a view has the screen's traits")
    let standalone = TraitLoggingView("standalone")
    standalone.overrideUserInterfaceStyle = .light
    host.window.rootViewController?.view.addSubview(standalone)
    host.window.layoutIfNeeded()
    #expect(TraitLog.shared.entries.filter { $0.contains("traitCollectionDidChange") }.isEmpty,
      "its own override keeps it light: nothing changed")
    let outside = UIView()
    let moving = TraitLoggingView("moving")
    outside.addSubview(moving)
    outside.overrideUserInterfaceStyle = .light
    host.window.layoutIfNeeded()
    #expect(TraitLog.shared.entries.filter { $0.contains("traitCollectionDidChange") }.isEmpty,
      "views outside a window are not told")
    host.userInterfaceStyle = .light
    host.window.overrideUserInterfaceStyle = .dark
    let created = TraitLoggingView("created")
    host.window.rootViewController?.view.addSubview(created)
    host.window.layoutIfNeeded()
    #expect(TraitLog.shared.entries.filter { $0.contains("traitCollectionDidChange") } == [
      "created.traitCollectionDidChange(light → dark), current dark"
    ], "a view made in light appearance and added to a window overridden to dark is told")
  }

  @Test func dynamicBackgroundsResolveAgainWhenTheAppearanceChanges() {
    let controller = UIViewController()
    let card = UIView(frame: CGRect(x: 0, y: 100, width: 200, height: 100))
    card.backgroundColor = .secondarySystemBackground
    let fixed = UIView(frame: CGRect(x: 0, y: 300, width: 200, height: 100))
    fixed.backgroundColor = .red
    controller.view.addSubview(card)
    controller.view.addSubview(fixed)
    let host = HeadlessHost(rootViewController: controller)
    #expect(card.backgroundColor === UIColor.secondarySystemBackground, "the dynamic colour is kept")
    let lightGrey: [CGFloat] = [242.0 / 255, 242.0 / 255, 247.0 / 255, 1]
    let darkGrey: [CGFloat] = [28.0 / 255, 28.0 / 255, 30.0 / 255, 1]
    #expect(card.layer.backgroundColor?.components == lightGrey)
    host.userInterfaceStyle = .dark
    #expect(card.layer.backgroundColor?.components == darkGrey)
    #expect(card.backgroundColor === UIColor.secondarySystemBackground)
    #expect(fixed.backgroundColor == .red)
    card.layer.backgroundColor = UIColor.blue.cgColor
    #expect(card.backgroundColor == .blue, "a colour set on the layer is what the view reports")
    host.userInterfaceStyle = .light
    #expect(card.layer.backgroundColor?.components == [0, 0, 1, 1], "and UIKit leaves it alone")
  }

  @Test func theScreenDrawsInDarkAppearance() throws {
    let controller = UIViewController()
    controller.view.backgroundColor = .systemBackground
    let label = UILabel(frame: CGRect(x: 16, y: 100, width: 200, height: 32))
    label.text = "Hello"
    controller.view.addSubview(label)
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 320, height: 320))
    let row = try #require(host.screen().split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("Hello") })
    let column = try #require(host.screen().split(separator: "\n", omittingEmptySubsequences: false)[row].firstIndex(of: "H"))
    let columnIndex = host.screen().split(separator: "\n", omittingEmptySubsequences: false)[row].distance(
      from: host.screen().split(separator: "\n", omittingEmptySubsequences: false)[row].startIndex, to: column)
    func labelCell() -> CellGrid.Cell { host.grid()[columnIndex, row] }
    #expect(labelCell().text == "H")
    #expect(labelCell().foreground == CellGrid.RGB(r: 0, g: 0, b: 0))
    #expect(labelCell().background == CellGrid.RGB(r: 255, g: 255, b: 255))
    host.userInterfaceStyle = .dark
    #expect(labelCell().foreground == CellGrid.RGB(r: 255, g: 255, b: 255))
    #expect(labelCell().background == CellGrid.RGB(r: 0, g: 0, b: 0))
    #expect(host.window.displayList().isDark)
    label.overrideUserInterfaceStyle = .light
    host.window.layoutIfNeeded()
    #expect(labelCell().foreground == CellGrid.RGB(r: 0, g: 0, b: 0), "a view drawn with its own traits")
  }

  @Test func aDefaultKeyboardFollowsTheAppearance() {
    let controller = UIViewController()
    let field = UITextField(frame: CGRect(x: 16, y: 100, width: 200, height: 34))
    controller.view.addSubview(field)
    let host = HeadlessHost(rootViewController: controller)
    field.becomeFirstResponder()
    host.settle()
    func keyboardIsDark() -> Bool { host.window.keyboard.softwareKeyboard?.model.isDark == true }
    #expect(!keyboardIsDark())
    host.userInterfaceStyle = .dark
    _ = host.window.displayList()
    #expect(keyboardIsDark())
    field.keyboardAppearance = .light
    field.reloadInputViews()
    _ = host.window.displayList()
    #expect(!keyboardIsDark(), "a light keyboard stays light")
    host.settle()
  }

  @Test func anOverriddenContentSizeCategoryScalesTheFontsBelowIt() {
    let controller = UIViewController()
    let container = UIView(frame: CGRect(x: 0, y: 100, width: 390, height: 200))
    let label = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 60))
    label.font = .preferredFont(forTextStyle: .body)
    label.adjustsFontForContentSizeCategory = true
    let fixed = UILabel(frame: CGRect(x: 0, y: 80, width: 300, height: 30))
    fixed.font = .preferredFont(forTextStyle: .body)
    container.addSubview(label)
    container.addSubview(fixed)
    controller.view.addSubview(container)
    let host = HeadlessHost(rootViewController: controller)
    #expect(label.font.pointSize == 17)
    container.traitOverrides.preferredContentSizeCategory = .accessibilityExtraLarge
    host.window.layoutIfNeeded()
    #expect(label.traitCollection.preferredContentSizeCategory == .accessibilityExtraLarge)
    #expect(label.font.pointSize == 40, "body at AX3")
    #expect(fixed.font.pointSize == 17, "a font that does not adjust stays")
    host.setPreferredContentSizeCategory(.extraSmall)
    #expect(label.font.pointSize == 40, "the override still wins over the app's category")
    container.traitOverrides.remove(UITraitPreferredContentSizeCategory.self)
    host.window.layoutIfNeeded()
    #expect(label.font.pointSize == 14, "body at xS, the app's category again")
    host.setPreferredContentSizeCategory(.large)
    #expect(label.font.pointSize == 17)
  }

  @Test func sheetsAreElevated() {
    let presenter = UIViewController()
    let host = HeadlessHost(rootViewController: presenter)
    let sheet = UIViewController()
    presenter.present(sheet, animated: false)
    host.settle()
    #expect(sheet.traitCollection.userInterfaceLevel == .elevated)
    #expect(sheet.view.traitCollection.userInterfaceLevel == .elevated)
    #expect(presenter.traitCollection.userInterfaceLevel == .base)
    let cover = UIViewController()
    cover.modalPresentationStyle = .fullScreen
    sheet.present(cover, animated: false)
    host.settle()
    #expect(cover.traitCollection.userInterfaceLevel == .base, "a full-screen presentation is not elevated")
  }
}
