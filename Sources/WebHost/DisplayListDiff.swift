import UIKit

/// The parts of the window, in points, that may look different in `new` than in `old`: for each
/// item that differs between the two lists (compared in order), what it covered before and what
/// it covers now, each within its clip, widened by 2 points for what a host draws past an item's
/// frame (antialiased edges, a caret bar at a field's edge). Overlapping or touching rectangles
/// are merged. The browser front end redraws and sends only these: a keystroke in a field
/// changes the field and what depends on it, not the screen.
package func changedAreas(from old: DisplayList, to new: DisplayList, in bounds: CGRect) -> [CGRect] {
  var rects: [CGRect] = []
  func add(_ item: DisplayItem) {
    let area = item.frame.safeIntersection(item.clip).insetBy(dx: -2, dy: -2).safeIntersection(bounds)
    if !area.isNull, !area.isEmpty { rects.append(area) }
  }
  let common = min(old.items.count, new.items.count)
  for index in 0..<common where !sameDrawing(old.items[index], new.items[index]) {
    add(old.items[index])
    add(new.items[index])
  }
  old.items[common...].forEach(add)
  new.items[common...].forEach(add)
  return merged(rects)
}

/// Rectangles that overlap or come within 4 points of each other, merged into their union until
/// none do. Each area is redrawn in a pass over the whole list, so neighbours go together: a
/// keyboard whose letters change case is three rows redrawn, not 26 keys.
func merged(_ rects: [CGRect]) -> [CGRect] {
  var result: [CGRect] = []
  for rect in rects {
    var current = rect
    var changed = true
    while changed {
      changed = false
      let reach = current.insetBy(dx: -4, dy: -4)
      if let index = result.firstIndex(where: { $0.safeIntersects(reach) }) {
        current = current.union(result.remove(at: index))
        changed = true
      }
    }
    result.append(current)
  }
  return result
}

/// Whether two items draw the same pixels. Colours and fonts compare by value where UIKit's
/// `isEqual` says so; images by identity; gradients never (they are redrawn each time).
func sameDrawing(_ a: DisplayItem, _ b: DisplayItem) -> Bool {
  guard a.frame == b.frame, a.clip == b.clip, a.alpha == b.alpha, a.hosts == b.hosts else { return false }
  switch (a.content, b.content) {
  case (.fill(let x), .fill(let y)): return x.isEqual(y)
  case (.border(let k1, let c1), .border(let k2, let c2)): return k1 == k2 && c1.isEqual(c2)
  case (.text(let x), .text(let y)):
    return x.string == y.string && x.font.isEqual(y.font) && x.color.isEqual(y.color) && x.alignment == y.alignment
      && x.isPlaceholder == y.isPlaceholder && x.caretOffset == y.caretOffset && x.selectedRange == y.selectedRange
      && x.markedRange == y.markedRange && x.scrollsToCaret == y.scrollsToCaret && x.spans == y.spans
      && x.selectionHandles == y.selectionHandles && x.isCaretHidden == y.isCaretHidden && x.isRightToLeft == y.isRightToLeft
      && x.justifiedWidth == y.justifiedWidth && x.tabStops == y.tabStops
  case (.image(let x), .image(let y)): return x === y
  case (.path(let x), .path(let y)): return x == y
  case (.roundedFill(let c1, let r1), .roundedFill(let c2, let r2)): return c1.isEqual(c2) && r1 == r2
  default: return false
  }
}
