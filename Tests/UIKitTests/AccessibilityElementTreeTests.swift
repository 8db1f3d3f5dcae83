import Foundation
import Testing
import UIKit
import UIKitTesting

/// A bar chart that draws its bars itself and lists one accessibility element per bar, framed
/// in its own coordinates, as chart libraries do.
@MainActor
private final class BarChartView: UIView {
  let values: [Int]
  private(set) var activated: [Int] = []

  init(values: [Int]) {
    self.values = values
    super.init(frame: CGRect(x: 0, y: 0, width: 40 * CGFloat(values.count), height: 100))
    accessibilityElements = values.enumerated().map { index, value in
      let bar = BarElement(accessibilityContainer: self)
      bar.chart = self
      bar.index = index
      bar.accessibilityLabel = "Day \(index + 1)"
      bar.accessibilityValue = "\(value) steps"
      bar.accessibilityIdentifier = "bar-\(index)"
      bar.accessibilityTraits = .button
      bar.accessibilityFrameInContainerSpace = CGRect(x: 40 * CGFloat(index), y: 100 - CGFloat(value), width: 30, height: CGFloat(value))
      return bar
    }
  }

  required init?(coder: NSCoder) { fatalError("not archived") }

  final class BarElement: UIAccessibilityElement {
    weak var chart: BarChartView?
    var index = 0
    override func accessibilityActivate() -> Bool {
      chart?.activated.append(index)
      return true
    }
  }
}

/// An older container: it answers the count-and-index methods instead of setting
/// `accessibilityElements`.
@MainActor
private final class DialView: UIView {
  lazy var marks: [UIAccessibilityElement] = (0..<3).map { index in
    let mark = UIAccessibilityElement(accessibilityContainer: self)
    mark.accessibilityLabel = "Mark \(index)"
    mark.accessibilityFrameInContainerSpace = CGRect(x: CGFloat(index) * 20, y: 0, width: 20, height: 20)
    return mark
  }
  override func accessibilityElementCount() -> Int { marks.count }
  override func accessibilityElement(at index: Int) -> Any? { marks.indices.contains(index) ? marks[index] : nil }
  override func index(ofAccessibilityElement element: Any) -> Int {
    marks.firstIndex { $0 === element as AnyObject } ?? NSNotFound
  }
}

/// A controller that records who was asked to escape and closes on escape.
@MainActor
private final class EscapingController: UIViewController {
  var escapes = 0
  var magicTaps = 0
  override func accessibilityPerformEscape() -> Bool {
    escapes += 1
    return true
  }
  override func accessibilityPerformMagicTap() -> Bool {
    magicTaps += 1
    return true
  }
}

@MainActor
@Suite struct AccessibilityElementTreeTests {
  @Test func viewsAreFoundInReadingOrderWithWhatUIKitSaysOfThem() {
    let controller = UIViewController()
    let title = UILabel(frame: CGRect(x: 20, y: 60, width: 200, height: 20))
    title.text = "Settings"
    title.accessibilityTraits.insert(.header)
    let hidden = UILabel(frame: CGRect(x: 20, y: 90, width: 200, height: 20))
    hidden.text = "Not shown"
    hidden.isHidden = true
    let field = UITextField(frame: CGRect(x: 20, y: 120, width: 200, height: 34))
    field.placeholder = "Name"
    field.accessibilityIdentifier = "name"
    let save = UIButton(type: .system)
    save.setTitle("Save", for: .normal)
    save.frame = CGRect(x: 20, y: 170, width: 80, height: 44)
    let blank = UIImageView(frame: CGRect(x: 120, y: 170, width: 44, height: 44))
    // A card read as one element: its own labels are not elements of their own.
    let card = UIView(frame: CGRect(x: 20, y: 230, width: 300, height: 60))
    card.isAccessibilityElement = true
    card.accessibilityLabel = "Storage, 12 GB free"
    let inner = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
    inner.text = "Storage"
    card.addSubview(inner)
    // A subtree hidden from assistive technology.
    let decoration = UIView(frame: CGRect(x: 0, y: 300, width: 300, height: 40))
    decoration.accessibilityElementsHidden = true
    let decorationLabel = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
    decorationLabel.text = "✦✦✦"
    decoration.addSubview(decorationLabel)
    for view in [title, hidden, field, save, blank, card, decoration] { controller.view.addSubview(view) }
    let host = HeadlessHost(rootViewController: controller)

    let elements = host.accessibilityElements
    #expect(elements.map(\.label) == ["Settings", "Name", "Save", "Storage, 12 GB free"])
    #expect(elements[0].traits == [.staticText, .header])
    #expect(elements[1].identifier == "name")
    #expect(elements[1].object === field)
    #expect(elements[2].traits == .button)
    #expect(elements[2].frame == save.convert(save.bounds, to: nil))
    #expect(elements[2].activationPoint == CGPoint(x: 60, y: 192))
    #expect(host.accessibilityElement(identifier: "name")?.object === field)
    #expect(host.accessibilityElement(label: "Save")?.object === save)
    #expect(host.accessibilityElement(label: "Not shown") == nil)
    field.text = "Ada"
    #expect(host.accessibilityElement(identifier: "name")?.description == "Name, Ada")
  }

