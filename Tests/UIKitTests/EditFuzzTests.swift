import Foundation
import Testing
import UIKit
import UIKitTesting

// A seeded, model-based fuzz of UITextField and UITextView through their public API (issue 17,
// "Keep it held"). Each step drives the object as an app, an input method or a user would:
// typing, Backspace and forward delete on the hardware keyboard, paste, insertText,
// deleteBackward, replace(_:withText:), setMarkedText/unmarkText, selection sets, `text =`,
// undo and redo, focus changes, and position queries with huge offsets. The text is random
// Unicode: ZWJ emoji, flags, skin tones, combining marks, Hangul jamo, CJK, Hebrew, Arabic,
// Devanagari.
//
// The model is the text's UTF-16 code units, as an NSString holds them (not an NSMutableString:
// swift-corelibs-foundation's replaceCharacters(in:with:) misplaces an edit whose range splits a
// grapheme cluster; replacing {2, 3} of "👨‍👩‍👧" inserts at 0). Programmatic edits are predicted from the state before
// them (UITextInput's documented behaviour; cluster boundaries by Swift's `Character`, not by
// the engine); user edits are checked against the predicted delegate question and applied to
// the model when the delegate allows them. After every step, and inside every delegate call,
// control event and notification, the object's text must equal the model; the selection
// must lie inside the text on grapheme cluster boundaries (inside marked text, on scalar
// boundaries), and the marked range must lie inside the text and hold the selection.
//
// In the re-entrant mode the delegate refuses some edits and, from inside any delegate
// method, the editing control events and the begin/change/end notifications, sets `text`, sets the selection, resigns first responder or calls `insertText`.
// An edit whose delegate changed the object while asked is dropped (the delegate's change
// stands; see `_askShouldChangeIfStillCurrent`), and the model expects exactly that. The fuzzer
// is also the objects' input delegate: the text must match the model in each of its calls, every
// will-call must be closed by its did-call, and in the re-entrant mode it acts from inside them
// too (a change warned of and then made stale that way is dropped; `text =` still happens).
//
// CI runs a fixed budget with a fixed seed. To run longer by hand:
//   EDIT_FUZZ_STEPS=2000000 EDIT_FUZZ_SEED=7 swift test -c release --filter EditFuzzTests
// (the steps are per object and mode; a summary line gives the steps and operations a second).

/// The pieces random text is made of; each is one or more whole clusters, except the lone
/// combining mark, ZWJ and variation selector, which join whatever precedes them.
private let fuzzPieces: [String] = [
  "a", "b", "Z", " ", "1", ".", "é", "e\u{301}", "\u{301}", "\u{200D}", "\u{FE0F}", "👍", "👍🏽",
  "👨‍👩‍👧", "🏳️‍🌈", "🇯🇵", "🇺🇸", "漢", "字", "한", "\u{1112}\u{1161}", "\u{11AB}", "ש", "לום",
  "مر", "حبا", "क्षि", "ते", "\u{10FFFF}", "𝄞",
]

/// A fuzz of one text object; also its delegate and its observer.
@MainActor
final class EditFuzzer: NSObject, UITextFieldDelegate, UITextViewDelegate, UITextInputDelegate {
  enum Subject {
    case field(UITextField)
    case view(UITextView)
  }

  /// What one step does.
  enum Op {
    case type(String), backspace, forwardDelete, paste(String)
    case insertText(String), deleteBackward, replace(NSRange, String)
    case setMarkedText(String, NSRange), unmarkText
    case select(NSRange), selectedRange(NSRange), setText(String)
    case undo, redo, becomeFirstResponder, resignFirstResponder, queryPositions
  }

  /// One operation under way (operations nest when a callback acts).
  struct Frame {
    /// Undo or redo: only a change of the text makes its edit stale.
    var isReplay = false
    /// The delegate question the operation must ask, when it can be predicted.
    var expectedQuestion: (NSRange, String)?
    /// An edit the object is about to make or has made, not yet applied to the model.
    var pending: (NSRange, String)?
    /// The string of a `text =` under way (it replaces whatever the text is by then).
    var settingText: String?
    /// The text version, selection and marked range at the input delegate's first warning of
    /// the change, and the edit expected then: a change is stale when the object differs from
    /// that state after the warnings (a selection moved away and back is not a change).
    var warnedState: (version: Int, selection: NSRange, marked: NSRange?, pending: (NSRange, String)?)?
  }

