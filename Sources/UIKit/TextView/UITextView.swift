import Foundation
import TextEditing

/// Scrollable, multi-line editable text with a delegate and notifications, as on iOS. It edits
/// through the same engine as ``UITextField`` (one `EditorState`, one `UndoHistory`, one
/// mutation path that asks the delegate, applies the edit, records undo, then tells
/// observers); Return inserts a line break, lines wrap at the view's width, and the view
/// scrolls to keep the caret visible.
///
/// Differences from a text field, as on iOS: it is not a `UIControl` (no control events); the
/// keyboard notifications of beginning to edit come *before* `textViewDidBeginEditing`; the
/// delegate hears `textViewDidChange` after every user edit, never after code sets `text`.
@preconcurrency @MainActor
open class UITextView: UIScrollView, UITextInputTraits {
  /// The text, its selection and marked range, in UTF-16 offsets.
  var _state = EditorState()
  /// The view's own undo steps (coalesced typing).
  var _history = UndoHistory()
  // Read in deinit, which is not isolated: the manager (itself nonisolated) is used where the
  // object was, on the main actor, as every text object is.
  nonisolated(unsafe) weak var _registeredUndoManager: UndoManager?

  /// A text view that goes away takes its undo steps with it (see UITextField's `deinit`).
  deinit {
    _registeredUndoManager?.removeAllActions(withTarget: self)
  }
  /// Where a drag that selects text started (UTF-16 offset), while one is under way.
  var _dragAnchor: Int?
  /// The writing direction of the paragraph last asked about (``_paragraphIsRightToLeft(at:)``):
  /// the text's revision, the paragraph's range (its line break included) and its direction.
  var _paragraphDirectionMemo: (revision: UInt64, paragraph: Range<Int>, rightToLeft: Bool?)?
  /// The visual lines; `nil` when they must be laid out anew (text, font or width changed).
  /// (TextKit 2 fragments, when made, are of these lines: after an edit, those of paragraphs it
  /// did not touch move; after any other change, all are laid out again.)
  var _layout: TextViewLayout? {
    didSet {
      // Lines kept from before stay valid through an edit (their text and place say what they
      // are); anything else that lays the text out again may have changed them.
      if _layingOutAfterEdit == nil, let metrics = _metricsCache, !metrics.lineCharacters.isEmpty {
        metrics.lineCharacters.removeAll()
      }
      guard let kit = _textKit2 else { return }
      if let edited = _layingOutAfterEdit { kit.layoutManager._linesMoved(from: edited) } else { kit.layoutManager._contentDidChange() }
    }
  }
  /// Where the edit began, while the lines change for it at the same width (each paragraph's
  /// lines then depend on its own text only).
  var _layingOutAfterEdit: Int?
  /// Whether the last full layout found paragraph styles of their own (indents, an alignment
  /// other than `textAlignment`): lines are then laid out per paragraph, and anew on each edit.
  var _layoutsByParagraph = false
  /// The x position (points, text container coordinates) that Up and Down keep while they
  /// move the caret line by line.
  var _goalX: CGFloat?
  /// Whether the view is editing (first responder while editable).
  var _isEditing = false
  /// Whether the view is first responder, editing or not (the selection is drawn).
  var _isActive = false
  /// The widths and line height for a font and measurer (see `_metricsForFont`).
  var _metricsCache: _FontMetrics?

  /// Drags and drops of the view's text (TextDragAndDrop.swift).
  var _textDragAndDrop: _TextDragAndDrop!

  /// Creates a text view with the frame (white, system 12 pt text, 8 pt top and bottom
  /// insets, as iOS does) and a text container, layout manager and text storage of its own.
  /// A convenience initializer, as on iOS: a subclass calls `init(frame:textContainer:)`.
  public override convenience init(frame: CGRect) {
    self.init(frame: frame, textContainer: nil)
  }

  /// Creates a text view that lays its text out in `textContainer`, showing the text of the
  /// storage of the container's layout manager (see UITextView+TextKit.swift); nil gives the
  /// view a container of its own. The designated initializer.
  public init(frame: CGRect, textContainer: NSTextContainer?) {
    super.init(frame: frame)
    _textDragAndDrop = _TextDragAndDrop(owner: self)
    // UIKit's own default, not the app's setting: an appearance proxy may still replace it.
    _setBackgroundColor(.systemBackground)
    if let textContainer {
      // A container of a TextKit 2 stack keeps the view in TextKit 2; one of TextKit 1 (or of
      // no layout manager) makes it a TextKit 1 view, as on iOS.
      if let textLayoutManager = textContainer.textLayoutManager {
        _useTextKit2Stack(textContainer, textLayoutManager)
      } else {
        _usesTextKit2 = false
        _useTextContainer(textContainer)
      }
    }
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    _textDragAndDrop = _TextDragAndDrop(owner: self)
    // UIKit's own default, not the app's setting: an appearance proxy may still replace it.
    _setBackgroundColor(.systemBackground)
  }

  // MARK: Text

  /// The text; setting nil stores "". Setting it calls no delegate method but
  /// `textViewDidChangeSelection` (while editing, when the selection moved): the caret goes to
  /// the end, marked text and undo steps are dropped.
  open var text: String! {
    // Kept by the state: a delegate reading `text` on every key must not make typing quadratic.
    get { _state.cachedString() }
    set {
      _setText(newValue ?? "")
    }
  }

  /// What setting `text` does. `attributedText`'s setter calls this, not the overridable `text`
  /// setter: a subclass whose `text` observer sets `attributedText` would otherwise recurse
  /// until the stack overflows, and iOS keeps the two setters apart.
  func _setText(_ string: String, tellingTextKit: Bool = true) {
    let before = _state.selection
    _replaceAllTextTellingInputDelegate(string)
    _history.removeAll()
    undoManager?.removeAllActions(withTarget: self)
    _layout = nil
    _goalX = nil
    invalidateIntrinsicContentSize()
    setNeedsLayout()
    if tellingTextKit { _textKitDidReplaceText() }
    if _isActive {
      _scrollCaretToVisible()
      if before != _state.selection { _tellDidChangeSelection() }
    }
  }

  /// The text with its attributes, per range. Setting it keeps each range's attributes (drawn:
  /// colours, bold, italic, underline, strikethrough, links, attachments); the first
  /// character's font and colour become the view's (lines are laid out in that font).
  open var attributedText: NSAttributedString! {
    get { _attributedString }
    set {
      guard let newValue else {
        _setText("")
        return
      }
      // The storage hears of the text once, with its attributes.
      if newValue.length > 0 {
        let attributes = newValue.attributes(at: 0, effectiveRange: nil)
        if let font = attributes[.font] as? UIFont { _font = font }
        if let color = attributes[.foregroundColor] as? UIColor { _textColor = color }
      }
      _setText(newValue.string, tellingTextKit: false)
      _takeRuns(of: newValue)
      _paragraphStylesDidChange()
      _textKitDidReplaceText()
    }
  }

  /// Whether the font follows content size category changes (a font from
  /// `preferredFont(forTextStyle:)` or `UIFontMetrics`; the text's attributed fonts too).
  open var adjustsFontForContentSizeCategory = false