  @Test func aContainerListsElementsItDrawsAndTheirFramesFollowItAsItScrolls() throws {
    let controller = UIViewController()
    let scrollView = UIScrollView(frame: CGRect(x: 0, y: 100, width: 390, height: 300))
    scrollView.contentSize = CGSize(width: 390, height: 1_000)
    let chart = BarChartView(values: [30, 80, 55])
    chart.frame.origin = CGPoint(x: 10, y: 200)
    scrollView.addSubview(chart)
    controller.view.addSubview(scrollView)
    let host = HeadlessHost(rootViewController: controller)

    #expect(chart.accessibilityElementCount() == 3)
    let second = try #require(chart.accessibilityElement(at: 1) as? UIAccessibilityElement)
    #expect(chart.index(ofAccessibilityElement: second) == 1)
    #expect(chart.index(ofAccessibilityElement: UIAccessibilityElement(accessibilityContainer: chart)) == NSNotFound)
    #expect(chart.accessibilityElement(at: 3) == nil)
    #expect(second.accessibilityContainer === chart)

    let bars = host.accessibilityElements.filter { $0.identifier?.hasPrefix("bar-") == true }
    #expect(bars.map(\.description) == ["Day 1, 30 steps", "Day 2, 80 steps", "Day 3, 55 steps"])
    // Container space → screen: the chart is at (10, 200) in the content, the scroll view at
    // y 100 on screen.
    #expect(bars[1].frame == CGRect(x: 10 + 40, y: 100 + 200 + 20, width: 30, height: 80))
    scrollView.contentOffset = CGPoint(x: 0, y: 150)
    let scrolled = try #require(host.accessibilityElement(identifier: "bar-1"))
    #expect(scrolled.frame == CGRect(x: 50, y: 170, width: 30, height: 80))
    #expect(scrolled.activationPoint == CGPoint(x: 65, y: 210))

    // The element handles its activation: no tap.
    #expect(host.activate(scrolled))
    #expect(chart.activated == [1])
  }

  @Test func anOlderContainerIsReadThroughItsCountAndIndex() {
    let controller = UIViewController()
    let dial = DialView(frame: CGRect(x: 50, y: 100, width: 60, height: 20))
    controller.view.addSubview(dial)
    let host = HeadlessHost(rootViewController: controller)
    let marks = host.accessibilityElements
    #expect(marks.map(\.label) == ["Mark 0", "Mark 1", "Mark 2"])
    #expect(marks[2].frame == CGRect(x: 90, y: 100, width: 20, height: 20))
  }

