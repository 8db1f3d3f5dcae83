import Foundation
import TextEditing

/// A single line of editable text: its delegate, control events, notifications, input traits,
/// overlay views and rect methods, as on iOS. Every change a user makes (typing on either
/// keyboard, pasting, each IME step, the clear button, undo) goes through one path that asks the
/// delegate, applies the edit, records undo, and then tells observers (see
/// `UITextField+Editing.swift`).
@preconcurrency @MainActor
open class UITextField: UIControl, UITextInputTraits {
  /// Why editing ended. iOS reports `.committed`; `.cancelled` exists for tvOS.
  public enum DidEndEditingReason: Int, Sendable {
    case committed
    case cancelled
  }

  /// When an overlay view (left, right, clear button) shows.
  public enum ViewMode: Int, Sendable {
    case never, whileEditing, unlessEditing, always
  }

  /// The kinds of border.
  public enum BorderStyle: Int, Sendable {
    case none, line, bezel, roundedRect
  }

  /// The text, its selection and marked range, in UTF-16 offsets.
  var _state = EditorState()
  /// The field's own undo steps (coalesced typing); each step is registered with the
  /// responder chain's `undoManager`.
  var _history = UndoHistory()
  // Read in deinit, which is not isolated: the manager (itself nonisolated) is used where the
  // object was, on the main actor, as every text object is.
  nonisolated(unsafe) weak var _registeredUndoManager: UndoManager?

  /// A field that goes away takes its undo steps with it from the undo manager it registered
  /// them with, as Apple advises: ⌘Z would otherwise spend presses on the steps of fields no
  /// longer there (issue 32, item 11).
  deinit {
    _registeredUndoManager?.removeAllActions(withTarget: self)
  }
  /// The first insertion (or deletion) replaces the whole text: a secure field that regained
  /// focus, or `clearsOnInsertion`.
  var _replacesOnNextEdit = false
  /// Where a drag that selects text started (UTF-16 offset), while one is under way.
  var _dragAnchor: Int?

  /// Drags and drops of the field's text (TextDragAndDrop.swift).
  var _textDragAndDrop: _TextDragAndDrop!

  /// Creates a text field with the frame.
  public override init(frame: CGRect) {
    super.init(frame: frame)
    _textDragAndDrop = _TextDragAndDrop(owner: self)
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    _textDragAndDrop = _TextDragAndDrop(owner: self)
  }

  // MARK: Text

  /// The text; nil reads back as "". Setting it calls no delegate method, sends no event and
  /// posts no notification; the caret goes to the end, marked text and undo steps are dropped.
  open var text: String? {
    // Kept by the state: a delegate reading `text` on every key must not make typing quadratic.
    get { _state.cachedString() }
    set {
      _setText(newValue ?? "")
    }
  }

  /// What setting `text` does. `attributedText`'s setter calls this, not the overridable `text`
  /// setter: a subclass whose `text` observer sets `attributedText` would otherwise recurse
  /// until the stack overflows, and iOS keeps the two setters apart.
  private func _setText(_ string: String) {
    _replaceAllTextTellingInputDelegate(string)
    _history.removeAll()
    undoManager?.removeAllActions(withTarget: self)
    _replacesOnNextEdit = false
    invalidateIntrinsicContentSize()
  }

  /// The text with its attributes, per range. Setting it keeps each range's attributes (drawn:
  /// colours, bold, italic, underline, strikethrough, links, attachments); the first
  /// character's font, colour and alignment become the field's.
  open var attributedText: NSAttributedString? {
    get { _attributedString }
    set {
      guard let newValue else {
        _setText("")
        return
      }
      if newValue.length > 0 {
        let attributes = newValue.attributes(at: 0, effectiveRange: nil)
        if let font = attributes[.font] as? UIFont { _font = font }
        if let color = attributes[.foregroundColor] as? UIColor { _textColor = color }
        if let paragraph = attributes[.paragraphStyle] as? NSParagraphStyle { _textAlignment = paragraph.alignment }
      }
      _setText(newValue.string)
      _takeRuns(of: newValue)
    }
  }

  /// Whether the font follows content size category changes (a font from
  /// `preferredFont(forTextStyle:)` or `UIFontMetrics`; the text's attributed fonts too).
  open var adjustsFontForContentSizeCategory = false

  /// Sets the font of text set from now on without touching the runs' own fonts (a content size
  /// change scales each run's font itself).
  func _replaceDefaultFont(_ font: UIFont) {
    _font = font
    invalidateIntrinsicContentSize()
  }

  /// The text's attributes per range (see AttributeRuns.swift).
  var _runStorage = _AttributeRuns(length: 0, attributes: [:], revision: .max)
  var _defaultRunAttributes: [NSAttributedString.Key: Any] { defaultTextAttributes }
  func _attributesDidChange() {
    setNeedsDisplay()
    _textDidChange()
  }

  /// Grey text shown while the field is empty.
  open var placeholder: String? {
    get { _placeholder }
    set {
      _placeholder = newValue
      _placeholderRuns = nil
      invalidateIntrinsicContentSize()
    }
  }
  private var _placeholder: String?

  /// The placeholder with attributes, drawn with them (per range); without a colour of its own
  /// it is drawn in `.placeholderText`.
  open var attributedPlaceholder: NSAttributedString? {
    get {
      if let _placeholderRuns, let _placeholder { return _placeholderRuns.attributedString(_placeholder) }
      return _placeholder.map {
        var attributes = defaultTextAttributes
        attributes[.foregroundColor] = _placeholderColor ?? UIColor.placeholderText
        return NSAttributedString(string: $0, attributes: attributes)
      }
    }
    set {
      _placeholder = newValue?.string
      if let newValue, newValue.length > 0 {
        _placeholderColor = newValue.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor
        _placeholderRuns = _AttributeRuns(newValue, defaults: [:], revision: 0)
      } else {
        _placeholderColor = nil
        _placeholderRuns = nil
      }
      invalidateIntrinsicContentSize()
    }
  }
  private var _placeholderColor: UIColor?
  /// The attributed placeholder's runs (nil: a plain placeholder).
  private var _placeholderRuns: _AttributeRuns?

