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


/// A constraint subclass, as layout libraries write one: it inherits the item initializer.
final class TaggedConstraint: NSLayoutConstraint {
  var tag = ""
}

/// A subclass that overrides the designated initializer keeps the convenience ones too.
final class CountingConstraint: NSLayoutConstraint {
  nonisolated(unsafe) static var made = 0
  override init() {
    super.init()
    Self.made += 1
  }
}

/// A font subclass inherits UIFont's initializers.
final class BrandFont: UIFont, @unchecked Sendable {}

/// A bar button item subclass with its own designated initializer.
final class BadgeBarButtonItem: UIBarButtonItem {
  var badge = 0
  override init() {
    super.init()
    badge = 1
  }
  required init?(coder: NSCoder) { super.init(coder: coder) }
}

/// A window subclass inherits `init()`; one that overrides `init(windowScene:)` calls super.
final class OverlayWindow: UIWindow {}
final class SceneWindow: UIWindow {
  override init(windowScene: UIWindowScene) { super.init(windowScene: windowScene) }
  required init?(coder: NSCoder) { super.init(coder: coder) }
}

/// An image view subclass overriding the image initializer.
final class AvatarView: UIImageView {
  override init(image: UIImage?) {
    super.init(image: image)
    layer.cornerRadius = 4
  }
  required init?(coder: NSCoder) { super.init(coder: coder) }
}

/// A search controller with its own bar and the nib initializer.
final class CustomBarSearchController: UISearchController {
  private let customBar = UISearchBar(frame: .zero)
  override var searchBar: UISearchBar { customBar }
  override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }
  override init(searchResultsController: UIViewController?) {
    super.init(searchResultsController: searchResultsController)
  }
  required init?(coder: NSCoder) { super.init(coder: coder) }
}

/// A view that animates nothing but its own key, and counts its layer's layout passes.
final class QuietView: UIView {
  var layerLayouts = 0
  override func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
    event == "opacity" ? NSNull() : super.action(for: layer, forKey: event)
  }
  override func layoutSublayers(of layer: CALayer) {
    super.layoutSublayers(of: layer)
    layerLayouts += 1
  }
}

/// An event subclass, as gesture tests write one.
final class ScriptedEvent: UIEvent {
  override init() { super.init() }
  override var type: EventType { .presses }
}

final class TargetHandler {
  var taps = 0
  func tapped(_ sender: UIButton) { taps += 1 }
  func changed() {}
}

/// A layer that watches the animations added to it, as layer libraries and test doubles do.
final class WatchingLayer: CALayer {
  var added: [String] = []
  var removed: [String] = []
  override func add(_ anim: CAAnimation, forKey key: String?) {
    added.append(key ?? "-")
    super.add(anim, forKey: key)
  }
  override func removeAnimation(forKey key: String) {
    removed.append(key)
    super.removeAnimation(forKey: key)
  }
}

/// An alert action subclass with a stored property keeps iOS's convenience initializer.
final class TaggedAlertAction: UIAlertAction {
  var tag = 7
  override init() { super.init() }
}

/// A navigation controller whose bar and a table whose style are read through overrides.
final class TintedNavigationController: UINavigationController {
  override var navigationBar: UINavigationBar {
    let bar = super.navigationBar
    bar.tintColor = .red
    return bar
  }
}

/// A colour subclass overriding iOS's designated initializers.
final class BrandColor: UIColor, @unchecked Sendable {
  var isBrand = false
  override init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    super.init(red: red, green: green, blue: blue, alpha: alpha)
    isBrand = true
  }
  override init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
    super.init(hue: hue, saturation: saturation, brightness: brightness, alpha: alpha)
    isBrand = true
  }
  required init?(coder: NSCoder) { super.init(coder: coder) }
}

/// A navigation item subclass overriding the designated initializers inherits `init()`.
final class TitledItem: UINavigationItem {
  override init(title: String) { super.init(title: title.uppercased()) }
  required init?(coder: NSCoder) { super.init(coder: coder) }
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

  @Test func constraintSubclassesInheritTheItemInitializer() {
    let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    let child = UIView()
    child.translatesAutoresizingMaskIntoConstraints = false
    container.addSubview(child)
    let width = TaggedConstraint(
      item: child, attribute: .width, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute,
      multiplier: 1, constant: 40)
    width.tag = "width"
    let before = CountingConstraint.made
    let height = CountingConstraint(
      item: child, attribute: .height, relatedBy: .equal, toItem: container, attribute: .height,
      multiplier: 0.5, constant: 0)
    #expect(CountingConstraint.made == before + 1, "the convenience initializer runs the override")
    NSLayoutConstraint.activate([width, height])
    container.layoutIfNeeded()
    #expect(child.frame.size == CGSize(width: 40, height: 50))
    #expect(width.firstItem === child && width.tag == "width")
    #expect(container.constraints.contains { $0 === height })
  }

