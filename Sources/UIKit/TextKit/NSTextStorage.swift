import Foundation
import TextEditing

// TextKit's attributed string that tells its layout managers, and through them a text view, of
// every change.
//
// Why every member of NSAttributedString is overridden here: on Apple's platforms
// NSMutableAttributedString is a class cluster whose other methods go through four primitives
// (`string`, `attributes(at:effectiveRange:)`, `replaceCharacters(in:with:)`,
// `setAttributes(_:range:)`); swift-corelibs-foundation's is not — `length`, `attribute(_:at:…)`,
// `addAttribute`, `attributedSubstring(from:)` and the rest read and write a CoreFoundation run
// array directly, which moreover traps when it compares two UIKit objects (UIColor, UIFont) in
// neighbouring runs. So the storage keeps its characters and attributes itself, in the text
// engine's `TextBuffer` and UIKit's attribute runs, and answers every member from them: the CF
// part of the object stays empty and is never compared.
//
// A storage belongs to at most one text view, through a layout manager and a text container.
// Then its characters and attributes *are* the view's (no copy: a keystroke does not copy the
// text), and an edit made through the storage goes through the view's text engine. A subclass
// that keeps its own text (overriding the primitives, as Apple's documentation shows) is kept in
// step instead: the view pushes the user's edits to it through its primitives and takes back what
// its `processEditing()` and delegate change.

/// The text of a TextKit stack: an attributed string that records its edits and, when they are
/// processed (at once, or at `endEditing()`), tells its delegate (`willProcessEditing`, then
/// `didProcessEditing`, each followed by its notification) and then its layout managers.
open class NSTextStorage: NSMutableAttributedString {
  /// The characters while the storage belongs to no text view.
  private var _ownText = TextBuffer()
  /// The attributes of `_ownText`, per range.
  private var _ownRuns = _AttributeRuns(length: 0, attributes: [:], revision: 0)
  /// The text view whose text this storage is (set while a layout manager of the storage is
  /// the view's). Weak: the view owns its TextKit objects, not the reverse.
  weak var _view: UITextView?
  /// Set when `string` of this class answers: tells a storage that uses these primitives from a
  /// subclass that keeps its text itself (see `UITextView._adopt(_:)`).
  var _baseStringWasRead = false
  /// `beginEditing()` calls not yet closed by `endEditing()`.
  private var _editingDepth = 0
  /// Whether `processEditing()` is under way (an edit made by the delegate joins it).
  private var _isProcessing = false
  private var _layoutManagers: [NSLayoutManager] = []

  // MARK: Creating

  public init() {
    super.init(string: "")
  }

  public override init(string str: String) {
    super.init(string: "")
    _ownText = TextBuffer(str)
    _ownRuns = _AttributeRuns(length: _ownText.utf16Count, attributes: [:], revision: 0)
  }

  public override init(string str: String, attributes attrs: [NSAttributedString.Key: Any]? = nil) {
    super.init(string: "")
    _ownText = TextBuffer(str)
    _ownRuns = _AttributeRuns(length: _ownText.utf16Count, attributes: attrs ?? [:], revision: 0)
  }

  public override init(attributedString attrStr: NSAttributedString) {
    super.init(string: "")
    _ownText = TextBuffer(attrStr.string)
    _ownRuns = _AttributeRuns(attrStr, defaults: [:], revision: 0)
  }

  public required init?(coder aDecoder: NSCoder) {
    guard let decoded = NSMutableAttributedString(coder: aDecoder) else { return nil }
    super.init(string: "")
    _ownText = TextBuffer(decoded.string)
    _ownRuns = _AttributeRuns(decoded, defaults: [:], revision: 0)
  }

  // MARK: Layout managers

  /// The layout managers that lay this text out, in the order they were added.
  /// (A TextKit 2 text view's storage has none: the layout manager that carries its edits to
  /// the view is kept out of sight.)
  open var layoutManagers: [NSLayoutManager] {
    let all = _layoutManagers
    guard !all.isEmpty else { return all }
    return _onMainActor { all.filter { !$0._isHiddenByTextKit2 } }
  }

  /// Every layout manager, those kept out of sight included.
  var _allLayoutManagers: [NSLayoutManager] { _layoutManagers }

