// Accessibility code as iOS libraries write it, compiled in Swift 5 mode with its XCTest case:
// a star-rating control that is one adjustable element (VoiceOver swipes the rating up and
// down), a photo grid cell that offers custom actions, and a timeline view that draws its events
// and lists them as accessibility elements framed in its own coordinates.
@_exported import UIKitXCTest
import UIKit
import UIKitTesting
import XCTest

final class StarRatingControl: UIControl {
  private(set) var rating = 3 {
    didSet { if rating != oldValue { sendActions(for: .valueChanged) } }
  }

  override init(frame: CGRect) {
    super.init(frame: frame)
    isAccessibilityElement = true
    accessibilityLabel = "Rating"
    accessibilityTraits = .adjustable
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  override var accessibilityValue: String? {
    get { rating == 1 ? "1 star" : "\(rating) stars" }
    set {}
  }

  override func accessibilityIncrement() { rating = min(5, rating + 1) }
  override func accessibilityDecrement() { rating = max(1, rating - 1) }
}

final class PhotoCell: UIView {
  var favourites = 0
  var shared = 0

  override init(frame: CGRect) {
    super.init(frame: frame)
    isAccessibilityElement = true
    accessibilityLabel = "Photo, Lake"
    accessibilityCustomActions = [
      UIAccessibilityCustomAction(name: "Favourite") { [weak self] _ in
        self?.favourites += 1
        return true
      },
      UIAccessibilityCustomAction(name: "Share", image: UIImage(systemName: "square.and.arrow.up"), actionHandler: share),
    ]
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  private func share(_ action: UIAccessibilityCustomAction) -> Bool {
    shared += 1
    return true
  }
}

final class TimelineView: UIView {
  let events = ["Wake", "Run", "Work"]

  override var accessibilityElements: [Any]? {
    get {
      events.enumerated().map { index, name -> UIAccessibilityElement in
        let element = UIAccessibilityElement(accessibilityContainer: self)
        element.accessibilityLabel = name
        element.accessibilityTraits = .staticText
        element.accessibilityFrameInContainerSpace = CGRect(x: 0, y: CGFloat(index) * 30, width: bounds.width, height: 30)
        return element
      }
    }
    set {}
  }
}

final class AccessibilityClientXCTests: XCTestCase {
  func testVoiceOverAdjustsARatingControl() {
    let controller = UIViewController()
    let rating = StarRatingControl(frame: CGRect(x: 20, y: 100, width: 150, height: 30))
    var changes = 0
    rating.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
    controller.view.addSubview(rating)
    let host = HeadlessHost(rootViewController: controller)

    guard let element = host.accessibilityElement(label: "Rating") else { return XCTFail("no rating element") }
    XCTAssertEqual(element.value, "3 stars")
    XCTAssertTrue(element.traits.contains(.adjustable))
    host.increment(element)
    host.increment(element)
    host.increment(element)
    XCTAssertEqual(host.accessibilityElement(label: "Rating")?.value, "5 stars")
    host.decrement(element)
    XCTAssertEqual(host.accessibilityElement(label: "Rating")?.description, "Rating, 4 stars")
    XCTAssertEqual(changes, 3, "the rating stops at five stars: the third increment changes nothing")
  }

  func testCustomActionsOfAPhotoCell() {
    let controller = UIViewController()
    let cell = PhotoCell(frame: CGRect(x: 0, y: 100, width: 120, height: 120))
    controller.view.addSubview(cell)
    let host = HeadlessHost(rootViewController: controller)
    guard let element = host.accessibilityElement(label: "Photo, Lake") else { return XCTFail("no photo element") }
    XCTAssertEqual(element.customActions, ["Favourite", "Share"])
    XCTAssertTrue(host.performCustomAction("Share", on: element))
    XCTAssertTrue(host.performCustomAction("Favourite", on: element))
    XCTAssertEqual(cell.shared, 1)
    XCTAssertEqual(cell.favourites, 1)
  }

  func testATimelineListsTheEventsItDraws() {
    let controller = UIViewController()
    let timeline = TimelineView(frame: CGRect(x: 16, y: 200, width: 300, height: 90))
    controller.view.addSubview(timeline)
    let host = HeadlessHost(rootViewController: controller)
    let elements = host.accessibilityElements
    XCTAssertEqual(elements.map(\.label), ["Wake", "Run", "Work"])
    XCTAssertEqual(elements.last?.frame, CGRect(x: 16, y: 260, width: 300, height: 30))
  }
}
