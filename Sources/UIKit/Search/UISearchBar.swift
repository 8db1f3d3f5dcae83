import Foundation

/// A search field on a bar, with an optional Cancel button, prompt and scope bar. The text is
/// edited in ``searchTextField`` (a ``UISearchTextField``); the bar turns the field's messages
/// into ``UISearchBarDelegate`` messages (see there for their order) and tells its
/// ``UISearchController``.
///
/// The bar is 56 points tall on iOS (plus 30 for a prompt and 44 for a scope bar); where text
/// is measured in terminal cells each of those is one row, as a toolbar is.
@preconcurrency @MainActor
open class UISearchBar: UIView {
  /// How the bar is drawn.
  public enum Style: UInt, Sendable {
    case `default` = 0, prominent = 1, minimal = 2
  }

  /// The search bar's delegate.
  open weak var delegate: (any UISearchBarDelegate)?

  /// The field the text is edited in.
  open private(set) var searchTextField = UISearchTextField(frame: .zero)

  /// The search controller that owns the bar, if any.
  weak var _searchController: UISearchController?

  private let _cancelButton = UIButton(type: .system)
  private let _promptLabel = UILabel()
  private let _scopeBar = _SearchScopeBar()
  private let _fieldDelegate = _SearchFieldDelegate()

  public override init(frame: CGRect) {
    super.init(frame: frame)
    _setUp()
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    _setUp()
  }

  /// A search bar sized to fit later (`sizeToFit()`), as iOS code often makes it.
  public convenience init() {
    self.init(frame: .zero)
  }

  private func _setUp() {
    _fieldDelegate.bar = self
    searchTextField.delegate = _fieldDelegate
    searchTextField.placeholder = "Search"
    searchTextField.addAction(UIAction { [weak self] _ in self?._textDidChange() }, for: .editingChanged)
    _cancelButton.setTitle("Cancel", for: .normal)
    _cancelButton.addAction(UIAction { [weak self] _ in self?._cancelTapped() }, for: .touchUpInside)
    _cancelButton.isHidden = true
    _promptLabel.textAlignment = .center
    _promptLabel.font = .systemFont(ofSize: 13)
    _promptLabel.isHidden = true
    _scopeBar.bar = self
    _scopeBar.isHidden = true
    addSubview(_promptLabel)
    addSubview(searchTextField)
    addSubview(_cancelButton)
    addSubview(_scopeBar)
  }

  // MARK: Text

  /// The text in the field (the textual part, without tokens). Setting it sends no delegate
  /// message, as on iOS.
  open var text: String? {
    get { searchTextField.text }
    set { searchTextField.text = newValue }
  }

  /// The grey text shown while the field is empty ("Search" until set, as on iOS 13 and later).
  open var placeholder: String? {
    get { searchTextField.placeholder }
    set { searchTextField.placeholder = newValue }
  }

  /// A line of text shown above the field.
  open var prompt: String? {
    didSet {
      _promptLabel.text = prompt
      _promptLabel.isHidden = prompt?.isEmpty ?? true
      _sizeChanged()
    }
  }

  // MARK: Buttons

  /// Whether the Cancel button shows.
  open var showsCancelButton: Bool {
    get { !_cancelButton.isHidden }
    set { setShowsCancelButton(newValue, animated: false) }
  }

  /// Shows or hides the Cancel button (at once here).
  open func setShowsCancelButton(_ showsCancelButton: Bool, animated: Bool) {
    guard _cancelButton.isHidden == showsCancelButton else { return }
    _cancelButton.isHidden = !showsCancelButton
    setNeedsLayout()
  }

  /// Whether a bookmark button shows (kept for source compatibility; not drawn).
  open var showsBookmarkButton = false
  /// Whether a results list button shows (kept for source compatibility; not drawn).
  open var showsSearchResultsButton = false
  /// Whether the results list button is selected.
  open var isSearchResultsButtonSelected = false

  // MARK: Scope bar

  /// The titles of the scope bar's buttons.
  open var scopeButtonTitles: [String]? {
    didSet {
      if let titles = scopeButtonTitles, !titles.isEmpty {
        selectedScopeButtonIndex = min(max(0, selectedScopeButtonIndex), titles.count - 1)
      }
      _scopeBar.setNeedsDisplay()
      _sizeChanged()
    }
  }

  /// The selected scope button. Setting it sends no delegate message, as on iOS.
  open var selectedScopeButtonIndex = 0 { didSet { _scopeBar.setNeedsDisplay() } }

  /// Whether the scope bar shows (with ``scopeButtonTitles``).
  open var showsScopeBar = false { didSet { if showsScopeBar != oldValue { _sizeChanged() } } }

