import Foundation
import UIKit

// The text-view workloads (`uikitbench --text-view`), side by side with Textual's `TextArea` and
// prompt_toolkit's multi-line `Buffer` (Benchmarks/Compare/bench_textview.py): a `UITextView` of
// 358 × 300 pt, first responder in a key window with the software keyboard showing, a delegate
// asked about every change, lines wrapped at the view's width and scrolled to the caret. Keys go
// through the window's hardware-key entry point, as the field's do.
//
//   TV2  2,000 keys at the middle of 1k, 100k and 1M code points in lines of 80 (the start of the
//        line nearest below the half), plain and with per-range attributes (a run every 40 code
//        points, coloured and bold in turn, as a syntax highlighter leaves a text)
//   TV3  2,000 Backspaces from the end of 2,500 clusters (W3's text)
//   TV4  a 1 MB paste (ASCII, mixed) in lines of 80 into an empty view
//   TV6  a document of 10,000 lines of 80, scrolled to its end, 2,000 keys typed there; also with a
//        display (the window's display list, what a host draws) after every key
//   TV7  TV2 in a view whose TextKit objects code has asked for: TextKit 2 (`textLayoutManager`)
//        and TextKit 1 (`layoutManager`), each without and with the window's layout pass after
//        every key (which lays out TextKit 2's viewport: the fragments on screen). TV2 types its
//        2,000 keys into one paragraph, which TextKit 2 lays out whole after each key; so TV7
//        also types prose: a Return every 60 keys, with the layout pass

/// Which TextKit objects a rig's code has asked for.
enum RigTextKit {
  /// None (typing pays nothing for them).
  case none
  /// `layoutManager` (the view switches to TextKit 1).
  case one
  /// `textLayoutManager` (TextKit 2, the view's default).
  case two
}

/// A window with one text view, first responder.
@MainActor
final class TextViewRig {
  let window: UIWindow
  let textView: UITextView
  let delegate = CountingTextViewDelegate()

  init(textKit: RigTextKit = .none) {
    window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let controller = UIViewController()
    window.rootViewController = controller
    textView = UITextView(frame: CGRect(x: 16, y: 100, width: 358, height: 300))
    textView.delegate = delegate
    controller.view.addSubview(textView)
    window.keyboard.isSoftwareKeyboardEnabled = options.softwareKeyboard
    typesPlainly(window)
    window.makeKeyAndVisible()
    guard textView.becomeFirstResponder() else { fatalError("uikitbench: the text view did not become first responder") }
    switch textKit {
    case .none: break
    case .one:
      // The switch to TextKit 1 is logged as iOS logs it; not on the benchmark's output.
      _UIKitLog.writesToStandardError = false
      _ = textView.layoutManager
      _UIKitLog.writesToStandardError = true
    case .two:
      guard textView.textLayoutManager != nil else { fatalError("uikitbench: the text view has no text layout manager") }
    }
    UIApplication.shared._scheduler.runUntilIdle()
  }

  /// Sets the text (or attributed text), the caret at `caret` (UTF-16; the end when nil),
  /// scrolled to it and laid out; untimed. Undo history is dropped, as setting `text` does.
  func reset(_ text: String, attributed: NSAttributedString? = nil, caret: Int? = nil) {
    if let attributed { textView.attributedText = attributed } else { textView.text = text }
    let length = (text as NSString).length
    textView.selectedRange = NSRange(location: caret ?? length, length: 0)
    textView.scrollRangeToVisible(textView.selectedRange)
    window.layoutIfNeeded()
    window.undoManager?.removeAllActions()
    delegate.asked = 0
  }

  var utf16Length: Int { (textView.text as NSString).length }
}

/// `text` with a run every 40 code points, in turn without attributes of its own and in a bold
/// blue font (neighbouring runs differ in their number of attributes: see
/// `_AttributeRuns.attributedString`).
func highlighted(_ text: String) -> NSAttributedString {
  let result = NSMutableAttributedString(string: text)
  let attributes: [NSAttributedString.Key: Any] = [
    .foregroundColor: UIColor.systemBlue, .font: UIFont.boldSystemFont(ofSize: 12),
  ]
  var location = 0
  var run = 0
  var scalarsInRun = 0
  var runStart = 0
  for scalar in text.unicodeScalars {
    location += scalar.utf16.count
    scalarsInRun += 1
    if scalarsInRun == 40 {
      if run % 2 == 1 { result.addAttributes(attributes, range: NSRange(location: runStart, length: location - runStart)) }
      run += 1
      scalarsInRun = 0
      runStart = location
    }
  }
  if run % 2 == 1, location > runStart {
    result.addAttributes(attributes, range: NSRange(location: runStart, length: location - runStart))
  }
  return result
}

/// Types `count` keys into a text view's window (the same loop as `typeKeys`, under its own name
/// for a profiler: `--toggle-collect='*typeTextViewKeys*'`).
@MainActor @inline(never)
func typeTextViewKeys(_ window: UIWindow, _ count: Int) {
  for i in 0..<count { window._press(typedKeys[i % typedKeys.count]) }
}