  @Test func elementsNestAndAnElementThatIsNotOneIsAContainer() {
    let controller = UIViewController()
    let view = UIView(frame: CGRect(x: 0, y: 100, width: 200, height: 100))
    let group = UIAccessibilityElement(accessibilityContainer: view)
    group.isAccessibilityElement = false
    group.accessibilityFrameInContainerSpace = CGRect(x: 20, y: 10, width: 100, height: 50)
    let leaf = UIAccessibilityElement(accessibilityContainer: group)
    leaf.accessibilityLabel = "Leaf"
    leaf.accessibilityFrameInContainerSpace = CGRect(x: 5, y: 5, width: 10, height: 10)
    group.accessibilityElements = [leaf]
    let loose = UIAccessibilityElement(accessibilityContainer: view)
    loose.accessibilityLabel = "Loose"
    loose.accessibilityFrame = CGRect(x: 1, y: 2, width: 3, height: 4)
    // A container that lists itself must not loop.
    view.accessibilityElements = [group, loose, view, "not an element"]
    controller.view.addSubview(view)
    let host = HeadlessHost(rootViewController: controller)
    let elements = host.accessibilityElements
    #expect(elements.map(\.label) == ["Leaf", "Loose"])
    #expect(elements[0].frame == CGRect(x: 25, y: 115, width: 10, height: 10))
    #expect(elements[1].frame == CGRect(x: 1, y: 2, width: 3, height: 4))
    // Defaults, as iOS's.
    let fresh = UIAccessibilityElement(accessibilityContainer: view)
    #expect(fresh.isAccessibilityElement)
    #expect(fresh.accessibilityFrameInContainerSpace.isNull)
    #expect(fresh.accessibilityFrame == .zero)
    #expect(fresh.accessibilityTraits == .none)
    #expect(fresh.accessibilityContainerType == .none)
  }

  @Test func theContainerIsHeldWeakly() {
    var container: UIView? = UIView()
    let element = UIAccessibilityElement(accessibilityContainer: container!)
    weak let gone = container
    container = nil
    #expect(gone == nil)
    #expect(element.accessibilityContainer == nil)
  }

