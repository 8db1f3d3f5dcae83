import Foundation

/// The share sheet: the items it was given, and the activities that can act on them. Present it
/// modally (it is a `.popover`: a sheet on an iPhone, a popover on an iPad, where its
/// `popoverPresentationController` needs a source, as on iOS).
///
/// Linux differences: of the system's activities only Copy exists (`.copyToPasteboard`: strings,
/// URLs and images go to `UIPasteboard.general`); there are no other apps, contacts or printers
/// to share with. An app's own activities (`applicationActivities`) are offered and run as on
/// iOS. The completion handler hears which activity ran and whether it completed, or
/// `(nil, false)` when the sheet is closed.
@preconcurrency @MainActor
open class UIActivityViewController: UIViewController {
  /// What the completion handler hears: the activity chosen (nil: none), whether it completed,
  /// the items an extension returned (none here) and an error.
  public typealias CompletionWithItemsHandler = (UIActivity.ActivityType?, Bool, [Any]?, (any Error)?) -> Void

  /// The activities not offered.
  open var excludedActivityTypes: [UIActivity.ActivityType]?
  /// Called once the sheet is done: after an activity finished, or when it was closed.
  open var completionWithItemsHandler: CompletionWithItemsHandler?
  /// Whether a prominent activity may show above the others (kept; none is prominent here).
  open var allowsProminentActivity = true

  private let activityItems: [Any]
  private let applicationActivities: [UIActivity]
  /// Whether the handler has been called (once per presentation).
  private var finished = false
  /// The activity chosen and running.
  private var running: UIActivity?
  /// Whether the sheet is going away because the user chose Copy or Close (its handler call
  /// follows the dismissal).
  private var dismissingForChoice = false

  /// A share sheet for `activityItems` (strings, URLs, images, `UIActivityItemSource`s) offering
  /// `applicationActivities` beside the system's.
  public init(activityItems: [Any], applicationActivities: [UIActivity]?) {
    self.activityItems = activityItems
    self.applicationActivities = applicationActivities ?? []
    super.init(nibName: nil, bundle: nil)
    modalPresentationStyle = .popover
  }

  public required init?(coder: NSCoder) {
    activityItems = []
    applicationActivities = []
    super.init(coder: coder)
    modalPresentationStyle = .popover
  }

  // MARK: What is offered

  /// An activity row: the system's Copy or an app's activity.
  private enum Choice {
    case copy
    case app(UIActivity)
    @MainActor var title: String {
      switch self {
      case .copy: "Copy"
      case .app(let activity): activity.activityTitle ?? activity.activityType?.rawValue ?? ""
      }
    }
  }

  /// The items as the activities see them: a source's placeholder while choosing.
  private var placeholderItems: [Any] {
    activityItems.map { item in (item as? any UIActivityItemSource)?.activityViewControllerPlaceholderItem(self) ?? item }
  }

  /// The items for `type`: a source's item for that activity (left out when it has none).
  private func items(for type: UIActivity.ActivityType?) -> [Any] {
    activityItems.compactMap { item in
      guard let source = item as? any UIActivityItemSource else { return item }
      return source.activityViewController(self, itemForActivityType: type)
    }
  }

  private func isExcluded(_ type: UIActivity.ActivityType?) -> Bool {
    guard let type, let excluded = excludedActivityTypes else { return false }
    return excluded.contains(type)
  }

  /// The rows, in the share sheet's order: an app's share activities, then Copy, then its actions.
  private var choices: [Choice] {
    let items = placeholderItems
    let offered = applicationActivities.filter { !isExcluded($0.activityType) && $0.canPerform(withActivityItems: items) }
    let share = offered.filter { type(of: $0).activityCategory == .share }.map(Choice.app)
    let actions = offered.filter { type(of: $0).activityCategory == .action }.map(Choice.app)
    let copies = !isExcluded(.copyToPasteboard) && items.contains { Self.copyable($0) }
    return share + (copies ? [.copy] : []) + actions
  }

  private static func copyable(_ item: Any) -> Bool {
    item is String || item is NSAttributedString || item is URL || item is UIImage
  }

  // MARK: The sheet

