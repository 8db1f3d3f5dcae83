import Foundation
import Testing
import UIKit
import UIKitTesting

/// Views laid out by Auto Layout from their intrinsic sizes on a screen that lays text out in
/// points (the headless default, the browser, pictures) take iOS's sizes: what an iPhone shows
/// for the same code, point for point (issue 31, "points are points").
@MainActor
struct IOSMetricsTests {
  /// A screen of controls stacked at their intrinsic sizes, as a settings or sign-up form
  /// written for iOS places them.
  final class FormController: UIViewController {
    let roundedField = UITextField()
    let smallRoundedField = UITextField()
    let plainField = UITextField()
    let toggle = UISwitch()
    let stepper = UIStepper()
    let segments = UISegmentedControl(items: ["One", "Two"])
    let spinner = UIActivityIndicatorView(style: .medium)
    let largeSpinner = UIActivityIndicatorView(style: .large)
    let progress = UIProgressView(progressViewStyle: .default)

    override func viewDidLoad() {
      super.viewDidLoad()
      roundedField.borderStyle = .roundedRect
      roundedField.placeholder = "Email"
      smallRoundedField.borderStyle = .roundedRect
      smallRoundedField.font = .systemFont(ofSize: 14)
      smallRoundedField.placeholder = "Code"
      plainField.placeholder = "Name"
      // A stopped indicator hides, and a stack view collapses hidden views.
      spinner.startAnimating()
      largeSpinner.startAnimating()
      let stack = UIStackView(arrangedSubviews: [
        roundedField, smallRoundedField, plainField, toggle, stepper, segments, spinner, largeSpinner, progress,
      ])
      stack.axis = .vertical
      stack.alignment = .leading
      stack.spacing = 8
      stack.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(stack)
      NSLayoutConstraint.activate([
        stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20),
        stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
        stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        roundedField.widthAnchor.constraint(equalTo: stack.widthAnchor),
        progress.widthAnchor.constraint(equalTo: stack.widthAnchor),
      ])
    }
  }

  @Test func controlsTakeTheirIOSSizesUnderAutoLayout() {
    let controller = FormController()
    let host = HeadlessHost(rootViewController: controller)
    _ = host
    // A rounded-rect field with the 17-point system font is 34 points tall on iOS; with the
    // 14-point font of iOS 6 it was 30; a borderless one is its line (20.29, whole points).
    #expect(controller.roundedField.frame.height == 34)
    #expect(controller.smallRoundedField.frame.height == 30)
    #expect(controller.plainField.frame.height == 21)
    #expect(controller.toggle.frame.size == CGSize(width: 51, height: 31))
    #expect(controller.stepper.frame.size == CGSize(width: 94, height: 32))
    #expect(controller.segments.frame.height == 32)
    #expect(controller.spinner.frame.size == CGSize(width: 20, height: 20))
    #expect(controller.largeSpinner.frame.size == CGSize(width: 37, height: 37))
    #expect(controller.progress.frame.height == 4)
    // Stacked 8 points apart from 20 below the status bar (47 on an iPhone 14).
    // (The solver's answer, to within rounding: frames are not rounded to pixels here.)
    let top = controller.roundedField.convert(controller.roundedField.bounds, to: nil).minY
    let next = controller.smallRoundedField.convert(controller.smallRoundedField.bounds, to: nil).minY
    #expect(abs(top - (47 + 20)) < 0.001)
    #expect(abs(next - (47 + 20 + 34 + 8)) < 0.001)
  }

  /// The field's text sits on the middle of the field whatever its height: the placeholder's
  /// line is centred in the 34-point box, 7 points in from its sides.
  @Test func aRoundedRectFieldCentresItsLine() {
    let controller = FormController()
    let host = HeadlessHost(rootViewController: controller)
    let field = controller.roundedField
    let text = field.placeholderRect(forBounds: field.bounds)
    #expect(text.minX == 7 && text.maxX == field.bounds.width - 7)
    #expect(text.midY == field.bounds.midY)
    let drawn = host.window.displayList().items.first {
      if case .text(let run) = $0.content { return run.string == "Email" }
      return false
    }
    #expect(drawn?.frame.midY == field.convert(field.bounds, to: nil).midY)
  }

  @Test func barsAndRowsTakeTheirIOSHeights() {
    let table = UITableViewController(style: .plain)
    final class Source: NSObject, UITableViewDataSource {
      func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
      func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = "Row \(indexPath.row)"
        return cell
      }
    }
    let source = Source()
    table.tableView.dataSource = source
    table.tableView.rowHeight = 44
    let search = UISearchController(searchResultsController: nil)
    table.navigationItem.searchController = search
    let save = UIBarButtonItem(barButtonSystemItem: .save, target: nil, action: nil)
    let edit = UIBarButtonItem(title: "Edit", style: .plain, target: nil, action: nil)
    let saved = UIBarButtonItem(title: "Saved", style: .plain, target: nil, action: nil)
    table.navigationItem.rightBarButtonItems = [save, edit]
    table.navigationItem.leftBarButtonItem = saved
    let navigation = UINavigationController(rootViewController: table)
    let host = HeadlessHost(rootViewController: navigation)
    _ = host
    let bar = navigation.navigationBar
    // The bar's items sit 16 points in from its ends and 8 points apart.
    #expect(bar._view(for: saved)?.frame.minX == 16)
    #expect(bar._view(for: save).map { abs($0.frame.maxX - (390 - 16)) < 0.001 } == true)
    #expect(bar._view(for: save).flatMap { s in bar._view(for: edit).map { s.frame.minX - $0.frame.maxX } } == 8)
    #expect(navigation.navigationBar.frame.height == 44)
    #expect(navigation.navigationBar.frame.minY == 47)
    #expect(search.searchBar.frame.height == 56)
    #expect(table.tableView.rectForRow(at: IndexPath(row: 1, section: 0)).height == 44)
    // A pushed screen's back chevron sits 8 points from the bar's edge.
    navigation.pushViewController(UIViewController(), animated: false)
    bar.layoutIfNeeded()
    #expect(bar._backButtonView.frame.minX == 8)
    let toolbar = UIToolbar()
    toolbar.sizeToFit()
    #expect(toolbar.frame.height == 44)
  }

  /// A system button's title is the 15-point system font, inset 6 points above and below and
  /// not at its sides: "Button" is 30 points tall and as wide as its title (46 on iOS, where San
  /// Francisco is the font).
  @Test func aSystemButtonIsItsTitleAndSixPointsAboveAndBelow() {
    let controller = UIViewController()
    let host = HeadlessHost(rootViewController: controller)
    let button = UIButton(type: .system)
    button.setTitle("Button", for: .normal)
    controller.view.addSubview(button)
    button.sizeToFit()
    _ = host
    #expect(button.titleLabel?.font.pointSize == 15)
    #expect(button.frame.height == 30)
    let title = ProportionalTextMeasurer().size(of: "Button", font: .systemFont(ofSize: 15)).width
    #expect(button.frame.width == title.rounded(.up))
  }

  /// A terminal draws a field's line in one cell row with its border as brackets on that row:
  /// there the field stays one row (and two points) tall.
  @Test func aTerminalKeepsAFieldToItsRow() {
    let controller = FormController()
    let host = HeadlessHost(rootViewController: controller, measuresTextInCells: true)
    _ = host
    #expect(controller.roundedField.frame.height == 18)
    #expect(controller.plainField.frame.height == 16)
  }
}
