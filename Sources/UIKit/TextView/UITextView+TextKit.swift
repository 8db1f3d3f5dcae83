import Foundation
import TextEditing

// The text view's TextKit 1 objects: a text container, a layout manager and a text storage.
//
// They are made when code first asks for one (or passes a container to
// `init(frame:textContainer:)`); until then a keystroke pays nothing for them. The storage is the
// view's text, not a copy: its primitives read the engine's text and the attribute runs, and an
// edit made through it goes through the view (below, `_applyTextStorageEdit`). A storage subclass
// that keeps its text itself is kept in step instead: the user's edits are pushed to it through
// its primitives, and what it changes is taken back when it has processed its edits.
//
// The order, as on iOS, when the user types with a storage delegate set:
//   textView(_:shouldChangeTextIn:replacementText:) → text changes →
//   textStorage(_:willProcessEditing:…) → textStorage(_:didProcessEditing:…) →
//   textViewDidChangeSelection → textViewDidChange
// and when code edits the storage, only the storage's delegate hears (and
// `textViewDidChangeSelection`, while the view is first responder, when the selection moved):
// `textViewDidChange` is for the user's changes, as for code setting `text`.

/// The TextKit objects of a text view, and how its text and its storage's are kept in step.
@MainActor
final class _TextViewTextKit {
  let container: NSTextContainer
  /// Held here: the container holds its layout manager weakly, the storage holds it.
  var layoutManager: NSLayoutManager
  /// The storage whose text the view shows (nil after it was removed from the layout manager).
  var storage: NSTextStorage?
  /// Whether the storage keeps its text itself (a subclass overriding the primitives).
  var storageKeepsText = false
  /// Set while the view pushes its own edit to such a storage.
  var pushing = false
  /// Set while the view takes a storage's text as its own.
  var adopting = false
  /// The length of the text the storage was last told of (an undo step reports the whole text).
  var length = 0

  init(container: NSTextContainer, layoutManager: NSLayoutManager) {
    self.container = container
    self.layoutManager = layoutManager
  }
}

// A secure text view's TextKit objects are not shown to reflection reached from the view (issue
// 32, item 8): `dump` of the view, its window, its controller or its undo manager came here
// once a library had touched `textStorage`, `layoutManager` or `textContainer`, and a text
// storage describes itself by its text (NSAttributedString's `description`, which a subclass
// cannot override). The app reads the objects themselves as ever; iOS draws a secure text
// view's text (only a text field obscures it).
extension _TextViewTextKit: @preconcurrency CustomReflectable {
  var customMirror: Mirror {
    if container._textView?.isSecureTextEntry == true {
      return Mirror(self, children: ["concealed": "TextKit objects of a secure text view"], displayStyle: .class)
    }
    return Mirror(
      self,
      children: ["container": container, "layoutManager": layoutManager, "storage": storage as Any,
                 "storageKeepsText": storageKeepsText, "length": length],
      displayStyle: .class)
  }
}

extension UITextView {
  /// The TextKit objects, made now if they were never asked for: a container that tracks the
  /// view's width, its layout manager, and a storage that is the view's text.
  func _textKitObjects() -> (container: NSTextContainer, layoutManager: NSLayoutManager, storage: NSTextStorage) {
    let kit: _TextViewTextKit
    if let existing = _textKit {
      kit = existing
    } else {
      let container = NSTextContainer(size: CGSize(width: 0, height: CGFloat.greatestFiniteMagnitude))
      container.widthTracksTextView = true
      let layoutManager = NSLayoutManager()
      layoutManager.addTextContainer(container)
      kit = _TextViewTextKit(container: container, layoutManager: layoutManager)
      _textKit = kit
      container._textView = self
    }
    if let storage = kit.storage { return (kit.container, kit.layoutManager, storage) }
    // A storage of the view's text, without copying it.
    let storage = NSTextStorage()
    storage._attach(to: self)
    kit.storage = storage
    kit.storageKeepsText = false
    kit.length = _state.text.utf16Count
    storage.addLayoutManager(kit.layoutManager)
    return (kit.container, kit.layoutManager, storage)
  }

  /// `init(frame:textContainer:)`: lays the text out in `container`, showing its storage's text.
  func _useTextContainer(_ container: NSTextContainer) {
    let layoutManager = container._layoutManager ?? {
      let made = NSLayoutManager()
      made.addTextContainer(container)
      return made
    }()
    let kit = _TextViewTextKit(container: container, layoutManager: layoutManager)
    _textKit = kit
    container._textView = self
    if let storage = layoutManager.textStorage { _adopt(storage) } else { NSTextStorage().addLayoutManager(layoutManager) }
  }

