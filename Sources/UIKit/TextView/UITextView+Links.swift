import Foundation

// Links in a text view: `.link` attributes, detected data (`dataDetectorTypes`, found only while
// the view is not editable, as on iOS), attachments and tagged ranges; drawn with
// `linkTextAttributes`; tapped and long-pressed in a view that is selectable and not editable.
//
// The order of the delegate messages, as iOS 17 sends them:
// - A tap on an item: `textView(_:primaryActionFor:defaultAction:)`; the action it returns is
//   performed (the default one opens a link's URL with `UIApplication.open(_:options:
//   completionHandler:)`; an attachment's or tag's shows the item's menu), nil does nothing.
// - A long press: `textView(_:menuConfigurationFor:defaultMenu:)`; the menu it returns shows,
//   `textView(_:textItemMenuWillDisplayFor:animator:)` before it appears and
//   `textView(_:textItemMenuWillEndFor:animator:)` before it goes.
// - A delegate without these (written before iOS 17) is asked the deprecated
//   `textView(_:shouldInteractWith:in:interaction:)` instead (`.invokeDefaultAction` for a tap,
//   `.presentActions` for a long press): the default implementations of the iOS 17 methods ask
//   it, so a delegate implementing the new methods is never asked the old one, as on iOS.
//   The timeline records the iOS 17 message and then, when the default asks it, the old one.
//
// Costs: detection runs once per text change of a non-editable view with detector types (never
// while editable); drawing looks at link styles only on lines that have attribute spans or
// detected links.

/// What a text view keeps for its links.
struct _TextViewLinkState {
  /// The detected links, for the text revision and types they were found for.
  var detected: [_DataDetector.Match] = []
  var detectedKey: (revision: UInt64, types: UIDataDetectorTypes)?
  /// `linkTextAttributes` as set (nil: the default, the tint colour).
  var linkTextAttributes: [NSAttributedString.Key: Any]?
  /// The interaction showing a text item's menu, and its delegate (which holds the menu).
  var menuInteraction: UIEditMenuInteraction?
  var menuPresenter: _TextItemMenuPresenter?
}

/// Shows a text item's menu through the edit menu's callout.
@MainActor
final class _TextItemMenuPresenter: NSObject, UIEditMenuInteractionDelegate {
  var menu = UIMenu()
  /// The item whose menu shows, and its text view (whose delegate hears the menu come and go).
  var item: UITextItem?
  weak var textView: UITextView?

  func editMenuInteraction(
    _ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration,
    suggestedActions: [UIMenuElement]
  ) -> UIMenu? { menu }

  func editMenuInteraction(
    _ interaction: UIEditMenuInteraction, willPresentMenuFor configuration: UIEditMenuConfiguration,
    animator: any UIEditMenuInteractionAnimating
  ) {
    guard let textView, let item else { return }
    textView._traceTextItem("textView(_:textItemMenuWillDisplayFor:animator:)", item)
    textView.delegate?.textView(textView, textItemMenuWillDisplayFor: item, animator: _ContextMenuAnimator(animator))
  }

  func editMenuInteraction(
    _ interaction: UIEditMenuInteraction, willDismissMenuFor configuration: UIEditMenuConfiguration,
    animator: any UIEditMenuInteractionAnimating
  ) {
    guard let textView, let item else { return }
    textView._traceTextItem("textView(_:textItemMenuWillEndFor:animator:)", item)
    textView.delegate?.textView(textView, textItemMenuWillEndFor: item, animator: _ContextMenuAnimator(animator))
  }
}

extension UITextView {
  // MARK: Attributes

  /// What `linkTextAttributes` answers when not set: the tint colour (iOS draws links in the
  /// view's tint, without an underline).
  var _linkTextAttributes: [NSAttributedString.Key: Any] {
    _linkState.linkTextAttributes ?? [.foregroundColor: tintColor as Any]
  }

  func _setLinkTextAttributes(_ attributes: [NSAttributedString.Key: Any]?) {
    _linkState.linkTextAttributes = attributes ?? [:]
    setNeedsDisplay()
  }

  /// The links found by the data detectors in the current text; none while the view is
  /// editable or detects nothing.
  var _detectedLinks: [_DataDetector.Match] {
    let types = dataDetectorTypes
    guard !isEditable, !types.isEmpty else { return [] }
    let revision = _state.textRevision
    if let key = _linkState.detectedKey, key.revision == revision, key.types == types { return _linkState.detected }
    _linkState.detected = _DataDetector.matches(in: _state.cachedString(), types: types)
    _linkState.detectedKey = (revision, types)
    return _linkState.detected
  }