  /// The attributes of the text: font, colour and paragraph alignment, and whatever other
  /// attributes were set (a background colour, a kern…). Setting them applies them to the whole
  /// text.
  open var defaultTextAttributes: [NSAttributedString.Key: Any] {
    get {
      let paragraph = NSMutableParagraphStyle()
      paragraph.alignment = _textAlignment
      return _otherTextAttributes.merging([.font: _font, .foregroundColor: _textColor, .paragraphStyle: paragraph]) { _, own in own }
    }
    set {
      _takeTextAttributes(newValue)
      _syncRuns()
      _runStorage.set(defaultTextAttributes, in: 0..<_runStorage.length)
      invalidateIntrinsicContentSize()
    }
  }

  /// The default attributes besides font, colour and paragraph style.
  private var _otherTextAttributes: [NSAttributedString.Key: Any] = [:]

  private func _takeTextAttributes(_ attributes: [NSAttributedString.Key: Any]) {
    if let font = attributes[.font] as? UIFont { _font = font }
    if let color = attributes[.foregroundColor] as? UIColor { _textColor = color }
    if let paragraph = attributes[.paragraphStyle] as? NSParagraphStyle { _textAlignment = paragraph.alignment }
    _otherTextAttributes = attributes.filter { ![.font, .foregroundColor, .paragraphStyle].contains($0.key) }
  }

  /// The font of the whole text and placeholder (system 17 pt by default); nil restores it.
  open var font: UIFont? {
    get { _font }
    set {
      _font = newValue ?? UIFont._defaultTextFieldFont
      _setAttributeEverywhere(.font, _font)
      invalidateIntrinsicContentSize()
    }
  }
  private var _font: UIFont = UIFont._defaultTextFieldFont

  /// The colour of the whole text (black by default). Setting nil restores the default (iOS
  /// code sometimes does; it never crashes here).
  open var textColor: UIColor? {
    get { _textColor }
    set {
      _textColor = newValue ?? .label
      _setAttributeEverywhere(.foregroundColor, _textColor)
    }
  }
  private var _textColor: UIColor = .label

  /// The alignment of the whole text and placeholder (`.natural` by default).
  open var textAlignment: NSTextAlignment {
    get { _textAlignment }
    set {
      _textAlignment = newValue
      let paragraph = NSMutableParagraphStyle()
      paragraph.alignment = newValue
      _setAttributeEverywhere(.paragraphStyle, paragraph)
    }
  }
  private var _textAlignment: NSTextAlignment = .natural

  /// Attributes for newly typed text while editing; nil when not editing (and setting it then
  /// does nothing). It resets to the attributes of the text before the caret whenever the
  /// selection changes.
  open var typingAttributes: [NSAttributedString.Key: Any]? {
    get { isEditing ? _currentTypingAttributes : nil }
    set { if isEditing { _typingAttributes = newValue } }
  }
  var _typingAttributes: [NSAttributedString.Key: Any]?

  /// Whether the font shrinks (down to ``minimumFontSize``) to fit the text in the text rect.
  open var adjustsFontSizeToFitWidth = false
  /// The smallest font size ``adjustsFontSizeToFitWidth`` may use.
  open var minimumFontSize: CGFloat = 0

  // MARK: Background and border

  /// The border (`.none` by default).
  open var borderStyle: BorderStyle = .none {
    didSet { if borderStyle != oldValue { invalidateIntrinsicContentSize() } }
  }
  /// An image drawn behind the text when enabled (ignored with `.roundedRect`).
  open var background: UIImage?
  /// An image drawn behind the text when disabled (ignored when ``background`` is nil, and
  /// with `.roundedRect`).
  open var disabledBackground: UIImage?

  // MARK: Editing

  /// Whether the field is editing (it is first responder). Read-only.
  open internal(set) var isEditing = false
  /// Whether beginning to edit removes the old text (the delegate's `textFieldShouldClear` may
  /// refuse).
  open var clearsOnBeginEditing = false
  /// When true while editing, the next insertion replaces the whole text, and the property
  /// goes back to false.
  open var clearsOnInsertion = false
  /// Whether the user may change the text's attributes: ⌘B, ⌘I and ⌘U (`toggleBoldface(_:)`,
  /// `toggleItalics(_:)`, `toggleUnderline(_:)`) toggle them over the selection, or for the text
  /// typed next at a caret. (Pasted text takes the typing attributes: the pasteboard here holds
  /// plain strings.)
  open var allowsEditingTextAttributes = false

  // MARK: Interaction state and paste (bodies in InteractionState.swift, UITextPasteDelegate.swift)

  /// The selection and first-responder status, to restore later by setting this property
  /// (iOS 15).
  open var interactionState: Any {
    get { _interactionState }
    set { _restoreInteractionState(newValue) }
  }

  /// Told of pastes, to change what is pasted and how (see ``UITextPasteDelegate``). Held weakly.
  open weak var pasteDelegate: (any UITextPasteDelegate)?

  // MARK: Overlay views