  /// The view's layout manager now lays out `storage`: the view shows its text and attributes.
  func _adopt(_ storage: NSTextStorage) {
    guard let kit = _textKit, kit.layoutManager.textStorage === storage else { return }
    if kit.storage === storage, storage._view === self { return }
    if let old = kit.storage, old !== storage, old._view === self { old._detach() }
    kit.adopting = true
    defer { kit.adopting = false }
    // Reading `string` tells whether the storage answers from this class's primitives.
    storage._baseStringWasRead = false
    let string = storage.string
    kit.storageKeepsText = !storage._baseStringWasRead
    _takeText(of: storage, string: string)
    kit.storage = storage
    if !kit.storageKeepsText { storage._attach(to: self) }
    kit.length = _state.text.utf16Count
  }

  /// The layout manager no longer lays out `storage`: it keeps a copy of the text.
  func _releaseStorage(_ storage: NSTextStorage) {
    guard let kit = _textKit, kit.storage === storage else { return }
    if storage._view === self { storage._detach() }
    kit.storage = nil
  }

  /// Sets the view's text and runs to `attributed`'s (as `attributedText =` does, telling no one
  /// but the selection's delegate).
  private func _takeText(of attributed: NSAttributedString, string: String) {
    if attributed.length > 0 {
      let attributes = attributed.attributes(at: 0, effectiveRange: nil)
      if let font = attributes[.font] as? UIFont { _replaceDefaultFont(font) }
    }
    _setText(string, tellingTextKit: false)
    _takeRuns(of: attributed)
    _paragraphStylesDidChange()
  }

  // MARK: Edits made through the storage

  /// An edit made through a storage that is the view's text (its primitives): applied to the
  /// engine and the runs at once, so that the storage reads back what it was given. The new
  /// characters take `inherited` attributes, then `runs`' over them when given. The view's undo
  /// steps are dropped (they name text that code changed under them), as when code sets `text`.
  func _applyTextStorageEdit(_ edit: TextEdit, inherited: [NSAttributedString.Key: Any]?, runs: _AttributeRuns?) {
    if _state.markedRange != nil { _state.apply(_state.resolve(.unmarkText)) }
    let before = _state.selection
    let transaction = _state.resolve(.replace(edit.range, with: edit.replacement))
    guard let applied = transaction.edit else { return }
    let selectionMoves = transaction.selection != before
    let tellsInputDelegate = inputDelegate != nil
    if tellsInputDelegate { _inputDelegateWillChange(text: true, selection: selectionMoves) }
    _syncRuns()
    _runStorage.replace(applied.range, withLength: applied.replacementUTF16Count, attributes: inherited)
    _state.apply(transaction)
    _runsDidApply()
    if let runs, runs.length == applied.replacementUTF16Count {
      for (range, run) in runs.slices(in: 0..<runs.length) {
        _runStorage.set(run.attributes, in: (applied.range.lowerBound + range.lowerBound)..<(applied.range.lowerBound + range.upperBound))
      }
      // Attributes that no run had: the insertion check of a keystroke does not see them.
      if _runsNeedParagraphLayout(runs) { _layout = nil }
    }
    if tellsInputDelegate { _inputDelegateDidChange(text: true, selection: selectionMoves) }
    if _textKit?.pushing != true {
      _history.removeAll()
      undoManager?.removeAllActions(withTarget: self)
    }
    _afterTextKitEdit(applied)
    if _isActive, before != _state.selection { _tellDidChangeSelection() }
  }

  /// Lays out and redraws after an edit that came through TextKit.
  private func _afterTextKitEdit(_ edit: TextEdit) {
    _layoutAfterEdit(edit)
    _goalX = nil
    if !isScrollEnabled { invalidateIntrinsicContentSize() }
    setNeedsLayout()
    setNeedsDisplay()
    _textKit?.length = _state.text.utf16Count
  }

