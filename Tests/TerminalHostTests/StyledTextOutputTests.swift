import Testing
import UIKit

@testable import TerminalHost

/// The bytes for `grid`, as a string with ESC shown as "⎋".
private func output(_ grid: CellGrid, writer: inout ScreenWriter) -> String {
  String(decoding: writer.update(to: grid), as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "⎋")
}

@Suite struct StyledTextOutputTests {
  @Test func italicAndStrikethroughAreSGR3And9AndEndWith23And29() {
    var grid = CellGrid(columns: 4, rows: 1)
    grid[0, 0].text = "i"
    grid[0, 0].isItalic = true
    grid[1, 0].text = "s"
    grid[1, 0].isStrikethrough = true
    grid[2, 0].text = "p"
    var writer = ScreenWriter(colorMode: .trueColor)
    #expect(output(grid, writer: &writer) == "⎋[?25l⎋[m⎋[2J⎋[H⎋[3mi⎋[0;9ms⎋[mp")
    // Only what changed is written again: "i" without italic, in the plain style the terminal
    // is already in after "p".
    grid[0, 0].isItalic = false
    #expect(output(grid, writer: &writer) == "\ri")
    grid[1, 0].isStrikethrough = false
    grid[1, 0].isItalic = true
    #expect(output(grid, writer: &writer) == "⎋[3ms")
  }

  @Test func linksAreOSC8HyperlinksClosedAfterTheLinkedText() {
    var grid = CellGrid(columns: 8, rows: 1)
    for (i, ch) in "go here".enumerated() { grid[i, 0].text = String(ch) }
    for i in 3..<7 { grid[i, 0].link = "https://example.com/a b" }
    var writer = ScreenWriter(colorMode: .trueColor)
    let bytes = output(grid, writer: &writer)
    #expect(bytes.contains("go ⎋]8;;https://example.com/a%20b⎋\\here⎋]8;;⎋\\"))
    // A link that changes target is written again with the new one.
    for i in 3..<7 { grid[i, 0].link = "https://example.org" }
    let update = output(grid, writer: &writer)
    #expect(update.contains("⎋]8;;https://example.org⎋\\here⎋]8;;⎋\\"))
    // A terminal that shows OSC 8 gets none.
    var plain = ScreenWriter(colorMode: .trueColor, writesHyperlinks: false)
    #expect(!output(grid, writer: &plain).contains("]8;;"))
  }

  @Test func aLinkCannotSmuggleControlSequences() {
    var grid = CellGrid(columns: 2, rows: 1)
    grid[0, 0].text = "x"
    grid[0, 0].link = "a\u{1B}]0;title\u{07}"
    var writer = ScreenWriter(colorMode: .trueColor)
    let bytes = output(grid, writer: &writer)
    #expect(bytes.contains("⎋]8;;a%1B]0;title%07⎋\\x"))
  }
}