  /// When the clear button shows (only ever when there is text).
  open var clearButtonMode: ViewMode = .never { didSet { setNeedsLayout() } }
  /// A view on the left (e.g. an icon), shown per ``leftViewMode``.
  open var leftView: UIView? {
    didSet {
      if oldValue !== leftView, oldValue?.superview === self { oldValue?.removeFromSuperview() }
      setNeedsLayout()
    }
  }
  /// When the left view shows.
  open var leftViewMode: ViewMode = .never { didSet { setNeedsLayout() } }
  /// A view on the right, shown per ``rightViewMode``.
  open var rightView: UIView? {
    didSet {
      if oldValue !== rightView, oldValue?.superview === self { oldValue?.removeFromSuperview() }
      setNeedsLayout()
    }
  }
  /// When the right view shows.
  open var rightViewMode: ViewMode = .never { didSet { setNeedsLayout() } }

  private func _shows(_ mode: ViewMode) -> Bool {
    switch mode {
    case .never: false
    case .always: true
    case .whileEditing: isEditing
    case .unlessEditing: !isEditing
    }
  }

  /// Whether the clear button shows now.
  var _showsClearButton: Bool { _shows(clearButtonMode) && _state.text.utf16Count > 0 }
  var _showsLeftView: Bool { leftView != nil && _shows(leftViewMode) }
  var _showsRightView: Bool { rightView != nil && _shows(rightViewMode) }

  // MARK: Input views

  /// A view shown instead of the keyboard while editing.
  open override var inputView: UIView? {
    get { _inputView }
    set { _inputView = newValue }
  }
  private var _inputView: UIView?

  /// A view shown above the keyboard while editing.
  open override var inputAccessoryView: UIView? {
    get { _inputAccessoryView }
    set { _inputAccessoryView = newValue }
  }
  private var _inputAccessoryView: UIView?

  // MARK: Text input traits

  open var autocapitalizationType: UITextAutocapitalizationType = .sentences
  open var autocorrectionType: UITextAutocorrectionType = .default
  open var spellCheckingType: UITextSpellCheckingType = .default
  open var smartQuotesType: UITextSmartQuotesType = .default
  open var smartDashesType: UITextSmartDashesType = .default
  open var smartInsertDeleteType: UITextSmartInsertDeleteType = .default
  open var keyboardType: UIKeyboardType = .default
  open var keyboardAppearance: UIKeyboardAppearance = .default
  open var returnKeyType: UIReturnKeyType = .default
  open var enablesReturnKeyAutomatically = false
  /// Whether the text is hidden as bullets (copy and cut are refused; the first edit after the
  /// field regains focus replaces the whole text).
  open var isSecureTextEntry = false {
    didSet {
      if isSecureTextEntry && !oldValue && isEditing { _replacesOnNextEdit = true }
      // Nothing reflective (dump, Mirror, debugDescription) shows a secure text or its undo
      // steps, as on iOS, where a secure field's description leaves the text out.
      _state.isTextConcealed = isSecureTextEntry
      _history.isConcealed = isSecureTextEntry
    }
  }
  open var textContentType: UITextContentType! = nil
  /// Kept for the strong-password suggestion iOS offers; none exists on Linux (README).
  open var passwordRules: UITextInputPasswordRules?
  /// Kept as set; Linux keyboards make no inline predictions (README).
  open var inlinePredictionType: UITextInlinePredictionType = .default
  /// Kept as set; no math completion on Linux (README).
  open var mathExpressionCompletionType: UITextMathExpressionCompletionType = .default
  /// Kept as set; no Writing Tools on Linux (README).
  open var writingToolsBehavior: UIWritingToolsBehavior = .default
  /// Kept as set; no Writing Tools on Linux (README).
  open var allowedWritingToolsResultOptions: UIWritingToolsResultOptions = []

  // MARK: Rects

  /// The border's rectangle for `bounds`.
  open func borderRect(forBounds bounds: CGRect) -> CGRect { bounds }

  /// Horizontal padding inside each border style.
  private var _borderInset: CGFloat {
    switch borderStyle {
    case .none: 0
    case .line, .bezel: 2
    case .roundedRect: 7
    }
  }

  /// The rectangle for the text when not editing: inside the border, after the left view and
  /// before the right view or clear button.
  open func textRect(forBounds bounds: CGRect) -> CGRect {
    _defaultTextRect(forBounds: bounds)
  }

  /// The rectangle the three text rect methods start from. Each default computes it itself
  /// rather than calling the others: a subclass that insets `textRect(forBounds:)` and
  /// `editingRect(forBounds:)` and calls `super` in both must get its inset once, as on iOS
  /// (whose defaults do not go through the overridable `textRect`).
  private func _defaultTextRect(forBounds bounds: CGRect) -> CGRect {
    var rect = bounds.insetBy(dx: _borderInset, dy: borderStyle == .none ? 0 : 1)
    // The left view is on the leading side, the right view and clear button on the trailing
    // side: right and left in a right-to-left layout.
    let rightToLeft = _isRightToLeft
    var left = rect.minX
    var right = rect.maxX
    if _showsLeftView {
      let view = leftViewRect(forBounds: bounds)
      if rightToLeft { right = min(right, view.minX) } else { left = max(left, view.maxX) }
    }
    if _showsRightView {
      let view = rightViewRect(forBounds: bounds)
      if rightToLeft { left = max(left, view.maxX) } else { right = min(right, view.minX) }
    }
    if _showsClearButton {
      let button = clearButtonRect(forBounds: bounds)
      if rightToLeft { left = max(left, button.maxX) } else { right = min(right, button.minX) }
    }
    rect.origin.x = min(left, rect.maxX)
    rect.size.width = max(0, right - rect.origin.x)
    return rect
  }

  /// The rectangle for the placeholder (by default the same rectangle as the default text rect;
  /// it does not call an overriding `textRect(forBounds:)`).
  open func placeholderRect(forBounds bounds: CGRect) -> CGRect { _defaultTextRect(forBounds: bounds) }