  /// Adds a layout manager (which then lays this text out) and sets its `textStorage`.
  open func addLayoutManager(_ aLayoutManager: NSLayoutManager) {
    guard !_layoutManagers.contains(where: { $0 === aLayoutManager }) else { return }
    _layoutManagers.append(aLayoutManager)
    nonisolated(unsafe) let storage = self
    _onMainActor { aLayoutManager._storageDidAdd(storage) }
  }

  /// Removes a layout manager; its `textStorage` becomes nil.
  open func removeLayoutManager(_ aLayoutManager: NSLayoutManager) {
    guard let index = _layoutManagers.firstIndex(where: { $0 === aLayoutManager }) else { return }
    _layoutManagers.remove(at: index)
    nonisolated(unsafe) let storage = self
    _onMainActor { aLayoutManager._storageDidRemove(storage) }
  }

  // MARK: Pending edits

  /// The kinds of change recorded since the edits were last processed.
  open private(set) var editedMask: NSTextStorage.EditActions = []
  /// The range of the changed characters, in the text as it is now (NSNotFound when nothing
  /// is pending).
  open private(set) var editedRange = NSRange(location: NSNotFound, length: 0)
  /// How much longer (UTF-16 units) the text became with the pending edits.
  open private(set) var changeInLength = 0

  /// The delegate, held weakly, told before and after edits are processed.
  open weak var delegate: (any NSTextStorageDelegate)?

  /// Records a change: `editedRange` is the range of the text *before* the change that was
  /// replaced (for attribute changes, the range whose attributes changed), `delta` how much
  /// longer the text became. Outside `beginEditing()`/`endEditing()` the edit is processed at
  /// once. A subclass's primitives call this after changing their text.
  open func edited(_ editedMask: NSTextStorage.EditActions, range editedRange: NSRange, changeInLength delta: Int) {
    let newRange = NSRange(location: editedRange.location, length: max(0, editedRange.length + delta))
    if self.editedRange.location == NSNotFound {
      self.editedRange = newRange
    } else {
      // The pending range, moved by this edit, joined with it.
      let pending = self.editedRange
      var pendingEnd = pending.location + pending.length
      if pendingEnd >= editedRange.location + editedRange.length {
        pendingEnd += delta
      } else if pendingEnd > editedRange.location {
        pendingEnd = editedRange.location + newRange.length
      }
      let start = min(pending.location, newRange.location)
      let end = max(pendingEnd, newRange.location + newRange.length)
      self.editedRange = NSRange(location: start, length: end - start)
    }
    self.editedMask.formUnion(editedMask)
    changeInLength += delta
    if _editingDepth == 0 { _processIfIdle() }
  }

  /// Processes the pending edits unless they are being processed: an edit made while they are
  /// (by the delegate, or by a subclass's `processEditing()` before it calls `super`) joins them.
  private func _processIfIdle() {
    guard !_isProcessing else { return }
    _isProcessing = true
    processEditing()
    _isProcessing = false
  }

  /// Tells the delegate (`willProcessEditing`, which may still change characters and
  /// attributes), then `didProcessEditing` (attributes), then the layout managers; the pending
  /// edit is then cleared. Called by `edited(_:range:changeInLength:)` or `endEditing()`; a
  /// subclass overrides it to fix attributes (syntax colouring) and calls `super`.
  open func processEditing() {
    guard editedMask != [] || editedRange.location != NSNotFound else { return }
    let wasProcessing = _isProcessing
    _isProcessing = true
    delegate?.textStorage(self, willProcessEditing: editedMask, range: editedRange, changeInLength: changeInLength)
    NotificationCenter.default.post(name: NSTextStorage.willProcessEditingNotification, object: self)
    delegate?.textStorage(self, didProcessEditing: editedMask, range: editedRange, changeInLength: changeInLength)
    NotificationCenter.default.post(name: NSTextStorage.didProcessEditingNotification, object: self)
    let mask = editedMask
    let range = editedRange
    let delta = changeInLength
    editedMask = []
    editedRange = NSRange(location: NSNotFound, length: 0)
    changeInLength = 0
    _isProcessing = wasProcessing
    let managers = _layoutManagers
    let observer = textStorageObserver
    // A storage of no layout manager may be used on any thread.
    guard !managers.isEmpty || observer != nil else { return }
    nonisolated(unsafe) let storage = self
    nonisolated(unsafe) let told = observer
    _onMainActor {
      for manager in managers {
        manager.processEditing(for: storage, edited: mask, range: range, changeInLength: delta, invalidatedRange: range)
      }
      told?.processEditing(for: storage, edited: mask, range: range, changeInLength: delta, invalidatedRange: range)
    }
  }