  /// The storage processed edits (told through the layout manager). A storage that is the view's
  /// text has already been applied; one that keeps its text itself is read back: its characters
  /// when code changed them, and the attributes of the range either way (what its
  /// `processEditing()` or delegate coloured).
  func _textStorageDidProcessEditing(
    _ storage: NSTextStorage, edited mask: NSTextStorage.EditActions, range: NSRange, changeInLength delta: Int
  ) {
    guard let kit = _textKit, kit.storage === storage, !kit.adopting else { return }
    setNeedsDisplay()
    // An attribute edit (`addAttribute(.paragraphStyle, …)`) may change how paragraphs are laid
    // out; the view's own edits (characters and attributes at once) were laid out already.
    let attributesChanged =
      mask.contains(.editedAttributes) && range.location != NSNotFound && (kit.storageKeepsText || !mask.contains(.editedCharacters))
    defer { if attributesChanged { _paragraphStylesMayHaveChanged(in: range.location..<(range.location + range.length)) } }
    guard kit.storageKeepsText, range.location != NSNotFound else { return }
    let string = storage.string
    let newLength = string.utf16.count
    let end = min(range.location + range.length, newLength)
    let newRange = min(range.location, newLength)..<max(min(range.location, newLength), end)
    if mask.contains(.editedCharacters), !kit.pushing {
      let oldRange = newRange.lowerBound..<(newRange.upperBound - delta)
      guard oldRange.lowerBound >= 0, oldRange.upperBound <= _state.text.utf16Count, oldRange.lowerBound <= oldRange.upperBound,
        _state.text.utf16Count + delta == newLength
      else {
        // Out of step (an edit the storage did not record): take its whole text.
        kit.adopting = true
        _takeText(of: storage, string: string)
        kit.adopting = false
        kit.length = _state.text.utf16Count
        return
      }
      let replacement = (string as NSString).substring(with: UTF16Conversion.nsRange(newRange))
      _applyTextStorageEdit(TextEdit(range: oldRange, replacement: replacement), inherited: nil, runs: nil)
    }
    guard _state.text.utf16Count == newLength else { return }
    _syncRuns()
    var location = newRange.lowerBound
    while location < newRange.upperBound {
      var effective = NSRange()
      let attributes = storage.attributes(at: location, effectiveRange: &effective)
      let upper = min(newRange.upperBound, max(location + 1, effective.location + effective.length))
      _runStorage.set(attributes, in: location..<upper)
      location = upper
    }
  }

  // MARK: Edits made by the view

  /// Tells the storage (when there is one) of an edit the view made (typing, paste, undo,
  /// `text =`): a storage that is the view's text records it and processes it, which calls its
  /// delegate; one that keeps its text itself is given the edit through its primitives.
  func _textKitDidEdit(_ edit: TextEdit) {
    guard let kit = _textKit, let storage = kit.storage, !kit.adopting else { return }
    let oldRange = UTF16Conversion.nsRange(edit.range)
    if kit.storageKeepsText {
      kit.pushing = true
      storage.beginEditing()
      storage.replaceCharacters(in: oldRange, with: edit.replacement)
      _pushAttributes(of: edit.insertedRange, to: storage)
      storage.endEditing()
      kit.pushing = false
    } else {
      storage.edited([.editedCharacters, .editedAttributes], range: oldRange, changeInLength: edit.lengthDelta)
    }
    kit.length = _state.text.utf16Count
  }

  /// Tells the storage that the whole text was replaced (`text =`, an undo step).
  func _textKitDidReplaceText() {
    guard let kit = _textKit, kit.storage != nil, !kit.adopting else { return }
    _textKitDidEdit(TextEdit(range: 0..<kit.length, replacement: _state.cachedString()))
  }

  /// Tells the storage that the attributes of `range` changed (`font =`, ⌘B).
  func _textKitDidChangeAttributes(_ range: Range<Int>) {
    guard let kit = _textKit, let storage = kit.storage, !kit.adopting, !range.isEmpty else { return }
    if kit.storageKeepsText {
      kit.pushing = true
      storage.beginEditing()
      _pushAttributes(of: range, to: storage)
      storage.endEditing()
      kit.pushing = false
    } else {
      storage.edited(.editedAttributes, range: UTF16Conversion.nsRange(range), changeInLength: 0)
    }
  }

  private func _pushAttributes(of range: Range<Int>, to storage: NSTextStorage) {
    for (part, run) in _runs.slices(in: range) {
      storage.setAttributes(run.attributes, range: UTF16Conversion.nsRange(part))
    }
  }

  // MARK: Lines for the layout manager

  /// The lines of `layout` the container holds: all, or its `maximumNumberOfLines`, or as
  /// many as its height holds when it has one (at least one line: the caret's).
  func _shownLines(of layout: TextViewLayout) -> Int {
    let count = layout.lineCount
    guard let container = _textKit?.container else { return count }
    if layout.fragments != nil { return _shownLines(aroundExclusionPathsOf: layout, in: container) }
    var shown = count
    if container.maximumNumberOfLines > 0 { shown = min(shown, container.maximumNumberOfLines) }
    let height = container.size.height
    if height < 1e12 { shown = min(shown, layout.linesFitting(height: height, lineHeight: _lineHeight)) }
    return shown
  }

