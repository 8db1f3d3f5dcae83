import Foundation
import Testing
import TextEditing
import UIKitTesting

@testable import UIKit

/// The text view's keystroke path made incremental (issue 19, Speed): the unit-reading wrap, the
/// attribute runs' pending shift, and what a user sees after many edits of a long text, each
/// compared with what is computed from scratch.
@MainActor
@Suite struct TextViewSpeedTests {
  /// Pieces of every kind the wrap reads differently: ASCII, Latin-1 and CJK read as units;
  /// combining marks, emoji sequences, flags, Hangul jamo, a prepended mark, line breaks of
  /// every kind and spaces read as characters or at the boundaries between the two.
  static let pieces = [
    "a", "bc", " ", "word ", "longerword", "\t", "\n", "\r\n", "\r", "\u{0B}", "\u{85}", "\u{2028}",
    "é", "naïve ", "ß", "\u{A0}", "漢", "字", "敏捷", "e\u{301}", "a\u{30A}\u{323}", "👍🏽", "👨‍👩‍👧", "🇯🇵",
    "\u{1100}\u{1161}\u{11A8}", "\u{600}1", "x\u{200D}", "#\u{FE0F}\u{20E3}", "\u{1}", "カ\u{3099}",
  ]

  /// Widths that differ per character, so that a table read at the wrong index shows.
  static let measure: TextViewLayout.Measure = { character in
    if let value = character.asciiValue { return CGFloat(1 + Int(value) % 3) }
    return CGFloat(TextWidth.columns(of: character) == 2 ? 4 : 2)
  }

  /// Greedy wrapping as it was written before the units were read: a `Character` at a time.
  static func referenceLineStarts(_ string: String, width: CGFloat) -> [Int] {
    let width = width > 0 ? width : .infinity
    var starts = [0]
    var offset = 0
    var lineStart = 0
    var x: CGFloat = 0
    var breakOffset: Int?
    var breakX: CGFloat = 0
    for character in string {
      let units = character.utf16.count
      if character.isNewline {
        offset += units
        lineStart = offset
        x = 0
        breakOffset = nil
        starts.append(offset)
        continue
      }
      let w = character == "\t" ? measure(" ") : measure(character)
      while x + w > width, offset > lineStart, character != " " {
        let at = breakOffset ?? offset
        x = breakOffset == nil ? 0 : x - breakX
        lineStart = at
        breakOffset = nil
        starts.append(at)
      }
      x += w
      offset += units
      if character == " " || character == "\t" || (w > 0 && TextWidth.columns(of: character) == 2 && !character._isEmojiLike) {
        breakOffset = offset
        breakX = x
      }
    }
    return starts
  }