  /// The style `linkTextAttributes` gives text drawn as a link, over its own `style`.
  private func _linkStyle(over style: TextRunStyle?, link: String?) -> TextRunStyle {
    var result = style ?? TextRunStyle()
    let attributes = _linkTextAttributes
    if let color = attributes[.foregroundColor] as? UIColor { result.foreground = color }
    if let color = attributes[.backgroundColor] as? UIColor { result.background = color }
    if let underline = _AttributeRuns.number(attributes[.underlineStyle]) { result.isUnderlined = underline != 0 }
    if let strike = _AttributeRuns.number(attributes[.strikethroughStyle]) { result.isStrikethrough = strike != 0 }
    if let font = attributes[.font] as? UIFont {
      result.isBold = font._isBold
      result.isItalic = font._isItalic
    }
    if let link { result.link = link }
    return result
  }

  /// Restyles the links of a line about to be drawn: `.link` spans and detected links take
  /// `linkTextAttributes`. `lineStart` is the line's offset in the text.
  func _styleLinks(in run: inout TextRun, lineStart: Int) {
    let detected = _detectedLinks
    guard !detected.isEmpty || run.spans.contains(where: { $0.style.link != nil }) else { return }
    let overlays = run.lineSlices(of: detected, lineStart: lineStart) { $0.range }
    run.restyle(cutting: overlays.map(\.range)) { base, index in
      let link = base?.link ?? index.map { overlays[$0].element.url.absoluteString }
      return link == nil ? base : _linkStyle(over: base, link: link)
    }
  }

  // MARK: Items

  /// The link, attachment or tagged range drawn under `point` (view coordinates), if any.
  func _textItem(at point: CGPoint) -> UITextItem? {
    guard let character = _textInputCharacterRange(at: point) else { return nil }
    let offset = character._range.lowerBound
    let runs = _runs
    let (attributes, _) = runs.attributes(at: offset)
    if let attachment = attributes[.attachment] as? NSTextAttachment {
      return UITextItem(content: .textAttachment(attachment), range: NSRange(location: offset, length: character._range.count))
    }
    if let link = attributes[.link], let url = (link as? URL) ?? (link as? String).flatMap(URL.init(string:)) {
      let range = _extent(of: offset, in: runs) { ($0[.link] as? URL)?.absoluteString ?? $0[.link] as? String }
      return UITextItem(content: .link(url), range: NSRange(location: range.lowerBound, length: range.count))
    }
    if let tag = attributes[.textItemTag] as? String {
      let range = _extent(of: offset, in: runs) { $0[.textItemTag] as? String }
      return UITextItem(content: .tag(tag), range: NSRange(location: range.lowerBound, length: range.count))
    }
    if let match = _detectedLinks.first(where: { $0.range.contains(offset) }) {
      return UITextItem(content: .link(match.url), range: NSRange(location: match.range.lowerBound, length: match.range.count))
    }
    return nil
  }

  /// The range around `offset` over which `value` (of a run's attributes) stays the same.
  private func _extent(of offset: Int, in runs: _AttributeRuns, value: ([NSAttributedString.Key: Any]) -> String?) -> Range<Int> {
    let (attributes, range) = runs.attributes(at: offset)
    let own = value(attributes)
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower > 0 {
      let (before, r) = runs.attributes(at: lower - 1)
      guard value(before) == own else { break }
      lower = r.lowerBound
    }
    while upper < runs.length {
      let (after, r) = runs.attributes(at: upper)
      guard value(after) == own else { break }
      upper = r.upperBound
    }
    return lower..<upper
  }

  /// Whether the user can act on items: as on iOS, only in a view that is selectable and not
  /// editable (in editable text a tap puts the caret in the link).
  var _itemsAreInteractive: Bool { !isEditable && isSelectable }

  /// A touch ended at `point` after `duration` seconds: acts on the item there (a tap performs
  /// its primary action, a long press shows its menu). Returns whether there was an item.
  func _textItemTouchEnded(at point: CGPoint, tapCount: Int, longPress: Bool) -> Bool {
    guard _itemsAreInteractive, tapCount < 2, bounds.contains(point), let item = _textItem(at: point) else { return false }
    if longPress {
      _presentMenu(for: item, at: point)
    } else {
      _performPrimaryAction(for: item, at: point)
    }
    return true
  }