/// Types `count` keys, with the window's layout pass after each.
@MainActor @inline(never)
func typeTextViewKeysLayingOut(_ window: UIWindow, _ count: Int) {
  for i in 0..<count {
    window._press(typedKeys[i % typedKeys.count])
    window.layoutIfNeeded()
  }
}

/// Types `count` keys of prose (a Return every 60 keys), with the window's layout pass after each.
@MainActor @inline(never)
func typeTextViewProseLayingOut(_ window: UIWindow, _ count: Int) {
  let returnKey = HardwareKey(.returnKey)
  for i in 0..<count {
    window._press(i % 60 == 59 ? returnKey : typedKeys[i % typedKeys.count])
    window.layoutIfNeeded()
  }
}

/// Types `count` keys, displaying the window after each.
@MainActor @inline(never)
func typeTextViewKeysDisplaying(_ window: UIWindow, _ count: Int) {
  for i in 0..<count {
    window._press(typedKeys[i % typedKeys.count])
    blackHole(window.displayList())
  }
}

/// Backspace `count` times in a text view's window.
@MainActor @inline(never)
func pressTextViewBackspaces(_ window: UIWindow, _ count: Int) {
  for _ in 0..<count { window._press(backspaceKey) }
}

/// ⌘V once in a text view's window.
@MainActor @inline(never)
func pressTextViewPaste(_ window: UIWindow) {
  window._press(pasteKey)
}

/// TV2: keys at the middle of texts in lines of 80; `attributed`: with the runs of `highlighted`.
@MainActor
func textViewTyping(
  _ rig: TextViewRig, attributed: Bool, sizes: [Int] = [1_000, 100_000, 1_000_000], layoutPass: Bool = false, prose: Bool = false
) -> [String: Any] {
  let keys = options.keys ?? 2_000
  let texts = sizes.map { Texts.middleLinesText(scalars: $0) }
  let attributedTexts = attributed ? texts.map { highlighted($0.text) } : []
  let typed = (0..<keys).map { Texts.typedKeys[$0 % Texts.typedKeys.count] }.joined()
  var samples = [[Double]](repeating: [], count: sizes.count)
  for _ in 0..<options.repetitions {
    for (index, (text, middleScalars, middleUTF16)) in texts.enumerated() {
      rig.reset(text, attributed: attributed ? attributedTexts[index] : nil, caret: middleUTF16)
      let start = nanoseconds()
      if prose {
        typeTextViewProseLayingOut(rig.window, keys)
      } else if layoutPass {
        typeTextViewKeysLayingOut(rig.window, keys)
      } else {
        typeTextViewKeys(rig.window, keys)
      }
      samples[index].append(Double(nanoseconds() - start) / Double(keys))
      precondition(rig.utf16Length == text.utf16.count + keys && rig.delegate.asked == keys, "TV2: the view did not take every key")
      if prose { continue }
      let inserted = rig.textView.text.unicodeScalars.dropFirst(middleScalars).prefix(keys)
      // Exactly what was typed: the rig types plainly (`typesPlainly`, no auto-capitalisation).
      precondition(String(String.UnicodeScalarView(inserted)) == typed, "TV2: the keys did not land at the middle")
    }
  }
  var result: [String: Any] = [:]
  for (index, size) in sizes.enumerated() {
    result[String(size)] = [
      "ns_per_key": median(samples[index]), "keys": keys, "samples": samples[index],
      "text": Texts.fingerprint(texts[index].text),
    ]
  }
  return result
}

/// TV3: Backspaces from the end of W3's clusters; ns per key and whole clusters removed.
@MainActor
func textViewBackspaces(_ rig: TextViewRig) -> [String: Any] {
  let keys = options.keys ?? 2_000
  let clusterCount = 2_500
  let text = Texts.clusterText(count: clusterCount)
  var boundaries: Set<Int> = [0]
  var starts: [Int] = []
  var offset = 0
  for character in text {
    starts.append(offset)
    offset += character.utf16.count
    boundaries.insert(offset)
  }
  var samples: [Double] = []
  for _ in 0..<options.repetitions {
    rig.reset(text)
    let start = nanoseconds()
    pressTextViewBackspaces(rig.window, keys)
    samples.append(Double(nanoseconds() - start) / Double(keys))
  }
  // Untimed: after each key the text is the original cut at a cluster boundary.
  rig.reset(text)
  var broken = 0
  for _ in 0..<keys {
    pressTextViewBackspaces(rig.window, 1)
    let left = rig.textView.text.utf16
    if !boundaries.contains(left.count) || !text.utf16.starts(with: left) { broken += 1 }
  }
  let length = rig.utf16Length
  return [
    "ns_per_key": median(samples), "keys": keys, "samples": samples, "clusters": clusterCount,
    "clusters_removed_whole": starts.filter { $0 >= length }.count, "keys_leaving_broken_cluster": broken,
    "text": Texts.fingerprint(text),
  ]
}

