// Reading `text` while typing (issue 17, item 7): a delegate that reads the field's text on
// every key, as WorldTrotter's (and the book's) does, must keep typing linear; reading the text
// of a million characters must cost next to nothing.
import Foundation
import TextEditing
import UIKit

/// WorldTrotter's delegate, as the book writes it: on every change it reads the field's text and
/// searches it for the decimal separator (refusing a second one), and refuses letters.
@MainActor
final class TextReadingDelegate: NSObject, UITextFieldDelegate {
  var asked = 0

  func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
    asked += 1
    let existingTextHasDecimalSeparator = textField.text?.range(of: ".")
    let replacementTextHasDecimalSeparator = string.range(of: ".")
    let replacementTextHasLetters = string.rangeOfCharacter(from: .letters)
    if existingTextHasDecimalSeparator != nil, replacementTextHasDecimalSeparator != nil { return false }
    return replacementTextHasLetters == nil
  }
}

/// The keys of a long number: "12." and then digits.
func numberKeys(_ count: Int) -> [HardwareKey] {
  let digits = Array("0123456789").map { HardwareKey(.character(String($0))) }
  let start = ["1", "2", "."].map { HardwareKey(.character($0)) }
  return (0..<count).map { $0 < start.count ? start[$0] : digits[$0 % digits.count] }
}

/// Presses `keys[range]` through the window.
@MainActor @inline(never)
func pressKeys(_ window: UIWindow, _ keys: [HardwareKey], _ range: Range<Int>) {
  for i in range { window._press(keys[i]) }
}

/// Types 100 KB (102,400 keys of a number) into an empty field whose delegate reads the text on
/// every key: seconds in all, and ns per key over the first and the last 10 KB (equal when
/// typing stays linear).
@MainActor
func typingWithTextReadingDelegate(_ rig: Rig) -> [String: Any] {
  let keys = options.keys ?? 102_400
  let slice = max(1, keys / 10)
  let pressed = numberKeys(keys)
  let delegate = TextReadingDelegate()
  rig.field.delegate = delegate
  defer { rig.field.delegate = rig.delegate }
  var totals: [Double] = []
  var firsts: [Double] = []
  var lasts: [Double] = []
  for _ in 0..<max(1, options.repetitions / 3) {
    rig.reset("")
    delegate.asked = 0
    let start = nanoseconds()
    pressKeys(rig.window, pressed, 0..<slice)
    let afterFirst = nanoseconds()
    pressKeys(rig.window, pressed, slice..<(keys - slice))
    let beforeLast = nanoseconds()
    pressKeys(rig.window, pressed, (keys - slice)..<keys)
    let end = nanoseconds()
    totals.append(Double(end - start) / 1e9)
    firsts.append(Double(afterFirst - start) / Double(slice))
    lasts.append(Double(end - beforeLast) / Double(slice))
    precondition(rig.utf16Length == keys && delegate.asked == keys, "text reading: the field did not take every key")
  }
  return [
    "keys": keys, "seconds": median(totals), "samples": totals,
    "ns_per_key_first_tenth": median(firsts), "ns_per_key_last_tenth": median(lasts),
  ]
}

/// Typing digits in the middle of a number of a million digits (after "12."), with WorldTrotter's
/// delegate reading the text on every key (its search for the separator stops at the third
/// character), and without a delegate reading: µs per key, each the median of the repetitions'
/// means over `--keys` keys (2,000 by default).
@MainActor
func typingInTheMiddleWithTextReadingDelegate(_ rig: Rig) -> [String: Any] {
  let keys = options.keys ?? 2_000
  let text = "12." + String(repeating: "0123456789", count: 100_000)
  let middle = text.utf16.count / 2
  let digits = (0..<keys).map { HardwareKey(.character(String($0 % 10))) }
  let delegate = TextReadingDelegate()
  var reading: [Double] = []
  var notReading: [Double] = []
  for _ in 0..<max(1, options.repetitions / 3) {
    for reads in [true, false] {
      if reads { rig.field.delegate = delegate }
      rig.reset(text, caret: middle)
      let start = nanoseconds()
      pressKeys(rig.window, digits, 0..<keys)
      let perKey = Double(nanoseconds() - start) / 1e3 / Double(keys)
      rig.field.delegate = rig.delegate
      precondition(rig.utf16Length == text.utf16.count + keys, "typing in the middle: the field did not take every key")
      if reads { reading.append(perKey) } else { notReading.append(perKey) }
    }
  }
  return [
    "keys": keys, "utf16_length": text.utf16.count,
    "us_per_key_delegate_reading": median(reading), "us_per_key_no_reader": median(notReading),
  ]
}