  /// Sets the font of text set from now on without touching the runs' own fonts (a content size
  /// change scales each run's font itself).
  func _replaceDefaultFont(_ font: UIFont) {
    _font = font
    _layout = nil
    invalidateIntrinsicContentSize()
  }

  /// The text's attributes per range (see AttributeRuns.swift).
  var _runStorage = _AttributeRuns(length: 0, attributes: [:], revision: .max)
  var _defaultRunAttributes: [NSAttributedString.Key: Any] { _attributes }
  /// Typing attributes set explicitly, until the selection moves.
  var _typingAttributes: [NSAttributedString.Key: Any]?
  func _attributesDidChange() {
    setNeedsDisplay()
    _textKitDidChangeAttributes(0..<_state.text.utf16Count)
    _textDidChange()
  }

  private var _attributes: [NSAttributedString.Key: Any] {
    let paragraph = NSMutableParagraphStyle()
    paragraph.alignment = textAlignment
    return _otherAttributes.merging([.font: _font, .foregroundColor: _textColor, .paragraphStyle: paragraph]) { _, own in own }
  }

  /// The attributes besides font, colour and paragraph style that the text was given (a
  /// background colour, a kern…): kept, uniform over the text, and handed back by
  /// `attributedText` and `typingAttributes`.
  private var _otherAttributes: [NSAttributedString.Key: Any] = [:]

  /// The font of the whole text; nil restores the default (the system font at 12 pt, as on iOS).
  ///
  /// As on iOS it reads the text's font: nil while the text is empty and no font was set (or
  /// after `font = nil`), the first character's font otherwise.
  open var font: UIFont? {
    get { _fontIsSet || _state.text.utf16Count > 0 ? _font : nil }
    set {
      _fontIsSet = newValue != nil
      _font = newValue ?? UIFont.systemFont(ofSize: 12)
      _setAttributeEverywhere(.font, _font)
      _layout = nil
      invalidateIntrinsicContentSize()
      _textKitDidChangeAttributes(0..<_state.text.utf16Count)
    }
  }
  private var _font = UIFont.systemFont(ofSize: 12)
  private var _fontIsSet = false

  /// The colour of the whole text (`.label` by default); nil restores it.
  open var textColor: UIColor? {
    get { _textColor }
    set {
      _textColor = newValue ?? .label
      _setAttributeEverywhere(.foregroundColor, _textColor)
      _textKitDidChangeAttributes(0..<_state.text.utf16Count)
    }
  }
  var _textColor: UIColor = .label

  /// The alignment of the text (`.natural` by default). Setting it sets the alignment of every
  /// paragraph's style, as on iOS; a paragraph whose own style says otherwise is laid out so.
  open var textAlignment: NSTextAlignment = .natural {
    didSet { if textAlignment != oldValue { _textAlignmentDidChange() } }
  }

  /// Attributes for newly typed text: those of the character before the insertion point (the
  /// view's own in an empty text) until set; they reset whenever the selection changes.
  open var typingAttributes: [NSAttributedString.Key: Any] {
    get { _currentTypingAttributes }
    set { _typingAttributes = newValue }
  }

  /// Whether the user can edit the text. A view that is not editable shows no keyboard and
  /// refuses the user's edits (typing, Backspace, paste, cut, undo) without asking the
  /// delegate; while ``isSelectable`` the user can still select and copy its text.
  open var isEditable = true {
    // The view's session as first responder was either editing (keyboard, editing delegate
    // calls) or read-only selection (neither); a change of mode while first responder ends
    // that session, as a forced end (the delegate is not asked), and the user begins anew.
    didSet { if isEditable != oldValue, isFirstResponder { window?._forceEndEditing(of: self) } }
  }
  /// Whether the user can select the text. A selectable view that is not editable becomes
  /// first responder on a tap without the keyboard: the user selects (tap, double tap, long
  /// press, Shift with the arrow keys, ⌘A) and copies (⌘C, the edit menu's Copy), and nothing
  /// asks `textViewShouldBeginEditing(_:)` or tells `textViewDidBeginEditing(_:)`. A view
  /// neither editable nor selectable cannot become first responder: its touches go on to the
  /// next responder. Turning it off ends a read-only view's selection session.
  open var isSelectable = true {
    didSet { if !isSelectable, !isEditable, isFirstResponder { window?._forceEndEditing(of: self) } }
  }
  /// Whether text is scaled as Mac Catalyst's Mac idiom scales it (to 77 %). Only that idiom
  /// scales; on an iPhone, as in every host here, text keeps its size whatever this says.
  open var usesStandardTextScaling = false
  /// Whether the user may change the text's attributes: ⌘B, ⌘I and ⌘U (`toggleBoldface(_:)`,
  /// `toggleItalics(_:)`, `toggleUnderline(_:)`) toggle them over the selection, or for the text
  /// typed next at a caret. (Pasted text takes the typing attributes: the pasteboard here holds
  /// plain strings.)
  open var allowsEditingTextAttributes = false
  /// When true while editing, the next insertion replaces the whole text, and the property
  /// goes back to false.
  open var clearsOnInsertion = false

