import Foundation
import Testing
import UIKit
import UIKitTesting

// Seeded fuzzes of what surrounds the text engine (issue 32, "Keep it held"):
//
// - Extreme geometry: screens of a text view, a field, a label and a stack view whose frames,
//   insets, paddings, exclusion paths, fonts, paragraph styles and attributes are set from a pool
//   of ordinary, enormous, tiny, negative, infinite and NaN values (NaN only where iOS takes it:
//   a NaN frame or constraint constant is a programmer error there as here, and the release
//   checks cover those), then typed into, tapped, scrolled, paged and drawn. The process must
//   survive every step; after each, no view has a NaN in its frame; typing changes the text by
//   what was typed over the selection; each screen takes bounded time. When a scenario ends, its window, controller and views
//   are freed.
// - Text storage edits: `replaceCharacters(in:with:)`, `deleteCharacters(in:)` and attribute
//   edits on a text view's `textStorage` with ranges that split surrogate pairs and clusters.
//   The storage delegate's `editedRange` and `changeInLength` must describe the change exactly
//   (the text outside the edited range unchanged, the length moved by the change in length), an
//   insertion never removes text, and the view's text is the storage's.
//
// CI runs a fixed budget with a fixed seed; to run longer by hand:
//   GEOMETRY_FUZZ_STEPS=200000 GEOMETRY_FUZZ_SEED=9 swift test -c release --filter GeometryFuzzTests

@MainActor
struct GeometryFuzzer {
  var rng: SeededRandomNumberGenerator
  var steps = 0
  var failures: [String] = []
  var slowestScreen: TimeInterval = 0

  init(seed: UInt64) { rng = SeededRandomNumberGenerator(seed: seed) }

  static let values: [CGFloat] = [
    0, 1, 12, 44, 300, -5, -300, 0.25, 1e-300, 1e4, 1e7, 1e12, 1e300, -1e300,
    .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity, .nan,
  ]

  mutating func value(finite: Bool = false) -> CGFloat {
    while true {
      let v = Self.values.randomElement(using: &rng)!
      if !finite || v.isFinite { return v }
    }
  }

  /// A value a frame or centre may take (iOS raises for NaN there).
  mutating func geometryValue() -> CGFloat {
    while true {
      let v = value()
      if !v.isNaN { return v }
    }
  }

  static let pieces = ["a", "word ", "漢字", "👨‍👩‍👧", "🇯🇵", "e\u{301}", "ש", "\t", "\n", "𝄞"]