  @Test func aConstraintMadeWithInitRelatesNothing() {
    let empty = NSLayoutConstraint()
    #expect(empty.firstItem == nil && empty.secondItem == nil)
    #expect(empty.firstAttribute == .notAnAttribute && empty.secondAttribute == .notAnAttribute)
    #expect(empty.relation == .equal && empty.multiplier == 1 && empty.constant == 0)
    #expect(!empty.isActive)
    #expect(empty.description.contains("(no items)"))
  }

  @Test func fontsMadeWithInitAndFontSubclasses() {
    let font = UIFont()
    #expect(font.fontName == ".SFUI-Regular" && font.pointSize == UIFont.systemFontSize)
    let brand = BrandFont(name: "Avenir-Heavy", size: 20)
    #expect(brand?.fontName == "Avenir-Heavy" && brand?.pointSize == 20)
    let described = BrandFont(descriptor: UIFont.systemFont(ofSize: 11).fontDescriptor, size: 13)
    #expect(described.pointSize == 13)
  }

  @Test func barButtonItemSubclassesOverrideInit() {
    let item = BadgeBarButtonItem()
    #expect(item.badge == 1)
    let space = BadgeBarButtonItem.flexibleSpace()
    #expect(type(of: space) == BadgeBarButtonItem.self)
    let fixed = UIBarButtonItem.fixedSpace(8)
    #expect(type(of: fixed) == UIBarButtonItem.self && fixed.width == 8)
  }

  @Test func textViewFontIsNilUntilSet() {
    let textView = UITextView()
    #expect(textView.font == nil, "iOS: nil while empty and no font was set")
    textView.text = "Hi"
    #expect(textView.font == UIFont.systemFont(ofSize: 12), "the text's font")
    textView.text = ""
    #expect(textView.font == nil)
    let body = UIFont.preferredFont(forTextStyle: .body)
    textView.font = body
    #expect(textView.font == body)
    textView.font = nil
    #expect(textView.font == nil)
    textView.attributedText = NSAttributedString(string: "x", attributes: [.font: UIFont.boldSystemFont(ofSize: 20)])
    #expect(textView.font == UIFont.boldSystemFont(ofSize: 20))
  }

  @Test func textLayerFonts() {
    let layer = CATextLayer()
    #expect(layer.font == nil)
    let font = UIFont.monospacedSystemFont(ofSize: 30, weight: .regular)
    layer.font = font
    layer.fontSize = 18
    #expect(layer.font === font)
    let copy = CATextLayer(layer: layer)
    #expect(copy.font === font)
    layer.font = "Menlo" as CFTypeRef
    #expect(layer.font as? String == "Menlo")
  }

  @Test func controlActionsForATarget() {
    let button = UIButton(type: .system)
    let handler = TargetHandler()
    let other = TargetHandler()
    #expect(button.actions(forTarget: handler, forControlEvent: .touchUpInside) == nil)
    button.addTarget(handler, action: TargetHandler.tapped, for: .touchUpInside)
    button.addTarget(handler, action: TargetHandler.changed, for: [.touchUpInside, .valueChanged])
    button.addTarget(nil, action: TargetHandler.changed, for: .touchUpInside)
    let actions = button.actions(forTarget: handler, forControlEvent: .touchUpInside)
    #expect(actions?.count == 2)
    #expect(actions?.first?.contains("TargetHandler") == true)
    #expect(button.actions(forTarget: handler, forControlEvent: .valueChanged)?.count == 1)
    #expect(button.actions(forTarget: other, forControlEvent: .touchUpInside) == nil)
    #expect(button.actions(forTarget: nil, forControlEvent: .touchUpInside)?.count == 1, "the responder chain's")
    button.removeTarget(handler, action: nil, for: .touchUpInside)
    #expect(button.actions(forTarget: handler, forControlEvent: .touchUpInside) == nil)
    #expect(button.actions(forTarget: handler, forControlEvent: .valueChanged)?.count == 1)
  }