  /// The rectangle for the text while editing (by default the same rectangle as the default text
  /// rect; it does not call an overriding `textRect(forBounds:)`).
  open func editingRect(forBounds bounds: CGRect) -> CGRect { _defaultTextRect(forBounds: bounds) }

  /// The clear button's 19 × 19 pt rectangle on the trailing side (the right, the left in a
  /// right-to-left layout), inside the right view.
  open func clearButtonRect(forBounds bounds: CGRect) -> CGRect {
    let size: CGFloat = 19
    let inset: CGFloat = borderStyle == .roundedRect ? 6 : 5
    if _isRightToLeft {
      var minX = bounds.minX + inset
      if _showsRightView { minX = max(minX, rightViewRect(forBounds: bounds).maxX + 2) }
      return CGRect(x: minX, y: bounds.midY - size / 2, width: size, height: size)
    }
    var maxX = bounds.maxX - inset
    if _showsRightView { maxX = min(maxX, rightViewRect(forBounds: bounds).minX - 2) }
    return CGRect(x: maxX - size, y: bounds.midY - size / 2, width: size, height: size)
  }

  /// The left view's rectangle: its size, at the leading edge (the left, the right in a
  /// right-to-left layout: iOS flips the overlays), centred vertically.
  open func leftViewRect(forBounds bounds: CGRect) -> CGRect {
    let size = leftView?.frame.size ?? .zero
    let x = _isRightToLeft ? bounds.maxX - size.width : bounds.minX
    return CGRect(x: x, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
  }

  /// The right view's rectangle: its size, at the trailing edge (the right, the left in a
  /// right-to-left layout), centred vertically.
  open func rightViewRect(forBounds bounds: CGRect) -> CGRect {
    let size = rightView?.frame.size ?? .zero
    let x = _isRightToLeft ? bounds.minX : bounds.maxX - size.width
    return CGRect(x: x, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
  }

  /// Draws the text in `rect` (override to customise; the default draws nothing extra, the
  /// field's text is drawn by the field).
  open func drawText(in rect: CGRect) {}
  /// Draws the placeholder in `rect` (override to customise).
  open func drawPlaceholder(in rect: CGRect) {}

  // MARK: Layout and drawing

  open override func layoutSubviews() {
    super.layoutSubviews()
    _placeOverlay(leftView, shown: _showsLeftView) { self.leftViewRect(forBounds: self.bounds) }
    _placeOverlay(rightView, shown: _showsRightView) { self.rightViewRect(forBounds: self.bounds) }
  }

  private func _placeOverlay(_ view: UIView?, shown: Bool, rect: () -> CGRect) {
    guard let view else { return }
    if shown {
      if view.superview !== self { addSubview(view) }
      view.frame = rect()
    } else if view.superview === self {
      view.removeFromSuperview()
    }
  }

  /// The font actually drawn: smaller when ``adjustsFontSizeToFitWidth`` needs it.
  var _drawingFont: UIFont {
    let font = _font
    guard adjustsFontSizeToFitWidth, let measurer = window?.textMeasurer else { return font }
    let width = textRect(forBounds: bounds).width
    // A text too long to window cannot fit at any size: the smallest size it is.
    guard _state.text.utf16Count <= Self._windowingThreshold else { return font.withSize(max(1, minimumFontSize)) }
    let string = _displayString
    var size = font.pointSize
    let minimum = max(1, minimumFontSize)
    // Kern is in points: it does not shrink with the font.
    let kern = _kernWidth(in: 0..<_state.text.utf16Count, measurer: measurer)
    while size > minimum, measurer.size(of: string, font: font.withSize(size)).width + kern > width {
      size = max(minimum, size - 1)
    }
    return font.withSize(size)
  }

  /// The text as drawn: bullets for secure text, one per grapheme cluster.
  var _displayString: String {
    let string = _state.string
    return isSecureTextEntry ? String(repeating: "•", count: string.count) : string
  }

  /// Texts longer than this many UTF-16 units are drawn, measured and hit-tested through a
  /// window around the caret (``_visibleWindow``), so that a keystroke in a field holding a
  /// pasted megabyte costs what it costs in a short one.
  static let _windowingThreshold = 4096

  /// The part of the text that can be on screen: `range` (UTF-16 offsets of the text, on
  /// cluster boundaries) and its drawn string (bullets for secure entry), with a function that
  /// maps a text offset inside the range to an offset of that string.
  ///
  /// A one-line field scrolls so that the caret stays visible, so only clusters within a few
  /// widths of the selection's head can be drawn. The window reaches `units` UTF-16 units each
  /// side of the head: enough for 16 units per visible column (an emoji ZWJ sequence is 11
  /// units in 2 columns), so the scrolled line looks as if the whole text had been laid out.
  /// How far a line being edited is scrolled, in points, as hosts draw it: when the line and
  /// the caret do not fit, the caret (or the selection's end) sits at the right edge of
  /// `width`. `prefixWidth` is the width of the line up to that offset.
  static func _scrollOffset(total: CGFloat, prefixWidth: CGFloat, advance: CGFloat, width: CGFloat) -> CGFloat {
    guard total + advance > width else { return 0 }
    return max(0, prefixWidth + advance - width)
  }

  /// Where the drawn line starts in `rect`, relative to its left edge: negative when an editing
  /// line is scrolled (see `_scrollOffset`), else the alignment's offset. With the window the
  /// line is drawn from and its width.
  func _lineOrigin(in rect: CGRect, font: UIFont, measurer: any TextMeasuring)
    -> (x: CGFloat, visible: (range: Range<Int>, string: String, offset: (Int) -> Int))
  {
    let visible = _visibleWindow(width: rect.width, font: font)
    let total = measurer.size(of: visible.string, font: font).width + _kernWidth(in: visible.range, measurer: measurer)
    let advance = measurer.size(of: " ", font: font).width
    if isEditing, total + advance > rect.width {
      let selection = _state.selection
      let end = selection.isEmpty ? selection.head : selection.range.upperBound
      let prefix = String(visible.string.utf16.prefix(visible.offset(end))) ?? ""
      let shift = Self._scrollOffset(
        total: total,
        prefixWidth: measurer.size(of: prefix, font: font).width + _kernWidth(in: visible.range.lowerBound..<end, measurer: measurer),
        advance: advance, width: rect.width)
      return (-shift, visible)
    }
    switch _resolvedAlignment(textAlignment) {
    case .center: return (max(0, (rect.width - total) / 2), visible)
    case .right: return (max(0, rect.width - total), visible)
    default: return (0, visible)
    }
  }

  func _visibleWindow(width: CGFloat, font: UIFont) -> (range: Range<Int>, string: String, offset: (Int) -> Int) {
    let text = _state.text
    let length = text.utf16Count
    let measurer = window?.textMeasurer ?? ProportionalTextMeasurer()
    let advance = max(1, measurer.size(of: " ", font: font).width)
    let units = 16 * (Int(bounded: (width / advance).rounded(.up)) + 8)
    let range: Range<Int>
    if length <= max(Self._windowingThreshold, 2 * units) {
      range = 0..<length
    } else {
      let head = _state.selection.head
      range = text.clusterBoundary(roundingDown: max(0, head - units))..<text.clusterBoundary(roundingUp: min(length, head + units))
    }
    let source = text.substring(range)
    guard isSecureTextEntry else {
      let start = range.lowerBound
      return (range, source, { $0 - start })
    }
    let start = range.lowerBound
    return (range, String(repeating: "•", count: source.count), { offset in
      text.substring(start..<min(max(start, offset), range.upperBound)).count
    })
  }

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    _relayoutOverlaysIfNeeded()
    let local = bounds
    func toWindow(_ r: CGRect) -> CGRect { r.offsetBy(dx: rect.minX - local.minX, dy: rect.minY - local.minY) }
    if borderStyle != .roundedRect, let image = (isEnabled ? background : (background != nil ? disabledBackground ?? background : nil)) {
      list.append(DisplayItem(frame: toWindow(borderRect(forBounds: local)), clip: clip, content: .image(image), alpha: alpha))
    }
    switch borderStyle {
    case .none: break
    case .line:
      list.append(DisplayItem(frame: toWindow(borderRect(forBounds: local)), clip: clip, content: .border(.line, .black), alpha: alpha))
    case .bezel:
      list.append(DisplayItem(frame: toWindow(borderRect(forBounds: local)), clip: clip, content: .border(.bezel, .darkGray), alpha: alpha))
    case .roundedRect:
      // A rounded-rect field is filled, whatever shows behind it (as on iOS).
      list.append(DisplayItem(frame: toWindow(borderRect(forBounds: local)), clip: clip, content: .fill(.systemBackground), alpha: alpha))
      list.append(DisplayItem(frame: toWindow(borderRect(forBounds: local)), clip: clip, content: .border(.roundedRect, .systemGray4), alpha: alpha))
    }
    let font = _drawingFont
    if _state.text.utf16Count == 0, !(_state.markedRange.map { !$0.isEmpty } ?? false), let placeholder = _placeholder, !placeholder.isEmpty {
      drawPlaceholder(in: placeholderRect(forBounds: local))
      var run = TextRun(
        string: placeholder, font: font, color: _placeholderColor ?? .placeholderText,
        alignment: _resolvedAlignment(_textAlignment))
      run.isPlaceholder = true
      run.isRightToLeft = BidiParagraph.firstStrongLevel(of: placeholder.unicodeScalars).map { $0 == 1 } ?? _isRightToLeft
      if let _placeholderRuns { run.spans = _placeholderRuns.spans(in: 0..<_placeholderRuns.length) }
      if isEditing { run.caretOffset = 0 }
      list.append(DisplayItem(frame: toWindow(placeholderRect(forBounds: local)), clip: clip, content: .text(run), alpha: alpha))
    } else {
      let textRect = isEditing ? editingRect(forBounds: local) : textRect(forBounds: local)
      drawText(in: textRect)
      let visible = _visibleWindow(width: textRect.width, font: font)
      var run = TextRun(string: visible.string, font: font, color: _textColor, alignment: _resolvedAlignment(_textAlignment))
      // Bullets keep their order: the direction of a password's letters is not shown.
      run.isRightToLeft = isSecureTextEntry ? false : _textIsRightToLeft
      // Bullets carry no attributes.
      if !isSecureTextEntry { run.spans = _runs.spans(in: visible.range) }
      func clamp(_ offset: Int) -> Int { min(max(offset, visible.range.lowerBound), visible.range.upperBound) }
      if isEditing {
        let selection = _state.selection
        run.scrollsToCaret = true
        if selection.isEmpty {
          run.caretOffset = visible.offset(clamp(selection.head))
        } else {
          run.selectedRange = visible.offset(clamp(selection.range.lowerBound))..<visible.offset(clamp(selection.range.upperBound))
          if !_selectionByHardwareKeyboard { run.selectionHandles = [.start, .end] }
        }
        if let marked = _state.markedRange {
          run.markedRange = visible.offset(clamp(marked.lowerBound))..<visible.offset(clamp(marked.upperBound))
        }
      }
      list.append(DisplayItem(frame: toWindow(textRect), clip: clip, content: .text(run), alpha: alpha))
    }
    if _showsClearButton {
      list.append(DisplayItem(frame: toWindow(clearButtonRect(forBounds: local)), clip: clip,
        content: .image(UITextField._clearButtonImage), alpha: alpha))
    }
  }

  static var _clearButtonImage: UIImage { UIImage(systemName: "xmark.circle.fill")! }

  /// Overlay views depend on editing state and text; place them before drawing.
  private func _relayoutOverlaysIfNeeded() {
    if (leftView.map { ($0.superview === self) != _showsLeftView } ?? false)
      || (rightView.map { ($0.superview === self) != _showsRightView } ?? false)
    {
      layoutSubviews()
    }
  }

  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    let measurer = window?.textMeasurer ?? ProportionalTextMeasurer()
    // The natural width of a text longer than any screen is measured on the part around the
    // caret only (it is wider than any window either way).
    let shown = _state.text.utf16Count > Self._windowingThreshold
      ? _visibleWindow(width: 0, font: _font).string : _displayString
    let measured = measurer.size(of: _state.text.utf16Count > 0 ? shown : (_placeholder ?? ""), font: _font)
    let kern = _state.text.utf16Count > Self._windowingThreshold ? 0 : _kernWidth(in: 0..<_state.text.utf16Count, measurer: measurer)
    var width = measured.width + kern + 2 * _borderInset
    if _showsLeftView { width += leftView?.frame.width ?? 0 }
    if _showsRightView { width += rightView?.frame.width ?? 0 }
    guard measurer.rowHeight == nil else {
      // A terminal draws every font in one cell row, the border as brackets beside it.
      return CGSize(width: width, height: measured.height + (borderStyle == .none ? 0 : 2))
    }
    return CGSize(width: width, height: Self._pointHeight(lineHeight: measured.height, borderStyle: borderStyle))
  }