  mutating func text() -> String {
    (0..<Int.random(in: 0...6, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
  }

  mutating func paragraphStyle() -> NSParagraphStyle {
    let style = NSMutableParagraphStyle()
    switch Int.random(in: 0..<8, using: &rng) {
    case 0: style.lineSpacing = value()
    case 1: style.paragraphSpacing = value(); style.paragraphSpacingBefore = value()
    case 2: style.minimumLineHeight = value(); style.maximumLineHeight = value()
    case 3: style.lineHeightMultiple = value()
    case 4: style.firstLineHeadIndent = value(); style.headIndent = value(); style.tailIndent = value()
    case 5: style.tabStops = [NSTextTab(textAlignment: .left, location: value())]; style.defaultTabInterval = value()
    case 6: style.alignment = [.justified, .right, .center, .natural][Int.random(in: 0..<4, using: &rng)]
    default: break
    }
    return style
  }

  mutating func attributes() -> [NSAttributedString.Key: Any] {
    var attributes: [NSAttributedString.Key: Any] = [:]
    for _ in 0..<Int.random(in: 0...3, using: &rng) {
      switch Int.random(in: 0..<7, using: &rng) {
      case 0: attributes[.font] = UIFont.systemFont(ofSize: value())
      case 1: attributes[.kern] = value()
      case 2: attributes[.baselineOffset] = value()
      case 3: attributes[.obliqueness] = value()
      case 4: attributes[.expansion] = value()
      case 5: attributes[.paragraphStyle] = paragraphStyle()
      default: attributes[.underlineStyle] = NSUnderlineStyle.single.rawValue
      }
    }
    return attributes
  }

  /// One screen: built, set to extremes, used, checked; returns what must be freed.
  mutating func runScenario(_ index: Int, stepsPerScenario: Int) -> [(String, () -> AnyObject?)] {
    let controller = UIViewController()
    let textView = UITextView(frame: CGRect(x: 10, y: 60, width: 300, height: 200))
    let field = UITextField(frame: CGRect(x: 10, y: 280, width: 300, height: 34))
    let label = UILabel(frame: CGRect(x: 10, y: 330, width: 300, height: 40))
    let stack = UIStackView(arrangedSubviews: [UILabel(), UIButton(type: .system)])
    stack.frame = CGRect(x: 10, y: 380, width: 300, height: 44)
    (stack.arrangedSubviews[0] as? UILabel)?.text = "stack"
    label.numberOfLines = 0
    for view in [textView, field, label, stack] as [UIView] { controller.view.addSubview(view) }
    let host = HeadlessHost(rootViewController: controller)

    for step in 0..<stepsPerScenario {
      steps += 1
      let where_ = "scenario \(index) step \(step)"
      switch Int.random(in: 0..<22, using: &rng) {
      case 0:
        // A frame whose centre is NaN (x = ∞ with width −∞) stops in Core Animation, on iOS too.
        let frame = CGRect(x: geometryValue(), y: 60, width: geometryValue(), height: 200)
        if !(frame.origin.x + frame.size.width / 2).isNaN { textView.frame = frame }
      case 1: textView.bounds.size = CGSize(width: geometryValue(), height: geometryValue())
      case 2: label.center = CGPoint(x: geometryValue(), y: geometryValue())
      case 3: textView.textContainerInset = UIEdgeInsets(top: value(), left: value(), bottom: value(), right: value())
      case 4: textView.textContainer.lineFragmentPadding = value()
      case 5:
        let rect = CGRect(x: value(), y: value(), width: value(), height: value())
        textView.textContainer.exclusionPaths = rect.hasNaN ? [] : [UIBezierPath(rect: rect)]
      case 6: textView.font = UIFont.systemFont(ofSize: value())
      case 7: field.font = UIFont.systemFont(ofSize: value())
      case 8: label.font = UIFont.systemFont(ofSize: value())
      case 9:
        textView.attributedText = NSAttributedString(string: text(), attributes: attributes())
      case 10: label.attributedText = NSAttributedString(string: text(), attributes: attributes())
      case 11: stack.spacing = value(finite: true)
      case 12: textView.contentInset = UIEdgeInsets(top: value(finite: true), left: 0, bottom: value(finite: true), right: 0)
      case 13: textView.textContainer.maximumNumberOfLines = Int.random(in: 0...3, using: &rng)
      case 14:
        // Typed over the selection (Tab would move the focus).
        if textView.becomeFirstResponder() {
          let piece = Self.pieces.filter { $0 != "\t" }.randomElement(using: &rng)!
          let selected = textView.selectedRange.length
          let before = textView.text!
          host.type(piece)
          if textView.text.utf16.count != before.utf16.count + piece.utf16.count - selected {
            failures.append("\(where_): typing \(piece.debugDescription) over \(textView.selectedRange) made \(before.debugDescription) \(textView.text.debugDescription)")
          }
        }
      case 15: host.tap(at: CGPoint(x: CGFloat(Int.random(in: 0..<390, using: &rng)), y: CGFloat(Int.random(in: 0..<844, using: &rng))))
      case 16:
        let keys: [HeadlessHost.Key] = [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end]
        _ = host.press(keys.randomElement(using: &rng)!, modifiers: Bool.random(using: &rng) ? [.shift] : [])
      case 17: _ = host.scroll(textView, by: CGPoint(x: 0, y: CGFloat(Int.random(in: -500...500, using: &rng))))
      case 18:
        _ = textView.sizeThatFits(CGSize(width: value(), height: value()))
        _ = label.sizeThatFits(CGSize(width: value(), height: value()))
        _ = field.intrinsicContentSize
      case 19:
        if field.becomeFirstResponder() { host.type(Self.pieces.randomElement(using: &rng)!) }
      case 20:
        textView.selectedRange = NSRange(location: Int.random(in: 0...textView.text.utf16.count, using: &rng), length: 0)
        textView.scrollRangeToVisible(textView.selectedRange)
      default:
        let start = Date()
        _ = host.screen()
        let seconds = Date().timeIntervalSince(start)
        slowestScreen = max(slowestScreen, seconds)
        if seconds > 5 { failures.append("\(where_): a screen took \(seconds) s") }
      }
      host.window.layoutIfNeeded()
      var stack: [UIView] = [host.window]
      while let view = stack.popLast() {
        if view.bounds.hasNaN || view.center.x.isNaN || view.center.y.isNaN {
          failures.append("\(where_): \(type(of: view)) has a NaN frame \(view.frame)")
        }
        stack += view.subviews
      }
      if failures.count > 20 { break }
    }
    textView.resignFirstResponder()
    field.resignFirstResponder()
    return [("window", { [weak window = host.window] in window }), ("controller", { [weak controller] in controller }),
            ("text view", { [weak textView] in textView }), ("field", { [weak field] in field }),
            ("label", { [weak label] in label }), ("stack view", { [weak stack] in stack })]
  }
}

/// A text storage's delegate, recording what each processed edit reports.
@MainActor
final class StorageEditRecorder: NSObject, @MainActor NSTextStorageDelegate {
  var reports: [(mask: NSTextStorage.EditActions, range: NSRange, delta: Int)] = []
  func textStorage(
    _ textStorage: NSTextStorage, didProcessEditing editedMask: NSTextStorage.EditActions, range editedRange: NSRange,
    changeInLength delta: Int
  ) {
    reports.append((editedMask, editedRange, delta))
  }
}

@MainActor @Suite struct GeometryFuzzTests {
  static var steps: Int { ProcessInfo.processInfo.environment["GEOMETRY_FUZZ_STEPS"].flatMap(Int.init) ?? 6_000 }
  static var seed: UInt64 { ProcessInfo.processInfo.environment["GEOMETRY_FUZZ_SEED"].flatMap(UInt64.init) ?? 32 }

  @Test func extremeGeometryNeverTrapsOrLeavesNaNAndScreensAreFreed() {
    var fuzzer = GeometryFuzzer(seed: Self.seed)
    var leaked: [String] = []
    let start = Date()
    let perScenario = 60
    for index in 0..<max(1, Self.steps / perScenario) {
      for (name, object) in fuzzer.runScenario(index, stepsPerScenario: perScenario) where object() != nil {
        leaked.append("scenario \(index): \(name)")
      }
      if fuzzer.failures.count > 20 || leaked.count > 20 { break }
    }
    print(
      "GeometryFuzzTests: \(fuzzer.steps) steps in \(String(format: "%.1f", Date().timeIntervalSince(start))) s, "
        + "slowest screen \(String(format: "%.3f", fuzzer.slowestScreen)) s, \(fuzzer.failures.count) failures, "
        + "\(leaked.count) objects not freed (seed \(Self.seed))")
    #expect(fuzzer.failures.isEmpty, "\(fuzzer.failures.prefix(5).joined(separator: "\n"))")
    #expect(leaked.isEmpty, "\(leaked.prefix(5))")
  }

  @Test func storageEditsAreReportedAsTheyChangeTheText() {
    var rng = SeededRandomNumberGenerator(seed: Self.seed &+ 1)
    let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
    let recorder = StorageEditRecorder()
    let storage = textView.textStorage
    storage.delegate = recorder
    var failures: [String] = []
    let inserts = ["", "x", "😀", "e\u{301}", "漢", "ab"]
    let edits = max(100, Self.steps)
    for step in 0..<edits {
      if step % 50 == 0 { textView.text = (0..<6).map { _ in ["a", "😀", "👨‍👩‍👧", "字", "é"].randomElement(using: &rng)! }.joined() }
      let before = storage.string as NSString
      let length = before.length
      let location = Int.random(in: 0...length, using: &rng)
      let range = NSRange(location: location, length: Int.random(in: 0...min(3, length - location), using: &rng))
      let insert = inserts.randomElement(using: &rng)!
      recorder.reports = []
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: storage.deleteCharacters(in: range)
      case 1: storage.addAttribute(.foregroundColor, value: UIColor.red, range: range)
      default: storage.replaceCharacters(in: range, with: insert)
      }
      let after = storage.string as NSString
      if textView.text != storage.string { failures.append("step \(step): the view's text is not the storage's") }
      guard let report = recorder.reports.last else {
        if before != after { failures.append("step \(step): the text changed and nothing was reported") }
        continue
      }
      let delta = after.length - before.length
      if report.delta != delta { failures.append("step \(step): changeInLength \(report.delta), the length moved by \(delta)") }
      let edited = report.range
      if edited.location < 0 || NSMaxRange(edited) > after.length {
        failures.append("step \(step): editedRange \(edited) outside a text of \(after.length)")
        continue
      }
      // Outside the edited range the text is as it was (compared in UTF-16 units: a range in
      // the report may not be cut into Strings where it splits nothing, but an NSString's
      // substring traps on any cut inside a pair).
      let beforeUnits = (0..<before.length).map { before.character(at: $0) }
      let afterUnits = (0..<after.length).map { after.character(at: $0) }
      let prefix = afterUnits[..<edited.location]
      let suffix = afterUnits[NSMaxRange(edited)...]
      if suffix.count > beforeUnits.count - prefix.count
        || !beforeUnits.starts(with: prefix)
        || !beforeUnits.reversed().starts(with: suffix.reversed())
      {
        failures.append("step \(step): \(range) with \(insert.debugDescription) in \((before as String).debugDescription) → \((after as String).debugDescription) reported as \(edited), \(report.delta)")
      }
      if range.length == 0, report.mask.contains(.editedCharacters), after.length < before.length {
        failures.append("step \(step): an insertion removed text")
      }
      if failures.count > 20 { break }
    }
    #expect(failures.isEmpty, "\(failures.prefix(5).joined(separator: "\n"))")
  }
}