  /// The characters as the text engine's buffer: the view's text (no copy), this storage's own,
  /// or, for a subclass that keeps its text itself, a buffer of its `string`.
  var _textBuffer: TextBuffer {
    if let view = _view { return _onMainActor { view._state.text } }
    let wasRead = _baseStringWasRead
    _baseStringWasRead = false
    let string = self.string
    defer { _baseStringWasRead = wasRead || _baseStringWasRead }
    return _baseStringWasRead ? _ownText : TextBuffer(string)
  }

  /// The TextKit 2 content storage that observes this storage (set by its `textStorage`).
  open weak var textStorageObserver: (any NSTextStorageObserving)?

  /// Whether attributes are fixed only when asked for (never: nothing here needs fixing).
  open var fixesAttributesLazily: Bool { false }

  /// Marks attributes in `range` as needing fixing. Fonts are never substituted here (one font
  /// draws every character), so there is nothing to fix; a subclass may override.
  open func invalidateAttributes(in range: NSRange) {}

  /// Fixes the attributes in `range` now (see ``invalidateAttributes(in:)``).
  open func ensureAttributesAreFixed(in range: NSRange) {}

  /// Groups edits: they are processed once, when the outermost `endEditing()` comes.
  open override func beginEditing() { _editingDepth += 1 }

  /// Ends a group of edits; the outermost processes them.
  open override func endEditing() {
    _editingDepth = max(0, _editingDepth - 1)
    if _editingDepth == 0 { _processIfIdle() }
  }

  // MARK: Primitives

  /// The characters.
  open override var string: String {
    _baseStringWasRead = true
    if let view = _view { return _onMainActor { view._state.cachedString() } }
    return _ownText.cachedString()
  }

  open override var length: Int {
    if let view = _view { return _onMainActor { view._state.text.utf16Count } }
    return _ownText.utf16Count
  }

  /// The attribute runs, read.
  private func _readRuns<T>(_ body: (_AttributeRuns) -> T) -> T {
    guard let view = _view else { return body(_ownRuns) }
    // The view is main-actor isolated and its runs are not Sendable: read on the main actor
    // (where a storage that belongs to a view is used), handed out as a copy.
    return body(_onMainActor { view._runs })
  }

  /// Changes the attribute runs and records the change (`.editedAttributes` over `range`).
  private func _changeRuns(_ range: NSRange, _ body: (inout _AttributeRuns) -> Void) {
    let r = _checked(range, "NSTextStorage: attribute range")
    guard !r.isEmpty else { return }
    if let view = _view {
      nonisolated(unsafe) let body = body
      _onMainActor {
        view._syncRuns()
        body(&view._runStorage)
        view.setNeedsDisplay()
      }
    } else {
      body(&_ownRuns)
    }
    edited(.editedAttributes, range: range, changeInLength: 0)
  }

  private func _checked(_ range: NSRange, _ what: String) -> Range<Int> {
    UTF16Conversion.checkedRange(range, length: length, function: what)
  }

  open override func attributes(at location: Int, effectiveRange range: NSRangePointer?) -> [NSAttributedString.Key: Any] {
    precondition(location >= 0 && location < length, "NSTextStorage: index \(location) out of bounds (length \(length))")
    let (attributes, run) = _readRuns { $0.attributes(at: location) }
    range?.pointee = NSRange(location: run.lowerBound, length: run.count)
    return attributes
  }

  open override func attribute(
    _ attrName: NSAttributedString.Key, at location: Int, effectiveRange range: NSRangePointer?
  ) -> Any? {
    attributes(at: location, effectiveRange: range)[attrName]
  }