  /// Shows or hides the scope bar (at once here).
  open func setShowsScope(_ show: Bool, animated: Bool) { showsScopeBar = show }

  var _scopeBarShown: Bool { showsScopeBar && !(scopeButtonTitles ?? []).isEmpty }

  /// The user tapped scope `index`.
  func _scopeTapped(_ index: Int) {
    guard let titles = scopeButtonTitles, titles.indices.contains(index), index != selectedScopeButtonIndex else { return }
    selectedScopeButtonIndex = index
    delegate?.searchBar(self, selectedScopeButtonIndexDidChange: index)
  }

  // MARK: Look

  /// The bar's style.
  open var searchBarStyle: Style = .default
  /// The bar's look.
  open var barStyle: UIBarStyle = .default
  /// The bar's background colour (nil: the style's).
  open var barTintColor: UIColor? {
    get { _barTintColor }
    set {
      guard _appearanceSetterProceeds("barTintColor") else { return }
      _barTintColor = newValue
      setNeedsDisplay()
    }
  }
  private var _barTintColor: UIColor?
  /// Whether the bar is translucent (a drawing hint here).
  open var isTranslucent = true

  // MARK: Text input traits (the field's)

  /// The field's keyboard type.
  open var keyboardType: UIKeyboardType {
    get { searchTextField.keyboardType }
    set { searchTextField.keyboardType = newValue }
  }
  /// The field's autocapitalization.
  open var autocapitalizationType: UITextAutocapitalizationType {
    get { searchTextField.autocapitalizationType }
    set { searchTextField.autocapitalizationType = newValue }
  }
  /// The field's autocorrection.
  open var autocorrectionType: UITextAutocorrectionType {
    get { searchTextField.autocorrectionType }
    set { searchTextField.autocorrectionType = newValue }
  }
  /// The field's return key (Search).
  open var returnKeyType: UIReturnKeyType {
    get { searchTextField.returnKeyType }
    set { searchTextField.returnKeyType = newValue }
  }
  /// Whether the return key is disabled while the field is empty (true for a search bar).
  open var enablesReturnKeyAutomatically: Bool {
    get { searchTextField.enablesReturnKeyAutomatically }
    set { searchTextField.enablesReturnKeyAutomatically = newValue }
  }
  /// The view shown above the keyboard while the search field is edited (settable on a search
  /// bar, as on iOS).
  open override var inputAccessoryView: UIView? {
    get { searchTextField.inputAccessoryView }
    set { searchTextField.inputAccessoryView = newValue }
  }
  /// The view shown above the keyboard while the field is edited (``inputAccessoryView``).
  open var searchFieldInputAccessoryView: UIView? {
    get { searchTextField.inputAccessoryView }
    set { searchTextField.inputAccessoryView = newValue }
  }

  // MARK: First responder

  /// Makes the field first responder (the bar itself never is).
  @discardableResult
  open override func becomeFirstResponder() -> Bool { searchTextField.becomeFirstResponder() }

  /// Makes the field resign.
  @discardableResult
  open override func resignFirstResponder() -> Bool { searchTextField.resignFirstResponder() }

  open override var isFirstResponder: Bool { searchTextField.isFirstResponder }

  // MARK: Size and layout

  var _measurer: any TextMeasuring {
    window?.textMeasurer ?? UIApplication.shared.keyWindow?.textMeasurer ?? ProportionalTextMeasurer()
  }

  private var _inCells: Bool { _measurer is CellTextMeasurer }
  private var _rowHeight: CGFloat { _inCells ? UIToolbar._barHeight(measuredBy: _measurer) : 56 }
  private var _promptHeight: CGFloat {
    guard let prompt, !prompt.isEmpty else { return 0 }
    return _inCells ? _rowHeight : 30
  }
  private var _scopeHeight: CGFloat { _scopeBarShown ? (_inCells ? _rowHeight : 44) : 0 }

