import Foundation
import Testing
import UIKit
import UIKitTesting
@testable import WebHost

@MainActor
@Suite struct DisplayListDiffTests {
  let bounds = CGRect(x: 0, y: 0, width: 390, height: 844)

  func text(_ string: String, at frame: CGRect, caret: Int? = nil) -> DisplayItem {
    var run = TextRun(string: string, font: .systemFont(ofSize: 17), color: .black, alignment: .left)
    run.caretOffset = caret
    return DisplayItem(frame: frame, clip: bounds, content: .text(run))
  }

  func list(_ items: [DisplayItem]) -> DisplayList {
    var list = DisplayList()
    items.forEach { list.append($0) }
    return list
  }

  @Test func anUnchangedListChangesNothing() {
    let background = DisplayItem(frame: bounds, clip: bounds, content: .fill(UIColor(red: 1, green: 1, blue: 1, alpha: 1)))
    let a = list([background, text("212", at: CGRect(x: 10, y: 10, width: 100, height: 20))])
    // Equal colours and fonts made anew compare equal.
    let b = list([
      DisplayItem(frame: bounds, clip: bounds, content: .fill(UIColor(red: 1, green: 1, blue: 1, alpha: 1))),
      text("212", at: CGRect(x: 10, y: 10, width: 100, height: 20)),
    ])
    #expect(changedAreas(from: a, to: b, in: bounds).isEmpty)
  }

  @Test func aChangedItemIsRedrawnWhereItWasAndWhereItIs() {
    let a = list([text("21", at: CGRect(x: 10, y: 10, width: 100, height: 20)), text("x", at: CGRect(x: 10, y: 400, width: 50, height: 20))])
    let b = list([text("212", at: CGRect(x: 10, y: 12, width: 100, height: 20)), text("x", at: CGRect(x: 10, y: 400, width: 50, height: 20))])
    #expect(changedAreas(from: a, to: b, in: bounds) == [CGRect(x: 8, y: 8, width: 104, height: 26)])
    // A caret that moved is a change; two far-apart changes stay two rectangles.
    let c = list([text("21", at: CGRect(x: 10, y: 10, width: 100, height: 20), caret: 2), text("y", at: CGRect(x: 10, y: 400, width: 50, height: 20))])
    #expect(changedAreas(from: a, to: c, in: bounds).count == 2)
  }

  @Test func aLineThatIsJustifiedOrNotIsAChange() {
    // The same words fill another width when a line becomes (or stops being) justified.
    let plain = text("ab cd", at: CGRect(x: 10, y: 10, width: 100, height: 20))
    var justified = plain
    if case .text(var run) = justified.content {
      run.justifiedWidth = 100
      justified.content = .text(run)
    }
    #expect(changedAreas(from: list([plain]), to: list([justified]), in: bounds).count == 1)
    #expect(changedAreas(from: list([justified]), to: list([justified]), in: bounds).isEmpty)
  }

  @Test func itemsAddedOrRemovedAreChangesClippedToTheScreen() {
    let a = list([text("a", at: CGRect(x: 0, y: 0, width: 10, height: 10))])
    let b = list([text("a", at: CGRect(x: 0, y: 0, width: 10, height: 10)), text("b", at: CGRect(x: 380, y: 830, width: 40, height: 40))])
    #expect(changedAreas(from: a, to: b, in: bounds) == [CGRect(x: 378, y: 828, width: 12, height: 16)])
    #expect(changedAreas(from: b, to: a, in: bounds) == [CGRect(x: 378, y: 828, width: 12, height: 16)])
  }
}