  open override func loadView() {
    let root = UIView()
    root.backgroundColor = .systemGroupedBackground
    let header = UILabel()
    header.text = headerText
    header.font = .preferredFont(forTextStyle: .headline)
    header.numberOfLines = 2
    header.accessibilityTraits.insert(.header)
    let close = UIButton(type: .close)
    close.accessibilityLabel = "Close"
    close.addAction(UIAction { [weak self] _ in self?.closeTapped() }, for: .touchUpInside)
    let rows = UIStackView()
    rows.axis = .vertical
    rows.spacing = 1
    let choices = self.choices
    for choice in choices {
      let row = UIButton(type: .system)
      row.setTitle(choice.title, for: .normal)
      row.contentHorizontalAlignment = .leading
      row.backgroundColor = .secondarySystemGroupedBackground
      if case .app(let activity) = choice, let image = activity.activityImage { row.setImage(image, for: .normal) }
      if case .copy = choice { row.setImage(UIImage(systemName: "doc.on.doc"), for: .normal) }
      row.addAction(UIAction { [weak self] _ in self?.choose(choice) }, for: .touchUpInside)
      row.heightAnchor.constraint(equalToConstant: 44).isActive = true
      rows.addArrangedSubview(row)
    }
    for view in [header, close, rows] as [UIView] {
      view.translatesAutoresizingMaskIntoConstraints = false
      root.addSubview(view)
    }
    NSLayoutConstraint.activate([
      header.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 16),
      header.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
      header.trailingAnchor.constraint(lessThanOrEqualTo: close.leadingAnchor, constant: -8),
      close.centerYAnchor.constraint(equalTo: header.centerYAnchor),
      close.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
      rows.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 16),
      rows.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
      rows.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
    ])
    view = root
    // The header, the rows (44 points and a hairline each) and the margins.
    let rowsHeight = CGFloat(max(1, choices.count)) * 45
    preferredContentSize = CGSize(width: 320, height: rowsHeight + 70)
  }

  /// The first item, as the sheet's header shows it.
  private var headerText: String {
    switch placeholderItems.first {
    case let string as String: string
    case let attributed as NSAttributedString: attributed.string
    case let url as URL: url.absoluteString
    case is UIImage: "Image"
    default: ""
    }
  }

  private func closeTapped() {
    dismissingForChoice = true
    dismiss(animated: true) { [weak self] in self?.finish(nil, completed: false) }
  }

  private func choose(_ choice: Choice) {
    guard running == nil, !finished else { return }
    switch choice {
    case .copy:
      copyItems(items(for: .copyToPasteboard))
      dismissingForChoice = true
      dismiss(animated: true) { [weak self] in self?.finish(.copyToPasteboard, completed: true) }
    case .app(let activity):
      running = activity
      activity._owner = self
      activity.prepare(withActivityItems: items(for: activity.activityType))
      let presenter = presentingViewController
      // The sheet goes first; then the activity runs, or its screen shows.
      dismiss(animated: true) {
        if let screen = activity.activityViewController {
          presenter?.present(screen, animated: true)
        } else {
          activity.perform()
        }
      }
    }
  }

  /// The activity chosen is done: its screen goes, then the handler hears of it.
  func _activity(_ activity: UIActivity, didFinish completed: Bool) {
    guard activity === running else { return }
    running = nil
    let type = activity.activityType
    if let screen = activity.activityViewController, screen.presentingViewController != nil {
      screen.dismiss(animated: true) { [weak self] in self?.finish(type, completed: completed) }
    } else {
      finish(type, completed: completed)
    }
  }

  private func finish(_ type: UIActivity.ActivityType?, completed: Bool) {
    guard !finished else { return }
    finished = true
    completionWithItemsHandler?(type, completed, nil, nil)
  }

  /// Copy: the strings (attributed strings' text), URLs and images, together, as one pasteboard
  /// item each.
  private func copyItems(_ items: [Any]) {
    var pasteboardItems: [[String: Any]] = []
    for item in items {
      switch item {
      case let string as String: pasteboardItems.append([UIPasteboard.typeListString[0]: string])
      case let attributed as NSAttributedString: pasteboardItems.append([UIPasteboard.typeListString[0]: attributed.string])
      case let url as URL: pasteboardItems.append([UIPasteboard.typeListURL[0]: url])
      case let image as UIImage: pasteboardItems.append([UIPasteboard.typeListImage[2]: image])
      default: continue
      }
    }
    UIPasteboard.general.items = pasteboardItems
  }

  open override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    finished = false
    dismissingForChoice = false
  }

  open override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    // Dismissed by a swipe, a tap outside or the app, nothing chosen: the handler hears it.
    if isBeingDismissed, running == nil, !dismissingForChoice {
      finish(nil, completed: false)
    }
  }
}
