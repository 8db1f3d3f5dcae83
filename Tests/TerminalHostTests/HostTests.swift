import Foundation
import Testing
import UIKit

@testable import TerminalHost

@Suite struct KeyMappingTests {
  typealias K = TerminalKey

  @Test(arguments: [
    (K(.character("c"), modifiers: .control), HostAction.quit),
    (K(.character("q"), modifiers: .control), .quit),
    (K(.character("k"), modifiers: .control), .toggleSoftwareKeyboard),
    (K(.character("t"), modifiers: .control), .toggleAppearance),
    (K(.character("z"), modifiers: .control), .key(HardwareKey(.character("z"), modifiers: .command))),
    (K(.character("y"), modifiers: .control), .key(HardwareKey(.character("z"), modifiers: [.command, .shift]))),
    (K(.character("z"), modifiers: [.control, .shift]), .key(HardwareKey(.character("z"), modifiers: [.command, .shift]))),
    (K(.character("a"), modifiers: .control), .key(HardwareKey(.character("a"), modifiers: .command))),
    (K(.character("v"), modifiers: .control), .key(HardwareKey(.character("v"), modifiers: .command))),
    (K(.character("c"), modifiers: .command), .key(HardwareKey(.character("c"), modifiers: .command))),
    (K(.character("j"), modifiers: .control), .ignore),
    (K(.character("f"), modifiers: .control), .key(HardwareKey(.character("f"), modifiers: .command))),
    (K(.character("f"), modifiers: [.control, .option]), .key(HardwareKey(.character("f"), modifiers: [.command, .option]))),
    (K(.character("g"), modifiers: .control), .key(HardwareKey(.character("g"), modifiers: .command))),
    (K(.character("G"), modifiers: [.control, .shift]), .key(HardwareKey(.character("g"), modifiers: [.command, .shift]))),
    (K(.character("A")), .key(HardwareKey(.character("A")))),
    (K(.character("日")), .key(HardwareKey(.character("日")))),
    (K(.enter), .key(HardwareKey(.returnKey))),
    (K(.tab, modifiers: .shift), .key(HardwareKey(.tab, modifiers: .shift))),
    (K(.backspace, modifiers: .control), .key(HardwareKey(.backspace, modifiers: .option))),
    (K(.left, modifiers: .control), .key(HardwareKey(.left, modifiers: .option))),
    (K(.right, modifiers: [.shift, .option]), .key(HardwareKey(.right, modifiers: [.shift, .option]))),
    (K(.delete), .key(HardwareKey(.deleteForward))),
    (K(.insert, modifiers: .shift), .key(HardwareKey(.character("v"), modifiers: .command))),
    (K(.function(5)), .ignore),
  ])
  func terminalKeysMapLikeTheSimulatorsMacKeyboard(key: TerminalKey, expected: HostAction) {
    #expect(KeyMapping.action(for: key) == expected)
  }
}

@Suite struct AppearanceOptionTests {
  @Test func theAppearanceStartsLightUnlessAskedOrTheTerminalIsDark() throws {
    #expect(try TerminalOptions.parse([]).initialAppearance(environment: ["COLORFGBG": "15;0"]) == .light)
    #expect(try TerminalOptions.parse(["--appearance", "dark"]).initialAppearance(environment: [:]) == .dark)
    let auto = try TerminalOptions.parse(["--appearance", "auto"])
    #expect(auto.initialAppearance(environment: ["COLORFGBG": "15;0"]) == .dark, "white on black")
    #expect(auto.initialAppearance(environment: ["COLORFGBG": "0;default;15"]) == .light, "black on white")
    #expect(auto.initialAppearance(environment: ["COLORFGBG": "7;8"]) == .dark)
    #expect(auto.initialAppearance(environment: [:]) == .light, "unknown: light, as a new device starts")
    #expect(throws: (any Error).self) { try TerminalOptions.parse(["--appearance", "sepia"]) }
  }
}

@Suite struct ScreenLayoutTests {
  @Test func theWindowTakesEverythingButTheHintRow() {
    let layout = ScreenLayout(columns: 80, rows: 24, showsTracePane: false)
    #expect(layout.appColumns == 80 && layout.appRows == 23 && layout.paneColumns == 0)
    #expect(layout.appSize(cellSize: TerminalApp.cellSize) == CGSize(width: 640, height: 368))
  }

  @Test func theTracePaneTakesTwoFifthsBehindARule() {
    let layout = ScreenLayout(columns: 120, rows: 30, showsTracePane: true)
    #expect(layout.paneColumns == 48)
    #expect(layout.appColumns == 71)
    #expect(layout.isInApp(column: 70, row: 0) && !layout.isInApp(column: 71, row: 0))
  }

