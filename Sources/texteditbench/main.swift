// texteditbench: the editing engine's cost per keystroke at the middle of short and long texts,
// and the cost of a 1 MB paste. Run in release: `swift run -c release texteditbench`.
// `--markdown FILE` also writes the results as a Markdown table (BENCHMARKS.md).
import Foundation
import TextEditing

struct Options {
  var markdownPath: String?
  var keys = 20_000
  var repetitions = 7
  var sizes = [1_000, 100_000, 1_000_000]
  var profileSize: Int?
  var profileOperation = "both"

  init(_ arguments: [String]) {
    var it = arguments.dropFirst().makeIterator()
    while let a = it.next() {
      switch a {
      case "--markdown": markdownPath = it.next()
      case "--keys": keys = Int(it.next() ?? "") ?? keys
      case "--repetitions": repetitions = Int(it.next() ?? "") ?? repetitions
      case "--profile": profileSize = Int(it.next() ?? "")
      case "--operation": profileOperation = it.next() ?? profileOperation
      case "--sizes": sizes = (it.next() ?? "").split(separator: ",").compactMap { Int($0) }
      case "-h", "--help":
        print(
          "usage: texteditbench [--markdown FILE] [--keys N] [--repetitions N] [--sizes 1000,100000,1000000]\n"
            + "       texteditbench --profile SIZE [--operation insert|delete|both|buffer-delete|paste-ascii|paste-mixed]")
        exit(0)
      default:
        FileHandle.standardError.write("texteditbench: unknown option \(a)\n".data(using: .utf8)!)
        exit(2)
      }
    }
  }
}

let options = Options(CommandLine.arguments)

@inline(never) func blackHole<T>(_ x: T) { withExtendedLifetime(x) {} }

func nanoseconds(_ body: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  return Double(DispatchTime.now().uptimeNanoseconds - start)
}

/// The median of `repetitions` runs of `body`, each returning nanoseconds.
func median(_ body: () -> Double) -> Double {
  var samples: [Double] = []
  for _ in 0..<options.repetitions { samples.append(body()) }
  samples.sort()
  return samples[samples.count / 2]
}

/// A text of `n` UTF-16 units: words of Latin letters, some CJK and an emoji, with line breaks.
func sampleText(_ n: Int) -> String {
  let unit = "The quick brown fox jumps over the lazy dog; 敏捷的狐狸 👍🏽 naïve café.\n"
  var units = Array(String(repeating: unit, count: n / unit.utf16.count + 1).utf16.prefix(n))
  // Do not end on half a surrogate pair.
  if let last = units.last, UTF16.isLeadSurrogate(last) { units[units.count - 1] = 0x78 }
  return String(decoding: units, as: UTF16.self)
}

struct Row {
  var label: String
  var values: [Double]
}

let sizes = options.sizes
let keys = options.keys
var rows: [Row] = []

/// Runs `command` `count` times through the state and the undo history: what UITextField's
/// mutation path runs per key. (Kept out of line so that a profiler can single it out.)
@inline(never)
func runCommands(_ command: EditingCommand, _ count: Int, _ state: inout EditorState, _ history: inout UndoHistory) {
  for _ in 0..<count {
    let tx = state.resolve(command)
    history.record(tx, before: state)
    state.apply(tx)
  }
}

func editorInsert(_ n: Int) -> Double {
  let text = TextBuffer(sampleText(n))
  return median {
    var state = EditorState(text: text, selection: .caret(n / 2))
    var history = UndoHistory()
    let t = nanoseconds { runCommands(.insertText("x"), keys, &state, &history) }
    blackHole(state)
    return t / Double(keys)
  }
}

/// Backspaces come in bursts of 300 from the middle of a fresh copy of the text (a 1k text has
/// only 500 characters before its middle), so every size does the same work.
let deleteBurst = 300

func editorDelete(_ n: Int) -> Double {
  let text = TextBuffer(sampleText(n))
  let bursts = max(1, keys / deleteBurst)
  return median {
    var total = 0.0
    for _ in 0..<bursts {
      var state = EditorState(text: text, selection: .caret(n / 2))
      var history = UndoHistory()
      total += nanoseconds { runCommands(.deleteBackward, deleteBurst, &state, &history) }
      blackHole(state)
    }
    return total / Double(bursts * deleteBurst)
  }
}