  let host: HeadlessHost
  let subject: Subject
  let reentrant: Bool
  var rng: SeededRandomNumberGenerator
  /// The model: the UTF-16 code units the text must hold.
  private(set) var model: [UInt16] = []
  var modelString: String { String(decoding: model, as: UTF16.self) }
  private var frames: [Frame] = []
  /// Bumped whenever an operation changes the model's text (or sets `text`).
  private var textVersion = 0
  private var depth = 0
  private var observers: [NSObjectProtocol] = []
  /// The input delegate's will-calls not yet closed by their did-calls, by kind.
  private var openWarnings: [String] = []
  /// The first few discrepancies, with the step that found them.
  private(set) var failures: [String] = []
  private(set) var steps = 0
  private(set) var operations = 0
  private var currentStep = ""

  init(_ subject: Subject, host: HeadlessHost, seed: UInt64, reentrant: Bool) {
    self.subject = subject
    self.host = host
    self.reentrant = reentrant
    self.rng = SeededRandomNumberGenerator(seed: seed)
    super.init()
    switch subject {
    case .field(let field):
      field.delegate = self
      for (event, name) in [(UIControl.Event.editingChanged, "editingChanged"), (.editingDidBegin, "editingDidBegin"), (.editingDidEnd, "editingDidEnd")] {
        field.addAction(UIAction { [weak self] _ in self?.afterChange(name) }, for: event)
      }
    case .view(let view):
      view.delegate = self
    }
    input.inputDelegate = self
    let names: [Notification.Name] =
      switch subject {
      case .field:
        [UITextField.textDidChangeNotification, UITextField.textDidBeginEditingNotification, UITextField.textDidEndEditingNotification]
      case .view:
        [UITextView.textDidChangeNotification, UITextView.textDidBeginEditingNotification, UITextView.textDidEndEditingNotification]
      }
    observers = names.map { name in
      NotificationCenter.default.addObserver(forName: name, object: input, queue: nil) { [weak self] _ in
        MainActor.assumeIsolated { self?.afterChange(name.rawValue) }
      }
    }
  }

  var unclosedWarnings: [String] { openWarnings }

  func stop() {
    for observer in observers { NotificationCenter.default.removeObserver(observer) }
    observers = []
  }

  var input: any UITextInput & UIResponder {
    switch subject {
    case .field(let field): field
    case .view(let view): view
    }
  }

  var text: String {
    switch subject {
    case .field(let field): field.text ?? ""
    case .view(let view): view.text ?? ""
    }
  }

  // MARK: Reading the object through UITextInput

  func nsRange(_ range: UITextRange) -> NSRange {
    let start = input.offset(from: input.beginningOfDocument, to: range.start)
    return NSRange(location: start, length: input.offset(from: range.start, to: range.end))
  }

  var selection: NSRange { nsRange(input.selectedTextRange!) }
  var marked: NSRange? { input.markedTextRange.map(nsRange) }

  func textRange(_ range: NSRange) -> UITextRange? {
    guard let start = input.position(from: input.beginningOfDocument, offset: range.location),
      let end = input.position(from: start, offset: range.length)
    else { return nil }
    return input.textRange(from: start, to: end)
  }

  // MARK: The model's clusters (Swift's Character, independent of the engine)

  func clusterBoundaries() -> [Int] {
    var offsets = [0]
    var offset = 0
    for character in modelString {
      offset += character.utf16.count
      offsets.append(offset)
    }
    return offsets
  }

  func isInsideSurrogatePair(_ offset: Int) -> Bool {
    guard offset > 0, offset < model.count else { return false }
    return UTF16.isTrailSurrogate(model[offset]) && UTF16.isLeadSurrogate(model[offset - 1])
  }

