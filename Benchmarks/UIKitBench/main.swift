// uikitbench: the workloads of the side-by-side comparison (Benchmarks/compare) measured on a
// real UITextField, first responder in a key window, with a delegate that is asked about every
// change — typed, deleted and pasted through the user-input path (the window's hardware-key
// entry point, which the terminal host and the headless test host call too).
//
//   swift run -c release uikitbench                 W1–W4, JSON on standard output
//   swift run -c release uikitbench --memory        the memory workload alone (its own process)
//   swift run -c release uikitbench --quick         fewer repetitions
//   swift run -c release uikitbench --w1            W1 alone
//   swift run -c release uikitbench --w4            W4 alone (Benchmarks/compare runs it once per
//                                                   transcoder, TEXTEDITING_TRANSCODER=portable…)
//   swift run -c release uikitbench --text-reading  reading `text`: of 1M characters, and typing
//                                                   100 KB with a delegate that reads it per key,
//                                                   and 2,000 keys in the middle of 1M digits
//   swift run -c release uikitbench --growing-field a keystroke in a field that grows in a stack view,
//                                                   laid out by Auto Layout per key, beside frames
//   swift run -c release uikitbench --text-view     the text-view workloads (TextViewBench.swift)
//   swift run -c release uikitbench --frame-cost    a terminal frame after a key with 100 to 80,000
//                                                   labels on screen (FrameCost.swift)
//   swift run -c release uikitbench --find          find-all of a word in 10k, 100k and 1M characters:
//                                                   the engine, a text view's find session, an NSString loop
//   swift run -c release uikitbench --collection-view  a list of 100 to 10,000 items with a diffable
//                                                   data source: a keystroke, applying a snapshot
//                                                   that changes one item, a screen's scroll
//   uikitbench --profile w1 [--keys N]              one workload's loop only, for callgrind
//   uikitbench --profile tv7 [--size N] [--layout-pass]   TV2 in a TextKit 2 view (textLayoutManager
//                                                   asked for), with a layout pass per key
//   uikitbench --profile tv7p [--size N]            TV7's prose (a Return every 60 keys), layout pass per key
//   uikitbench --profile cvreplace [--size N] [--keys N]   N snapshots that replace one item of a list
//                                                   (floor: the notification alone)
//
// Benchmarks/compare runs it next to the same workloads on prompt_toolkit and Textual.
import Foundation
import TextEditing
import UIKit

/// Command-line options.
struct Options {
  var repetitions = 15
  var memory = false
  var w4Only = false
  var w1Only = false
  var textReadingOnly = false
  var growingFieldOnly = false
  var profile: String?
  var keys: Int?
  var size: Int?
  var textViewOnly = false
  var frameCostOnly = false
  var collectionViewOnly = false
  var findOnly = false
  /// With `--profile tv7`: a layout pass after every key.
  var layoutPass = false
  /// With `--text-view`: one workload alone (tv2, tv2_attributed, tv3, tv4, tv6).
  var only: String?
  var softwareKeyboard = true

  init(_ arguments: [String]) {
    var it = arguments.dropFirst().makeIterator()
    while let argument = it.next() {
      switch argument {
      case "--quick": repetitions = 3
      case "--repetitions": repetitions = max(1, Int(it.next() ?? "") ?? repetitions)
      case "--memory": memory = true
      case "--w4": w4Only = true
      case "--w1": w1Only = true
      case "--text-reading": textReadingOnly = true
      case "--growing-field": growingFieldOnly = true
      case "--profile": profile = it.next()
      case "--keys": keys = Int(it.next() ?? "")
      case "--size": size = Int(it.next() ?? "")
      case "--text-view": textViewOnly = true
      case "--frame-cost": frameCostOnly = true
      case "--collection-view": collectionViewOnly = true
      case "--find": findOnly = true
      case "--only": only = it.next()
      case "--hardware-keyboard": softwareKeyboard = false
      case "--layout-pass": layoutPass = true
      case "-h", "--help":
        print("""
          usage: uikitbench [--quick | --repetitions N] [--hardware-keyboard] [--w1 | --w4 | --text-reading | --growing-field | --text-view [--only tv2|tv2_attributed|tv3|tv4|tv6]]
                 uikitbench --memory
                 uikitbench --frame-cost [--repetitions N]
                 uikitbench --collection-view [--repetitions N]
                 uikitbench --find [--repetitions N]
                 uikitbench --profile w1|w2|w3|w4|floor|reading|read1M|build1M [--keys N]
                 uikitbench --profile tv2|tv2a|tv3|tv4|tv6 [--keys N] [--size N]
                 uikitbench --profile cvreplace [--size N] [--keys N]
          """)
        exit(0)
      default:
        FileHandle.standardError.write(Data("uikitbench: unknown option \(argument)\n".utf8))
        exit(2)
      }
    }
  }
}

