import Foundation
import TextEditing

// A text view's TextKit 2 objects: a content storage whose text storage is the view's (the one
// `textStorage` answers), and a text layout manager whose container is the view's
// `textContainer`. They are made when code first asks for `textLayoutManager` (typing pays
// nothing for them until then); the fragments they give are the view's own lines, so what they
// say is what the view draws.
//
// As on iOS (16 and later), a text view uses TextKit 2 unless it was made with
// `init(usingTextLayoutManager: false)` or a TextKit 1 container; asking for `layoutManager`
// switches it to TextKit 1 for good, with iOS's console message. Underneath, the view's storage
// still reaches the view through a TextKit 1 layout manager that a TextKit 2 view keeps out of
// sight (`textContainer.layoutManager` and `textStorage.layoutManagers` do not show it).

/// The TextKit 2 objects of a text view.
@MainActor
final class _TextViewTextKit2 {
  let layoutManager: NSTextLayoutManager
  let contentStorage: NSTextContentManager
  /// Whether a delegate's paragraph of the wrong length was logged (once per view).
  var loggedSubstituteLength = false

  init(layoutManager: NSTextLayoutManager, contentStorage: NSTextContentManager) {
    self.layoutManager = layoutManager
    self.contentStorage = contentStorage
  }
}

extension UITextView {
  /// Creates a text view that uses TextKit 2 (`textLayoutManager`) or, with false, TextKit 1
  /// (`layoutManager`) from the start.
  public convenience init(usingTextLayoutManager: Bool) {
    self.init(frame: .zero, textContainer: nil)
    if !usingTextLayoutManager { _usesTextKit2 = false }
  }

  /// The TextKit 2 objects, made now if they were never asked for (nil for a TextKit 1 view).
  func _textKit2Objects() -> _TextViewTextKit2? {
    guard _usesTextKit2 else { return nil }
    if let kit = _textKit2 { return kit }
    let (container, _, storage) = _textKitObjects()
    let contentStorage = NSTextContentStorage()
    contentStorage.textStorage = storage
    let layoutManager = NSTextLayoutManager()
    contentStorage.addTextLayoutManager(layoutManager)
    layoutManager.textContainer = container
    let kit = _TextViewTextKit2(layoutManager: layoutManager, contentStorage: contentStorage)
    _textKit2 = kit
    return kit
  }

  /// `init(frame:textContainer:)` with a container of a TextKit 2 stack: the view lays its text
  /// out in it and shows the text of its content storage's text storage.
  func _useTextKit2Stack(_ container: NSTextContainer, _ textLayoutManager: NSTextLayoutManager) {
    // The storage reaches the view through a layout manager kept out of sight (see above).
    let hidden = NSLayoutManager()
    hidden.addTextContainer(container)
    if let contentStorage = textLayoutManager.textContentManager as? NSTextContentStorage {
      let storage = contentStorage.textStorage ?? {
        let made = NSTextStorage()
        contentStorage.textStorage = made
        return made
      }()
      storage.addLayoutManager(hidden)
    }
    _useTextContainer(container)
    if let manager = textLayoutManager.textContentManager {
      _textKit2 = _TextViewTextKit2(layoutManager: textLayoutManager, contentStorage: manager)
    }
  }

  /// Makes the view a TextKit 1 view for good: its TextKit 2 objects let it go, and the switch
  /// is logged as iOS logs it.
  func _switchToTextKit1(because reason: String) {
    guard _usesTextKit2 else { return }
    _usesTextKit2 = false
    if let kit = _textKit2 {
      _textKit2 = nil
      if kit.layoutManager.textContainer === _textKit?.container { kit.layoutManager.textContainer = nil }
      if let storage = kit.contentStorage as? NSTextContentStorage, storage.textStorage === _textKit?.storage {
        storage.textStorage = nil
      }
    }
    _UIKitLog.emit(
      "UITextView \(Unmanaged.passUnretained(self).toOpaque()) is switching to TextKit 1 compatibility mode because \(reason). "
        + "Break on void _UITextViewEnablingCompatibilityMode(UITextView *__strong, BOOL) to debug.")
    setNeedsDisplay()
  }
}

// MARK: Drawing fragments a delegate made

extension UITextView {
  /// What custom layout fragments draw around the visible lines `lines`.
  struct _FragmentDrawing {
    /// What goes over the text (drawn after `super.draw(at:in:)`), in window coordinates.
    var over = DisplayList()
    /// The UTF-16 ranges of paragraphs whose fragment drew without `super`: the view does not
    /// draw their text.
    var hidden: [Range<Int>] = []
  }

