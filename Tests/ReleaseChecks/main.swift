// Programmer errors report their message in a release build, as iOS raises its exception with
// a reason (issue 32, item 3: the standard library's `precondition` drops the message with -O,
// and a user's release build died with SIGILL and no text). `.ci/run` builds this with
// `-c release`, runs each case and reads what it printed on standard error.
//
// Usage: releasechecks storage-range | text-view-range | empty-constraint | layer-cycle | nan-frame
//   | nan-bounds | infinite-constant | nan-metric
import UIKit

switch CommandLine.arguments.dropFirst().first {
case "storage-range":
  NSTextStorage(string: "abc").replaceCharacters(in: NSRange(location: 5, length: 1), with: "x")
case "text-view-range":
  let textView = UITextView()
  textView.text = "abc"
  textView.textStorage.addAttribute(.kern, value: 2, range: NSRange(location: 1, length: 9))
case "empty-constraint":
  NSLayoutConstraint().isActive = true
case "layer-cycle":
  let layer = CALayer()
  layer.addSublayer(layer)
case "nan-frame":
  UIView().frame = CGRect(x: CGFloat.nan, y: 50, width: 200, height: 200)
case "nan-bounds":
  UIView().bounds.size.height = .nan
case "infinite-constant":
  _ = UIView().widthAnchor.constraint(equalToConstant: .infinity)
case "nan-metric":
  let container = UIView()
  let view = UIView()
  container.addSubview(view)
  _ = NSLayoutConstraint.constraints(withVisualFormat: "H:|-m-[view]", metrics: ["m": CGFloat.nan], views: ["view": view])
default:
  FileHandle.standardError.write(Data("usage: releasechecks storage-range | text-view-range | empty-constraint | layer-cycle | nan-frame | nan-bounds | infinite-constant | nan-metric\n".utf8))
  exit(2)
}
print("no programmer error was reported")
exit(0)