  /// `range` with its ends moved off surrogate halves, outwards (as `replace` does); an
  /// insertion point there moves before the pair.
  func scalarAligned(_ range: NSRange) -> NSRange {
    var lo = range.location
    var hi = range.location + range.length
    if range.length == 0, isInsideSurrogatePair(lo) { return NSRange(location: lo - 1, length: 0) }
    if isInsideSurrogatePair(lo) { lo -= 1 }
    if isInsideSurrogatePair(hi) { hi += 1 }
    return NSRange(location: lo, length: hi - lo)
  }

  /// The range Backspace (or forward delete) removes: the selection, else the cluster before
  /// (after) the caret, kept inside marked text; nil when nothing goes.
  func deletionRange(forward: Bool) -> NSRange? {
    let sel = selection
    if sel.length > 0 { return sel }
    let caret = sel.location
    let boundaries = clusterBoundaries()
    var lo: Int
    var hi: Int
    if forward {
      guard let next = boundaries.first(where: { $0 > caret }) else { return nil }
      (lo, hi) = (caret, next)
    } else {
      guard let previous = boundaries.last(where: { $0 < caret }) else { return nil }
      (lo, hi) = (previous, caret)
    }
    if let m = marked {
      lo = max(lo, m.location)
      hi = min(hi, m.location + m.length)
    }
    return lo < hi ? NSRange(location: lo, length: hi - lo) : nil
  }

  // MARK: Checks

  func fail(_ message: String) {
    if failures.count < 10 { failures.append("\(currentStep): \(message)") }
  }

  /// The text equals the model; the selection and marked range are where they may be.
  func checkInvariants(_ place: String) {
    let text = self.text
    guard text.utf16.elementsEqual(model) else {
      fail("\(place): text \(text.debugDescription) != model \(modelString.debugDescription)")
      model = Array(text.utf16)
      return
    }
    let length = model.count
    let sel = selection
    let selEnd = sel.location + sel.length
    guard sel.location >= 0, sel.length >= 0, selEnd <= length else {
      return fail("\(place): selection \(sel) outside a text of length \(length)")
    }
    if let m = marked {
      if m.length == 0 || m.location < 0 || m.location + m.length > length {
        fail("\(place): marked range \(m) in a text of length \(length)")
      }
      if sel.location < m.location || selEnd > m.location + m.length {
        fail("\(place): selection \(sel) outside marked range \(m)")
      }
      if isInsideSurrogatePair(sel.location) || isInsideSurrogatePair(selEnd) {
        fail("\(place): selection \(sel) splits a surrogate pair")
      }
    } else {
      let boundaries = Set(clusterBoundaries())
      if !boundaries.contains(sel.location) || !boundaries.contains(selEnd) {
        fail("\(place): selection \(sel) not on cluster boundaries of \(modelString.debugDescription)")
      }
    }
  }

  // MARK: Running operations

  /// Applies the innermost operation's pending edit to the model: the object made it.
  func settle() {
    guard !frames.isEmpty, let (range, string) = frames[frames.count - 1].pending else { return }
    frames[frames.count - 1].pending = nil
    guard range.location + range.length <= model.count else {
      return fail("edit \(range) \(string.debugDescription) outside the model (length \(model.count))")
    }
    model.replaceSubrange(range.location..<(range.location + range.length), with: string.utf16)
    textVersion += 1
  }