  /// The field's height on a screen that lays text out in points, as iOS sizes it: the line
  /// (whole points) and the border style's padding above and below. iOS's rounded-rect field
  /// with the 17-point system font is 34 points tall (30 with the 14-point font of iOS 6), a
  /// borderless one its line. No measurement of line and bezel fields is published: they take
  /// 9 points (30 at 17 points), between the two.
  static func _pointHeight(lineHeight: CGFloat, borderStyle: BorderStyle) -> CGFloat {
    let line = lineHeight.rounded(.up)
    switch borderStyle {
    case .none: return line
    case .line, .bezel: return line + 9
    case .roundedRect: return line + 13
    }
  }

  open override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }

  /// One line of text centred vertically in the field.
  override var _firstBaseline: _Baseline {
    let line = (window?.textMeasurer ?? ProportionalTextMeasurer()).size(of: "X", font: _font).height
    return _Baseline(heightFraction: 0.5, offset: -line / 2 + line * _font.ascender / _font.lineHeight)
  }

  override var _lastBaseline: _Baseline { _firstBaseline }

  // MARK: Delegate

  /// The delegate, held weakly.
  open weak var delegate: (any UITextFieldDelegate)?

  // MARK: Responder (bodies in UITextField+Editing.swift)

  open override var canBecomeFirstResponder: Bool { isEnabled }
  override var _wantsKeyboard: Bool { true }

  @discardableResult
  open override func becomeFirstResponder() -> Bool { _becomeFirstResponder() }
  @discardableResult
  open override func resignFirstResponder() -> Bool { _resignFirstResponder() }
  override func _didBecomeFirstResponder() { _textFieldDidBecomeFirstResponder() }
  override func _didResignFirstResponder() {
    _editMenuState.interaction?.dismissMenu()
    _textFieldDidResignFirstResponder()
  }
  @discardableResult
  override func _handleHardwareKey(_ key: HardwareKey) -> Bool { _byKeyboard { _textFieldHandleHardwareKey(key) } }
  override func _textInputTakesKey(_ key: HardwareKey) -> Bool { _textObjectTakesKey(key) }

  /// Types, moves, deletes or runs the edit shortcut of each key while editing; passes the
  /// presses it does not use (and all of them when not editing) to the next responder. A
  /// subclass that overrides this without calling `super` keeps keys from the text.
  open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    _textObjectPressesBegan(presses, with: event) { super.pressesBegan($0, with: $1) }
  }

  /// Ends the presses it used in `pressesBegan`; passes the others to the next responder.
  open override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    _textObjectPressesEnded(presses, with: event) { super.pressesEnded($0, with: $1) }
  }

  /// Cancels the presses it used in `pressesBegan`; passes the others to the next responder.
  open override func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    _textObjectPressesEnded(presses, with: event) { super.pressesCancelled($0, with: $1) }
  }

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    super.touchesBegan(touches, with: event)
    _textFieldTouchesBegan(touches, with: event)
    _editMenuTouchBegan(touches)
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
    super.touchesMoved(touches, with: event)
    _textFieldTouchesMoved(touches, with: event)
  }

  override func _didTapInside(at point: CGPoint, event: UIEvent?) {
    // A lift within the control's touch slop but off the field is a touch-up inside, not a tap
    // that places the caret.
    guard self.point(inside: point, with: event) else { return }
    _textFieldDidTapInside(at: point)
  }

  // MARK: Edit menu and pasteboard

  /// The edit menu's interaction and the touch under way (see TextEditMenu.swift).
  var _editMenuState = _TextEditMenuState()

  /// Answers for the standard edit actions as iOS does (Cut and Copy with a selection and no
  /// secure text, Paste with text on the pasteboard, Select with a caret in some text, Select
  /// All with text not all selected), while the field is editing; other actions as `super`.
  open override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
    _textCanPerformAction(action, editable: isEnabled, secure: isSecureTextEntry)
      ?? super.canPerformAction(action, withSender: sender)
  }

  /// Copies the selection to the general pasteboard (not in a secure field).
  open override func copy(_ sender: Any?) {
    guard !isSecureTextEntry, !_state.selection.isEmpty else { return }
    UIPasteboard.general.string = _state.selectedText
  }

  /// Copies the selection and deletes it (not in a secure field).
  open override func cut(_ sender: Any?) {
    guard !isSecureTextEntry, !_state.selection.isEmpty else { return }
    let selected = _state.selectedText
    if _perform(_smartDeletion(.deleteBackward)) { UIPasteboard.general.string = selected }
  }

  /// Pastes the general pasteboard's first item over the selection: its text, or its URL
  /// written out (one delegate question for the whole paste).
  open override func paste(_ sender: Any?) {
    guard let string = UIPasteboard.general._pastableTexts.first, !string.isEmpty else { return }
    if let pasteDelegate { return _paste(through: pasteDelegate) }
    _perform(_smartPaste(string))
  }

  /// Makes the selection bold, or not (⌘B), when ``allowsEditingTextAttributes``.
  open override func toggleBoldface(_ sender: Any?) {
    if allowsEditingTextAttributes { _toggle(.bold) } else { super.toggleBoldface(sender) }
  }

  /// Makes the selection italic, or not (⌘I), when ``allowsEditingTextAttributes``.
  open override func toggleItalics(_ sender: Any?) {
    if allowsEditingTextAttributes { _toggle(.italic) } else { super.toggleItalics(sender) }
  }

  /// Underlines the selection, or not (⌘U), when ``allowsEditingTextAttributes``.
  open override func toggleUnderline(_ sender: Any?) {
    if allowsEditingTextAttributes { _toggle(.underline) } else { super.toggleUnderline(sender) }
  }

  /// Selects the whole text.
  open override func selectAll(_ sender: Any?) {
    _perform(.selectAll)
  }

  /// Selects the word at the caret.
  open override func select(_ sender: Any?) { _selectWordAtCaret() }

  /// Deletes the selection (asking the delegate, as a user's Delete does).
  open override func delete(_ sender: Any?) { _deleteSelection() }

  /// See `EditableTextObject._deliverUserInput(_:)`.
  var _userInputPending = false
  var _selectionByHardwareKeyboard = false
  /// See `EditableTextObject._byKeyboard(_:)`.
  var _keyboardEditing = false
  /// See `setBaseWritingDirection(_:for:)`.
  var _baseWritingDirection: NSWritingDirection = .natural
  private lazy var _tokenizer = UITextInputStringTokenizer(textInput: self)

  // MARK: UITextInput (open here: see UITextField+UITextInput.swift)

  /// Whether the field has any text.
  open var hasText: Bool { _state.text.utf16Count > 0 }

  /// Inserts `text` at the insertion point, replacing the selection. Typing on either keyboard
  /// comes through here too (a subclass that overrides it sees every key); then the delegate is
  /// asked, as for user input, while a call from code asks nothing.
  open func insertText(_ text: String) {
    _perform(.insertText(text), origin: _takeUserInputOrigin())
  }

  /// Deletes the selection or the character cluster before the caret. Backspace on either
  /// keyboard comes through here too (one-time-code fields override it to step back to the
  /// previous box on a Backspace in an empty one); the delegate is asked only then.
  open func deleteBackward() {
    let origin = _takeUserInputOrigin()
    _perform(origin == .user ? _smartDeletion(.deleteBackward) : .deleteBackward, origin: origin)
  }

  /// The text in `range` (UTF-16), or nil when the range is outside the text.
  open func text(in range: UITextRange) -> String? { _inputText(in: range) }

  /// Replaces the text in `range` without asking the delegate.
  open func replace(_ range: UITextRange, withText text: String) { _inputReplace(range, withText: text) }

  /// The selection (never nil: the caret is an empty range).
  open var selectedTextRange: UITextRange? {
    get { UITextRange(_state.selection.range) }
    set { _inputSelect(newValue) }
  }

  // MARK: Edit menu (UITextInput, iOS 16)

  /// The edit menu for the characters in `textRange`: what the delegate's
  /// `textField(_:editMenuForCharactersIn:suggestedActions:)` answers (asked through its iOS 26
  /// form with ranges); nil shows `suggestedActions`. Override to build the menu before the
  /// delegate is asked.
  open func editMenu(for textRange: UITextRange, suggestedActions: [UIMenuElement]) -> UIMenu? {
    let range = textRange._range
    return _editMenuFromDelegate(for: NSRange(location: range.lowerBound, length: range.count), suggestedActions: suggestedActions)
  }

  /// The edit menu is about to appear: tells the delegate.
  open func willPresentEditMenu(animator: any UIEditMenuInteractionAnimating) { _tellDelegateWillPresentEditMenu(animator) }

  /// The edit menu is about to go: tells the delegate.
  open func willDismissEditMenu(animator: any UIEditMenuInteractionAnimating) { _tellDelegateWillDismissEditMenu(animator) }

  /// The marked (IME) text's range, if any.
  open var markedTextRange: UITextRange? { _state.markedRange.map { UITextRange($0) } }

  /// Attributes the input method asks marked text to be drawn with (kept; this host draws
  /// marked text underlined whatever they say).
  open var markedTextStyle: [NSAttributedString.Key: Any]?

  /// Sets the marked text, replacing the current marked text or the selection.
  open func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
    _inputSetMarkedText(markedText, selectedRange: selectedRange)
  }

  /// Commits the marked text.
  open func unmarkText() { _inputUnmarkText() }

  /// Sets marked text from an attributed string (the marked text takes the typing attributes;
  /// this host draws marked text underlined).
  open func setAttributedMarkedText(_ markedText: NSAttributedString?, selectedRange: NSRange) {
    _inputSetMarkedText(markedText?.string, selectedRange: selectedRange)
  }

  /// The start of the text.
  open var beginningOfDocument: UITextPosition { UITextPosition(offset: 0) }

  /// The end of the text.
  open var endOfDocument: UITextPosition { UITextPosition(offset: _state.text.utf16Count) }

  /// A range between two positions (nil when either is outside the text).
  open func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
    _inputTextRange(from: fromPosition, to: toPosition)
  }

  /// The position `offset` UTF-16 units from `position`; nil outside the text.
  open func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
    _inputPosition(from: position, offset: offset)
  }

  /// The position `offset` units from `position` in a layout direction (up and down go to the
  /// ends of the one line); nil outside the text.
  open func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? {
    _textInputPosition(from: position, in: direction, offset: offset)
  }

  /// How two positions are ordered.
  open func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
    position._order(to: other)
  }

  /// The UTF-16 distance from one position to another.
  open func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int {
    from._distance(to: toPosition)
  }

  /// The attributes of the text at `position`: of the character after it (`.forward`) or
  /// before it (`.backward`), or the typing attributes where there is none.
  open func textStyling(at position: UITextPosition, in direction: UITextStorageDirection)
    -> [NSAttributedString.Key: Any]?
  {
    _textStyling(atOffset: offset(from: beginningOfDocument, to: position), in: direction)
  }

  /// The caret's rectangle at `position`, in the field's coordinates.
  open func caretRect(for position: UITextPosition) -> CGRect { _textInputCaretRect(for: position) }

  /// The position nearest to `point` (the nearer edge of the character under it).
  open func closestPosition(to point: CGPoint) -> UITextPosition? {
    UITextPosition(offset: _offset(at: point))
  }

  /// The rectangle of the text in `range`, on the field's one line (zero width for an empty
  /// range, at the caret).
  open func firstRect(for range: UITextRange) -> CGRect { _textInputRects(for: range).rect }

  /// The rectangle of the text in `range` (one: a field has one line); none for an empty range.
  open func selectionRects(for range: UITextRange) -> [UITextSelectionRect] {
    let (rect, isEmpty) = _textInputRects(for: range)
    return isEmpty ? [] : [_TextSelectionRect(rect: rect, containsStart: true, containsEnd: true)]
  }

  /// The position in `range` nearest to `point`.
  open func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? {
    _inputClosestPosition(closestPosition(to: point), within: range)
  }

  /// The character drawn under `point` (whatever its height on the one line), or nil left or
  /// right of the text.
  open func characterRange(at point: CGPoint) -> UITextRange? {
    _textInputCharacterRange(at: point)
  }

  /// Told of changes to the text and selection that the keyboard did not make (see
  /// ``UITextInputDelegate``). Held weakly. The system does not set it here: the terminal's
  /// keyboard is told directly.
  open weak var inputDelegate: (any UITextInputDelegate)?

  /// A string tokenizer over the field's text (its one line is the line unit).
  open var tokenizer: any UITextInputTokenizer { _tokenizer }

  /// The start of `range` going left or up, its end going right or down.
  open func position(within range: UITextRange, farthestIn direction: UITextLayoutDirection) -> UITextPosition? {
    _inputPosition(within: range, farthestIn: direction)
  }

  /// From `position` to the start of the text (left, up) or to its end (right, down): a field
  /// has one line.
  open func characterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange? {
    guard (0..._inputLength).contains(position._offset) else { return nil }
    switch direction {
    case .left, .up: return UITextRange(0..<position._offset)
    case .right, .down: return UITextRange(position._offset..<_inputLength)
    }
  }

  /// The writing direction set with ``setBaseWritingDirection(_:for:)``, else the direction of
  /// the text's first letter (right to left for Hebrew or Arabic), left to right without one.
  open func baseWritingDirection(for position: UITextPosition, in direction: UITextStorageDirection) -> NSWritingDirection {
    _inputBaseWritingDirection(for: position)
  }

  /// Sets the writing direction of the text (a field has one paragraph, so the whole of it):
  /// right to left draws text of `.natural` alignment at the right. `.natural` goes back to the
  /// direction of the text's first letter for ``baseWritingDirection(for:in:)``.
  open func setBaseWritingDirection(_ writingDirection: NSWritingDirection, for range: UITextRange) {
    _baseWritingDirection = writingDirection
    setNeedsLayout()
  }

  /// Makes the text run right to left (the edit menu's Writing Direction command).
  open override func makeTextWritingDirectionRightToLeft(_ sender: Any?) {
    setBaseWritingDirection(.rightToLeft, for: UITextRange(_state.selection.range))
  }

  /// Makes the text run left to right.
  open override func makeTextWritingDirectionLeftToRight(_ sender: Any?) {
    setBaseWritingDirection(.leftToRight, for: UITextRange(_state.selection.range))
  }

  /// Asks the delegate's `textField(_:shouldChangeCharactersIn:replacementString:)` whether the
  /// text in `range` may become `text` (false for a range outside the text).
  open func shouldChangeText(in range: UITextRange, replacementText text: String) -> Bool {
    _inputShouldChangeText(in: range, replacementText: text)
  }

  /// Inserts `text` as ``insertText(_:)`` does (the alternatives are the keyboard's to show; the
  /// terminal shows none).
  open func insertText(_ text: String, alternatives: [String], style: UITextAlternativeStyle) {
    _perform(.insertText(text), origin: _takeUserInputOrigin())
  }

  /// The field itself: its geometry is in its own coordinates.
  open var textInputView: UIView { self }

  /// Which side of a line break the caret belongs to. A field has one line, so it changes
  /// nothing drawn; it is kept for the input system to read back.
  open var selectionAffinity: UITextStorageDirection = .forward

  func _lineUnit(endingAfter offset: Int) -> Range<Int>? { offset < _inputLength ? 0..<_inputLength : nil }
  func _lineUnit(startingBefore offset: Int) -> Range<Int>? { offset > 0 ? 0..<_inputLength : nil }

}