  open override func attributes(
    at location: Int, longestEffectiveRange range: NSRangePointer?, in rangeLimit: NSRange
  ) -> [NSAttributedString.Key: Any] {
    var run = NSRange()
    let attributes = attributes(at: location, effectiveRange: &run)
    if let range {
      range.pointee = _longest(from: run, in: rangeLimit) { _AttributeRuns.areEqual($0, attributes) }
    }
    return attributes
  }

  open override func attribute(
    _ attrName: NSAttributedString.Key, at location: Int, longestEffectiveRange range: NSRangePointer?,
    in rangeLimit: NSRange
  ) -> Any? {
    var run = NSRange()
    let value = attributes(at: location, effectiveRange: &run)[attrName]
    if let range {
      range.pointee = _longest(from: run, in: rangeLimit) { other in
        switch (value, other[attrName]) {
        case (nil, nil): true
        case let (a?, b?): _AttributeRuns.areEqual(a, b)
        default: false
        }
      }
    }
    return value
  }

  /// `run` grown over the neighbouring runs whose attributes `matches`, within `limit`.
  private func _longest(from run: NSRange, in limit: NSRange, matches: ([NSAttributedString.Key: Any]) -> Bool) -> NSRange {
    var start = run.location
    var end = run.location + run.length
    var before = NSRange()
    while start > limit.location, matches(attributes(at: start - 1, effectiveRange: &before)) { start = before.location }
    var after = NSRange()
    while end < limit.location + limit.length, end < length, matches(attributes(at: end, effectiveRange: &after)) {
      end = after.location + after.length
    }
    start = max(start, limit.location)
    end = min(end, limit.location + limit.length)
    return NSRange(location: start, length: max(0, end - start))
  }

  /// Replaces the characters in `range`; the new ones take the attributes of the first
  /// character replaced (of the character before an insertion, or after it at the start).
  open override func replaceCharacters(in range: NSRange, with str: String) {
    _replace(range, with: str, attributes: nil)
  }

  /// Replaces the characters in `range` with `attrString`'s, attributes and all.
  open override func replaceCharacters(in range: NSRange, with attrString: NSAttributedString) {
    let runs = _AttributeRuns(attrString, defaults: [:], revision: 0)
    _replace(range, with: attrString.string, attributes: runs)
  }

  private func _replace(_ range: NSRange, with str: String, attributes: _AttributeRuns?) {
    // A Swift string holds no lone surrogate: a range with an end between the two halves of a
    // pair grows to the whole character, and an insertion point there moves before it. What
    // is reported (below) is that edit, so that the length and the delegate's range agree.
    let checked = _checked(range, "NSTextStorage.replaceCharacters")
    let r = _view.map { view in _onMainActor { view._state.text.scalarAligned(checked) } } ?? _ownText.scalarAligned(checked)
    let count = str.utf16.count
    // What the new characters inherit (NSMutableAttributedString's rule).
    let inherited: [NSAttributedString.Key: Any]? =
      length == 0 ? nil : _readRuns { $0.attributes(at: r.isEmpty && r.lowerBound > 0 ? r.lowerBound - 1 : r.lowerBound).attributes }
    if let view = _view {
      nonisolated(unsafe) let inherited = inherited
      nonisolated(unsafe) let attributes = attributes
      _onMainActor {
        view._applyTextStorageEdit(TextEdit(range: r, replacement: str), inherited: inherited, runs: attributes)
      }
    } else {
      _ownRuns.replace(r, withLength: count, attributes: inherited ?? [:])
      _ownText.replace(r, with: str)
      if let attributes { _copy(attributes, to: &_ownRuns, at: r.lowerBound) }
    }
    var mask: NSTextStorage.EditActions = .editedCharacters
    if attributes != nil { mask.insert(.editedAttributes) }
    edited(mask, range: NSRange(location: r.lowerBound, length: r.count), changeInLength: count - r.count)
  }

  /// Sets `runs`' attributes over the units from `offset` on.
  func _copy(_ runs: _AttributeRuns, to target: inout _AttributeRuns, at offset: Int) {
    for (range, run) in runs.slices(in: 0..<runs.length) {
      target.set(run.attributes, in: (offset + range.lowerBound)..<(offset + range.upperBound))
    }
  }

