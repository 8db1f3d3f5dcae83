// snapshotbench: image snapshots as a test suite takes them — swift-snapshot-testing's
// `verifySnapshot` with this package's `.image(on:)` strategy, references read from disk — on
// an iPhone 13's screen (390 × 844 points) at 2 pixels a point.
//
//   swift run -c release --traits Pixels snapshotbench              1,000 screens: record, then compare
//   swift run -c release --traits Pixels snapshotbench --count 50   fewer screens
//
// Each screen is a different form (its title and field texts carry the screen's number), so
// every comparison reads its own reference. Three passes: record (render and write each PNG),
// compare (render, read and decode the reference, compare: the pass a test suite runs every
// day), and a few failing comparisons (the reference no longer matches: the failed image is
// written, and the reference, failure and difference images made for the message).
// It also checks that a screen drawn twice gives the same PNG bytes.
import Foundation
import UIKit

#if Pixels
  import SnapshotTesting
  import UIKitSnapshotTesting

  /// A form like the screens apps snapshot: a navigation bar, labels, rounded fields, a switch,
  /// a segmented control, notes in a text view and a button.
  @MainActor
  final class FormScreen: UIViewController {
    let number: Int
    init(number: Int) {
      self.number = number
      super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
      super.viewDidLoad()
      title = "Person \(number)"
      view.backgroundColor = .systemBackground
      let stack = UIStackView()
      stack.axis = .vertical
      stack.spacing = 12
      stack.translatesAutoresizingMaskIntoConstraints = false
      for (label, text) in [("Name", "Ada Lovelace \(number)"), ("Email", "ada\(number)@example.com"), ("Phone", "+44 20 7946 \(1000 + number % 9000)")] {
        let title = UILabel()
        title.text = label
        title.font = .preferredFont(forTextStyle: .footnote)
        title.textColor = .secondaryLabel
        let field = UITextField()
        field.borderStyle = .roundedRect
        field.text = text
        field.clearButtonMode = .always
        stack.addArrangedSubview(title)
        stack.addArrangedSubview(field)
      }
      let row = UIStackView()
      row.spacing = 8
      let subscribed = UILabel()
      subscribed.text = "Newsletter"
      let toggle = UISwitch()
      toggle.isOn = number % 2 == 0
      row.addArrangedSubview(subscribed)
      row.addArrangedSubview(toggle)
      stack.addArrangedSubview(row)
      let plan = UISegmentedControl(items: ["Free", "Plus", "Pro"])
      plan.selectedSegmentIndex = number % 3
      stack.addArrangedSubview(plan)
      let notes = UITextView()
      notes.font = .preferredFont(forTextStyle: .body)
      notes.text = """
        Notes for person \(number): the first programmer, who saw that the engine could act \
        upon other things besides number. Ünïcödé, 日本語 and emoji 👩‍💻 are drawn too.
        """
      notes.layer.cornerRadius = 8
      notes.backgroundColor = .secondarySystemBackground
      notes.heightAnchor.constraint(equalToConstant: 160).isActive = true
      stack.addArrangedSubview(notes)
      let save = UIButton(type: .system)
      save.setTitle("Save", for: .normal)
      stack.addArrangedSubview(save)
      view.addSubview(stack)
      NSLayoutConstraint.activate([
        stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
        stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
        stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
      ])
    }
  }

  @MainActor
  func screen(_ number: Int) -> UINavigationController {
    UINavigationController(rootViewController: FormScreen(number: number))
  }

  struct Options {
    var count = 1000
    var failing = 5
    init(_ arguments: [String]) {
      var it = arguments.dropFirst().makeIterator()
      while let argument = it.next() {
        switch argument {
        case "--count": count = max(1, Int(it.next() ?? "") ?? count)
        case "--failing": failing = max(0, Int(it.next() ?? "") ?? failing)
        case "-h", "--help":
          print("usage: snapshotbench [--count N] [--failing N]")
          exit(0)
        default:
          FileHandle.standardError.write(Data("snapshotbench: unknown option \(argument)\n".utf8))
          exit(2)
        }
      }
    }
  }

  @MainActor
  func run(_ options: Options) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("snapshotbench-\(getpid())")
    let artifacts = directory.appendingPathComponent("artifacts")
    setenv("SNAPSHOT_ARTIFACTS", artifacts.path, 1)
    defer { if getenv("SNAPSHOTBENCH_KEEP") == nil { try? FileManager.default.removeItem(at: directory) } }
    let strategy = Snapshotting<UIViewController, RGBAImage>.image(on: .iPhone13)

    func verify(_ number: Int, of controller: UIViewController, record: SnapshotTestingConfiguration.Record) -> String? {
      verifySnapshot(
        of: controller, as: strategy, named: "screen-\(number)", record: record,
        snapshotDirectory: directory.path, testName: "snapshotbench")
    }

    // Same bytes twice (the renderer keeps no state between frames that changes them).
    let first = PNGEncoder.encode(strategy.snapshot(screen(0)).runSynchronously())
    let second = PNGEncoder.encode(strategy.snapshot(screen(0)).runSynchronously())
    guard first == second else {
      print("snapshotbench: the same screen drawn twice gave different PNG bytes")
      exit(1)
    }

    var clock = ContinuousClock.now
    for number in 0..<options.count {
      // Recording "fails" with the message that it recorded.
      _ = verify(number, of: screen(number), record: .all)
    }
    let recorded = ContinuousClock.now - clock

    clock = ContinuousClock.now
    for number in 0..<options.count {
      if let failure = verify(number, of: screen(number), record: .never) {
        print("snapshotbench: screen \(number) does not match its reference:\n\(failure)")
        exit(1)
      }
    }
    let compared = ContinuousClock.now - clock

    let failing = min(options.failing, options.count)
    clock = ContinuousClock.now
    for number in 0..<failing {
      // Screen number + 1 against screen number's reference: a few characters differ.
      guard verify(number, of: screen(number + 1), record: .never) != nil else {
        print("snapshotbench: a different screen matched screen \(number)'s reference")
        exit(1)
      }
    }
    let failed = ContinuousClock.now - clock

    // Near misses within tolerances, the case swift-snapshot-testing's issue 573 timed (13 s an
    // image): a neighbouring screen against a reference, passing at precision 0.97 with a
    // perceptual precision of 0.98, so every differing pixel's colour difference is computed.
    let tolerant = Snapshotting<UIViewController, RGBAImage>.image(on: .iPhone13, precision: 0.97, perceptualPrecision: 0.98)
    clock = ContinuousClock.now
    for number in 0..<failing {
      if let failure = verifySnapshot(
        of: screen(number + 1), as: tolerant, named: "screen-\(number)", record: .never,
        snapshotDirectory: directory.path, testName: "snapshotbench")
      {
        print("snapshotbench: screen \(number + 1) is not within the tolerances of screen \(number)'s reference:\n\(failure)")
        exit(1)
      }
    }
    let nearMisses = ContinuousClock.now - clock

    func seconds(_ d: Duration) -> Double {
      Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    // Where a comparison's time goes, on the first screens: laying out and drawing the screen,
    // and reading its reference PNG.
    let sample = min(options.count, 50)
    clock = ContinuousClock.now
    for number in 0..<sample { _ = strategy.snapshot(screen(number)).runSynchronously() }
    let drawing = seconds(ContinuousClock.now - clock) * 1000 / Double(sample)
    let references = (0..<sample).map { try! Data(contentsOf: directory.appendingPathComponent("snapshotbench.screen-\($0).png")) }
    clock = ContinuousClock.now
    for data in references { _ = PNGDecoder.decode(data, scale: 2) }
    let decoding = seconds(ContinuousClock.now - clock) * 1000 / Double(sample)
    let bytes = (try? Data(contentsOf: directory.appendingPathComponent("snapshotbench.screen-0.png")).count) ?? 0
    print("""
      snapshotbench: \(options.count) screens of 390 × 844 points at @2x (780 × 1688 pixels), PNG reference \(bytes / 1024) KB
        record:  \(String(format: "%.2f", seconds(recorded))) s (\(String(format: "%.1f", seconds(recorded) * 1000 / Double(options.count))) ms a snapshot)
        compare: \(String(format: "%.2f", seconds(compared))) s (\(String(format: "%.1f", seconds(compared) * 1000 / Double(options.count))) ms a snapshot)
      """)
    print("    of which: the screen laid out and drawn \(String(format: "%.1f", drawing)) ms, the reference read \(String(format: "%.1f", decoding)) ms")
    if failing > 0 {
      print("  failing: \(String(format: "%.1f", seconds(failed) * 1000 / Double(failing))) ms a snapshot (over \(failing): the message, the failed image written, the attachments made)")
      print("  within tolerances (precision 0.97, perceptual precision 0.98): \(String(format: "%.1f", seconds(nearMisses) * 1000 / Double(failing))) ms a snapshot")
    }
  }

  extension Async {
    /// The value of a strategy's snapshot, which these strategies produce synchronously.
    func runSynchronously() -> Value {
      var result: Value?
      run { result = $0 }
      guard let result else { fatalError("snapshotbench: the strategy did not produce its snapshot synchronously") }
      return result
    }
  }

  MainActor.assumeIsolated { run(Options(CommandLine.arguments)) }
#else
  FileHandle.standardError.write(Data("snapshotbench draws pixels: build it with the Pixels trait (swift run -c release --traits Pixels snapshotbench)\n".utf8))
  exit(2)
#endif