  func run(_ op: Op) {
    operations += 1
    var frame = Frame()
    let focused = input.isFirstResponder
    let sel = selection
    let target = marked ?? sel
    func expect(_ range: NSRange?, _ string: String) {
      guard let range, range.length > 0 || !string.isEmpty else { return }
      frame.expectedQuestion = (range, string)
    }
    func predict(_ range: NSRange?, _ string: String) {
      guard let range, range.length > 0 || !string.isEmpty else { return }
      frame.pending = (range, string)
    }
    switch op {
    case .type(let s), .paste(let s): if focused { expect(target, s) }
    case .backspace:
      if focused {
        if let m = marked {
          var composing = String(decoding: model[m.location..<(m.location + m.length)], as: UTF16.self)
          composing.removeLast()
          expect(m, composing)
        } else {
          expect(deletionRange(forward: false), "")
        }
      }
    case .forwardDelete: if focused { expect(deletionRange(forward: true), "") }
    case .insertText(let s): predict(target, s)
    case .deleteBackward: predict(deletionRange(forward: false), "")
    case .replace(let range, let s): predict(scalarAligned(range), s)
    case .setMarkedText(let s, _): expect(target, s)
    case .setText(let s):
      frame.pending = (NSRange(location: 0, length: model.count), s)
      frame.settingText = s
      textVersion += 1
    case .undo, .redo: frame.isReplay = true
    default: break
    }
    frames.append(frame)
    switch op {
    case .type(let s): host.type(s)
    case .backspace: host.press(.backspace)
    case .forwardDelete: host.press(.deleteForward)
    case .paste(let s): host.paste(s)
    case .insertText(let s): input.insertText(s)
    case .deleteBackward: input.deleteBackward()
    case .replace(let range, let s): textRange(range).map { input.replace($0, withText: s) }
    case .setMarkedText(let s, let range): input.setMarkedText(s, selectedRange: range)
    case .unmarkText: input.unmarkText()
    case .select(let range): input.selectedTextRange = textRange(range)
    case .selectedRange(let range): if case .view(let view) = subject { view.selectedRange = range }
    case .setText(let s):
      switch subject {
      case .field(let field): field.text = s
      case .view(let view): view.text = s
      }
    case .undo: input.undoManager?.undo()
    case .redo: input.undoManager?.redo()
    case .becomeFirstResponder: input.becomeFirstResponder()
    case .resignFirstResponder: input.resignFirstResponder()
    case .queryPositions: queryPositions()
    }
    settle()
    if let question = frames.last?.expectedQuestion {
      fail("the delegate was not asked about \(question.0) \(question.1.debugDescription)")
    }
    frames.removeLast()
  }

  /// UITextInput's position arithmetic with offsets of every size: nil or inside the text.
  func queryPositions() {
    let length = model.count
    let offsets = [Int.max, Int.min, Int.max - 1, Int.min + 1, length + 1, -1, Int.random(in: -3...length + 3, using: &rng)]
    for offset in offsets {
      for from in [input.beginningOfDocument, input.endOfDocument] {
        for position in [
          input.position(from: from, offset: offset),
          input.position(from: from, in: .left, offset: offset),
          input.position(from: from, in: .right, offset: offset),
          input.position(from: from, in: .up, offset: offset),
          input.position(from: from, in: .down, offset: offset),
        ] {
          guard let position else { continue }
          let o = input.offset(from: input.beginningOfDocument, to: position)
          if o < 0 || o > length { fail("position at \(o) outside a text of length \(length)") }
        }
      }
    }
    queryTextUnitsAndGeometry()
    input.setMarkedText(nil, selectedRange: NSRange(location: Int.max, length: Int.max))
  }