  private func _sizeChanged() {
    invalidateIntrinsicContentSize()
    setNeedsLayout()
    superview?.setNeedsLayout()
  }

  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    CGSize(width: size.width > 0 ? size.width : 320, height: _promptHeight + _rowHeight + _scopeHeight)
  }

  open override var intrinsicContentSize: CGSize {
    CGSize(width: UIView.noIntrinsicMetric, height: _promptHeight + _rowHeight + _scopeHeight)
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    let promptHeight = _promptHeight
    _promptLabel.frame = CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: promptHeight)
    let row = CGRect(x: bounds.minX, y: bounds.minY + promptHeight, width: bounds.width, height: _rowHeight)
    let margin: CGFloat = _inCells ? _measurer.size(of: " ", font: UIBarButtonItem._plainFont).width : 8
    var right = row.maxX - margin
    if !_cancelButton.isHidden {
      let width = _measurer.size(of: "Cancel", font: UIBarButtonItem._plainFont).width
      _cancelButton.frame = CGRect(x: right - width, y: row.minY, width: width, height: row.height)
      right -= width + margin
    }
    let fieldHeight: CGFloat = _inCells ? row.height : 36
    searchTextField.frame = CGRect(
      x: row.minX + margin, y: row.minY + (row.height - fieldHeight) / 2, width: max(0, right - row.minX - margin),
      height: fieldHeight)
    _scopeBar.isHidden = !_scopeBarShown
    _scopeBar.frame = CGRect(x: bounds.minX + margin, y: row.maxY, width: max(0, bounds.width - 2 * margin), height: _scopeHeight)
  }

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    guard backgroundColor == nil, searchBarStyle != .minimal else { return }
    let color = barTintColor ?? (barStyle == .default ? UIColor._barBackground : UIColor(white: 0.11, alpha: 1))
    list.append(DisplayItem(frame: rect, clip: clip, content: .fill(color), alpha: alpha))
  }

  /// The Cancel button (for hosts and tests).
  package var _cancelButtonView: UIView { _cancelButton }
  /// The scope bar (for hosts and tests).
  package var _scopeBarView: UIView { _scopeBar }

  // MARK: From the field

  func _shouldBegin() -> Bool { delegate?.searchBarShouldBeginEditing(self) ?? true }

  // As UIKit does it: the bar's delegate hears first, then its search controller (which
  // activates itself).
  func _didBegin() {
    delegate?.searchBarTextDidBeginEditing(self)
    _searchController?._searchBarDidBeginEditing()
  }

  func _shouldEnd() -> Bool { delegate?.searchBarShouldEndEditing(self) ?? true }

  func _didEnd() { delegate?.searchBarTextDidEndEditing(self) }

  func _shouldChange(_ range: NSRange, _ string: String) -> Bool {
    delegate?.searchBar(self, shouldChangeTextInRanges: [NSValue(range: range)], replacementText: string) ?? true
  }

  func _textDidChange() {
    delegate?.searchBar(self, textDidChange: text ?? "")
    _searchController?._searchTextDidChange()
  }

  func _searchPressed() { delegate?.searchBarSearchButtonClicked(self) }

  func _cancelTapped() {
    delegate?.searchBarCancelButtonClicked(self)
    _searchController?._cancelTapped()
  }
}

/// Turns the search field's delegate messages into the search bar's.
@MainActor
final class _SearchFieldDelegate: NSObject, UITextFieldDelegate {
  weak var bar: UISearchBar?

  func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { bar?._shouldBegin() ?? true }
  func textFieldDidBeginEditing(_ textField: UITextField) { bar?._didBegin() }
  func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { bar?._shouldEnd() ?? true }
  func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) { bar?._didEnd() }
  func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
    bar?._shouldChange(range, string) ?? true
  }
  func textFieldShouldReturn(_ textField: UITextField) -> Bool {
    bar?._searchPressed()
    return true
  }
}

/// The row of scope buttons: each title in a segment, the selected one filled.
@MainActor
final class _SearchScopeBar: UIControl {
  weak var bar: UISearchBar?

  private var _titles: [String] { bar?.scopeButtonTitles ?? [] }

  /// Each segment's rectangle in the bar's bounds (equal widths).
  func _segmentFrames() -> [CGRect] {
    let count = _titles.count
    guard count > 0 else { return [] }
    let width = (bounds.width / CGFloat(count)).rounded(.down)
    return (0..<count).map { index in
      CGRect(x: bounds.minX + CGFloat(index) * width, y: bounds.minY, width: index == count - 1 ? bounds.width - CGFloat(index) * width : width, height: bounds.height)
    }
  }

  override func _didTapInside(at point: CGPoint, event: UIEvent?) {
    guard let index = _segmentFrames().firstIndex(where: { $0.contains(point) }) else { return }
    bar?._scopeTapped(index)
  }

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    let selected = bar?.selectedScopeButtonIndex ?? 0
    for (index, (title, frame)) in zip(_titles, _segmentFrames()).enumerated() {
      let shown = frame.offsetBy(dx: rect.minX - bounds.minX, dy: rect.minY - bounds.minY)
      if index == selected {
        list.append(DisplayItem(frame: shown, clip: clip, content: .fill(.systemGray4), alpha: alpha))
      }
      let font: UIFont = index == selected ? .systemFont(ofSize: 13, weight: .semibold) : .systemFont(ofSize: 13)
      let run = TextRun(string: title, font: font, color: .black, alignment: .center)
      list.append(DisplayItem(frame: shown, clip: clip, content: .text(run), alpha: alpha))
    }
  }
}