var options = Options(CommandLine.arguments)

// MARK: The field

/// A delegate as an app's: asked about every change, it allows each one and counts them.
@MainActor
final class CountingDelegate: NSObject, UITextFieldDelegate {
  /// How many times `shouldChangeCharactersIn` was asked.
  var asked = 0

  func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
    asked += 1
    return true
  }
}

/// Turns the keyboard's smart typing off (smart punctuation, a hardware keyboard's
/// auto-capitalisation, smart insert and delete; on by default, as Settings has them on iOS), so
/// that the keys type exactly the text the Python libraries type, which do none of it, and the
/// workloads check what landed.
@MainActor
func typesPlainly(_ window: UIWindow) {
  window.keyboard.smartPunctuation = false
  window.keyboard.hardwareKeyboardAutoCapitalization = false
  window.keyboard.smartInsertDelete = false
}

/// A window (iPhone-sized, key and visible) holding one text field that is first responder,
/// with the software keyboard showing (UIKit's default) unless told otherwise, and the window's
/// undo manager recording every change.
@MainActor
final class Rig {
  let window: UIWindow
  let field: UITextField
  let delegate = CountingDelegate()

  init(softwareKeyboard: Bool) {
    UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
    window = UIWindow(frame: UIScreen.main.bounds)
    let controller = UIViewController()
    window.rootViewController = controller
    field = UITextField(frame: CGRect(x: 16, y: 100, width: 358, height: 34))
    field.borderStyle = .roundedRect
    field.delegate = delegate
    controller.view.addSubview(field)
    window.keyboard.isSoftwareKeyboardEnabled = softwareKeyboard
    typesPlainly(window)
    window.makeKeyAndVisible()
    guard field.becomeFirstResponder() else { fatalError("uikitbench: the field did not become first responder") }
    // Let the keyboard's animation end (its "did" notifications), as a person would.
    UIApplication.shared._scheduler.runUntilIdle()
  }

  /// Replaces the text (not timed: as the app setting `text`), the caret at `caret` (UTF-16
  /// offset; the end when nil). Undo history is dropped, as setting `text` does.
  func reset(_ text: String, caret: Int? = nil) {
    field.text = text
    if let caret, let position = field.position(from: field.beginningOfDocument, offset: caret) {
      field.selectedTextRange = field.textRange(from: position, to: position)
    }
    window.undoManager?.removeAllActions()
    delegate.asked = 0
  }

  /// The text's length in UTF-16 units.
  var utf16Length: Int { field.offset(from: field.beginningOfDocument, to: field.endOfDocument) }
}

// MARK: Measuring

@inline(never) func blackHole<T>(_ x: T) { withExtendedLifetime(x) {} }

func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

/// The hardware keys for the typed characters, made once (a host makes one per key it decodes;
/// that is the host's cost, not UIKit's).
let typedKeys = Texts.typedKeys.map { HardwareKey(.character($0)) }
let backspaceKey = HardwareKey(.backspace)
let pasteKey = HardwareKey(.character("v"), modifiers: .command)

