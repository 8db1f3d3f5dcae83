import Foundation
import TextEditing
import UIKit

// Find-all of a word in a long text (issue 30's goal: 1M characters in ≤ 20 ms), three ways,
// the median of the repetitions each:
// - "engine": TextEditing's TextSearch alone (case- and diacritic-insensitive, as the find
//   panel searches by default);
// - "text view session": what the find panel does in a UITextView — a UITextSearchingFindSession
//   runs the view's search, keeps every match in order and decorates each, then highlights the
//   first (selecting it and scrolling to it);
// - "NSString loop": what an app would write without a find API, `range(of:options:range:)`
//   from each match's end with the same options, on an NSString made once.
// The text is the benchmarks' mixed prose (Latin, CJK, emoji, accents) at 10k, 100k and 1M
// UTF-16 units; the word "fox" is in every sentence.

@MainActor
func findWorkloads() -> [String: Any] {
  UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
  var result: [String: Any] = [:]
  let repetitions = max(5, options.repetitions)
  let query = "fox"
  let search = TextSearch(caseInsensitive: true, diacriticInsensitive: true)
  for size in [10_000, 100_000, 1_000_000] {
    // Whole sentences, up to `size` UTF-16 units.
    let text = String(repeating: Texts.prose, count: size / Texts.prose.utf16.count)
    let buffer = TextBuffer(text)
    let string = text as NSString
    let window = UIWindow(frame: UIScreen.main.bounds)
    let controller = UIViewController()
    window.rootViewController = controller
    let textView = UITextView(frame: CGRect(x: 16, y: 100, width: 358, height: 300))
    textView.text = text
    controller.view.addSubview(textView)
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    let session = UITextSearchingFindSession(searchableObject: textView)

    var engine: [Double] = []
    var viewSession: [Double] = []
    var loop: [Double] = []
    var counts: (Int, Int, Int) = (0, 0, 0)
    for _ in 0..<repetitions {
      var start = nanoseconds()
      let ranges = search.ranges(of: query, in: buffer)
      engine.append(Double(nanoseconds() - start) / 1e6)
      counts.0 = ranges.count

      start = nanoseconds()
      session.performSearch(query: query, options: nil)
      session.highlightNextResult(in: .forward)
      viewSession.append(Double(nanoseconds() - start) / 1e6)
      counts.1 = session.resultCount
      session.invalidateFoundResults()

      start = nanoseconds()
      var found = 0
      var from = 0
      while from < string.length {
        let r = string.range(
          of: query, options: [.caseInsensitive, .diacriticInsensitive],
          range: NSRange(location: from, length: string.length - from))
        if r.location == NSNotFound { break }
        found += 1
        from = r.location + r.length
      }
      loop.append(Double(nanoseconds() - start) / 1e6)
      counts.2 = found
    }
    guard counts.0 == counts.1, counts.0 == counts.2 else {
      fatalError("uikitbench --find: the three searches disagree at \(size): \(counts)")
    }
    result["\(size)"] = [
      "utf16": buffer.utf16Count, "matches": counts.0,
      "engine_ms": median(engine), "text_view_session_ms": median(viewSession), "nsstring_loop_ms": median(loop),
    ]
  }
  return result
}