  /// The last line the container holds, ended with "…" when text follows it and the
  /// container's `lineBreakMode` truncates (every truncating mode cuts the tail here).
  func _truncatedLastLine(_ drawn: String, line: Int, in layout: TextViewLayout) -> String {
    guard let kept = _keptOfTruncatedLine(drawn, line: line, in: layout) else { return drawn }
    return kept + "…"
  }

  /// What the last line the container holds keeps of `drawn` before its "…", when it is
  /// truncated (nil when it is not: another line, no text after it, a mode that does not
  /// truncate).
  func _keptOfTruncatedLine(_ drawn: String, line: Int, in layout: TextViewLayout) -> String? {
    guard let container = _textKit?.container, line == _shownLines(of: layout) - 1,
      layout.lineRange(line).upperBound < _state.text.utf16Count
    else { return nil }
    switch container.lineBreakMode {
    case .byTruncatingTail, .byTruncatingMiddle, .byTruncatingHead: break
    default: return nil
    }
    let measure = _measure()
    let ellipsis: Character = "…"
    let available = _textWidth(ofLine: line, in: layout) - measure(ellipsis)
    var kept = ""
    var width: CGFloat = 0
    for character in drawn where !character.isNewline {
      let w = measure(character)
      if width + w > available { break }
      kept.append(character)
      width += w
    }
    while kept.last == " " { kept.removeLast() }
    return kept
  }

  /// The glyphs (UTF-16 units) of line `line` that its "…" hides, when it is truncated.
  func _truncatedRange(onLine line: Int) -> NSRange? {
    let layout = _ensureLayout()
    guard line < layout.lineCount else { return nil }
    // What the line draws, as drawing reads it (tabs as spaces, the same length).
    let content = _lineContent(line, in: layout)
    let drawn = content.string.replacingOccurrences(of: "\t", with: " ")
    guard let kept = _keptOfTruncatedLine(drawn, line: line, in: layout) else { return nil }
    let visible = drawn.last?.isNewline == true ? drawn.dropLast() : Substring(drawn)
    let start = content.range.lowerBound + kept.utf16.count
    return NSRange(location: start, length: max(0, content.range.lowerBound + visible.utf16.count - start))
  }

  /// The view's lines, laid out now, for the layout manager. Its answers (`usedRect(for:)`,
  /// `glyphRange(for:)`, `numberOfGlyphs` lines) need every line: were the view's layout made
  /// lazy below what is shown, this is the one place to lay out to the end.
  func _textKitLayout() -> any _TextKitLayout {
    _ensureLayout()
    return self
  }
}

/// A text view's lines as they are now, for one question of its TextKit 2 layout manager: the
/// layout is read once. (The view's own answers each check that its layout is current, which a
/// fragment of dozens of lines would pay several times a line.) Not kept past the question.
@MainActor
struct _TextViewLines: _TextKitLayout {
  let view: UITextView
  let layout: TextViewLayout
  let _tkLineHeight: CGFloat
  let _tkLineCount: Int

  init(_ view: UITextView) {
    self.view = view
    layout = view._ensureLayout()
    _tkLineHeight = view._lineHeight
    _tkLineCount = view._shownLines(of: layout)
  }

  var _tkLength: Int { layout.length }
  func _tkLineRange(_ index: Int) -> Range<Int> { layout.lineRange(index) }
  func _tkLineIndex(containing offset: Int) -> Int { layout.lineIndex(containing: offset) }
  func _tkLineBox(_ index: Int) -> TextViewLayout.LineBox { layout.box(ofLine: index, lineHeight: _tkLineHeight) }
  func _tkLine(atY y: CGFloat) -> Int { layout.line(atY: y, lineHeight: _tkLineHeight) }
  func _tkLine(inRowOf index: Int, nearestX x: CGFloat) -> Int { layout.line(inRowOf: index, nearestX: x) }
  func _tkRowEnd(ofLine index: Int) -> Int { layout.rowEnd(ofLine: index) }
  var _tkContainerWidth: CGFloat { view._tkContainerWidth }
  func _tkCharacters(onLine index: Int) -> [(range: Range<Int>, left: CGFloat, width: CGFloat)] { view._tkCharacters(onLine: index) }
  func _tkTextStart(onLine index: Int) -> CGFloat { view._tkTextStart(onLine: index) }
  func _tkFragment(onLine index: Int) -> (x: CGFloat, width: CGFloat)? { view._tkFragment(onLine: index) }
}