/// Types `count` keys through the window, as a hardware keyboard does. Kept out of line so that
/// a profiler can single it out (`--toggle-collect='*typeKeys*'`).
@MainActor @inline(never)
func typeKeys(_ window: UIWindow, _ count: Int) {
  for i in 0..<count { window._press(typedKeys[i % typedKeys.count]) }
}

/// Presses Backspace `count` times through the window.
@MainActor @inline(never)
func pressBackspaces(_ window: UIWindow, _ count: Int) {
  for _ in 0..<count { window._press(backspaceKey) }
}

/// Presses ⌘V once through the window: the field pastes the general pasteboard's string.
@MainActor @inline(never)
func pressPaste(_ window: UIWindow) {
  window._press(pasteKey)
}

// MARK: Workloads

/// W1: 20,000 keys into an empty field; ns per key (median of the repetitions).
@MainActor
func w1(_ rig: Rig) -> [String: Any] {
  let keys = options.keys ?? 20_000
  var samples: [Double] = []
  for _ in 0..<options.repetitions {
    rig.reset("")
    let start = nanoseconds()
    typeKeys(rig.window, keys)
    samples.append(Double(nanoseconds() - start) / Double(keys))
    precondition(rig.utf16Length == keys && rig.delegate.asked == keys, "W1: the field did not take every key")
  }
  return ["ns_per_key": median(samples), "keys": keys, "samples": samples, "delegate_asked": rig.delegate.asked]
}

/// W2: 2,000 keys at the middle of texts of 1k, 100k and 1M code points.
@MainActor
func w2(_ rig: Rig) -> [String: Any] {
  let keys = options.keys ?? 2_000
  let sizes = [1_000, 100_000, 1_000_000]
  let texts = sizes.map { Texts.middleText(scalars: $0) }
  let typed = (0..<keys).map { Texts.typedKeys[$0 % Texts.typedKeys.count] }.joined()
  var samples = [[Double]](repeating: [], count: sizes.count)
  // The sizes take turns within each repetition, so that a change in the machine's load (a
  // shared VM's) moves all three columns rather than one.
  for _ in 0..<options.repetitions {
    for (index, (text, middleScalars, middleUTF16)) in texts.enumerated() {
      rig.reset(text, caret: middleUTF16)
      let start = nanoseconds()
      typeKeys(rig.window, keys)
      samples[index].append(Double(nanoseconds() - start) / Double(keys))
      precondition(rig.utf16Length == text.utf16.count + keys && rig.delegate.asked == keys, "W2: the field did not take every key")
      // The keys landed at the middle, in order.
      let inserted = (rig.field.text ?? "").unicodeScalars.dropFirst(middleScalars).prefix(keys)
      precondition(String(String.UnicodeScalarView(inserted)) == typed, "W2: the keys did not land at the middle")
    }
  }
  var result: [String: Any] = [:]
  for (index, size) in sizes.enumerated() {
    let text = texts[index].text
    result[String(size)] = [
      "ns_per_key": median(samples[index]), "keys": keys, "samples": samples[index], "text": Texts.fingerprint(text),
      "utf16_length": text.utf16.count,
    ]
  }
  return result
}

/// A text view's delegate that allows every change and counts the questions.
@MainActor
final class CountingTextViewDelegate: NSObject, UITextViewDelegate {
  var asked = 0
  func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
    asked += 1
    return true
  }
}