  /// Draws the fragments a layout manager delegate made (`NSTextLayoutFragment` subclasses) for
  /// the paragraphs of the visible lines: what each draws before calling `super.draw(at:in:)`
  /// goes into `list` now (under the text), the rest comes back to be drawn over it. Nil when
  /// the view has no such fragments (no TextKit 2 objects, or no layout manager delegate).
  func _drawCustomFragments(
    lines: ClosedRange<Int>, in layout: TextViewLayout, origin: CGPoint, clip: CGRect, alpha: CGFloat, into list: inout DisplayList
  ) -> _FragmentDrawing? {
    guard let manager = _textKit2?.layoutManager, manager.delegate != nil else { return nil }
    var drawing = _FragmentDrawing()
    let text = _state.text
    var paragraphStart = -1
    for index in lines {
      let lineStart = layout.lineRange(index).lowerBound
      let start = lineStart < text.utf16Count ? text.lineStart(containing: lineStart) : text.utf16Count
      guard start != paragraphStart else { continue }
      paragraphStart = start
      // The empty line after a final line break is the last paragraph's.
      let location = start < text.utf16Count || start == 0 ? start : text.lineStart(containing: start - 1)
      var found: NSTextLayoutFragment?
      if text.utf16Count == 0 {
        manager.enumerateTextLayoutFragments(from: nil, options: [.ensuresExtraLineFragment]) {
          found = $0
          return false
        }
      } else {
        found = manager.textLayoutFragment(for: _TextLocation(location))
      }
      guard let fragment = found, type(of: fragment) != NSTextLayoutFragment.self else { continue }
      let frame = fragment.layoutFragmentFrame
      let inset = textContainerInset
      let request = NSTextLayoutFragment._ViewDrawing(fragment: fragment)
      NSTextLayoutFragment._drawingForView = request
      let (paths, texts, images) = UIGraphicsDrawingContext.recordingAll(measurer: window?.textMeasurer) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        fragment.draw(at: CGPoint(x: frame.minX + inset.left, y: frame.minY + inset.top), in: context)
      }
      NSTextLayoutFragment._drawingForView = nil
      let split = request.reached ? request.pathsBeforeText : paths.count
      if !request.reached, let range = fragment._offsets { drawing.hidden.append(range) }
      var order = 0
      UIGraphicsDrawingContext.inDrawingOrder(paths: paths, texts: texts, images: images) { drawn in
        if case .path = drawn { order += 1 }
        let under: Bool
        switch drawn {
        case .path: under = order <= split
        case .text(let text): under = text.pathIndex < split || !request.reached
        case .image(let image): under = image.pathIndex < split || !request.reached
        }
        if under {
          UIView._append(drawn, origin: origin, visible: clip, alpha: alpha, into: &list)
        } else {
          UIView._append(drawn, origin: origin, visible: clip, alpha: alpha, into: &drawing.over)
        }
      }
    }
    return drawing
  }
}

// MARK: Paragraphs a content storage delegate made

extension UITextView {
  /// Draws the line starting at `lineStart` in the attributes of its paragraph's element when a
  /// content storage delegate (`textContentStorage(_:textParagraphWith:)`) or a content manager
  /// delegate (`textContentManager(_:textElementAt:)`) made that paragraph: on iOS a TextKit 2
  /// text view lays out and draws the elements, so a delegate restyles paragraphs for display
  /// (comments in grey, a quote in italics) without touching the storage.
  ///
  /// Apple requires the substitute's string to be as long as the range it stands for; one that
  /// is not is drawn as the storage's text, and the mistake is logged once per view.
  func _styleSubstituteParagraph(in run: inout TextRun, lineStart: Int) {
    guard let kit = _textKit2, let storage = kit.contentStorage as? NSTextContentStorage,
      storage.textStorage === _textKit?.storage, storage.delegate != nil
    else { return }
    let text = _state.text
    guard lineStart < text.utf16Count else { return }
    let range = storage._paragraphRange(containing: lineStart)
    guard let paragraph = storage._element(for: range) as? NSTextParagraph, paragraph._storage == nil else { return }
    let string = paragraph.attributedString
    guard string.length == range.count else {
      if !kit.loggedSubstituteLength {
        kit.loggedSubstituteLength = true
        _UIKitLog.emit(
          "NSTextContentStorage: the paragraph a delegate made for \(UTF16Conversion.nsRange(range)) is \(string.length) "
            + "characters long; its range is \(range.count). It is drawn as the text storage's text.")
      }
      return
    }
    let runs = paragraph._substituteRuns ?? _AttributeRuns(string, defaults: [:], revision: 0)
    paragraph._substituteRuns = runs
    let start = lineStart - range.lowerBound
    let length = min(run.string.utf16.count, range.upperBound - lineStart)
    guard length > 0 else { return }
    run.spans = runs.spans(in: start..<(start + length))
  }
}