  /// The tokenizer at a random position, hit-testing at points anywhere (infinite and NaN
  /// too) and the rects of a random range: answers inside the text, units that hold the
  /// position in their direction, finite rects.
  func queryTextUnitsAndGeometry() {
    let length = model.count
    func offsetOf(_ position: UITextPosition?) -> Int? {
      position.map { input.offset(from: input.beginningOfDocument, to: $0) }
    }
    func check(_ offset: Int?, _ what: String) {
      if let offset, offset < 0 || offset > length { fail("\(what) at \(offset) outside a text of length \(length)") }
    }
    let at = Int.random(in: 0...length, using: &rng)
    guard let position = input.position(from: input.beginningOfDocument, offset: at) else {
      return fail("no position at \(at) in a text of length \(length)")
    }
    let tokenizer = input.tokenizer
    let granularities: [UITextGranularity] = [.character, .word, .sentence, .paragraph, .line, .document]
    for granularity in granularities {
      for direction in [UITextDirection.storage(.forward), .storage(.backward), .layout(.left), .layout(.down)] {
        let forward = direction == .storage(.forward) || direction == .layout(.down)
        if let range = tokenizer.rangeEnclosingPosition(position, with: granularity, inDirection: direction) {
          let (lo, hi) = (offsetOf(range.start)!, offsetOf(range.end)!)
          if lo < 0 || hi > length || lo >= hi || (forward ? !(lo <= at && at < hi) : !(lo < at && at <= hi)) {
            fail("\(granularity) enclosing \(at) \(forward ? "forward" : "backward") is \(lo)..<\(hi) (length \(length))")
          }
        }
        let next = offsetOf(tokenizer.position(from: position, toBoundary: granularity, inDirection: direction))
        check(next, "\(granularity) boundary from \(at)")
        if let next, forward ? next <= at : next >= at { fail("\(granularity) boundary from \(at) went to \(next)") }
        _ = tokenizer.isPosition(position, atBoundary: granularity, inDirection: direction)
        _ = tokenizer.isPosition(position, withinTextUnit: granularity, inDirection: direction)
      }
    }
    let range = textRange(scalarAligned(randomRange())) ?? input.selectedTextRange!
    let points = [
      CGPoint(x: CGFloat.random(in: -20...400, using: &rng), y: CGFloat.random(in: -20...200, using: &rng)),
      CGPoint(x: -1e12, y: 1e12), CGPoint(x: CGFloat.infinity, y: -CGFloat.infinity),
      CGPoint(x: CGFloat.nan, y: CGFloat.nan), CGPoint(x: 1, y: CGFloat.greatestFiniteMagnitude),
    ]
    for point in points {
      check(offsetOf(input.closestPosition(to: point)), "closest position to \(point)")
      if let within = offsetOf(input.closestPosition(to: point, within: range)) {
        let r = nsRange(range)
        if within < r.location || within > r.location + r.length { fail("closest position \(within) outside \(r)") }
      }
      if let hit = input.characterRange(at: point) {
        check(offsetOf(hit.start), "character at \(point)")
        check(offsetOf(hit.end), "character at \(point)")
      }
    }
    for direction in [UITextLayoutDirection.left, .right, .up, .down] {
      check(offsetOf(input.position(within: range, farthestIn: direction)), "farthest \(direction)")
      if let extended = input.characterRange(byExtending: position, in: direction) {
        check(offsetOf(extended.start), "extended \(direction)")
        check(offsetOf(extended.end), "extended \(direction)")
      }
    }
    _ = input.baseWritingDirection(for: position, in: .forward)
    let rects = [input.caretRect(for: position), input.firstRect(for: range)] + input.selectionRects(for: range).map(\.rect)
    for rect in rects where !(rect.origin.x.isFinite && rect.origin.y.isFinite && rect.width.isFinite && rect.height.isFinite) {
      fail("a rect that is not finite: \(rect)")
    }
  }

  // MARK: Random input

  func randomString(maxPieces: Int = 4) -> String {
    (0..<Int.random(in: 0...maxPieces, using: &rng)).map { _ in fuzzPieces.randomElement(using: &rng)! }.joined()
  }

  /// A range of the text, its ends anywhere (inside surrogate pairs and clusters too).
  func randomRange() -> NSRange {
    let length = model.count
    let a = Int.random(in: 0...length, using: &rng)
    let b = Int.random(in: 0...length, using: &rng)
    return NSRange(location: min(a, b), length: Swift.abs(a - b))
  }

  func randomOp() -> Op {
    let isView = if case .view = subject { true } else { false }
    // Long texts are shortened now and then, so that steps stay cheap.
    if model.count > 160, Int.random(in: 0..<4, using: &rng) == 0 { return .setText(randomString()) }
    switch Int.random(in: 0..<100, using: &rng) {
    case 0..<14:
      // One key: one Character (host.type would ask once per Character).
      return .type(randomString(maxPieces: 2).first.map(String.init) ?? "x")
    case 14..<22: return .backspace
    case 22..<26: return .forwardDelete
    case 26..<30: return .paste(randomString(maxPieces: 8) + "x")
    case 30..<38: return .insertText(isView && Bool.random(using: &rng) ? "\n" : randomString())
    case 38..<44: return .deleteBackward
    case 44..<50: return .replace(randomRange(), randomString())
    case 50..<58:
      let s = randomString(maxPieces: 3)
      let huge = Int.random(in: 0..<10, using: &rng) == 0
      let location = huge ? Int.max - Int.random(in: 0...2, using: &rng) : Int.random(in: 0...s.utf16.count + 1, using: &rng)
      let length = huge ? Int.max : Int.random(in: 0...2, using: &rng)
      return .setMarkedText(s, NSRange(location: location, length: length))
    case 58..<62: return .unmarkText
    case 62..<70: return isView && Bool.random(using: &rng) ? .selectedRange(randomRange()) : .select(randomRange())
    case 70..<73: return .setText(randomString(maxPieces: 6))
    case 73..<81: return .undo
    case 81..<85: return .redo
    case 85..<92: return .becomeFirstResponder
    case 92..<95: return .resignFirstResponder
    default: return .queryPositions
    }
  }