  @Test func aModalViewHidesItsSiblings() {
    let controller = UIViewController()
    let behind = UILabel(frame: CGRect(x: 0, y: 100, width: 100, height: 20))
    behind.text = "Behind"
    let alert = UIView(frame: CGRect(x: 20, y: 200, width: 200, height: 100))
    alert.accessibilityViewIsModal = true
    let message = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 20))
    message.text = "Delete?"
    alert.addSubview(message)
    controller.view.addSubview(behind)
    controller.view.addSubview(alert)
    let host = HeadlessHost(rootViewController: controller)
    #expect(host.accessibilityElements.map(\.label) == ["Delete?"])
    alert.isHidden = true
    #expect(host.accessibilityElements.map(\.label) == ["Behind"])
  }

  @Test func activationTapsTheActivationPointUnlessTheElementHandlesIt() throws {
    let controller = UIViewController()
    let button = UIButton(type: .system)
    button.setTitle("Go", for: .normal)
    button.frame = CGRect(x: 20, y: 100, width: 100, height: 44)
    var taps = 0
    button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
    let toggle = UISwitch(frame: CGRect(x: 20, y: 200, width: 51, height: 31))
    var changes = 0
    toggle.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
    controller.view.addSubview(button)
    controller.view.addSubview(toggle)
    let host = HeadlessHost(rootViewController: controller)

    #expect(!host.activate(try #require(host.accessibilityElement(label: "Go"))))
    #expect(taps == 1, "a tap at the button's centre")
    // An activation point set elsewhere is where the tap lands: outside the button, no action.
    button.accessibilityActivationPoint = CGPoint(x: 300, y: 600)
    #expect(!host.activate(try #require(host.accessibilityElement(label: "Go"))))
    #expect(taps == 1)
    // A switch flips itself.
    let element = try #require(host.accessibilityElements.first { $0.object === toggle })
    #expect(host.activate(element))
    #expect(toggle.isOn)
    #expect(changes == 1)
    #expect(host.accessibilityElements.first { $0.object === toggle }?.value == "1")
  }

  @Test func adjustableElementsStepUpAndDown() throws {
    let controller = UIViewController()
    let slider = UISlider(frame: CGRect(x: 20, y: 100, width: 200, height: 31))
    slider.value = 0.5
    controller.view.addSubview(slider)
    let host = HeadlessHost(rootViewController: controller)
    let element = try #require(host.accessibilityElements.first { $0.object === slider })
    #expect(element.traits.contains(.adjustable))
    host.increment(element)
    #expect(abs(slider.value - 0.6) < 0.0001)
    host.decrement(element)
    host.decrement(element)
    #expect(abs(slider.value - 0.4) < 0.0001)
  }

  @Test func customActionsRunTheirHandlers() throws {
    let controller = UIViewController()
    let row = UILabel(frame: CGRect(x: 0, y: 100, width: 300, height: 44))
    row.text = "Message from Ada"
    var archived = 0
    let archive = UIAccessibilityCustomAction(name: "Archive") { action in
      #expect(action.name == "Archive")
      archived += 1
      return true
    }
    let delete = UIAccessibilityCustomAction(
      attributedName: NSAttributedString(string: "Delete"), image: UIImage(systemName: "trash")
    ) { _ in false }
    delete.category = UIAccessibilityCustomAction.editCategory
    row.accessibilityCustomActions = [archive, delete]
    controller.view.addSubview(row)
    let host = HeadlessHost(rootViewController: controller)
    let element = try #require(host.accessibilityElement(label: "Message from Ada"))
    #expect(element.customActions == ["Archive", "Delete"])
    #expect(host.performCustomAction("Archive", on: element))
    #expect(archived == 1)
    #expect(!host.performCustomAction("Delete", on: element), "its handler said it failed")
    #expect(!host.performCustomAction("Forward", on: element), "no such action")
    #expect(delete.image?.isSymbolImage == true)
    #expect(delete.category == "UIAccessibilityCustomActionCategoryEdit")
    delete.name = "Remove"
    #expect(delete.attributedName.string == "Remove")
  }

  @Test func escapeAndMagicTapGoUpFromTheElementToItsController() throws {
    let controller = EscapingController()
    let chart = BarChartView(values: [10])
    chart.frame.origin = CGPoint(x: 0, y: 100)
    controller.view.addSubview(chart)
    let host = HeadlessHost(rootViewController: controller)
    let bar = try #require(host.accessibilityElement(identifier: "bar-0"))
    #expect(host.performEscape(on: bar))
    #expect(controller.escapes == 1)
    #expect(host.performMagicTap(on: bar))
    #expect(controller.magicTaps == 1)
    // Nobody scrolls: false.
    #expect(!host.performScroll(.down, on: bar))
  }

  @Test func rectanglesAndPathsConvertToScreenCoordinates() {
    let controller = UIViewController()
    let view = UIView(frame: CGRect(x: 30, y: 120, width: 100, height: 100))
    controller.view.addSubview(view)
    let host = HeadlessHost(rootViewController: controller)
    _ = host
    #expect(UIAccessibility.convertToScreenCoordinates(CGRect(x: 5, y: 5, width: 10, height: 10), in: view)
      == CGRect(x: 35, y: 125, width: 10, height: 10))
    let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
    #expect(UIAccessibility.convertToScreenCoordinates(path, in: view).bounds == CGRect(x: 30, y: 120, width: 10, height: 10))
    #expect(UIAccessibility.focusedElement(using: .notificationVoiceOver) == nil)
  }
}

@MainActor @Suite struct AccessibilityScrollTests {
  @Test func aScrollViewPagesForVoiceOversThreeFingerSwipe() throws {
    let controller = UIViewController()
    let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 400))
    scrollView.contentInsetAdjustmentBehavior = .never
    scrollView.contentSize = CGSize(width: 390, height: 1_000)
    let label = UILabel(frame: CGRect(x: 0, y: 10, width: 200, height: 20))
    label.text = "Top"
    scrollView.addSubview(label)
    controller.view.addSubview(scrollView)
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 400))
    let element = try #require(host.accessibilityElement(label: "Top"))
    #expect(host.performScroll(.up, on: element))
    #expect(scrollView.contentOffset.y == 400)
    #expect(host.performScroll(.next, on: element))
    #expect(scrollView.contentOffset.y == 600, "held at the end of the content")
    #expect(!host.performScroll(.up, on: element), "no further")
    let pages = host.timeline.entries.filter { $0.kind == .accessibility && $0.name == "pageScrolled" }.map(\.arguments)
    #expect(pages == ["Page 2 of 3", "Page 3 of 3"])
    #expect(host.performScroll(.previous, on: element))
    #expect(scrollView.contentOffset.y == 200)
    #expect(!host.performScroll(.left, on: element), "nothing to the side")
  }
}