  /// A terminal may report any size up to 65535 × 65535 (an emulator's bug, a fuzzer, a
  /// `stty cols 65535`): the host lays out and draws at most `maximumColumns` × `maximumRows`
  /// cells, so that the screens it keeps stay a few megabytes whatever the report says.
  @Test(arguments: [(65535, 65535), (8000, 8000), (65535, 24), (80, 65535)])
  func hugeSizesAreCapped(columns: Int, rows: Int) {
    for trace in [false, true] {
      let layout = ScreenLayout(columns: columns, rows: rows, showsTracePane: trace)
      #expect(layout.columns == min(columns, ScreenLayout.maximumColumns))
      #expect(layout.rows == min(rows, ScreenLayout.maximumRows))
      #expect(layout.appColumns + layout.paneColumns + (trace ? 1 : 0) == layout.columns)
      let app = layout.appSize(cellSize: TerminalApp.cellSize)
      #expect(app.width <= CGFloat(ScreenLayout.maximumColumns) * TerminalApp.cellSize.width)
      #expect(app.height <= CGFloat(ScreenLayout.maximumRows) * TerminalApp.cellSize.height)
      // What the host draws for that layout: the window's cells and the whole screen.
      let grid = CellRasterizer(cellSize: TerminalApp.cellSize).rasterize(DisplayList(), size: app)
      let screen = ScreenComposer.compose(app: grid, layout: layout, paneTitle: "Trace", paneLines: [], hint: "hint")
      #expect(screen.cells.count <= ScreenLayout.maximumColumns * ScreenLayout.maximumRows)
    }
  }

  @Test func sizesUpToTheCapAreKept() {
    let layout = ScreenLayout(columns: ScreenLayout.maximumColumns, rows: ScreenLayout.maximumRows, showsTracePane: false)
    #expect(layout.columns == ScreenLayout.maximumColumns && layout.rows == ScreenLayout.maximumRows)
    #expect(ScreenLayout(columns: 300, rows: 100, showsTracePane: false).columns == 300)
  }

  @Test func narrowTerminalsHaveNoPaneAndTinyOnesNoHints() {
    #expect(ScreenLayout(columns: 40, rows: 24, showsTracePane: true).paneColumns == 0)
    #expect(!ScreenLayout(columns: 40, rows: 5, showsTracePane: false).showsHintRow)
  }
}

@Suite struct ScreenComposerTests {
  @Test func theAppThePaneAndTheHintsShareTheScreen() {
    let layout = ScreenLayout(columns: 60, rows: 8, showsTracePane: true)
    var app = CellGrid(columns: layout.appColumns, rows: layout.appRows)
    ScreenComposer.write("hello", into: &app, column: 0, row: 0, width: 10) { _ in }
    app.cursor = (5, 0)
    let screen = ScreenComposer.compose(
      app: app, layout: layout, paneTitle: "Trace", paneLines: (1...10).map { "line \($0)" }, hint: "hints")
    let lines = screen.lines
    #expect(lines[0].hasPrefix("hello"))
    #expect(lines[0].contains("│Trace"))
    // Six rows below the title: the last six lines, oldest first.
    #expect(lines[1].hasSuffix("│line 5") && lines[6].hasSuffix("│line 10"))
    #expect(lines[7] == "hints")
    #expect(screen[0, 7].isDim)
    #expect(screen.cursor?.column == 5 && screen.cursor?.row == 0)
  }

  @Test func traceLinesWrapIndented() {
    #expect(ScreenComposer.wrap("abcdefghij", width: 4, indent: "  ") == ["abcd", "  ef", "  gh", "  ij"])
    #expect(ScreenComposer.wrap("abc", width: 4, indent: "  ") == ["abc"])
  }

  @Test func longLinesEndInAnEllipsisAndWideCharactersAreNotCut() {
    var grid = CellGrid(columns: 10, rows: 1)
    ScreenComposer.write("日本語のテキスト", into: &grid, column: 0, row: 0, width: 10) { _ in }
    #expect(grid.lines[0] == "日本語の…")
    var exact = CellGrid(columns: 10, rows: 1)
    ScreenComposer.write("日本語のテ", into: &exact, column: 0, row: 0, width: 10) { _ in }
    #expect(exact.lines[0] == "日本語のテ")
  }

  @Test func controlCharactersNeverReachTheTerminal() {
    var grid = CellGrid(columns: 20, rows: 1)
    ScreenComposer.write("a\u{1B}[31mb\tc", into: &grid, column: 0, row: 0, width: 20) { _ in }
    #expect(grid.lines[0] == "a\u{FFFD}[31mb c")
  }
}
