import Foundation
import Testing
import UIKit
import UIKitTesting

/// A field holding far more text than it shows draws, measures and hit-tests only the part
/// around the caret, and what it shows is what it would show if it laid out everything.
@MainActor
@Suite struct LongTextTests {
  func fieldRow(_ host: HeadlessHost) -> String {
    let row = host.caretCell!.row
    return host.screen().split(separator: "\n", omittingEmptySubsequences: false)[row].description
  }

  @Test func aScrolledLineShowsItsEndWithTheCaretAtTheRightEdge() {
    for length in [200, 100_000] {
      let (host, fields) = makeForm()
      fields[0].becomeFirstResponder()
      host.paste(String(repeating: "a", count: length) + "XYZ")
      let row = fieldRow(host)
      #expect(row.hasSuffix("aaaXYZ") || row.contains("aaaXYZ"), "length \(length): \(row)")
      let caret = host.caretCell!
      #expect(row.count == caret.column || row.count == caret.column + 1 || row.contains("]"))
    }
  }

  @Test func theSameLineLooksTheSameWhateverTheTextBeforeIt() {
    func screen(prefix: Int) -> String {
      let (host, fields) = makeForm()
      fields[0].becomeFirstResponder()
      host.paste(String(repeating: "b", count: prefix) + "日本語 emoji 👩‍👩‍👧 end")
      return fieldRow(host)
    }
    #expect(screen(prefix: 300) == screen(prefix: 300_000))
  }

  @Test func aTapInAScrolledFieldPutsTheCaretAtTheTappedCharacter() {
    // Text measured in cells, as the terminal host measures it, so a cell is a character.
    let controller = FormController(count: 1)
    let host = HeadlessHost(rootViewController: controller, measuresTextInCells: true)
    let field = controller.fields[0]
    field.becomeFirstResponder()
    let text = String(repeating: "c", count: 50_000) + "XYZ"
    host.paste(text)
    let caret = host.caretCell!
    // "Y" is two columns left of the caret: tap the middle of its cell.
    host.tap(at: CGPoint(x: (CGFloat(caret.column - 2) + 0.5) * 8, y: (CGFloat(caret.row) + 0.5) * 16))
    let range = field.selectedTextRange!
    #expect(field.offset(from: field.beginningOfDocument, to: range.start) == 50_001)
    #expect(range.isEmpty)
  }

  @Test func aKeystrokeAfterAHugePasteEditsAtTheCaret() {
    let (host, fields) = makeForm()
    fields[0].becomeFirstResponder()
    host.paste(String(repeating: "d", count: 1_000_000))
    host.type("!")
    #expect(fields[0].text?.utf16.count == 1_000_001)
    #expect(fieldRow(host).contains("dd!"))
    fields[0].isSecureTextEntry = true
    #expect(fieldRow(host).contains("•••"))
  }
}