  @Test(arguments: 0..<30)
  func readingUnitsWrapsAsReadingCharactersDoes(seed: Int) {
    var rng = SeededRandomNumberGenerator(seed: UInt64(seed) &+ 7000)
    let measure: TextViewLayout.Measure = { $0 == "\t" ? Self.measure(" ") : Self.measure($0) }
    // Long enough to span several chunks of the wrap's reading (256 units, then doubling).
    let string = (0..<Int.random(in: 1...700, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
    let width = CGFloat(Int.random(in: 0...40, using: &rng))
    var layout = TextViewLayout()
    layout.rebuild(TextBuffer(string), width: width, measure: measure)
    #expect(layout.lineStarts == Self.referenceLineStarts(string, width: width), "\(string.debugDescription) at width \(width)")
  }

  /// Typing, Backspace and replacements over a text of many lines keep the same lines as a
  /// layout of the final text from scratch (the keystroke updates the lines it touches).
  @Test(arguments: 0..<12)
  func editsOfALongTextKeepTheLinesOfAFreshLayout(seed: Int) {
    var rng = SeededRandomNumberGenerator(seed: UInt64(seed) &+ 9000)
    let measure: TextViewLayout.Measure = { $0 == "\t" ? Self.measure(" ") : Self.measure($0) }
    let width = CGFloat(Int.random(in: 8...30, using: &rng))
    var text = TextBuffer((0..<2_000).map { _ in Self.pieces.randomElement(using: &rng)! }.joined())
    var layout = TextViewLayout()
    layout.rebuild(text, width: width, measure: measure)
    var caret = text.clusterBoundary(roundingDown: text.utf16Count / 2)
    for step in 0..<150 {
      let edit: TextEdit
      if step % 5 == 4 {
        // Backspace: the cluster before the caret.
        guard let start = text.clusterBoundary(before: caret) else { continue }
        edit = TextEdit(range: start..<caret, replacement: "")
      } else {
        edit = TextEdit(range: caret..<caret, replacement: Self.pieces.randomElement(using: &rng)!)
      }
      edit.apply(to: &text)
      caret = edit.range.lowerBound + edit.replacementUTF16Count
      layout.update(after: edit, in: text, measure: measure, seamAfter: .max)
      if step % 10 == 9 || step == 149 {
        var fresh = TextViewLayout()
        fresh.rebuild(text, width: width, measure: measure)
        #expect(layout.lineStarts == fresh.lineStarts, "step \(step)")
        if layout.lineStarts != fresh.lineStarts { return }
      }
    }
  }

  /// Letters typed one at a time into words, between spaces and tabs, and in words longer than
  /// a line (broken inside), with Backspaces and a Return now and then, at places that move:
  /// the lines equal a fresh layout after every key. (An edit past the first break opportunity
  /// of its line, or past the first letter of a line broken inside a word, rewraps from its
  /// own line rather than the line before: `TextViewLayout.lineBeforeStays`.)
  @Test(arguments: 0..<16)
  func typingLetterByLetterKeepsTheLinesOfAFreshLayout(seed: Int) {
    var rng = SeededRandomNumberGenerator(seed: UInt64(seed) &+ 13000)
    let measure: TextViewLayout.Measure = { $0 == "\t" ? Self.measure(" ") : Self.measure($0) }
    let width = CGFloat(Int.random(in: 6...40, using: &rng))
    let words = ["a", "to", "the ", "word ", "longerwordthanaline", "naïve ", "漢字", "e\u{301}", "👍🏽", "\t", " ", "x\n"]
    var text = TextBuffer((0..<300).map { _ in words.randomElement(using: &rng)! }.joined(separator: " "))
    var layout = TextViewLayout()
    layout.rebuild(text, width: width, measure: measure)
    var caret = text.clusterBoundary(roundingDown: Int.random(in: 0...text.utf16Count, using: &rng))
    for step in 0..<400 {
      if step % 40 == 0 { caret = text.clusterBoundary(roundingDown: Int.random(in: 0...text.utf16Count, using: &rng)) }
      let edit: TextEdit
      switch Int.random(in: 0..<20, using: &rng) {
      case 0..<3:
        guard let start = text.clusterBoundary(before: caret) else { continue }
        edit = TextEdit(range: start..<caret, replacement: "")
      case 3:
        edit = TextEdit(range: caret..<caret, replacement: "\n")
      case 4:
        edit = TextEdit(range: caret..<caret, replacement: " ")
      case 5:
        edit = TextEdit(range: caret..<caret, replacement: words.randomElement(using: &rng)!)
      default:
        edit = TextEdit(range: caret..<caret, replacement: String(UnicodeScalar(UInt8(Int.random(in: 97...122, using: &rng)))))
      }
      edit.apply(to: &text)
      caret = edit.range.lowerBound + edit.replacementUTF16Count
      layout.update(after: edit, in: text, measure: measure, seamAfter: .max)
      var fresh = TextViewLayout()
      fresh.rebuild(text, width: width, measure: measure)
      #expect(
        layout.lineStarts == fresh.lineStarts,
        """
        step \(step), \(edit) at width \(width) in \
        \(text.substring(max(0, edit.range.lowerBound - 60)..<min(text.utf16Count, edit.range.lowerBound + 20)).debugDescription)
        """)
      if layout.lineStarts != fresh.lineStarts { return }
    }
  }

  /// Lines of emoji and letters with marks, mostly without a break opportunity (TV3's text),
  /// clusters typed and deleted anywhere: the lines equal a fresh layout after every key. (An
  /// edit past the first cluster of a line that follows an emoji rewraps from its own line:
  /// `TextViewLayout.lineBeforeStays`.)
  @Test(arguments: 0..<16)
  func editingLinesOfEmojiKeepsTheLinesOfAFreshLayout(seed: Int) {
    var rng = SeededRandomNumberGenerator(seed: UInt64(seed) &+ 21000)
    // Widths that differ per cluster, so that lines break at many places.
    let measure: TextViewLayout.Measure = { CGFloat(1 + $0.utf16.reduce(0) { $0 &+ Int($1) } % 5) }
    let width = CGFloat(Int.random(in: 4...40, using: &rng))
    let clusters = [
      "👨‍👩‍👧‍👦", "🇯🇵", "👍🏿", "👍", "e\u{301}", "👩🏽‍💻", "🇫🇷", "a\u{30A}\u{323}", "\u{1F322}", "#\u{FE0F}\u{20E3}",
      "🏽", "\u{1F1EF}", "❤️", "漢", "x", "y", " ", "\n", "\u{200D}",
      // Wide ideographs outside the BMP: a break opportunity after each, unlike emoji.
      "\u{20000}", "\u{2A6D6}",
    ]
    // Emoji most of the time; the rest now and then.
    func cluster() -> String {
      Int.random(in: 0..<3, using: &rng) == 0 ? clusters.randomElement(using: &rng)! : clusters[Int.random(in: 0..<8, using: &rng)]
    }
    var text = TextBuffer((0..<300).map { _ in cluster() }.joined())
    var layout = TextViewLayout()
    layout.rebuild(text, width: width, measure: measure)
    var caret = text.utf16Count
    for step in 0..<400 {
      if step % 30 == 0 { caret = text.clusterBoundary(roundingDown: Int.random(in: 0...text.utf16Count, using: &rng)) }
      let edit: TextEdit
      if Int.random(in: 0..<3, using: &rng) == 0 {
        guard let start = text.clusterBoundary(before: caret) else { continue }
        edit = TextEdit(range: start..<caret, replacement: "")
      } else {
        edit = TextEdit(range: caret..<caret, replacement: cluster())
      }
      edit.apply(to: &text)
      caret = text.clusterBoundary(roundingDown: edit.range.lowerBound + edit.replacementUTF16Count)
      layout.update(after: edit, in: text, measure: measure, seamAfter: .max)
      var fresh = TextViewLayout()
      fresh.rebuild(text, width: width, measure: measure)
      #expect(layout.lineStarts == fresh.lineStarts, "step \(step), \(edit) at width \(width)")
      if layout.lineStarts != fresh.lineStarts { return }
    }
  }

  /// Where `TextViewLayout.certainClusterEnd` answers, it ends the cluster where the standard
  /// library's `Character`s do: emoji sequences (joined, with skin tones, flags next to flags, a
  /// lone regional indicator, a joiner after a letter or before a letter), combining marks,
  /// keycaps, tags, Hangul, prepended marks and Indic conjuncts around them.
  @Test(arguments: 0..<40)
  func clustersReadFromUnitsEndWhereCharactersEnd(seed: Int) {
    var rng = SeededRandomNumberGenerator(seed: UInt64(seed) &+ 15000)
    let pieces = Self.pieces + [
      "🇯🇵", "🇫🇷", "🇯", "👩🏽‍💻", "👨‍👩‍👧‍👦", "🏳️‍🌈", "❤️‍🔥", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
      "a\u{200D}", "\u{200D}", "🏽", "a🏽", "e\u{301}\u{323}", "1\u{FE0F}\u{20E3}", "क्ष", "क्\u{200D}ष", "\u{1F91D}\u{1F3FB}",
      "\u{1F900}\u{200D}\u{1F600}", "\u{1F946}\u{200D}\u{1F600}", "\u{1F600}\u{200D}\u{1F93B}", "\u{1F600}\u{200D}", "한", "\u{1100}",
      "\u{1161}", "\u{0E33}", "\u{0903}", "\u{600}", "x", " ", "\r\n",
    ]
    let string = (0..<Int.random(in: 1...60, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
    let units = Array(string.utf16)
    var boundary = 0
    for character in string {
      let end = boundary + character.utf16.count
      if let answer = TextViewLayout.certainClusterEnd(in: units, from: boundary) {
        #expect(answer == end, "\(string.debugDescription) from \(boundary)")
      }
      boundary = end
    }
  }

  /// The wrap's chunks (`TextViewLayout.units(of:from:toBoundaryAtOrAfter:)`, which looks at a
  /// few units more for a boundary certain from its two scalars instead of asking for one) end
  /// on the text's cluster boundaries, at or soon after where asked: never inside CR LF, an emoji
  /// sequence, a flag or a letter with its marks.
  @Test(arguments: 0..<24)
  func chunksEndOnTheTextsClusterBoundaries(seed: Int) {
    var rng = SeededRandomNumberGenerator(seed: UInt64(seed) &+ 17000)
    let pieces = Self.pieces + ["👩🏽‍💻", "👨‍👩‍👧‍👦", "🇫🇷", "🇯", "❤️‍🔥", "\u{200D}", "🏽", "a\u{200D}", "\u{20000}"]
    // Some texts of emoji alone, where no two units stand alone.
    let choices = seed % 3 == 0 ? ["👩🏽‍💻", "👨‍👩‍👧‍👦", "🇫🇷", "🇯🇵", "👍🏿", "🇯"] : pieces
    let string = (0..<Int.random(in: 1...80, using: &rng)).map { _ in choices.randomElement(using: &rng)! }.joined()
    let text = TextBuffer(string)
    let length = text.utf16Count
    for _ in 0..<40 {
      let start = text.clusterBoundary(roundingDown: Int.random(in: 0..<length, using: &rng))
      let end = Int.random(in: (start + 1)...length, using: &rng)
      let units = TextViewLayout.units(of: text, from: start, toBoundaryAtOrAfter: end)
      let chunkEnd = start + units.count
      let context = "\(string.debugDescription) \(start) \(end) → \(chunkEnd)"
      #expect(chunkEnd >= end && text.isClusterBoundary(chunkEnd), "\(context)")
      #expect(chunkEnd <= max(end + 16, text.clusterBoundary(roundingUp: end)), "\(context)")
      #expect(units == text.units(in: start..<chunkEnd), "\(context)")
    }
  }

  /// The remembered widths (one-unit pages, the recent clusters' slots before the dictionary)
  /// answer what the measure says for every unit and cluster, asked in any order and again,
  /// with clusters that share slots.
  @Test(arguments: 0..<6)
  func rememberedWidthsAreWhatTheMeasureSays(seed: Int) {
    var rng = SeededRandomNumberGenerator(seed: UInt64(seed) &+ 19000)
    // A width of its own for nearly every cluster, so that an answer for another shows.
    let measure: TextViewLayout.Measure = { CGFloat(1 + $0.utf16.reduce(0) { $0 &+ Int($1) } % 97) }
    let metrics = TextViewLayout.Metrics(measure)
    let units: [UInt16] = [0xE9, 0xDF, 0xA0, 0x2A0, 0x4E00, 0x6F22, 0x5B57, 0x9FFF, 0x3400, 0x4DBF, 0x1A0]
    // Emoji with each skin tone, ZWJ pairs, flags and letters with marks: more than the slots.
    var clusters: [String] = []
    for base in ["👍", "👋", "🙌", "👩", "🧑"] {
      for tone in ["", "🏻", "🏼", "🏽", "🏾", "🏿"] { clusters.append(base + tone) }
    }
    for pair in ["👨‍👩‍👧", "👩‍💻", "🧑‍🚀", "🇯🇵", "🇫🇷", "🇩🇪", "e\u{301}", "a\u{30A}\u{323}", "o\u{308}", "#\u{FE0F}\u{20E3}"] {
      clusters.append(pair)
    }
    for letter in "abcdefghijklmnopqrstuvwxyz" {
      clusters.append(String(letter) + "\u{301}")
      clusters.append(String(letter) + "\u{308}\u{323}")
    }
    // More clusters than the recent slots hold: sets fill up and give way.
    for letter in "aeiou" {
      for mark in 0x300...0x36F { clusters.append(String(letter) + String(Unicode.Scalar(UInt32(mark))!)) }
    }
    for _ in 0..<3000 {
      if Bool.random(using: &rng) {
        let unit = units.randomElement(using: &rng)!
        let character = Character(Unicode.Scalar(unit)!)
        #expect(metrics.width(ofUnit: unit).w == measure(character), "U+\(String(unit, radix: 16))")
      } else {
        let cluster = clusters.randomElement(using: &rng)!
        let answer = metrics.width(ofCluster: Array(cluster.utf16))
        #expect(answer.w == measure(Character(cluster)), "\(cluster.debugDescription)")
        #expect(answer == metrics.width(of: Character(cluster)), "\(cluster.debugDescription)")
      }
    }
  }

  // MARK: Attribute runs

  static let tag = NSAttributedString.Key("speedTestTag")

  /// The tag of each UTF-16 unit of `string` (nil: none).
  static func tags(_ string: NSAttributedString) -> [String?] {
    (0..<string.length).map { string.attribute(tag, at: $0, effectiveRange: nil) as? String }
  }

  /// Keys typed in runs of other attributes take the attributes of the character before them,
  /// and deletions across runs cut them, however many keys the runs' pending shift has
  /// collected: after every step the view's `attributedText` has the model's attributes.
  @Test(arguments: 0..<6)
  func typedAndDeletedTextKeepsEachRunsAttributes(seed: Int) {
    var rng = SeededRandomNumberGenerator(seed: UInt64(seed) &+ 11000)
    let (host, c) = makeNotes()
    let textView = c.textView
    let string = NSMutableAttributedString(string: "")
    var model: [String?] = []
    for run in 0..<60 {
      let piece = String(repeating: "ab ", count: Int.random(in: 1...4, using: &rng))
      let value: String? = run % 3 == 2 ? nil : "run\(run % 5)"
      string.append(NSAttributedString(string: piece, attributes: value.map { [Self.tag: $0] } ?? [:]))
      model += Array(repeating: value, count: piece.utf16.count)
    }
    textView.attributedText = string
    textView.becomeFirstResponder()
    #expect(Self.tags(textView.attributedText) == model)
    var caret = 0
    for step in 0..<120 {
      if step % 8 == 0 {
        caret = Int.random(in: 0...model.count, using: &rng)
        textView.selectedRange = NSRange(location: caret, length: 0)
      }
      switch Int.random(in: 0..<10, using: &rng) {
      case 0..<6:
        host.type("x")
        model.insert(caret == 0 ? model.first ?? nil : model[caret - 1], at: caret)
        caret += 1
      case 6..<8:
        guard caret > 0 else { continue }
        host.press(.backspace)
        caret -= 1
        model.remove(at: caret)
      default:
        // A selection across runs, deleted.
        let length = min(model.count - caret, Int.random(in: 1...12, using: &rng))
        guard length > 0 else { continue }
        textView.selectedRange = NSRange(location: caret, length: length)
        host.press(.backspace)
        model.removeSubrange(caret..<(caret + length))
      }
      let tags = Self.tags(textView.attributedText)
      #expect(tags == model, "step \(step)")
      if tags != model { return }
    }
  }

  // MARK: The safe area kept between keys

  /// A view's safe area, remembered while no geometry changes (`CALayer._geometryGeneration`),
  /// follows every change it is computed from at once, without a layout pass: scrolling, frames,
  /// centres, transforms, layers moved directly, additional insets, moves between superviews,
  /// the window's frame and the screen's safe area, and a superview let go of.
  @Test func theRememberedSafeAreaFollowsWhatItIsComputedFrom() {
    // The main screen's insets are the app's, which other tests' hosts set (a terminal has none):
    // an iPhone's here, whatever ran before.
    let startingInsets = UIScreen.main._safeAreaInsets
    UIScreen.main._safeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
    defer { UIScreen.main._safeAreaInsets = startingInsets }
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let controller = UIViewController()
    window.rootViewController = controller
    window.makeKeyAndVisible()
    defer { window.isHidden = true }
    let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    scroll.contentSize = CGSize(width: 390, height: 2000)
    controller.view.addSubview(scroll)
    let inner = UIView(frame: CGRect(x: 0, y: 10, width: 390, height: 100))
    scroll.addSubview(inner)
    let textView = UITextView(frame: CGRect(x: 10, y: 0, width: 300, height: 80))
    inner.addSubview(textView)
    let other = UIView(frame: CGRect(x: 0, y: 700, width: 390, height: 144))
    controller.view.addSubview(other)
    var views: [UIView] = [controller.view, scroll, inner, textView, other]
    var answers: [UIEdgeInsets] = []
    func check(_ step: String) {
      for view in views {
        let remembered = view.safeAreaInsets
        view._safeAreaCache = nil
        #expect(view.safeAreaInsets == remembered, "\(step): \(type(of: view))")
        answers.append(remembered)
      }
    }
    check("start")
    scroll.contentOffset = CGPoint(x: 0, y: 30)
    check("scrolled")
    inner.frame.origin.y = 0
    check("frame")
    inner.center.y += 50
    check("centre")
    inner.transform = CGAffineTransform(translationX: 0, y: -60)
    check("transform")
    inner.transform = .identity
    inner.layer.position = CGPoint(x: 195, y: 20)
    check("layer position")
    controller.additionalSafeAreaInsets = UIEdgeInsets(top: 10, left: 4, bottom: 0, right: 0)
    check("additional insets")
    textView.removeFromSuperview()
    check("removed")
    other.addSubview(textView)
    check("added elsewhere")
    window.frame = CGRect(x: 0, y: 0, width: 390, height: 600)
    check("window frame")
    let screenInsets = UIScreen.main._safeAreaInsets
    UIScreen.main._safeAreaInsets = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
    check("screen")
    UIScreen.main._safeAreaInsets = screenInsets
    check("screen again")
    // A superview that goes while its subview stays (held here): the subview is outside any
    // window, its safe area zero.
    var holder: UIView? = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let held = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 100))
    holder!.addSubview(held)
    window.addSubview(holder!)
    #expect(held.safeAreaInsets != .zero)
    views = [held]
    holder!.removeFromSuperview()
    check("holder removed")
    holder = nil
    #expect(held.superview == nil)
    check("holder gone")
    #expect(held.safeAreaInsets == .zero)
    #expect(answers.contains { $0 != .zero }, "the steps saw safe areas at all")
  }

  // MARK: The delegate

  /// Counts the changes it hears of.
  final class ChangeCounter: NSObject, UITextViewDelegate {
    var changes = 0
    func textViewDidChange(_ textView: UITextView) { changes += 1 }
  }

  /// A scroll view's delegate that is not a text view's.
  final class ScrollOnly: NSObject, UIScrollViewDelegate {}

  /// The text view keeps its delegate's cast to `UITextViewDelegate` between keys: the delegate
  /// it answers is always the object set, whatever was set before, and none once that object
  /// is gone or is no text view delegate.
  @Test func theDelegateIsWhatWasSetLastAfterEveryChange() {
    let (host, c) = makeNotes()
    let textView = c.textView
    textView.becomeFirstResponder()
    let first = ChangeCounter()
    let second = ChangeCounter()
    textView.delegate = first
    host.type("ab")
    #expect(first.changes == 2 && textView.delegate === first)
    textView.delegate = second
    host.type("c")
    #expect(first.changes == 2 && second.changes == 1 && textView.delegate === second)
    textView.delegate = nil
    host.type("d")
    #expect(textView.delegate == nil && first.changes == 2 && second.changes == 1)
    textView.delegate = first
    host.type("e")
    #expect(first.changes == 3 && textView.delegate === first)
    // Set through the scroll view's property: not a text view delegate, so none.
    let scrollOnly = ScrollOnly()
    (textView as UIScrollView).delegate = scrollOnly
    host.type("f")
    #expect(textView.delegate == nil && first.changes == 3)
    // A delegate that goes away (held weakly): none, and no stale answer for the next object.
    var passing: ChangeCounter? = ChangeCounter()
    textView.delegate = passing
    host.type("g")
    #expect(passing?.changes == 1)
    passing = nil
    #expect(textView.delegate == nil)
    host.type("h")
    let last = ChangeCounter()
    textView.delegate = last
    host.type("i")
    #expect(last.changes == 1 && textView.delegate === last)
    #expect(textView.text.lowercased().hasSuffix("abcdefghi"))
  }

  /// The notification of each change carries the text view itself as its object: observers of
  /// that object hear it, casts and identity answer as for the view, and observers of another
  /// object hear nothing.
  @Test func theChangeNotificationCarriesTheViewItself() {
    let (host, c) = makeNotes()
    let textView = c.textView
    textView.becomeFirstResponder()
    final class Heard: @unchecked Sendable {
      var notes: [Notification] = []
      var other = 0
    }
    let log = Heard()
    let mine = NotificationCenter.default.addObserver(
      forName: UITextView.textDidChangeNotification, object: textView, queue: nil
    ) { note in log.notes.append(note) }
    let elsewhere = NotificationCenter.default.addObserver(
      forName: UITextView.textDidChangeNotification, object: UITextView(), queue: nil
    ) { _ in log.other += 1 }
    defer {
      NotificationCenter.default.removeObserver(mine)
      NotificationCenter.default.removeObserver(elsewhere)
    }
    host.type("ab")
    #expect(log.notes.count == 2 && log.other == 0)
    for note in log.notes {
      #expect(note.object as? UITextView === textView)
      #expect(note.object as AnyObject === textView)
      #expect(type(of: note.object!) == type(of: textView))
      #expect(note.userInfo == nil)
    }
  }

  // MARK: What the user sees

  /// A long text typed into and deleted from in its middle is drawn, and puts its caret, as a
  /// view given the final text from the start does.
  @Test func aLongTextAfterManyKeysLooksAsAFreshlySetOne() {
    let (host, c) = makeNotes()
    let textView = c.textView
    let line = "The quick brown fox 敏捷的狐狸 👍🏽 naïve café jumps over the dog"
    textView.text = (0..<300).map { "\($0) \(line)" }.joined(separator: "\n")
    textView.becomeFirstResponder()
    let middle = (textView.text as NSString).range(of: "150 The").location
    textView.selectedRange = NSRange(location: middle + 4, length: 0)
    host.type("a fairly long insertion, longer than a line of the view")
    for _ in 0..<9 { host.press(.backspace) }
    host.type(" 漢字 and more")
    host.pressReturn()
    host.type("next")
    let edited = host.screen()
    let caret = textView.caretRect(for: textView.selectedTextRange!.end)
    let offset = textView.contentOffset
    let selection = textView.selectedRange
    let contentSize = textView.contentSize

    let (freshHost, fresh) = makeNotes()
    fresh.textView.text = textView.text
    fresh.textView.becomeFirstResponder()
    fresh.textView.selectedRange = selection
    fresh.textView.contentOffset = offset
    #expect(fresh.textView.contentSize == contentSize)
    #expect(fresh.textView.caretRect(for: fresh.textView.selectedTextRange!.end) == caret)
    #expect(freshHost.screen() == edited)
    #expect(edited.contains("next"))
  }

  /// A text view without scrolling is as tall as its lines after every key (its size comes from
  /// the lines it keeps rather than a layout of the whole text per key).
  @Test func aGrowingTextViewIsAsTallAsItsLinesAfterEveryKey() {
    let (host, c) = makeNotes()
    let textView = c.textView
    textView.isScrollEnabled = false
    textView.becomeFirstResponder()
    for word in ["one ", "two ", "three ", "four ", "five ", "six ", "seven ", "eight "] {
      host.type(word)
      let probe = UITextView(frame: textView.frame)
      probe.textContainerInset = textView.textContainerInset
      host.window.addSubview(probe)
      probe.text = textView.text
      #expect(textView.intrinsicContentSize.height == probe.sizeThatFits(CGSize(width: textView.bounds.width, height: 0)).height)
      probe.removeFromSuperview()
    }
    #expect(textView.intrinsicContentSize.height > 16 + 16 + 16, "the text took more than one line")
  }
}