  open override func setAttributes(_ attrs: [NSAttributedString.Key: Any]?, range: NSRange) {
    _changeRuns(range) { $0.set(attrs ?? [:], in: _checked(range, "NSTextStorage.setAttributes")) }
  }

  open override func addAttribute(_ name: NSAttributedString.Key, value: Any, range: NSRange) {
    _changeRuns(range) { $0.modify(in: _checked(range, "NSTextStorage.addAttribute")) { $0[name] = value } }
  }

  open override func addAttributes(_ attrs: [NSAttributedString.Key: Any], range: NSRange) {
    _changeRuns(range) {
      $0.modify(in: _checked(range, "NSTextStorage.addAttributes")) { $0.merge(attrs) { _, new in new } }
    }
  }

  open override func removeAttribute(_ name: NSAttributedString.Key, range: NSRange) {
    _changeRuns(range) { $0.modify(in: _checked(range, "NSTextStorage.removeAttribute")) { $0[name] = nil } }
  }

  open override func insert(_ attrString: NSAttributedString, at loc: Int) {
    replaceCharacters(in: NSRange(location: loc, length: 0), with: attrString)
  }

  open override func append(_ attrString: NSAttributedString) {
    replaceCharacters(in: NSRange(location: length, length: 0), with: attrString)
  }

  open override func deleteCharacters(in range: NSRange) {
    replaceCharacters(in: range, with: "")
  }

  open override func setAttributedString(_ attrString: NSAttributedString) {
    replaceCharacters(in: NSRange(location: 0, length: length), with: attrString)
  }

  /// The characters and attributes in `range`, as a new attributed string of their own.
  open override func attributedSubstring(from range: NSRange) -> NSAttributedString {
    let r = _checked(range, "NSTextStorage.attributedSubstring")
    var runs = _readRuns { $0 }
    // Read from the text engine where the characters are (a paragraph of a long text costs
    // the paragraph, not the text).
    let substring = _substring(r)
    // The runs of the range only, from 0.
    var slice = _AttributeRuns(length: substring.utf16.count, attributes: [:], revision: 0)
    for (part, run) in runs.slices(in: r) {
      slice.set(run.attributes, in: (part.lowerBound - r.lowerBound)..<(part.upperBound - r.lowerBound))
    }
    runs = slice
    return runs.attributedString(substring)
  }

  /// The characters as a mutable string whose changes are the storage's (through
  /// `replaceCharacters(in:with:)`, so they are recorded and processed).
  open override var mutableString: NSMutableString {
    let proxy = _TextStorageString(capacity: 0)
    proxy.storage = self
    return proxy
  }

  /// The characters of `range` (without making the whole string, unless a subclass keeps them).
  func _substring(_ range: Range<Int>) -> String {
    if let view = _view { return _onMainActor { view._state.text.substring(range) } }
    if _baseStringWasRead || type(of: self) == NSTextStorage.self { return _ownText.substring(range) }
    return (string as NSString).substring(with: UTF16Conversion.nsRange(range))
  }

  /// The UTF-16 unit at `index` (without making the whole string).
  func _unit(at index: Int) -> unichar {
    if let view = _view { return _onMainActor { view._state.text[utf16: index] } }
    if _baseStringWasRead || type(of: self) == NSTextStorage.self { return _ownText[utf16: index] }
    return (string as NSString).character(at: index)
  }

  /// A plain (immutable) attributed string with the same characters and attributes.
  open override func copy(with zone: NSZone? = nil) -> Any {
    attributedSubstring(from: NSRange(location: 0, length: length))
  }

  /// A mutable copy (a plain `NSMutableAttributedString`).
  open override func mutableCopy(with zone: NSZone? = nil) -> Any {
    NSMutableAttributedString(attributedString: attributedSubstring(from: NSRange(location: 0, length: length)))
  }