  /// The space between the view's edges and its text (8 pt above and below by default).
  open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) {
    didSet { _layout = nil; setNeedsLayout() }
  }

  /// The blank space at each end of a line inside the text container: its
  /// `lineFragmentPadding` (5 pt unless set, as on iOS).
  var _lineFragmentPadding: CGFloat { _textKit?.container.lineFragmentPadding ?? 5 }

  // MARK: TextKit (bodies in UITextView+TextKit.swift)

  /// The TextKit objects, made when first asked for (typing pays nothing for them until then).
  var _textKit: _TextViewTextKit?

  /// The container the text is laid out in (inside `textContainerInset`, as wide as the view).
  open var textContainer: NSTextContainer { _textKitObjects().container }

  /// The TextKit 1 layout manager of ``textContainer``: it answers where the view's text is
  /// drawn. Asking a TextKit 2 view for it switches the view to TextKit 1 for good (its
  /// ``textLayoutManager`` becomes nil), and says so on standard error, as iOS logs it.
  open var layoutManager: NSLayoutManager {
    if _usesTextKit2 { _switchToTextKit1(because: "its layoutManager was accessed") }
    return _textKitObjects().layoutManager
  }

  /// Whether the view uses TextKit 2 (until code asks for its `layoutManager`).
  var _usesTextKit2 = true
  /// The TextKit 2 objects, made when first asked for.
  var _textKit2: _TextViewTextKit2?

  /// The TextKit 2 layout manager, nil when the view uses TextKit 1 (made with
  /// `init(usingTextLayoutManager: false)` or a TextKit 1 container, or switched by asking
  /// for ``layoutManager``). Its fragments are the view's lines (UITextView+TextKit2.swift).
  open var textLayoutManager: NSTextLayoutManager? { _textKit2Objects()?.layoutManager }

  /// The view's text as an attributed string that can be edited: edits reach the view (its
  /// text, selection and drawing), and the storage's delegate hears of the user's edits too.
  open var textStorage: NSTextStorage { _textKitObjects().storage }

  /// The selection as a UTF-16 range of the text. Setting it while editing calls
  /// `textViewDidChangeSelection`; a range outside the text stops with a message naming both.
  open var selectedRange: NSRange {
    get { UTF16Conversion.nsRange(_state.selection.range) }
    set {
      let range = UTF16Conversion.checkedRange(newValue, length: _state.text.utf16Count, function: "UITextView.selectedRange")
      // A selection code sets starts Up and Down from its own place, not a column kept before.
      _goalX = nil
      _perform(.select(TextSelection(range: range)), origin: .program)
    }
  }

  /// Scrolls so that `range` (UTF-16 units of the text) is visible.
  open func scrollRangeToVisible(_ range: NSRange) {
    let r = UTF16Conversion.checkedRange(range, length: _state.text.utf16Count, function: "UITextView.scrollRangeToVisible")
    let layout = _ensureLayout()
    let lines = layout.lineIndex(containing: r.lowerBound)...layout.lineIndex(containing: r.upperBound)
    scrollRectToVisible(_visibleRect(lines: lines, in: layout), animated: false)
  }

  // MARK: Find and replace (open here; bodies in UITextView+Find.swift)

  /// Whether the view has a ``findInteraction``: ⌘F shows the find panel, ⌘G and ⇧⌘G go
  /// through the matches (false by default, as on iOS).
  open var isFindInteractionEnabled = false {
    didSet { if oldValue != isFindInteractionEnabled { _updateFindInteraction() } }
  }
  /// The view's find interaction while ``isFindInteractionEnabled`` (its session delegate is
  /// the view, whose sessions search its text).
  open internal(set) var findInteraction: UIFindInteraction?

  /// The ranges a find session decorated (UTF-16 units), and how.
  var _foundText: [Range<Int>: UITextSearchFoundTextStyle] = [:]
  /// `_foundText` in text order, made when drawn.
  var _sortedFoundText: [(range: Range<Int>, style: UITextSearchFoundTextStyle)]?

  /// Orders two ranges of the text by where they start (then end).
  open func compare(_ foundRange: UITextRange, toRange: UITextRange, document: AnyHashable??) -> ComparisonResult {
    _findCompare(foundRange, toRange)
  }
  /// Finds every match of `queryString` in the text (see `TextSearch`), reports each and
  /// finishes.
  open func performTextSearch(
    queryString: String, options: UITextSearchOptions, resultAggregator: UITextSearchAggregator<AnyHashable?>
  ) {
    _findSearch(queryString, options: options, aggregator: resultAggregator)
  }
  /// Draws a match: `.found` on a pale yellow, `.highlighted` on yellow; `.normal` not at all.
  open func decorate(foundTextRange: UITextRange, document: AnyHashable??, usingStyle: UITextSearchFoundTextStyle) {
    _findDecorate(foundTextRange, usingStyle)
  }
  /// Removes every match's decoration.
  open func clearAllDecoratedFoundText() { _findClearDecorations() }
  /// Selects the match about to become current, as iOS's text view does.
  open func willHighlight(foundTextRange: UITextRange, document: AnyHashable??) { _findWillHighlight(foundTextRange) }
  /// Scrolls the match into view.
  open func scrollRangeToVisible(_ range: UITextRange, inDocument: AnyHashable??) {
    scrollRangeToVisible(NSRange(range._range))
  }
  /// Whether matches can be replaced: while the view is editable.
  open var supportsTextReplacement: Bool { isEditable }
  /// Replaces a match through the view's one mutation path (the delegate is asked).
  open func replace(foundTextRange: UITextRange, document: AnyHashable??, withText: String) {
    _findReplace(foundTextRange, with: withText)
  }
  /// Replaces every match, the last first, as one undo step.
  open func replaceAll(queryString: String, options: UITextSearchOptions, withText: String) {
    _findReplaceAll(queryString, options: options, with: withText)
  }
  /// Whether a match may be replaced (true).
  open func shouldReplace(foundTextRange: UITextRange, document: AnyHashable??, withText: String) -> Bool { true }

  /// Shows the find panel.
  open func find(_ sender: Any?) { findInteraction?.presentFindNavigator(showingReplace: false) }
  /// Shows the find panel with its replace field.
  open func findAndReplace(_ sender: Any?) { findInteraction?.presentFindNavigator(showingReplace: true) }
  /// Goes to the next match.
  open func findNext(_ sender: Any?) { findInteraction?.findNext() }
  /// Goes to the previous match.
  open func findPrevious(_ sender: Any?) { findInteraction?.findPrevious() }
  /// Makes the selected text the next search's query.
  open func useSelectionForFind(_ sender: Any?) { _findUseSelection() }

  // MARK: Links, border, interaction state, paste (open here; bodies in UITextView+Links.swift,
  // UITextView+BorderStyle.swift, Text/InteractionState.swift, Text/UITextPasteDelegate.swift)

  /// The kinds of data shown as links while the view is not editable (none by default; see
  /// ``UIDataDetectorTypes`` for what Linux detects).
  open var dataDetectorTypes: UIDataDetectorTypes = [] {
    didSet { if dataDetectorTypes != oldValue { setNeedsDisplay() } }
  }
  /// The attributes links are drawn with (the tint colour by default); nil sets none.
  open var linkTextAttributes: [NSAttributedString.Key: Any]! {
    get { _linkTextAttributes }
    set { _setLinkTextAttributes(newValue) }
  }
  var _linkState = _TextViewLinkState()

  /// The border drawn around the view (iOS 17; none by default).
  open var borderStyle: UITextView.BorderStyle = .none {
    didSet { if borderStyle != oldValue { setNeedsDisplay() } }
  }

  /// The selection, scroll position and first-responder status, to restore later by setting
  /// this property (iOS 15).
  open var interactionState: Any {
    get { _interactionState }
    set { _restoreInteractionState(newValue) }
  }

  /// Told of pastes, to change what is pasted and how (see ``UITextPasteDelegate``). Held weakly.
  open weak var pasteDelegate: (any UITextPasteDelegate)?

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
  /// The Return key's label; whatever it says, Return inserts a line break in a text view.
  open var returnKeyType: UIReturnKeyType = .default
  open var enablesReturnKeyAutomatically = false
  open var isSecureTextEntry = false {
    // As a secure field's: nothing reflective shows the text or its undo steps.
    didSet {
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
  /// Whether Writing Tools are rewriting the text: never here, as Linux has no Writing Tools
  /// (iOS 18; README). The delegate's Writing Tools methods are not called either.
  open var isWritingToolsActive: Bool { false }

  // MARK: Delegate

  /// The delegate, held weakly. It is the scroll view's delegate too (`UITextViewDelegate`
  /// inherits `UIScrollViewDelegate`, as on iOS), so it hears `scrollViewDidScroll` when the
  /// text view scrolls. Swift cannot redeclare the scroll view's `delegate` with this type, so
  /// this property shadows it and both store one weak reference (see
  /// `_UIScrollViewDelegateProperty`).
  open var delegate: (any UITextViewDelegate)? {
    get {
      // The cast to the protocol looks the conformance up (several times a keystroke): its
      // answer is kept, weakly, for as long as the same object is the delegate.
      guard let object = _delegateObject else { return nil }
      if let cast = _castDelegate, cast === object { return cast }
      let cast = object as? any UITextViewDelegate
      _castDelegate = cast
      return cast
    }
    set { _delegateObject = newValue }
  }
  /// The delegate object as a `UITextViewDelegate`, when it last was one (see `delegate`).
  private weak var _castDelegate: (any UITextViewDelegate)?

  // MARK: Layout

  /// The text container's rectangle in content coordinates: inside the insets, as wide as
  /// the view.
  var _textContainerRect: CGRect { _textContainerRect(boundsWidth: bounds.width) }

  /// ``_textContainerRect`` for a view `boundsWidth` wide (its bounds, which the caller read).
  func _textContainerRect(boundsWidth: CGFloat) -> CGRect {
    let inset = textContainerInset
    var width = max(0, boundsWidth - inset.left - inset.right)
    if let container = _textKit?.container, !container.widthTracksTextView { width = container.size.width }
    return CGRect(x: inset.left, y: inset.top, width: width, height: .greatestFiniteMagnitude)
  }

  /// The width lines wrap at: the container less the line fragment padding at both ends.
  var _wrapWidth: CGFloat { _wrapWidth(in: _textContainerRect) }

  /// The width lines wrap at in `container` (the text container's rectangle, read once by a
  /// caller that needs both).
  func _wrapWidth(in container: CGRect) -> CGFloat { max(0, container.width - 2 * _lineFragmentPadding) }

  var _measurer: any TextMeasuring { window?.textMeasurer ?? ProportionalTextMeasurer() }

  /// The height of one line in the host's metrics.
  var _lineHeight: CGFloat { _metricsForFont().lineHeight }

  /// The widths characters are drawn with and the height of a line, for one font and measurer:
  /// the font and the window's measurer stamp they were measured with (nil outside a window,
  /// where the proportional measurer is used). A class, so that asking for them hands over one
  /// reference.
  final class _FontMetrics {
    let font: UIFont
    let measurer: Int?
    let metrics: TextViewLayout.Metrics
    let lineHeight: CGFloat
    /// Lines' characters as ``_tkCharacters(onLine:)`` answers them, by the line's text and
    /// where it starts (offsets from the line's start, x from its text's start): TextKit 2 lays
    /// out the lines of an edited paragraph again on each key, and most of them did not change.
    var lineCharacters: [_LineGeometryKey: [(range: Range<Int>, left: CGFloat, width: CGFloat)]] = [:]
    init(font: UIFont, measurer: Int?, metrics: TextViewLayout.Metrics, lineHeight: CGFloat) {
      self.font = font
      self.measurer = measurer
      self.metrics = metrics
      self.lineHeight = lineHeight
    }
  }

  /// How wide `character` is drawn (a tab draws as a space).
  func _measure() -> TextViewLayout.Measure { _metricsForFont().metrics.measure }

  /// The widths characters are drawn with and the height of a line, remembered per font and
  /// measurer: laying out a line does not measure each letter as a string, and a keystroke
  /// does not measure the ASCII characters again.
  func _metricsForFont() -> _FontMetrics {
    let font = _font
    let measurerStamp = window?._textMeasurerStamp
    if let cached = _metricsCache, cached.font === font, cached.measurer == measurerStamp { return cached }
    let measurer = _measurer
    let space = measurer.size(of: " ", font: font).width
    let ascii: [CGFloat] = (0..<128).map { value in
      value < 32 || value == 127 ? 0 : measurer.size(of: String(UnicodeScalar(UInt8(value))), font: font).width
    }
    let step = measurer.advanceStep
    // A tab goes to the next of the standard tab stops (UITextView+Tabs.swift); `measure` says
    // a space's width, what a tab past the last stop takes.
    // `@Sendable`: not isolated to the main actor, so that calling it (once per character laid
    // out or measured) does not check the executor each time.
    let metrics = TextViewLayout.Metrics { @Sendable character in
      if character == "\t" { return space }
      if let value = character.asciiValue, value >= 32 { return ascii[Int(value)] }
      return measurer.size(of: String(character), font: font).width
    }.tabbing { x, _ in TextTabStops.standard.width(at: x, space: space, step: step) }
    let lineHeight = measurer.size(of: "X", font: font).height
    let answer = _FontMetrics(font: font, measurer: measurerStamp, metrics: metrics, lineHeight: lineHeight)
    _metricsCache = answer
    return answer
  }

  /// The lines, laid out now if the text, font or width changed; the content size follows.
  @discardableResult
  func _ensureLayout() -> TextViewLayout { _ensureLayout(wrapWidth: _wrapWidth) }

  /// ``_ensureLayout()`` for lines wrapped at `wrapWidth` (``_wrapWidth``, which the caller read).
  @discardableResult
  func _ensureLayout(wrapWidth: CGFloat) -> TextViewLayout {
    if let layout = _layout, layout.width == wrapWidth, layout.length == _state.text.utf16Count {
      return layout
    }
    var layout = TextViewLayout()
    let fontMetrics = _metricsForFont()
    if let around = _layoutByParagraph(metrics: fontMetrics.metrics, lineHeight: fontMetrics.lineHeight)
      ?? _layoutAroundExclusionPaths(metrics: fontMetrics.metrics, lineHeight: fontMetrics.lineHeight)
    {
      _layout = around
      _updateContentSize(around, lineHeight: fontMetrics.lineHeight, bounds: bounds)
      return around
    }
    layout.rebuild(_state.text, width: wrapWidth, metrics: fontMetrics.metrics)
    _layout = layout
    _updateContentSize(layout, lineHeight: fontMetrics.lineHeight, bounds: bounds)
    return layout
  }

  /// Updates the lines for an edit just applied.
  func _layoutAfterEdit(_ edit: TextEdit) {
    _layingOutAfterEdit = _textKit2 != nil && _layout?.fragments == nil && !_layoutsByParagraph ? edit.range.lowerBound : nil
    defer { _layingOutAfterEdit = nil }
    // Lines around exclusion paths are laid out anew: `update` wraps at one width.
    if _textKit != nil, _layout?.fragments != nil { _layout = nil }
    if _layoutsByParagraph || _insertionNeedsParagraphLayout(edit) { _layout = nil }
    // The view's bounds, read once for the wrap width, the screenful and the content size.
    let bounds = self.bounds
    let wrapWidth = _wrapWidth(in: _textContainerRect(boundsWidth: bounds.width))
    guard var layout = _layout, layout.width == wrapWidth, layout.length == _state.text.utf16Count - edit.lengthDelta
    else {
      _layout = nil
      _ensureLayout(wrapWidth: wrapWidth)
      return
    }
    // Let go of the stored copy first, so that the update mutates the lines in place.
    _layout = nil
    let fontMetrics = _metricsForFont()
    let lineHeight = fontMetrics.lineHeight
    // A seam (see `TextViewLayout.update`) may only come below what a screenful shows.
    let screenful = Int(bounded: (bounds.height / max(1, lineHeight)).rounded(.up))
    layout.update(after: edit, in: _state.text, metrics: fontMetrics.metrics, seamAfter: max(4, screenful + 2))
    _layout = layout
    _updateContentSize(layout, lineHeight: lineHeight, bounds: bounds)
  }

  private func _updateContentSize(_ layout: TextViewLayout, lineHeight: CGFloat, bounds: CGRect) {
    let inset = textContainerInset
    let old = contentSize
    let textHeight = layout.height(ofLines: _shownLines(of: layout), lineHeight: lineHeight)
    contentSize = CGSize(width: bounds.width, height: inset.top + textHeight + inset.bottom)
    // Content that shrank under the offset: show its end. (Only a shorter content can leave the
    // offset past its end; the safe area walk the clamp takes is not paid on every key.)
    guard contentSize.height < old.height else { return }
    let clamped = _clampedContentOffset(contentOffset)
    if clamped.y < contentOffset.y { contentOffset = CGPoint(x: contentOffset.x, y: clamped.y) }
  }

  /// Line `index`'s rectangle in content coordinates (the text container's width, or the part
  /// of it that exclusion paths leave the line).
  func _lineRect(_ index: Int) -> CGRect { _lineRect(index, lineHeight: _lineHeight) }

  /// Line `index`'s rectangle, for lines `lineHeight` tall: its fragment when lines flow around
  /// exclusion paths (zero width for a line they skip).
  func _lineRect(_ index: Int, lineHeight height: CGFloat) -> CGRect {
    _lineRect(index, lineHeight: height, container: _textContainerRect)
  }

  /// Line `index`'s rectangle, for lines `lineHeight` tall in `container` (``_textContainerRect``):
  /// the whole line fragment, the spacing a paragraph style gives it included.
  func _lineRect(_ index: Int, lineHeight height: CGFloat, container: CGRect) -> CGRect {
    let box = _box(ofLine: index, lineHeight: height)
    return _lineRect(index, top: box.top, height: box.height, container: container)
  }

  /// Line `index`'s place down the container, for lines `height` tall when no style sets
  /// heights (and before any layout).
  private func _box(ofLine index: Int, lineHeight height: CGFloat) -> TextViewLayout.LineBox {
    _layout?.box(ofLine: index, lineHeight: height) ?? .uniform(top: CGFloat(index) * height, lineHeight: height)
  }

  /// The part of line `index` its text uses (content coordinates): without the spacing before
  /// and after a paragraph, with the line spacing below it, as iOS's caret and selection
  /// cover it.
  func _lineUsedRect(_ index: Int) -> CGRect {
    let box = _box(ofLine: index, lineHeight: _lineHeight)
    return _lineRect(index, top: box.usedTop, height: box.usedHeight, container: _textContainerRect)
  }

  /// Line `index`'s fragment across `container`, from `top` down `height` (container coordinates).
  private func _lineRect(_ index: Int, top: CGFloat, height: CGFloat, container: CGRect) -> CGRect {
    if _textKit != nil || _layoutsByParagraph, let fragment = _layout?.fragment(ofLine: index) {
      return CGRect(x: container.minX + fragment.x, y: container.minY + top, width: fragment.width, height: height)
    }
    return CGRect(x: container.minX, y: container.minY + top, width: container.width, height: height)
  }

  /// The drawn part of line `index` (its line break left out), and where it starts in content
  /// coordinates (after the padding and the alignment's offset).
  func _lineContent(_ index: Int, in layout: TextViewLayout) -> (range: Range<Int>, string: String, x: CGFloat) {
    var range = layout.lineRange(index)
    let text = _state.text
    // The line break ends the line but is not drawn.
    if !range.isEmpty, let last = text.character(before: range.upperBound), last.isNewline {
      range = range.lowerBound..<(range.upperBound - last.utf16.count)
    }
    let string = text.substring(range)
    // The container's rectangle and padding, read once: TextKit 2 asks for every line of a
    // paragraph on each key.
    let container = _textContainerRect
    let padding = _lineFragmentPadding
    var available = max(0, container.width - 2 * padding)
    var x = container.minX + padding
    var paragraphAlignment = textAlignment
    if let fragment = layout.fragment(ofLine: index) {
      available = max(0, fragment.width - 2 * padding)
      x = container.minX + fragment.x + padding
      if let own = fragment.alignment { paragraphAlignment = own }
    }
    let rightToLeft = _paragraphIsRightToLeft(at: range.lowerBound)
    var alignment = paragraphAlignment._resolved(rightToLeft: rightToLeft)
    if alignment == .justified {
      // A stretched line fills the width from its start; the last line of a paragraph, and a
      // line with nothing to widen, are natural (UITextView+Justification.swift).
      if let offset = _justifiedLineOffset(index, string: string, range: range, in: layout, available: available, rightToLeft: rightToLeft) {
        return (range, string, x + offset)
      }
      alignment = rightToLeft ? .right : .left
    }
    switch alignment {
    case .center, .right:
      let width = _drawnWidth(of: string, at: range.lowerBound)
      x += alignment == .center ? max(0, (available - width) / 2) : max(0, available - width)
    default: break
    }
    return (range, string, x)
  }

  /// The base direction of the paragraph holding `offset`: the writing direction set for the
  /// text, else the paragraph's first strong letter, else the view's layout direction.
  func _paragraphIsRightToLeft(at offset: Int) -> Bool {
    if _baseWritingDirection != .natural { return _baseWritingDirection == .rightToLeft }
    // The lines of one paragraph ask in turn (drawing, TextKit's fragments): the paragraph's
    // answer is remembered until the text changes.
    let revision = _state.textRevision
    if let memo = _paragraphDirectionMemo, memo.revision == revision, memo.paragraph.contains(offset) {
      return memo.rightToLeft ?? _isRightToLeft
    }
    let text = _state.text
    let paragraph = text.paragraphRange(containing: offset)
    let rightToLeft = text.paragraphIsRightToLeft(inParagraph: paragraph)
    _paragraphDirectionMemo = (revision, paragraph.lowerBound..<(paragraph.upperBound + 1), rightToLeft)
    return rightToLeft ?? _isRightToLeft
  }

  /// Line `content`'s characters as drawn, when it holds right-to-left text or is justified
  /// (nil: logical order at natural widths).
  func _visualLine(_ content: (range: Range<Int>, string: String, x: CGFloat)) -> [_VisualCharacter]? {
    let measure = _measure()
    // What each character takes beyond its width: its kern, a tab's way to its stop, and a
    // justified line's spaces.
    let kerns = _kerns(of: content.string, at: content.range.lowerBound)
    var extras = _VisualCharacter.extras(kerns, plus: _tabExtras(of: content.string, at: content.range.lowerBound, kerns: kerns))
    extras = _VisualCharacter.extras(extras, plus: _justification(of: content))
    return _VisualCharacter.line(
      content.string, at: content.range.lowerBound, rightToLeft: _paragraphIsRightToLeft(at: content.range.lowerBound),
      extras: extras, width: { measure($0) })
  }

  /// Where the caret for `offset` goes, in content coordinates.
  func _caretPoint(for offset: Int) -> (line: Int, x: CGFloat) {
    let layout = _ensureLayout()
    let line = layout.lineIndex(containing: offset)
    let content = _lineContent(line, in: layout)
    if let visual = _visualLine(content) { return (line, content.x + visual.caretX(for: offset)) }
    let measure = _measure()
    var x = content.x
    var at = content.range.lowerBound
    for character in content.string {
      if at >= offset { break }
      x += measure(character)
      at += character.utf16.count
    }
    return (line, x)
  }

  /// The cluster boundary nearest to `x` on line `line` (content coordinates), or on the line
  /// of its row nearest `x` when a path splits the row.
  func _offset(onLine line: Int, x: CGFloat) -> Int {
    let layout = _ensureLayout()
    var index = min(max(0, line), layout.lineCount - 1)
    if layout.fragments != nil { index = layout.line(inRowOf: index, nearestX: x - _textContainerRect.minX) }
    let content = _lineContent(index, in: layout)
    if let visual = _visualLine(content), let offset = visual.offset(nearest: x - content.x) { return offset }
    let measure = _measure()
    var left = content.x
    var offset = content.range.lowerBound
    for character in content.string {
      let w = measure(character)
      // The nearer edge; the exact middle of a character counts as before it (as for a field).
      if x <= left + w / 2 { return offset }
      left += w
      offset += character.utf16.count
    }
    return content.range.upperBound
  }

  /// The cluster boundary nearest to `point` (view coordinates, scrolled content included).
  func _offset(at point: CGPoint) -> Int {
    // A point that is not finite, or far past the text (a caller's arithmetic gone wrong), is
    // compared as a line number before it becomes an Int, which it may not fit.
    guard !point.y.isNaN else { return 0 }
    let layout = _ensureLayout()
    let line = layout.line(atY: point.y - textContainerInset.top, lineHeight: _lineHeight)
    if line < 0 { return 0 }
    if line >= layout.lineCount { return _state.text.utf16Count }
    return _offset(onLine: line, x: point.x.isNaN ? 0 : point.x)
  }

  /// Scrolls so that the selection's head is visible.
  func _scrollCaretToVisible() {
    guard window != nil else { return }
    // The container's rectangle read once, for the wrap width and the caret line's rectangle.
    let container = _textContainerRect
    let layout = _ensureLayout(wrapWidth: _wrapWidth(in: container))
    let line = layout.lineIndex(containing: _state.selection.head)
    let rect = _visibleRect(lines: line...line, in: layout, container: container)
    guard isScrollEnabled else {
      // A text view that does not scroll (one that grows with its text, in a list cell)
      // leaves it to the scroll view around it, as iOS's does: the caret's line is scrolled
      // into view there.
      var ancestor = superview
      while let view = ancestor {
        if let scrollView = view as? UIScrollView, scrollView.isScrollEnabled {
          scrollView.scrollRectToVisible(convert(rect, to: scrollView), animated: false)
          return
        }
        ancestor = view.superview
      }
      return
    }
    scrollRectToVisible(rect, animated: false)
  }

  /// The rectangle to scroll to for `lines`: the first and last lines bring the insets above
  /// and below the text with them, so the top and the end of the text show whole.
  func _visibleRect(lines: ClosedRange<Int>, in layout: TextViewLayout) -> CGRect {
    _visibleRect(lines: lines, in: layout, container: _textContainerRect)
  }

  /// ``_visibleRect(lines:in:)`` in `container` (``_textContainerRect``, which the caller read).
  func _visibleRect(lines: ClosedRange<Int>, in layout: TextViewLayout, container: CGRect) -> CGRect {
    let height = _lineHeight
    var rect = _lineRect(lines.lowerBound, lineHeight: height, container: container)
      .union(_lineRect(lines.upperBound, lineHeight: height, container: container))
    rect.size.width = 1
    if lines.lowerBound == 0 {
      rect.size.height += rect.minY
      rect.origin.y = 0
    }
    if lines.upperBound == layout.lineCount - 1 { rect.size.height += textContainerInset.bottom }
    return rect
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    _dropLayoutAroundExclusionPathsIfHeightChanged()
    _ensureLayout()
    // As UIKit's own viewport delegate does: the fragments on screen are laid out (and
    // `viewportRange` names them) once code has the TextKit 2 objects.
    _textKit2?.layoutManager.textViewportLayoutController.layoutViewport()
    // Without scrolling the height follows the width: a new width, a new intrinsic size.
    if !isScrollEnabled, bounds.width != _widthOfLastLayout {
      _widthOfLastLayout = bounds.width
      invalidateIntrinsicContentSize()
    }
  }
  private var _widthOfLastLayout: CGFloat = 0

  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    let inset = textContainerInset
    if size.width > 0 {
      // Wrapped at the offered width: the view's own lines when they were wrapped at it (a
      // growing view asks on every key).
      let width = max(0, size.width - inset.left - inset.right - 2 * _lineFragmentPadding)
      let fontMetrics = _metricsForFont()
      let (metrics, lineHeight) = (fontMetrics.metrics, fontMetrics.lineHeight)
      let layout: TextViewLayout
      if _textKit?.container.isSimpleRectangularTextContainer == false, width == _wrapWidth {
        // Around exclusion paths, as the view lays its lines out.
        layout = _ensureLayout()
      } else if let own = _layout, own.width == width, own.length == _state.text.utf16Count {
        layout = own
      } else if _textNeedsParagraphLayout() {
        let containerWidth = width + 2 * _lineFragmentPadding
        layout = _paragraphLayout(metrics: metrics, lineHeight: lineHeight, containerWidth: containerWidth, aroundPaths: false)
      } else {
        var plain = TextViewLayout()
        plain.rebuild(_state.text, width: width, metrics: metrics)
        layout = plain
      }
      let textHeight = layout.height(ofLines: _shownLines(of: layout), lineHeight: lineHeight)
      return CGSize(width: size.width, height: inset.top + textHeight + inset.bottom)
    }
    // Unwrapped: the widest paragraph.
    var layout = TextViewLayout()
    let fontMetrics = _metricsForFont()
    if _textNeedsParagraphLayout() {
      // As wide as no line is: each paragraph is one line, stacked in its style.
      layout = _paragraphLayout(metrics: fontMetrics.metrics, lineHeight: fontMetrics.lineHeight, containerWidth: 1e9, aroundPaths: false)
    } else {
      layout.rebuild(_state.text, width: 0, metrics: fontMetrics.metrics)
    }
    var widest: CGFloat = 0
    for index in 0..<layout.lineCount {
      let range = layout.lineRange(index)
      var line = _state.text.substring(range)
      while line.last?.isNewline == true { line.removeLast() }
      widest = max(widest, _drawnWidth(of: line, at: range.lowerBound))
    }
    return CGSize(
      width: widest + 2 * _lineFragmentPadding + inset.left + inset.right,
      height: inset.top + layout.height(ofLines: _shownLines(of: layout), lineHeight: fontMetrics.lineHeight) + inset.bottom)
  }

  /// With scrolling off, a text view is as tall as its text (as on iOS, where a stack of them
  /// grows with their text).
  open override var intrinsicContentSize: CGSize {
    guard !isScrollEnabled else { return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    return sizeThatFits(CGSize(width: bounds.width, height: 0))
  }

  // MARK: Drawing

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    _drawBorder(in: rect, clip: clip, alpha: alpha, into: &list)
    let layout = _ensureLayout()
    let visibleClip = clip.safeIntersection(rect)
    guard !visibleClip.isNull else { return }
    // Content coordinates → window coordinates.
    let dx = rect.minX - bounds.minX
    let dy = rect.minY - bounds.minY
    let height = _lineHeight
    let top = textContainerInset.top
    let first = max(0, layout.line(atY: bounds.minY - top, lineHeight: height))
    let last = min(_shownLines(of: layout) - 1, layout.rowEnd(ofLine: layout.line(atY: bounds.maxY - top, lineHeight: height)))
    guard first <= last else { return }
    let selection = _state.selection
    let caretLine = selection.isEmpty ? layout.lineIndex(containing: selection.head) : nil
    let runs = _runs
    // Layout fragments a TextKit 2 delegate made draw around (or instead of) their text.
    let fragments = _drawCustomFragments(
      lines: first...last, in: layout, origin: CGPoint(x: dx, y: dy), clip: visibleClip, alpha: alpha, into: &list)
    defer { if let over = fragments?.over.items { list.items.append(contentsOf: over) } }
    // A TextKit 1 layout manager subclass draws the backgrounds, and what it adds to the glyphs.
    let managerDrawing = _drawThroughLayoutManager(
      lines: first...last, in: layout, origin: CGPoint(x: dx, y: dy), clip: visibleClip, alpha: alpha, into: &list)
    defer { if let over = managerDrawing?.over.items { list.items.append(contentsOf: over) } }
    _drawTextHighlightBackgrounds(
      in: layout.lineRange(first).lowerBound..<layout.lineRange(last).upperBound, origin: CGPoint(x: dx, y: dy),
      clip: visibleClip, alpha: alpha, into: &list)
    for index in first...last {
      if layout.isSkipped(index) { continue }
      if let hidden = fragments?.hidden, !hidden.isEmpty {
        let lineStart = layout.lineRange(index).lowerBound
        if hidden.contains(where: { $0.contains(lineStart) || ($0.upperBound == lineStart && lineStart == _state.text.utf16Count) }) { continue }
      }
      let content = _lineContent(index, in: layout)
      let start = content.range.lowerBound
      // Tabs go to the paragraph's tab stops, which the host draws them to.
      var drawn = content.string
      if index == last, _textKit != nil { drawn = _truncatedLastLine(drawn, line: index, in: layout) }
      var run = TextRun(string: drawn, font: _font, color: _textColor, alignment: .left)
      run.isRightToLeft = _paragraphIsRightToLeft(at: start)
      run.justifiedWidth = _justifiedWidth(of: content)
      if drawn.utf8.contains(0x09) { run.tabStops = _tabStops(at: start) }
      run.spans = runs.spans(in: start..<(start + min(content.string.utf16.count, drawn.utf16.count)))
      _styleSubstituteParagraph(in: &run, lineStart: start)
      if let managerDrawing {
        run._removeBackgrounds()
        run._applyLayoutManagerDecorations(managerDrawing, lineStart: start)
      }
      _styleLinks(in: &run, lineStart: start)
      _styleTextHighlights(in: &run)
      _styleRenderingAttributes(in: &run, lineStart: start)
      _styleFoundText(in: &run, lineStart: start)
      if _isActive {
        // A read-only view draws its selection but no caret, as iOS shows no insertion point
        // in text the user cannot change (the caret's place still anchors Shift+arrows).
        if _isEditing, caretLine == index { run.caretOffset = selection.head - start }
        let lineRange = layout.lineRange(index)
        if !selection.isEmpty {
          let r = selection.range.clamped(to: lineRange)
          if !r.isEmpty {
            run.selectedRange = (r.lowerBound - start)..<(r.upperBound - start)
            // The handles go on the lines holding the selection's two ends.
            if !_selectionByHardwareKeyboard {
              if r.lowerBound == selection.range.lowerBound { run.selectionHandles.insert(.start) }
              if r.upperBound == selection.range.upperBound { run.selectionHandles.insert(.end) }
            }
          }
        }
        if let marked = _state.markedRange {
          let r = marked.clamped(to: lineRange)
          if !r.isEmpty { run.markedRange = (r.lowerBound - start)..<(r.upperBound - start) }
        }
      }
      let lineRect = _lineRect(index, lineHeight: height)
      // The glyphs sit at the bottom of what a style adds to the line's height (TextKit 1's
      // baseline), below the space before the paragraph.
      let textTop = layout.boxes == nil ? lineRect.minY : top + layout.box(ofLine: index, lineHeight: height).textTop
      let frame = CGRect(x: content.x + dx, y: textTop + dy, width: max(0, lineRect.maxX - content.x), height: height)
      list.append(DisplayItem(frame: frame, clip: visibleClip, content: .text(run), alpha: alpha))
    }
  }

  // MARK: Responder (bodies in UITextView+Editing.swift)

  /// True when the view is editable, or selectable (read-only selection, without keyboard).
  open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }
  // A read-only view shows no keyboard (nor its accessory view) and posts no keyboard
  // notifications, as on iOS.
  override var _wantsKeyboard: Bool { isEditable }
  override var _showsKeyboardBeforeDidBegin: Bool { isEditable }

  @discardableResult
  open override func becomeFirstResponder() -> Bool { _becomeFirstResponder() }
  @discardableResult
  open override func resignFirstResponder() -> Bool { _resignFirstResponder() }
  override func _didBecomeFirstResponder() { _textViewDidBecomeFirstResponder() }
  override func _didResignFirstResponder() {
    _editMenuState.interaction?.dismissMenu()
    _textViewDidResignFirstResponder()
  }
  @discardableResult
  override func _handleHardwareKey(_ key: HardwareKey) -> Bool { _byKeyboard { _textViewHandleHardwareKey(key) } }
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
    _textViewTouchesBegan(touches)
    _editMenuTouchBegan(touches)
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
    super.touchesMoved(touches, with: event)
    _textViewTouchesMoved(touches)
  }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    super.touchesEnded(touches, with: event)
    _textViewTouchesEnded(touches)
  }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
    super.touchesCancelled(touches, with: event)
    _dragAnchor = nil
  }

  /// A tap recognizer of an ancestor (one that dismisses the keyboard, say) does not take a
  /// tap meant for the text: the text view's own handling wins, as on iOS.
  open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
    !(gestureRecognizer is UITapGestureRecognizer && gestureRecognizer.view !== self)
  }

  // MARK: Edit menu and pasteboard

  /// The edit menu's interaction and the touch under way (see TextEditMenu.swift).
  var _editMenuState = _TextEditMenuState()

  /// Answers for the standard edit actions as iOS does (Cut and Copy with a selection and no
  /// secure text, Cut and Paste only when editable, Paste with text on the pasteboard, Select
  /// with a caret in some text, Select All with text not all selected), while the view is first
  /// responder; other actions as `super`.
  open override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
    _findCanPerformAction(action) ?? _textCanPerformAction(action, editable: isEditable, secure: isSecureTextEntry)
      ?? super.canPerformAction(action, withSender: sender)
  }

  /// Copies the selection to the general pasteboard (not in secure text, as in a field: what
  /// `canPerformAction(.copy)` says, whoever calls it).
  open override func copy(_ sender: Any?) {
    guard !isSecureTextEntry, !_state.selection.isEmpty else { return }
    UIPasteboard.general.string = _state.selectedText
  }

  /// Copies the selection and deletes it (not in secure text).
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
  /// See `EditableTextObject._isReadOnly`.
  var _isReadOnly: Bool { !isEditable }
  private lazy var _tokenizer = UITextInputStringTokenizer(textInput: self)

  // MARK: UITextInput (open here: see UITextView+UITextInput.swift)

  /// Whether the view has any text.
  open var hasText: Bool { _inputLength > 0 }

  /// Inserts `text` at the insertion point, replacing the selection. Typing on either keyboard
  /// comes through here too (a subclass that overrides it sees every key); then the delegate is
  /// asked, as for user input, while a call from code asks nothing.
  open func insertText(_ text: String) {
    _perform(.insertText(text), origin: _takeUserInputOrigin())
  }

  /// Deletes the selection or the character cluster before the caret. Backspace on either
  /// keyboard comes through here too; the delegate is asked only then.
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
    set {
      _goalX = nil
      _inputSelect(newValue)
    }
  }

  // MARK: Text highlights (iOS 18; UITextView+TextHighlights.swift)

  /// The colours of highlights with the `.default` scheme: `.foregroundColor` for their text,
  /// `.backgroundColor` for their background (the text colour, lightened, when absent). By
  /// default the view's tint colour; setting nil restores that.
  open var textHighlightAttributes: [NSAttributedString.Key: Any]! {
    get { _textHighlightAttributes ?? [.foregroundColor: tintColor ?? UIColor.systemBlue] }
    set { _textHighlightAttributes = newValue }
  }
  private var _textHighlightAttributes: [NSAttributedString.Key: Any]?

  /// Draws the background of the highlight (`.textHighlightStyle`) over the text in
  /// `textRange` into the current context, the container's origin at `origin`: a rounded
  /// rectangle per line in the scheme's background colour. The view calls it for each
  /// highlighted range it shows, under the text; override it to draw highlights otherwise.
  open func drawTextHighlightBackground(for textRange: NSTextRange, origin: CGPoint) {
    _drawDefaultTextHighlightBackground(for: textRange, origin: origin)
  }

  // MARK: Edit menu (UITextInput, iOS 16)

  /// The edit menu for the text in `textRange`: what the delegate's
  /// `textView(_:editMenuForTextIn:suggestedActions:)` answers (asked through its iOS 26 form
  /// with ranges); nil shows `suggestedActions`. Override to build the menu before the delegate
  /// is asked.
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

  /// Sets marked text from an attributed string (its attributes are not kept: the view's text
  /// has one set of attributes).
  open func setAttributedMarkedText(_ markedText: NSAttributedString?, selectedRange: NSRange) {
    _inputSetMarkedText(markedText?.string, selectedRange: selectedRange)
  }

  /// The start of the text.
  open var beginningOfDocument: UITextPosition { UITextPosition(offset: 0) }

  /// The end of the text.
  open var endOfDocument: UITextPosition { UITextPosition(offset: _inputLength) }

  /// A range between two positions (nil when either is outside the text).
  open func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
    _inputTextRange(from: fromPosition, to: toPosition)
  }

  /// The position `offset` UTF-16 units from `position`; nil outside the text.
  open func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
    _inputPosition(from: position, offset: offset)
  }

  /// The position `offset` units from `position` in a layout direction (up and down by visual
  /// line); nil outside the text.
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

  /// The caret's rectangle at `position`, in the view's coordinates (scrolled content included,
  /// as on iOS).
  open func caretRect(for position: UITextPosition) -> CGRect { _textInputCaretRect(for: position) }

  /// The position nearest to `point` (the nearer edge of the character under it).
  open func closestPosition(to point: CGPoint) -> UITextPosition? {
    UITextPosition(offset: _offset(at: point))
  }

  /// The part of `range` on its first line (zero width for an empty range, at the caret).
  open func firstRect(for range: UITextRange) -> CGRect {
    _textInputSelectionRects(for: range).first?.rect ?? {
      let caret = caretRect(for: range.start)
      return CGRect(x: caret.minX, y: caret.minY, width: 0, height: caret.height)
    }()
  }

  /// One rectangle per visual line of `range` (lines before the last reach the end of their
  /// line fragment, as the selection highlight does); none for an empty range.
  open func selectionRects(for range: UITextRange) -> [UITextSelectionRect] {
    _textInputSelectionRects(for: range)
  }

  /// The position in `range` nearest to `point`.
  open func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? {
    _inputClosestPosition(closestPosition(to: point), within: range)
  }

  /// The character drawn under `point`, or nil where no character is drawn (beside a line's
  /// text, above or below the lines).
  open func characterRange(at point: CGPoint) -> UITextRange? {
    _textInputCharacterRange(at: point)
  }

  /// Told of changes to the text and selection that the keyboard did not make (see
  /// ``UITextInputDelegate``). Held weakly. The system does not set it here: the terminal's
  /// keyboard is told directly.
  open weak var inputDelegate: (any UITextInputDelegate)?

  /// A string tokenizer over the view's text; its lines are the view's wrapped lines.
  open var tokenizer: any UITextInputTokenizer { _tokenizer }

  /// The start of `range` going left or up, its end going right or down.
  open func position(within range: UITextRange, farthestIn direction: UITextLayoutDirection) -> UITextPosition? {
    _inputPosition(within: range, farthestIn: direction)
  }

  /// From `position` to the start (left) or end (right) of its visual line, its line break left
  /// out; to the start (up) or end (down) of the text.
  open func characterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange? {
    _textInputCharacterRange(byExtending: position, in: direction)
  }

  /// The writing direction set with ``setBaseWritingDirection(_:for:)``, else the direction of
  /// the first letter of the paragraph at `position`, left to right without one.
  open func baseWritingDirection(for position: UITextPosition, in direction: UITextStorageDirection) -> NSWritingDirection {
    _inputBaseWritingDirection(for: position)
  }

  /// Sets the writing direction of the text: right to left draws lines of `.natural` alignment
  /// at the right. Paragraph attributes are uniform over a text view here, so it applies to
  /// every paragraph, not only those in `range`; `.natural` goes back to each paragraph's own
  /// direction for ``baseWritingDirection(for:in:)``.
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

  /// Asks the delegate's `textView(_:shouldChangeTextIn:replacementText:)` whether the text in
  /// `range` may become `text` (false for a range outside the text).
  open func shouldChangeText(in range: UITextRange, replacementText text: String) -> Bool {
    _inputShouldChangeText(in: range, replacementText: text)
  }

  /// Inserts `text` as ``insertText(_:)`` does (the alternatives are the keyboard's to show; the
  /// terminal shows none).
  open func insertText(_ text: String, alternatives: [String], style: UITextAlternativeStyle) {
    _perform(.insertText(text), origin: _takeUserInputOrigin())
  }

  /// The view itself: its geometry is in its own (scrolled) coordinates.
  open var textInputView: UIView { self }

  /// Which side of a line break the caret belongs to. The caret at a soft line break is drawn
  /// at the start of the next line whatever this says; it is kept for the input system.
  open var selectionAffinity: UITextStorageDirection = .forward

}
