import Testing
import UIKit

/// Widths of emoji sequences in a terminal that draws some of them as their parts.
@Suite struct TextWidthJoiningTests {
  @Test func sequencesDrawnApartTakeTheColumnsOfTheirParts() {
    let apart = EmojiJoining(modifiers: false, zeroWidthJoiner: false, flags: false, keycaps: false)
    let cases: [(String, joined: Int, apart: Int)] = [
      ("\u{1F44D}\u{1F3FF}", 2, 4),  // 👍🏿
      ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", 2, 6),  // 👨‍👩‍👧
      ("\u{1F1FA}\u{1F1F8}", 2, 4),  // 🇺🇸
      ("1\u{FE0F}\u{20E3}", 2, 1),  // 1️⃣
      ("\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}", 2, 6),  // 👩🏽‍💻
      ("e\u{301}", 1, 1),  // é: not an emoji sequence
      ("漢", 2, 2),
      ("a", 1, 1),
    ]
    for (text, joined, apartWidth) in cases {
      let character = Character(text)
      #expect(TextWidth.columns(of: character) == joined, "\(text.debugDescription)")
      #expect(TextWidth.columns(of: character, joining: .all) == joined)
      #expect(TextWidth.columns(of: character, joining: apart) == apartWidth, "\(text.debugDescription)")
    }
    #expect(TextWidth.columns(of: "a\u{1F44D}\u{1F3FF}b", joining: apart) == 6)
  }

  @Test func eachKindIsDecidedOnItsOwn() {
    let onlyModifiersApart = EmojiJoining(modifiers: false)
    #expect(TextWidth.columns(of: Character("\u{1F44D}\u{1F3FF}"), joining: onlyModifiersApart) == 4)
    #expect(TextWidth.columns(of: Character("\u{1F1FA}\u{1F1F8}"), joining: onlyModifiersApart) == 2)
    // tmux 3.3 joins ZWJ sequences but not modifiers: 👩🏽‍💻 is 👩 and 🏽 with 💻 in its cells.
    #expect(TextWidth.columns(of: Character("\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}"), joining: onlyModifiersApart) == 4)
    #expect(TextWidth.columns(of: Character("\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}"), joining: EmojiJoining(keycaps: false)) == 2)
    // Drawn apart at the joiners, each part keeps its modifier joined or not.
    let zwjApart = EmojiJoining(zeroWidthJoiner: false)
    #expect(TextWidth.columns(of: Character("\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}"), joining: zwjApart) == 4)
  }

  @MainActor @Test func theCellGridGivesASequenceDrawnApartItsColumns() throws {
    let apart = EmojiJoining(modifiers: false, zeroWidthJoiner: false, flags: false, keycaps: false)
    let field = UITextField(frame: CGRect(x: 0, y: 0, width: 160, height: 16))
    field.text = "a\u{1F44D}\u{1F3FF}b"
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 160, height: 16))
    window.textMeasurer = CellTextMeasurer(cellSize: CGSize(width: 8, height: 16), joining: apart)
    window.addSubview(field)
    window.layoutIfNeeded()
    let grid = CellRasterizer(cellSize: CGSize(width: 8, height: 16), joining: apart).rasterize(window.displayList(), size: window.bounds.size)
    let row = (0..<grid.columns).map { grid[$0, 0] }
    let start = try #require(row.firstIndex { $0.text == "a" })
    #expect(row[start + 1].text == "\u{1F44D}\u{1F3FF}")
    let continued = row[(start + 2)...(start + 4)].allSatisfy { $0.isContinuation }
    #expect(continued, "three continuation cells")
    #expect(row[start + 5].text == "b")
  }
}