func bufferInsert(_ n: Int) -> Double {
  median {
    var buffer = TextBuffer(sampleText(n))
    let at = n / 2
    let t = nanoseconds {
      for k in 0..<keys { buffer.replace((at + k)..<(at + k), with: "x") }
    }
    blackHole(buffer)
    return t / Double(keys)
  }
}

func bufferDelete(_ n: Int) -> Double {
  let text = TextBuffer(String(repeating: "abcdefghij", count: n / 10))
  let bursts = max(1, keys / deleteBurst)
  let at = n / 2
  return median {
    var total = 0.0
    for _ in 0..<bursts {
      var buffer = text
      total += nanoseconds { runBufferDeletes(&buffer, at: at, deleteBurst) }
      blackHole(buffer)
    }
    return total / Double(bursts * deleteBurst)
  }
}

/// Backspaces straight on the rope: `count` of them, from `at` backwards.
@inline(never)
func runBufferDeletes(_ buffer: inout TextBuffer, at: Int, _ count: Int) {
  for k in 0..<count { buffer.replace((at - k - 1)..<(at - k), with: "") }
}

/// Pastes `text` into an empty editor, through resolve and apply, as UITextField will.
@inline(never)
func pasteOnce(_ text: String, into state: inout EditorState) {
  let tx = state.resolve(.paste(text))
  state.apply(tx)
}

let asciiMB = String(repeating: "The quick brown fox jumps over the lazy dog.\n", count: 1_048_576 / 45 + 1)
  .utf8.prefix(1_048_576)
let mixedMB = String(repeating: "Ünïcödé text, 中文 and emoji 👍🏽 mixed.\n", count: 1_048_576 / 52)

if let n = options.profileSize {
  // For a profiler: one operation at one size, many times over. Collect with
  // --toggle-collect='*runCommands*' (editor), '*runBufferDeletes*' (rope) or '*pasteOnce*'.
  switch options.profileOperation {
  case "buffer-delete":
    // As the "delete, text buffer" row: bursts of `deleteBurst` from the middle of a fresh copy.
    let text = TextBuffer(String(repeating: "abcdefghij", count: n / 10))
    for _ in 0..<options.repetitions {
      for _ in 0..<max(1, keys / deleteBurst) {
        var buffer = text
        runBufferDeletes(&buffer, at: n / 2, deleteBurst)
        blackHole(buffer)
      }
    }
  case "paste-ascii", "paste-mixed":
    let text = options.profileOperation == "paste-ascii" ? String(Substring(asciiMB)) : mixedMB
    for _ in 0..<options.repetitions {
      var state = EditorState()
      pasteOnce(text, into: &state)
      blackHole(state)
    }
  case "delete":
    // As the "delete backward, editor + undo" row: bursts of `deleteBurst` Backspaces from the
    // middle of a fresh copy (a 1k text has only 500 characters before its middle).
    let text = TextBuffer(sampleText(n))
    for _ in 0..<options.repetitions {
      for _ in 0..<max(1, keys / deleteBurst) {
        var state = EditorState(text: text, selection: .caret(n / 2))
        var history = UndoHistory()
        runCommands(.deleteBackward, deleteBurst, &state, &history)
        blackHole(state)
      }
    }
  default:
    let text = TextBuffer(sampleText(n))
    for _ in 0..<options.repetitions {
      var state = EditorState(text: text, selection: .caret(n / 2))
      var history = UndoHistory()
      if options.profileOperation != "delete" { runCommands(.insertText("x"), keys, &state, &history) }
      if options.profileOperation == "both" { runCommands(.deleteBackward, keys, &state, &history) }
      blackHole(state)
    }
  }
  exit(0)
}

rows.append(Row(label: "insert, editor + undo (ns/key)", values: sizes.map(editorInsert)))
rows.append(Row(label: "delete backward, editor + undo (ns/key)", values: sizes.map(editorDelete)))
rows.append(Row(label: "insert, text buffer (ns/key)", values: sizes.map(bufferInsert)))
rows.append(Row(label: "delete, text buffer (ns/key)", values: sizes.map(bufferDelete)))

func paste(_ text: String) -> Double {
  median {
    var state = EditorState()
    let t = nanoseconds { pasteOnce(text, into: &state) }
    blackHole(state)
    return t / 1e6
  }
}

let pasteASCII = paste(String(Substring(asciiMB)))
let pasteMixed = paste(mixedMB)