  @Test func windowImageViewAndSearchControllerSubclasses() {
    let overlay = OverlayWindow()
    #expect(overlay.frame == UIScreen.main.bounds, "init() is inherited")
    #expect(SceneWindow.self != UIWindow.self)
    let image = UIImage(systemName: "person")
    let avatar = AvatarView(image: image)
    #expect(avatar.image === image && avatar.frame.size == image?.size && avatar.layer.cornerRadius == 4)
    #expect(!avatar.isUserInteractionEnabled)
    let plain = UIImageView(image: image, highlightedImage: nil)
    #expect(plain.frame.size == image?.size && !plain.isUserInteractionEnabled)
    let search = CustomBarSearchController(searchResultsController: nil)
    search.searchBar.text = "kiwi"
    #expect(search.searchBar.text == "kiwi")
    let fromNib = CustomBarSearchController(nibName: nil, bundle: nil)
    #expect(fromNib.searchResultsController == nil)
  }

  @Test func viewsOverrideTheirLayersDelegateMethods() {
    let view = QuietView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    view.layer.setNeedsLayout()
    view.layer.layoutIfNeeded()
    #expect(view.layerLayouts == 1)
    view.setNeedsLayout()
    view.layoutIfNeeded()
    #expect(view.layerLayouts == 2, "a view's layout pass goes through its layer's delegate method")
    #expect(view.layer.action(forKey: "backgroundColor") == nil, "outside an animation block: none")
    UIView.animate(withDuration: 0.3) {
      #expect(view.layer.action(forKey: "opacity") == nil, "the override said no")
      #expect(view.layer.action(forKey: "backgroundColor") is CABasicAnimation, "super's answer for the rest")
    }
  }

  @Test func eventSubclasses() {
    let event = ScriptedEvent()
    #expect(event.type == .presses && event.timestamp == 0 && event.allTouches?.isEmpty == true)
  }

  @Test func layersOverrideTheirAnimationMethods() {
    let layer = WatchingLayer()
    layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "fade")
    #expect(layer.added == ["fade"])
    #expect(layer.animationKeys() == ["fade"])
    layer.removeAnimation(forKey: "fade")
    #expect(layer.removed == ["fade"] && layer.animationKeys() == nil)
    #expect(layer.model() === layer)
  }

  @Test func alertActionSubclassesInheritTheTitleInitializer() {
    let action = TaggedAlertAction(title: "OK", style: .cancel) { _ in }
    #expect(action.title == "OK" && action.style == .cancel && action.tag == 7)
    let bare = UIAlertAction()
    #expect(bare.title == nil && bare.style == .default && bare.isEnabled)
  }

  @Test func navigationBarsAndTableStylesAreOverridable() {
    let navigation = TintedNavigationController(rootViewController: UIViewController())
    #expect(navigation.navigationBar.tintColor == .red)
    #expect(UITableView(frame: .zero, style: .insetGrouped).style == .insetGrouped)
  }

  @Test func coloursAndFontsGoThroughKeyedArchives() throws {
    for colour in [UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8), UIColor(white: 0.5, alpha: 1), .systemBlue] {
      let data = try NSKeyedArchiver.archivedData(withRootObject: colour, requiringSecureCoding: true)
      let back = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: UIColor.self, from: data))
      #expect(back == colour)
      #expect(back.cgColor.numberOfComponents == colour.cgColor.numberOfComponents, "a white level stays gray")
    }
    for font in [UIFont.boldSystemFont(ofSize: 21), UIFont.monospacedSystemFont(ofSize: 13, weight: .medium), UIFont(name: "Avenir-Oblique", size: 9)!] {
      let data = try NSKeyedArchiver.archivedData(withRootObject: font, requiringSecureCoding: true)
      let back = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: UIFont.self, from: data))
      #expect(back.fontName == font.fontName && back.pointSize == font.pointSize && back.familyName == font.familyName)
      #expect(back.fontDescriptor.symbolicTraits == font.fontDescriptor.symbolicTraits)
    }
  }

  @Test func colourSubclassesOverrideTheDesignatedInitializers() {
    #expect(BrandColor(hue: 0.5, saturation: 1, brightness: 1, alpha: 1).isBrand)
    let grey = UIColor(cgColor: UIColor(white: 0.25, alpha: 1).cgColor)
    #expect(grey == UIColor(white: 0.25, alpha: 1))
    #expect(TitledItem(title: "done").title == "DONE")
    #expect(TitledItem().title == nil, "init() is inherited")
  }
}