/// W2 on a `UITextView` (not in the comparison: neither other widget is a multi-line view of
/// this kind): 2,000 keys at the middle of the same texts, in a text view of the field's width
/// and 300 pt tall, first responder in its own window, lines wrapped and scrolled to the caret.
@MainActor
func textViewW2() -> [String: Any] {
  let keys = options.keys ?? 2_000
  let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
  let controller = UIViewController()
  window.rootViewController = controller
  let textView = UITextView(frame: CGRect(x: 16, y: 100, width: 358, height: 300))
  let delegate = CountingTextViewDelegate()
  textView.delegate = delegate
  controller.view.addSubview(textView)
  window.keyboard.isSoftwareKeyboardEnabled = options.softwareKeyboard
  typesPlainly(window)
  window.makeKeyAndVisible()
  guard textView.becomeFirstResponder() else { fatalError("uikitbench: the text view did not become first responder") }
  UIApplication.shared._scheduler.runUntilIdle()
  let sizes = [1_000, 100_000, 1_000_000]
  let texts = sizes.map { Texts.middleText(scalars: $0) }
  var samples = [[Double]](repeating: [], count: sizes.count)
  for _ in 0..<options.repetitions {
    for (index, (text, _, middleUTF16)) in texts.enumerated() {
      textView.text = text
      textView.selectedRange = NSRange(location: middleUTF16, length: 0)
      window.layoutIfNeeded()
      window.undoManager?.removeAllActions()
      delegate.asked = 0
      let start = nanoseconds()
      typeKeys(window, keys)
      samples[index].append(Double(nanoseconds() - start) / Double(keys))
      precondition((textView.text as NSString).length == text.utf16.count + keys && delegate.asked == keys,
        "text view W2: the view did not take every key")
    }
  }
  var result: [String: Any] = [:]
  for (index, size) in sizes.enumerated() {
    result[String(size)] = ["ns_per_key": median(samples[index]), "keys": keys, "samples": samples[index]]
  }
  textView.resignFirstResponder()
  window.isHidden = true
  return result
}

/// W3: 2,000 Backspaces from the end of 2,500 clusters (emoji ZWJ sequences, flags, skin tones,
/// combining marks): ns per key, and how many whole clusters went.
@MainActor
func w3(_ rig: Rig) -> [String: Any] {
  let keys = options.keys ?? 2_000
  let clusterCount = 2_500
  let text = Texts.clusterText(count: clusterCount)
  // Cluster boundaries of the original text, in UTF-16 offsets.
  var boundaries: Set<Int> = [0]
  var starts: [Int] = []
  var offset = 0
  for character in text {
    starts.append(offset)
    offset += character.utf16.count
    boundaries.insert(offset)
  }
  precondition(starts.count == clusterCount, "W3: the text does not have \(clusterCount) clusters")
  var samples: [Double] = []
  for _ in 0..<options.repetitions {
    rig.reset(text)
    let start = nanoseconds()
    pressBackspaces(rig.window, keys)
    samples.append(Double(nanoseconds() - start) / Double(keys))
  }
  // Correctness, untimed: after each key the text must be the original cut at a cluster boundary.
  rig.reset(text)
  var broken = 0
  for _ in 0..<keys {
    pressBackspaces(rig.window, 1)
    let left = rig.field.text ?? ""
    if !boundaries.contains(left.utf16.count) || !text.utf16.starts(with: left.utf16) { broken += 1 }
  }
  let remaining = rig.field.text ?? ""
  precondition(text.utf16.starts(with: remaining.utf16), "W3: the text left is not what Backspace should leave")
  let length = remaining.utf16.count
  return [
    "ns_per_key": median(samples), "keys": keys, "samples": samples, "clusters": clusterCount,
    "clusters_removed_whole": starts.filter { $0 >= length }.count,
    "keys_leaving_broken_cluster": broken,
    "cluster_broken_at_end": !boundaries.contains(length),
    "text": Texts.fingerprint(text),
  ]
}

/// W4: ⌘V of 1 MB into an empty field; ms. Also the editing engine's part alone (resolve and
/// apply the paste on an `EditorState`), to say where the time goes.
@MainActor
func w4(_ rig: Rig) -> [String: Any] {
  var result: [String: Any] = [:]
  for (name, unit) in [("ascii", Texts.pasteASCIIUnit), ("mixed", Texts.pasteMixedUnit)] {
    let text = Texts.megabyte(unit)
    UIPasteboard.general.string = text
    var samples: [Double] = []
    for _ in 0..<options.repetitions {
      rig.reset("")
      let start = nanoseconds()
      pressPaste(rig.window)
      samples.append(Double(nanoseconds() - start) / 1e6)
      precondition(rig.utf16Length == text.utf16.count && rig.delegate.asked == 1, "W4: the paste did not land")
    }
    var engine: [Double] = []
    for _ in 0..<options.repetitions {
      var state = EditorState()
      let start = nanoseconds()
      state.apply(state.resolve(.paste(text)))
      engine.append(Double(nanoseconds() - start) / 1e6)
      blackHole(state)
    }
    result[name] = [
      "ms": median(samples), "samples": samples, "engine_ms": median(engine), "bytes": text.utf8.count,
      "text": Texts.fingerprint(text),
    ]
  }
  UIPasteboard.general.string = nil
  return result
}