  private func _performPrimaryAction(for item: UITextItem, at point: CGPoint) {
    let defaultAction = _defaultAction(for: item, at: point)
    _traceTextItem("textView(_:primaryActionFor:defaultAction:)", item)
    let action: UIAction?
    if let delegate {
      action = delegate.textView(self, primaryActionFor: item, defaultAction: defaultAction)
    } else {
      action = defaultAction
    }
    action?._run(sender: self)
  }

  /// What a tap does when the delegate says nothing else: a link opens; an attachment or a tag
  /// shows its menu (iOS has no other action for them).
  private func _defaultAction(for item: UITextItem, at point: CGPoint) -> UIAction {
    switch item.content {
    case .link(let url):
      return UIAction(title: _openTitle(for: url)) { _ in UIApplication.shared.open(url) }
    case .textAttachment, .tag:
      return UIAction(title: "Show Menu") { [weak self] _ in self?._presentMenu(for: item, at: point) }
    }
  }

  private func _openTitle(for url: URL) -> String {
    switch url.scheme?.lowercased() {
    case "tel": "Call"
    case "mailto": "New Mail Message"
    default: "Open Link"
    }
  }

  /// The menu iOS offers for an item: open and copy for a link; nothing of its own for an
  /// attachment or a tag (the delegate supplies those).
  private func _defaultMenu(for item: UITextItem) -> UIMenu {
    guard case .link(let url) = item.content else { return UIMenu(children: []) }
    let copyTitle: String
    let copied: String
    switch url.scheme?.lowercased() {
    case "tel":
      copyTitle = "Copy"
      copied = String(url.absoluteString.dropFirst("tel:".count))
    case "mailto":
      copyTitle = "Copy Email Address"
      copied = String(url.absoluteString.dropFirst("mailto:".count))
    default:
      copyTitle = "Copy Link"
      copied = url.absoluteString
    }
    return UIMenu(children: [
      UIAction(title: _openTitle(for: url)) { _ in UIApplication.shared.open(url) },
      UIAction(title: copyTitle) { _ in UIPasteboard.general.string = copied },
    ])
  }

  /// Asks the delegate for the item's menu and shows it from `point`.
  private func _presentMenu(for item: UITextItem, at point: CGPoint) {
    let defaultMenu = _defaultMenu(for: item)
    _traceTextItem("textView(_:menuConfigurationFor:defaultMenu:)", item)
    let configuration: UITextItem.MenuConfiguration?
    if let delegate {
      configuration = delegate.textView(self, menuConfigurationFor: item, defaultMenu: defaultMenu)
    } else {
      configuration = defaultMenu.children.isEmpty ? nil : UITextItem.MenuConfiguration(menu: defaultMenu)
    }
    guard let configuration else { return }
    let presenter = _linkState.menuPresenter ?? _TextItemMenuPresenter()
    presenter.menu = configuration._menu
    presenter.item = item
    presenter.textView = self
    let interaction = _linkState.menuInteraction ?? {
      let made = UIEditMenuInteraction(delegate: presenter)
      made.didMove(to: self)
      return made
    }()
    _linkState.menuPresenter = presenter
    _linkState.menuInteraction = interaction
    interaction.presentEditMenu(with: UIEditMenuConfiguration(identifier: nil, sourcePoint: point))
  }

  // MARK: Trace

  func _traceTextItem(_ message: String, _ item: UITextItem) {
    UIKitTrace.report(.delegate(sender: self, message: message, arguments: Self._describe(item)), window: window)
  }

  /// Reports a deprecated link question that the default implementation of an iOS 17 method
  /// asks (see the header of this file).
  func _traceLinkQuestion(_ message: String, _ target: String, _ range: NSRange, _ interaction: UITextItemInteraction) {
    guard UIKitTrace.isObserved else { return }
    let name = interaction == .invokeDefaultAction ? ".invokeDefaultAction" : ".presentActions"
    UIKitTrace.report(
      .delegate(sender: self, message: message, arguments: "\(target) {\(range.location), \(range.length)} \(name)"),
      window: window)
  }

  private static func _describe(_ item: UITextItem) -> String {
    let range = "{\(item.range.location), \(item.range.length)}"
    switch item.content {
    case .link(let url): return ".link(\(url.absoluteString)) \(range)"
    case .textAttachment: return ".textAttachment \(range)"
    case .tag(let tag): return ".tag(\(tag.debugDescription)) \(range)"
    }
  }
}
