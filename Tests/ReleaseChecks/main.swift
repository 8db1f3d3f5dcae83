// Programmer errors report their message in a release build, as iOS raises its exception with
// a reason (issue 32, item 3: the standard library's `precondition` drops the message with -O,
// and a user's release build died with SIGILL and no text). `.ci/run` builds this with
// `-c release`, runs each case and reads what it printed on standard error.
//
// Usage: releasechecks storage-range | text-view-range | empty-constraint | layer-cycle | nan-frame
//   | nan-bounds | infinite-constant | nan-metric | unregistered-cell | invalid-batch | duplicate-items
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
case "unregistered-cell":
  _ = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
    .dequeueReusableCell(withReuseIdentifier: "never-registered", for: IndexPath(item: 0, section: 0))
case "invalid-batch":
  final class Source: NSObject, UICollectionViewDataSource {
    var count = 2
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
      collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
  }
  let source = Source()
  let collectionView = UICollectionView(
    frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: UICollectionViewFlowLayout())
  collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
  collectionView.dataSource = source
  collectionView.layoutIfNeeded()
  // The data source now has 3 items, but the update inserts two.
  source.count = 3
  collectionView.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
case "duplicate-items":
  var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
  snapshot.appendSections([0])
  snapshot.appendItems(["a", "b", "a"])
default:
  FileHandle.standardError.write(Data("usage: releasechecks storage-range | text-view-range | empty-constraint | layer-cycle | nan-frame | nan-bounds | infinite-constant | nan-metric | unregistered-cell | invalid-batch | duplicate-items\n".utf8))
  exit(2)
}
print("no programmer error was reported")
exit(0)