  /// Runs `count` random steps, checking after each.
  func fuzz(steps count: Int) {
    for step in 0..<count {
      let op = randomOp()
      currentStep = "step \(step) \(op) on \(modelString.debugDescription) \(selection) \(String(describing: marked))"
      run(op)
      // The end of the event: typing after this is a new undo step when it would be on iOS.
      input.undoManager?._endEventGroupIfNeeded()
      checkInvariants("after the step")
      steps += 1
      if failures.count >= 10 { return }
    }
  }

  // MARK: Re-entrant callbacks

  /// Maybe acts on the object from inside a callback: sets text, moves the selection or sets it
  /// to what it is, resigns or inserts text (nested at most two deep, as a delegate that acts on every call would
  /// loop forever on iOS too).
  func maybeAct() {
    guard reentrant, depth < 2, Int.random(in: 0..<8, using: &rng) == 0 else { return }
    depth += 1
    defer { depth -= 1 }
    switch Int.random(in: 0..<6, using: &rng) {
    case 0: run(.setText(randomString(maxPieces: 3)))
    case 1: run(.select(randomRange()))
    case 2: run(.resignFirstResponder)
    // The selection set to what it is (`tv.selectedRange = tv.selectedRange`, issue 32, item 5):
    // not a change, so the edit asked about still happens.
    case 3: run(.select(selection))
    case 4: if case .view = subject { run(.selectedRange(selection)) } else { run(.select(selection)) }
    default: run(.insertText(randomString(maxPieces: 2)))
    }
  }

  /// A callback after a change: the change is in the model, the text matches it.
  func afterChange(_ place: String) {
    settle()
    checkInvariants("in \(place)")
    maybeAct()
  }

  /// The delegate is asked about `range` → `string`.
  func shouldChange(_ range: NSRange, _ string: String) -> Bool {
    checkInvariants("in shouldChange")
    guard !frames.isEmpty else {
      fail("shouldChange \(range) outside any operation")
      return true
    }
    if let (expectedRange, expectedString) = frames[frames.count - 1].expectedQuestion {
      if expectedRange != range || expectedString != string {
        fail("asked \(range) \(string.debugDescription), expected \(expectedRange) \(expectedString.debugDescription)")
      }
      frames[frames.count - 1].expectedQuestion = nil
    }
    if range.location < 0 || range.length < 0 || range.location + range.length > model.count {
      fail("asked about \(range) in a text of length \(model.count)")
      return false
    }
    let allow = !reentrant || Int.random(in: 0..<10, using: &rng) != 0
    let before = (textVersion, selection, marked)
    maybeAct()
    let stale =
      textVersion != before.0
      || (!frames[frames.count - 1].isReplay && (selection != before.1 || marked != before.2))
    frames[frames.count - 1].pending = allow && !stale ? (range, string) : nil
    return allow
  }

  // UITextFieldDelegate