/// The floor: what posting the one notification each keystroke posts costs alone (Foundation's
/// `NotificationCenter.post`, the field as object, nobody observing), ns per post.
@MainActor
func notificationFloor(_ rig: Rig) -> [String: Any] {
  let posts = 20_000
  var samples: [Double] = []
  for _ in 0..<options.repetitions {
    let start = nanoseconds()
    postNotifications(rig.field, posts)
    samples.append(Double(nanoseconds() - start) / Double(posts))
  }
  return ["ns_per_post": median(samples), "posts": posts, "samples": samples]
}

/// Posts `textDidChangeNotification` `count` times for `field`, as each keystroke does.
@MainActor @inline(never)
func postNotifications(_ field: UITextField, _ count: Int) {
  for _ in 0..<count {
    NotificationCenter.default.post(Notification(name: UITextField.textDidChangeNotification, object: field))
  }
}

// MARK: Memory

/// Resident memory now and at its peak, in bytes (VmRSS and VmHWM of /proc/self/status).
func residentMemory() -> (current: Int, peak: Int) {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
  func field(_ name: String) -> Int {
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return 0 }
    return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
  }
  return (field("VmRSS"), field("VmHWM"))
}

/// The memory workload: 1 MB of ASCII text, then 10,000 edits in 100 bursts, each at a new
/// place (a caret move), of 90 keys typed and 10 Backspaces, so that every burst is two undo
/// steps; the window's undo manager records them. Peak resident memory of the process.
@MainActor
func memoryWorkload(_ rig: Rig) -> [String: Any] {
  let baseline = residentMemory()
  let text = Texts.megabyte(Texts.pasteASCIIUnit)
  rig.reset(text)
  var length = text.utf16.count
  for burst in 0..<100 {
    // The same positions in every library (ASCII: code points and UTF-16 units agree).
    let caret = (burst * 7919 * 131) % (length + 1)
    let position = rig.field.position(from: rig.field.beginningOfDocument, offset: caret)!
    rig.field.selectedTextRange = rig.field.textRange(from: position, to: position)
    typeKeys(rig.window, 90)
    pressBackspaces(rig.window, 10)
    length += 80
  }
  precondition(rig.utf16Length == length && rig.delegate.asked == 10_000, "memory: the field did not take every key")
  let after = residentMemory()
  // Undo works (untimed, after the peak was read): 200 steps take the text back.
  let undoManager = rig.window.undoManager!
  var steps = 0
  while undoManager.canUndo {
    undoManager.undo()
    steps += 1
  }
  precondition(rig.field.text == text, "memory: undo did not restore the text")
  return [
    "peak_rss_bytes": after.peak, "rss_bytes": after.current, "baseline_rss_bytes": baseline.current,
    "edits": 10_000, "undo_steps": steps, "text": Texts.fingerprint(text),
  ]
}

// MARK: Main

func printJSON(_ object: Any) {
  let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted])
  print(String(decoding: data, as: UTF8.self))
}

// The benchmark moves UIKit's clock itself, as a host does (`runUntilIdle` after each setup).
UIApplication.shared._scheduler.takeOver()
let rig = Rig(softwareKeyboard: options.softwareKeyboard)

if options.memory {
  printJSON(["library": "UIKit.UITextField", "memory": memoryWorkload(rig)])
  exit(0)
}