  /// Whether `other` has the same characters and attributes.
  open override func isEqual(to other: NSAttributedString) -> Bool {
    guard other.length == length, other.string == string else { return false }
    var location = 0
    while location < length {
      var mine = NSRange()
      var theirs = NSRange()
      let a = attributes(at: location, effectiveRange: &mine)
      let b = other.attributes(at: location, effectiveRange: &theirs)
      guard _AttributeRuns.areEqual(Self._meaningful(a), Self._meaningful(b)) else { return false }
      location = max(location + 1, min(mine.location + mine.length, theirs.location + theirs.length))
    }
    return true
  }


  /// `attributes` without the neutral ones UIKit adds to keep Foundation from comparing runs
  /// (see `_AttributeRuns.attributedString(_:)`).
  static func _meaningful(_ attributes: [NSAttributedString.Key: Any]) -> [NSAttributedString.Key: Any] {
    attributes.filter { key, value in !(_AttributeRuns.neutralKeys.contains(key) && _AttributeRuns.number(value) == 0) }
  }

  /// Forgets the storage's own characters (a text view's text now answers for them).
  func _dropOwnText() {
    _ownText = TextBuffer()
    _ownRuns = _AttributeRuns(length: 0, attributes: [:], revision: 0)
  }

  /// Keeps `text` and `runs` as the storage's own.
  func _takeOwnText(_ text: TextBuffer, runs: _AttributeRuns) {
    _ownText = text
    _ownRuns = runs
  }
}

extension NSTextStorage {
  /// The kinds of change a text storage records.
  public struct EditActions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Attributes changed.
    public static let editedAttributes = EditActions(rawValue: 1 << 0)
    /// Characters changed.
    public static let editedCharacters = EditActions(rawValue: 1 << 1)
  }

  /// Posted at the start of `processEditing()` (after the delegate's `willProcessEditing`); the
  /// object is the storage.
  public static let willProcessEditingNotification = Notification.Name("NSTextStorageWillProcessEditingNotification")
  /// Posted after the delegate's `didProcessEditing`, before the layout managers hear.
  public static let didProcessEditingNotification = Notification.Name("NSTextStorageDidProcessEditingNotification")
}

/// The Objective-C name of ``NSTextStorage/EditActions``.
public typealias NSTextStorageEditActions = NSTextStorage.EditActions

/// Runs `body`, which touches a text view, on the main actor the caller is on: a storage that
/// belongs to a view is used where the view is (as on iOS, one thread at a time). Unlike
/// `MainActor.assumeIsolated`, the result and captures need not be Sendable (attribute values
/// are `Any`).
func _onMainActor<T>(_ body: @MainActor () -> T) -> T {
  MainActor.preconditionIsolated("a text storage that belongs to a text view is used on the main thread")
  return withoutActuallyEscaping(body) { body in
    unsafeBitCast(body, to: (() -> T).self)()
  }
}

/// `NSTextStorage.mutableString`: a string whose characters are the storage's, and whose
/// changes go to the storage.
final class _TextStorageString: NSMutableString {
  /// Strong, as the string is asked for, used and let go.
  var storage: NSTextStorage?

  required init(characters: UnsafePointer<unichar>, length: Int) {
    super.init(characters: characters, length: length)
  }

  required init(capacity: Int) {
    super.init(capacity: capacity)
  }

  // What NSMutableString requires of a subclass; a proxy made any of these ways belongs to no
  // storage (empty, and its changes go nowhere), as a detached string would.
  required convenience init?(coder aDecoder: NSCoder) { self.init(capacity: 0) }
  required convenience init(unicodeScalarLiteral value: StaticString) { self.init(capacity: 0) }
  required convenience init(extendedGraphemeClusterLiteral value: StaticString) { self.init(capacity: 0) }
  required convenience init(stringLiteral value: StaticString) { self.init(capacity: 0) }
  required convenience init(string aString: String) { self.init(capacity: 0) }

  override var length: Int { storage?.length ?? 0 }

  override func character(at index: Int) -> unichar {
    guard let storage else { preconditionFailure("NSTextStorage.mutableString: index \(index) out of bounds") }
    precondition(index >= 0 && index < storage.length, "NSTextStorage.mutableString: index \(index) out of bounds (length \(storage.length))")
    return storage._unit(at: index)
  }

  override func replaceCharacters(in range: NSRange, with aString: String) {
    storage?.replaceCharacters(in: range, with: aString)
  }
}