  func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool {
    maybeAct()
    return true
  }
  func textFieldDidBeginEditing(_ textField: UITextField) { afterChange("didBeginEditing") }
  func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
    maybeAct()
    return true
  }
  func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
    afterChange("didEndEditing")
  }
  func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
    shouldChange(range, string)
  }
  func textFieldDidChangeSelection(_ textField: UITextField) { afterChange("didChangeSelection") }

  // UITextViewDelegate

  func textViewShouldBeginEditing(_ textView: UITextView) -> Bool {
    maybeAct()
    return true
  }
  func textViewDidBeginEditing(_ textView: UITextView) { afterChange("didBeginEditing") }
  func textViewShouldEndEditing(_ textView: UITextView) -> Bool {
    maybeAct()
    return true
  }
  func textViewDidEndEditing(_ textView: UITextView) { afterChange("didEndEditing") }
  func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
    shouldChange(range, text)
  }
  func textViewDidChangeSelection(_ textView: UITextView) { afterChange("didChangeSelection") }
  func textViewDidChange(_ textView: UITextView) { afterChange("didChange") }

  // UITextInputDelegate

  /// Warned of a change: the text is still the model's; acting now makes the warned change
  /// stale when it changes the text, the selection or the marked range.
  func warned(_ kind: String) {
    checkInvariants("in \(kind)WillChange")
    openWarnings.append(kind)
    guard !frames.isEmpty else { return }
    let last = frames.count - 1
    if frames[last].warnedState == nil {
      frames[last].warnedState = (textVersion, selection, marked, frames[last].pending)
    }
    maybeAct()
    if let string = frames[last].settingText {
      // `text =` replaces whatever the text became.
      frames[last].pending = (NSRange(location: 0, length: model.count), string)
    } else if let state = frames[last].warnedState {
      let unchanged = textVersion == state.version && selection == state.selection && marked == state.marked
      frames[last].pending = unchanged ? state.pending : nil
    }
  }

  func told(_ kind: String) {
    if openWarnings.last == kind {
      openWarnings.removeLast()
      // The warned change is over: a later one (the next step of an undo group) starts afresh.
      if openWarnings.isEmpty, !frames.isEmpty { frames[frames.count - 1].warnedState = nil }
    } else {
      fail("\(kind)DidChange without its will-call (open: \(openWarnings))")
    }
    afterChange("\(kind)DidChange")
  }

  func textWillChange(_ textInput: (any UITextInput)?) { warned("text") }
  func textDidChange(_ textInput: (any UITextInput)?) { told("text") }
  func selectionWillChange(_ textInput: (any UITextInput)?) { warned("selection") }
  func selectionDidChange(_ textInput: (any UITextInput)?) { told("selection") }
}

@MainActor
@Suite struct EditFuzzTests {
  /// Steps per object and mode: EDIT_FUZZ_STEPS, else a budget that runs in about a second
  /// in a debug build.
  static var steps: Int { ProcessInfo.processInfo.environment["EDIT_FUZZ_STEPS"].flatMap(Int.init) ?? 3000 }
  static var seed: UInt64 { ProcessInfo.processInfo.environment["EDIT_FUZZ_SEED"].flatMap(UInt64.init) ?? 17 }

  @Test(arguments: [false, true], [false, true])
  func randomEditsKeepTheTextObjectsConsistent(textView: Bool, reentrant: Bool) {
    let (host, c) = makeNotes()
    // The timeline would keep every one of millions of delegate calls.
    host.stopRecording()
    let subject: EditFuzzer.Subject = textView ? .view(c.textView) : .field(c.field)
    let seed = Self.seed &+ (textView ? 2 : 0) &+ (reentrant ? 1 : 0)
    let fuzzer = EditFuzzer(subject, host: host, seed: seed, reentrant: reentrant)
    defer { fuzzer.stop() }
    fuzzer.input.becomeFirstResponder()
    let clock = ContinuousClock()
    let elapsed = clock.measure { fuzzer.fuzz(steps: Self.steps) }
    #expect(fuzzer.failures.isEmpty, "seed \(seed): \(fuzzer.failures.joined(separator: "\n"))")
    #expect(fuzzer.unclosedWarnings.isEmpty)
    #expect(fuzzer.steps == Self.steps)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let name = textView ? "UITextView" : "UITextField"
    print(
      "EditFuzz \(name) reentrant=\(reentrant) seed=\(seed): \(fuzzer.steps) steps, \(fuzzer.operations) operations "
        + "in \(String(format: "%.2f", seconds)) s (\(Int(Double(fuzzer.operations) / max(seconds, 1e-9))) ops/s), "
        + "\(fuzzer.failures.count) failures")
  }
}