// Warm up, untimed (and out of a profile): the first keystrokes of a process page in code and
// make the lazy one-time structures (the undo manager's end-of-event list, metadata caches).
// (Not through `typeKeys`, so that a profile collecting it sees only the workload.)
rig.reset("")
for i in 0..<2_000 { rig.window._press(typedKeys[i % typedKeys.count]) }
for _ in 0..<2_000 { rig.window._press(backspaceKey) }
rig.reset("")

if let workload = options.profile {
  // For a profiler: one workload's loop, once, without the repetitions.
  options.repetitions = 1
  switch workload {
  case "w1": _ = w1(rig)
  case "w2": _ = w2(rig)
  case "w3": _ = w3(rig)
  case "w4": _ = w4(rig)
  case "floor": postNotifications(rig.field, options.keys ?? 20_000)
  case "reading": _ = typingWithTextReadingDelegate(rig)
  case "read1M": profileReadingAfterMiddleKeys(rig, options.keys ?? 20)
  case "build1M": profileBuildingStrings(options.keys ?? 20)
  case "tv2", "tv2a", "tv3", "tv4", "tv6", "tv7", "tv7p": profileTextView(workload)
  case "cvreplace": profileCollectionViewReplace(items: options.size ?? 10_000, options.keys ?? 2_000)
  default:
    FileHandle.standardError.write(Data("uikitbench: --profile takes w1, w2, w3, w4, floor, reading, read1M, build1M, tv2, tv2a, tv3, tv4, tv6 or cvreplace\n".utf8))
    exit(2)
  }
  exit(0)
}

/// Which UTF-8 → UTF-16 transcoder pastes use here, and which others this CPU runs.
let transcoders: [String: Any] = [
  "transcoder": UTF16Conversion.Transcoder.best.name,
  "transcoders_available": UTF16Conversion.Transcoder.allCases.filter(\.isAvailable).map(\.name),
]

if options.w1Only {
  printJSON(["library": "UIKit.UITextField", "repetitions": options.repetitions, "w1": w1(rig)])
  exit(0)
}

if options.w4Only {
  printJSON(["library": "UIKit.UITextField", "repetitions": options.repetitions, "w4": w4(rig)].merging(transcoders) { a, _ in a })
  exit(0)
}

if options.collectionViewOnly {
  printJSON(["library": "UIKit.UICollectionView", "repetitions": options.repetitions, "collection_view": collectionViewWorkloads()])
  exit(0)
}

if options.findOnly {
  printJSON(["library": "UIKit.UIFindInteraction", "repetitions": options.repetitions, "find": findWorkloads()])
  exit(0)
}

if options.frameCostOnly {
  printJSON(["library": "UIKit", "repetitions": options.repetitions, "frame_cost": frameCost()])
  exit(0)
}

if options.textViewOnly {
  printJSON(["library": "UIKit.UITextView", "repetitions": options.repetitions, "text_view": textViewWorkloads()])
  exit(0)
}

if options.growingFieldOnly {
  printJSON(["library": "UIKit.UITextField", "repetitions": options.repetitions, "growing_field": growingField()])
  exit(0)
}

if options.textReadingOnly {
  printJSON([
    "library": "UIKit.UITextField", "repetitions": options.repetitions,
    "read_text_1M": readingText(rig), "typing_with_text_reading_delegate": typingWithTextReadingDelegate(rig),
    "typing_in_the_middle_with_text_reading_delegate": typingInTheMiddleWithTextReadingDelegate(rig),
  ])
  exit(0)
}

printJSON([
  "library": "UIKit.UITextField",
  "software_keyboard": options.softwareKeyboard,
  "repetitions": options.repetitions,
  "w1": w1(rig),
  "w2": w2(rig),
  "w3": w3(rig),
  "w4": w4(rig),
  "notification_floor": notificationFloor(rig),
  "text_view_w2": textViewW2(),
  "read_text_1M": readingText(rig),
  "typing_with_text_reading_delegate": typingWithTextReadingDelegate(rig),
  "typing_in_the_middle_with_text_reading_delegate": typingInTheMiddleWithTextReadingDelegate(rig),
  "growing_field": growingField(),
].merging(transcoders) { a, _ in a })