/// Reading `text` of a million characters (ASCII, and the mixed prose of W2): µs per read, just
/// after setting the text, after typing one key at its end, after typing one key at its middle,
/// and reading again with nothing changed; a key in the middle and the read after it when the
/// text was read before the key (a delegate that reads `text` on every key), and that read when
/// the caller still holds the string it read before the key; and the engine's rope → String
/// conversion alone.
@MainActor
func readingText(_ rig: Rig) -> [String: Any] {
  var result: [String: Any] = [:]
  let texts = [
    ("ascii", Texts.repeated(Texts.pasteASCIIUnit, scalars: 1_000_000)),
    ("mixed", Texts.repeated(Texts.prose, scalars: 1_000_000)),
  ]
  let reads = max(5, options.repetitions)
  for (name, text) in texts {
    var afterSet: [Double] = []
    var afterKeyAtEnd: [Double] = []
    var afterKeyInMiddle: [Double] = []
    var again: [Double] = []
    var readerKeyInMiddle: [Double] = []
    var readerReadAfterKeyInMiddle: [Double] = []
    var readerHoldingReadAfterKeyInMiddle: [Double] = []
    var engine: [Double] = []
    let middle = Texts.middleText(scalars: 1_000_000).middleUTF16
    for r in 0..<reads {
      rig.reset(text)
      var start = nanoseconds()
      var read = rig.field.text
      afterSet.append(Double(nanoseconds() - start) / 1e3)
      precondition(read?.utf8.count == text.utf8.count, "reading: wrong text")
      read = nil

      rig.window._press(typedKeys[r % typedKeys.count])
      start = nanoseconds()
      read = rig.field.text
      afterKeyAtEnd.append(Double(nanoseconds() - start) / 1e3)
      start = nanoseconds()
      blackHole(rig.field.text)
      again.append(Double(nanoseconds() - start) / 1e3)
      precondition(read?.utf8.count == text.utf8.count + 1, "reading: the key did not land")
      read = nil

      rig.reset(text, caret: middle)
      rig.window._press(typedKeys[r % typedKeys.count])
      start = nanoseconds()
      read = rig.field.text
      afterKeyInMiddle.append(Double(nanoseconds() - start) / 1e3)
      precondition(read?.utf8.count == text.utf8.count + 1, "reading: the key did not land")
      read = nil

      // A reader on every key (a delegate reading `text` and dropping it): the key in the
      // middle notes its edit for the string the buffer keeps, and the read after it applies
      // the edit to that string in place. Measured in the steady state of such typing: one key
      // and read first, so that the kept string is the field's own (the string given to `text`
      // is this benchmark's too, and the first read after a key copies it; that copy is what
      // the case after this one measures).
      rig.reset(text, caret: middle)
      blackHole(rig.field.text)
      rig.window._press(typedKeys[r % typedKeys.count])
      blackHole(rig.field.text)
      start = nanoseconds()
      rig.window._press(typedKeys[(r + 1) % typedKeys.count])
      readerKeyInMiddle.append(Double(nanoseconds() - start) / 1e3)
      start = nanoseconds()
      read = rig.field.text
      readerReadAfterKeyInMiddle.append(Double(nanoseconds() - start) / 1e3)
      precondition(read?.utf8.count == text.utf8.count + 2, "reading: the key did not land")
      read = nil

      // The same, but the caller still holds the string it read before the key (which must not
      // change): the read copies the kept string before bringing it up to date. (The first
      // key and read after setting `text` here, the string set being still held.)
      rig.reset(text, caret: middle)
      var held = rig.field.text
      rig.window._press(typedKeys[r % typedKeys.count])
      start = nanoseconds()
      read = rig.field.text
      readerHoldingReadAfterKeyInMiddle.append(Double(nanoseconds() - start) / 1e3)
      precondition(
        read?.utf8.count == text.utf8.count + 1 && held?.utf8.count == text.utf8.count,
        "reading: the key did not land, or changed a string read before it")
      read = nil
      held = nil

      // The rope → String conversion alone (what a read costs when the buffer keeps no string:
      // after more edits than it notes between two reads).
      var buffer = TextBuffer(text)
      buffer.replace(0..<0, with: "x")
      start = nanoseconds()
      let built = buffer.substring(0..<buffer.utf16Count)
      engine.append(Double(nanoseconds() - start) / 1e3)
      precondition(built.utf8.count == text.utf8.count + 1, "reading: the engine built the wrong text")
    }
    result[name] = [
      "utf16_length": text.utf16.count,
      "us_after_set": median(afterSet), "us_after_key_at_end": median(afterKeyAtEnd),
      "us_after_key_in_middle": median(afterKeyInMiddle), "us_again": median(again),
      "us_key_in_middle_after_a_read": median(readerKeyInMiddle),
      "us_read_after_key_in_middle_after_a_read": median(readerReadAfterKeyInMiddle),
      "us_read_after_key_in_middle_holding_the_last_read":
        median(readerHoldingReadAfterKeyInMiddle),
      "us_engine_rope_to_string": median(engine),
    ]
  }
  return result
}

/// For a profiler: `count` reads of the text of a million mixed characters, each after a key
/// typed at its middle (the read that brings the kept string up to date).
@MainActor
func profileReadingAfterMiddleKeys(_ rig: Rig, _ count: Int) {
  let (text, _, middle) = Texts.middleText(scalars: 1_000_000)
  rig.reset(text, caret: middle)
  for i in 0..<count {
    rig.window._press(typedKeys[i % typedKeys.count])
    blackHole(rig.field.text)
  }
}

/// For a profiler: `count` builds of the string of a rope of a million ASCII characters.
func profileBuildingStrings(_ count: Int) {
  var buffer = TextBuffer(Texts.repeated(Texts.pasteASCIIUnit, scalars: 1_000_000))
  buffer.replace(0..<0, with: "x")
  for _ in 0..<count { blackHole(buffer.substring(0..<buffer.utf16Count)) }
}