// Report.
func format(_ v: Double) -> String { String(format: v < 10 ? "%.2f" : "%.0f", v) }

var machine = "unknown"
if let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
  let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("model name") })
{
  machine = line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? machine
}
let cores = ProcessInfo.processInfo.activeProcessorCount
let memoryGiB = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824

var lines: [String] = []
lines.append("| workload | 1k chars | 100k chars | 1M chars | 1M / 1k |")
lines.append("|---|---:|---:|---:|---:|")
for row in rows where row.values.count == 3 {
  let ratio = row.values[2] / row.values[0]
  lines.append("| \(row.label) | " + row.values.map(format).joined(separator: " | ") + " | \(String(format: "%.2f×", ratio)) |")
}
lines.append("")
lines.append("| paste into an empty text | ms |")
lines.append("|---|---:|")
lines.append("| 1 MB of ASCII (\(asciiMB.count) bytes) | \(String(format: "%.3f", pasteASCII)) |")
lines.append("| 1 MB of mixed Latin, CJK and emoji (\(mixedMB.utf8.count) bytes) | \(String(format: "%.3f", pasteMixed)) |")

let table = lines.joined(separator: "\n")
print(table)
print("")
print("machine: \(machine), \(cores) cores, \(String(format: "%.0f", memoryGiB)) GiB; \(keys) keys per run, median of \(options.repetitions) runs")

if let path = options.markdownPath {
  let date = ISO8601DateFormatter().string(from: Date()).prefix(10)
  let doc = """
    # Benchmarks

    Regenerate with `swift run -c release texteditbench --markdown BENCHMARKS.md`.

    ## Editing engine (TextEditing)

    The cost of one keystroke at the middle of texts of 1k, 100k and 1M UTF-16 units (mixed
    Latin, CJK, emoji and line breaks), \(keys) keystrokes per run, the median of \
    \(options.repetitions) runs; "editor + undo" is the path every UIKit text mutation takes
    (resolve the command, apply the transaction, record undo), "text buffer" the rope alone.
    The last column shows that the cost does not grow with the length of the text (goal: within
    1.5×).

    \(table)

    Machine: \(machine), \(cores) cores, \(String(format: "%.0f", memoryGiB)) GiB, Linux, \
    release build; measured \(date). These machines are shared virtual machines: figures move
    by ±30% from run to run, so compare columns of one run, not runs.

    ## Reading the figures

    - A 1k text is a single leaf of the rope, so its keystroke pays no tree walk at all; from
      100k to 1M characters the tree is two levels deep and the cost stays put (compare those
      two columns). The bare rope's Backspace at 1k is a 1,000-unit memmove and little else,
      which is why that row's ratio is the largest while its absolute difference is a few tens
      of nanoseconds.
    - The editor rows are what every UIKit text mutation pays before notifications: resolving
      the command (grapheme cluster lookup), recording undo, applying the edit and checking that
      the caret sits on a cluster boundary.
    - A paste transcodes UTF-8 to UTF-16 straight into new leaves. ASCII runs go sixteen bytes
      at a time (about 5 instructions per byte, bound by writing 2 MB of fresh memory); every
      other scalar is decoded one by one (about 20 instructions per byte of mixed text), which
      is why the mixed megabyte takes several times longer. A vectorised UTF-8 decoder, or
      leaves that keep ASCII text as bytes, would be the next steps.
    - Instruction counts (valgrind --tool=callgrind, repeatable where timings are not) for one
      keystroke through the editor, typing then Backspace, at 3k and 1M characters: run
      `valgrind --tool=callgrind --toggle-collect='*runCommands*' .build/release/texteditbench
      --profile 1000000 --operation insert --repetitions 1 --keys 1000`.

    """
  // The terminal front end's section (Benchmarks/pty_typing.py writes it) is kept as it is.
  var kept = ""
  if let existing = try? String(contentsOfFile: path, encoding: .utf8),
    let section = existing.range(of: "## Terminal front end")
  {
    kept = "\n" + existing[section.lowerBound...]
  }
  do {
    try (doc + kept).write(toFile: path, atomically: true, encoding: .utf8)
    print("wrote \(path)")
  } catch {
    FileHandle.standardError.write("texteditbench: cannot write \(path): \(error)\n".data(using: .utf8)!)
    exit(1)
  }
}