/// TV4: ⌘V of 1 MB in lines of 80 into an empty view; ms (the paste and the layout of its lines).
@MainActor
func textViewPaste(_ rig: TextViewRig) -> [String: Any] {
  var result: [String: Any] = [:]
  for (name, unit) in [("ascii", Texts.pasteASCIIUnit), ("mixed", Texts.pasteMixedUnit)] {
    let text = Texts.megabyteLines(unit)
    UIPasteboard.general.string = text
    var samples: [Double] = []
    for _ in 0..<options.repetitions {
      rig.reset("")
      let start = nanoseconds()
      pressTextViewPaste(rig.window)
      samples.append(Double(nanoseconds() - start) / 1e6)
      precondition(rig.utf16Length == text.utf16.count && rig.delegate.asked == 1, "TV4: the paste did not land")
    }
    result[name] = ["ms": median(samples), "samples": samples, "bytes": text.utf8.count, "text": Texts.fingerprint(text)]
  }
  UIPasteboard.general.string = nil
  return result
}

/// TV6: a document of 10,000 lines scrolled to its end, 2,000 keys typed there; ns per key,
/// without and with a display after each key.
@MainActor
func textViewDocumentEnd(_ rig: TextViewRig) -> [String: Any] {
  let keys = options.keys ?? 2_000
  let text = Texts.lines(Texts.prose, scalars: 10_000 * Texts.lineLength)
  var plain: [Double] = []
  var displayed: [Double] = []
  for _ in 0..<options.repetitions {
    for display in [false, true] {
      rig.reset(text)
      precondition(rig.textView.contentOffset.y > 0, "TV6: the view did not scroll to the end")
      let start = nanoseconds()
      if display { typeTextViewKeysDisplaying(rig.window, keys) } else { typeTextViewKeys(rig.window, keys) }
      let ns = Double(nanoseconds() - start) / Double(keys)
      if display { displayed.append(ns) } else { plain.append(ns) }
      precondition(rig.utf16Length == text.utf16.count + keys && rig.delegate.asked == keys, "TV6: the view did not take every key")
    }
  }
  return [
    "ns_per_key": median(plain), "samples": plain, "displayed_ns_per_key": median(displayed),
    "displayed_samples": displayed, "keys": keys, "lines": 10_000, "text": Texts.fingerprint(text),
  ]
}

/// Every text-view workload.
@MainActor
func textViewWorkloads() -> [String: Any] {
  let rig = TextViewRig()
  defer {
    rig.textView.resignFirstResponder()
    rig.window.isHidden = true
  }
  let workloads: [(String, () -> [String: Any])] = [
    ("tv2", { textViewTyping(rig, attributed: false) }),
    ("tv2_attributed", { textViewTyping(rig, attributed: true) }),
    ("tv3", { textViewBackspaces(rig) }),
    ("tv4", { textViewPaste(rig) }),
    ("tv6", { textViewDocumentEnd(rig) }),
  ]
  var result: [String: Any] = [:]
  for (name, run) in workloads where options.only == nil || options.only == name { result[name] = run() }
  if options.only == nil || options.only == "tv7" { result["tv7"] = textViewTextKitTyping() }
  return result
}

/// TV7: TV2 with TextKit 2's and TextKit 1's objects in use, without and with a layout pass per
/// key; for comparison, the view without TextKit objects with a layout pass per key.
@MainActor
func textViewTextKitTyping() -> [String: Any] {
  var result: [String: Any] = [:]
  for (name, textKit) in [("textkit2", RigTextKit.two), ("textkit1", .one), ("plain", .none)] {
    let rig = TextViewRig(textKit: textKit)
    defer {
      rig.textView.resignFirstResponder()
      rig.window.isHidden = true
    }
    if textKit != .none { result[name] = textViewTyping(rig, attributed: false) }
    result[name + "_layout"] = textViewTyping(rig, attributed: false, layoutPass: true)
    result[name + "_prose"] = textViewTyping(rig, attributed: false, prose: true)
    if textKit == .two, rig.textView.textLayoutManager?.textViewportLayoutController.viewportRange == nil {
      fatalError("uikitbench: TV7: the viewport was not laid out")
    }
  }
  return result
}

/// One text-view workload's loop, for callgrind: tv2 and tv2a (attributed) type `--keys` keys at
/// the middle of `--size` code points (default 1M), tv6 at the end of the document.
@MainActor
func profileTextView(_ workload: String) {
  options.repetitions = 1
  let rig = TextViewRig()
  let size = options.size ?? 1_000_000
  switch workload {
  case "tv2": _ = textViewTyping(rig, attributed: false, sizes: [size])
  case "tv2a": _ = textViewTyping(rig, attributed: true, sizes: [size])
  case "tv3": _ = textViewBackspaces(rig)
  case "tv4": _ = textViewPaste(rig)
  case "tv6": _ = textViewDocumentEnd(rig)
  case "tv7": _ = textViewTyping(TextViewRig(textKit: .two), attributed: false, sizes: [size], layoutPass: options.layoutPass)
  case "tv7p": _ = textViewTyping(TextViewRig(textKit: .two), attributed: false, sizes: [size], prose: true)
  default: fatalError("uikitbench: unknown text-view workload \(workload)")
  }
}