extension UITextView: _TextKitLayout {
  var _tkLength: Int { _state.text.utf16Count }
  var _tkLineCount: Int { _shownLines(of: _ensureLayout()) }
  func _tkLineRange(_ index: Int) -> Range<Int> { _ensureLayout().lineRange(index) }
  func _tkLineIndex(containing offset: Int) -> Int { _ensureLayout().lineIndex(containing: offset) }
  var _tkLineHeight: CGFloat { _lineHeight }
  func _tkLineBox(_ index: Int) -> TextViewLayout.LineBox { _ensureLayout().box(ofLine: index, lineHeight: _lineHeight) }
  func _tkLine(atY y: CGFloat) -> Int { _ensureLayout().line(atY: y, lineHeight: _lineHeight) }
  func _tkLine(inRowOf index: Int, nearestX x: CGFloat) -> Int { _ensureLayout().line(inRowOf: index, nearestX: x) }
  func _tkRowEnd(ofLine index: Int) -> Int { _ensureLayout().rowEnd(ofLine: index) }
  var _tkContainerWidth: CGFloat { _textContainerRect.width }
  func _tkFragment(onLine index: Int) -> (x: CGFloat, width: CGFloat)? {
    let layout = _ensureLayout()
    guard let fragment = layout.fragment(ofLine: index) else { return (0, _textContainerRect.width) }
    if fragment.isSkipped { return nil }
    if _layoutsByParagraph { return _lineFragmentOutsideIndents(ofLine: index, in: layout) }
    return (fragment.x, fragment.width)
  }
  func _tkTextStart(onLine index: Int) -> CGFloat {
    _lineContent(index, in: _ensureLayout()).x - textContainerInset.left
  }
  func _tkCharacters(onLine index: Int) -> [(range: Range<Int>, left: CGFloat, width: CGFloat)] {
    let content = _lineContent(index, in: _ensureLayout())
    let origin = content.x - textContainerInset.left
    let start = content.range.lowerBound
    // A line of uniform text without tabs, kerning or justification is placed by its text, its
    // start's x and its paragraph's direction alone: kept, it is not measured again.
    let runs = _runs
    let key: _LineGeometryKey? =
      runs.isUniform && runs.kern(at: 0) == 0 && textAlignment != .justified && !_layoutsByParagraph
        && !content.string.utf8.contains(0x09)
      ? _LineGeometryKey(string: content.string, x: content.x, rightToLeft: _paragraphIsRightToLeft(at: start)) : nil
    let metrics = key == nil ? nil : _metricsForFont()
    // Loops, not `map`: a closure formed in this main-actor method checks its executor on every
    // call, which costs more than the work it does per character.
    if let key, let kept = metrics?.lineCharacters[key] {
      var placed: [(range: Range<Int>, left: CGFloat, width: CGFloat)] = []
      placed.reserveCapacity(kept.count)
      for character in kept {
        placed.append(
          ((character.range.lowerBound + start)..<(character.range.upperBound + start), origin + character.left, character.width))
      }
      return placed
    }
    let characters: [(range: Range<Int>, left: CGFloat, width: CGFloat)]
    if let visual = _visualLine(content) {
      var placed: [(range: Range<Int>, left: CGFloat, width: CGFloat)] = []
      placed.reserveCapacity(visual.count)
      for character in visual { placed.append((character.range, origin + character.left, character.width)) }
      characters = placed
    } else {
      characters = _tkCharacters(of: content.string, from: start, at: origin, measure: _measure())
    }
    if let key, let metrics {
      // Bounded: a long text laid out whole keeps at most a few thousand lines.
      if metrics.lineCharacters.count >= 4096 { metrics.lineCharacters.removeAll() }
      var relative: [(range: Range<Int>, left: CGFloat, width: CGFloat)] = []
      relative.reserveCapacity(characters.count)
      for character in characters {
        relative.append(
          ((character.range.lowerBound - start)..<(character.range.upperBound - start), character.left - origin, character.width))
      }
      metrics.lineCharacters[key] = relative
    }
    return characters
  }
}

/// A line's text, where its text starts (content coordinates) and its paragraph's direction:
/// what places its characters when nothing else (tabs, kerning, justification) does.
struct _LineGeometryKey: Hashable {
  var string: String
  var x: CGFloat
  var rightToLeft: Bool
}

extension NSTextStorage {
  /// Makes the storage the text of `view` (which has just taken its text): its own copy goes.
  @MainActor func _attach(to view: UITextView) {
    _view = view
    _dropOwnText()
  }

  /// The storage leaves its view, keeping a copy of the view's text and attributes.
  @MainActor func _detach() {
    guard let view = _view else { return }
    let text = view._state.text
    let runs = view._runs
    _view = nil
    _takeOwnText(text, runs: runs)
  }
}
