import Foundation
import Testing
@testable import TextEditing

/// The Unicode Bidirectional Algorithm against Unicode's own conformance files, from Debian's
/// `unicode-data` package (`.ci/run` installs it); a failure names the line. Where the files are
/// missing the tests are skipped, and say so.
///
/// Every case of both files passes (about 860,000; a minute in a debug build). To keep the suite
/// quick the tests run every `BIDI_CONFORMANCE_STRIDE`th data line (16 unless set; 1 runs them
/// all), a different slice each time the line numbers' remainder is varied with
/// `BIDI_CONFORMANCE_OFFSET`.
@Suite("Bidi conformance (UAX #9)")
struct BidiConformanceTests {
  static let directory = ProcessInfo.processInfo.environment["UNICODE_DATA_DIR"] ?? "/usr/share/unicode"
  static let stride = max(1, Int(ProcessInfo.processInfo.environment["BIDI_CONFORMANCE_STRIDE"] ?? "") ?? 16)
  static let offset = Int(ProcessInfo.processInfo.environment["BIDI_CONFORMANCE_OFFSET"] ?? "") ?? 0
  static func sampled(_ lineNumber: Int) -> Bool { (lineNumber + offset) % stride == 0 }
  static func load(_ name: String) -> String? {
    try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)
  }

  /// The visual order BidiTest.txt and BidiCharacterTest.txt give: the characters X9 keeps, by
  /// rule L2 over their levels after L1 on a line that is the whole paragraph.
  static func order(_ paragraph: BidiParagraph) -> [Int] {
    let lineLevels = paragraph.lineLevels(0..<paragraph.levels.count)
    let kept = paragraph.levels.indices.filter { !paragraph.isRemoved($0) }
    return BidiParagraph.visualOrder(kept.map { lineLevels[$0] }).map { kept[$0] }
  }

  static func levelsText(_ paragraph: BidiParagraph) -> [String] {
    let lineLevels = paragraph.lineLevels(0..<paragraph.levels.count)
    return paragraph.levels.indices.map { paragraph.isRemoved($0) ? "x" : String(lineLevels[$0]) }
  }

  @Test(.enabled(if: load("BidiTest.txt") != nil, "BidiTest.txt is not installed (apt-get install unicode-data)"))
  func bidiTest() throws {
    let text = try #require(Self.load("BidiTest.txt"))
    var levels: [String] = []
    var reorder: [Int] = []
    var cases = 0
    var failures = 0
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if line.isEmpty || line.first == "#" { continue }
      if line.hasPrefix("@Levels:") {
        levels = line.dropFirst(8).split(separator: " ", omittingEmptySubsequences: true).map { String($0.trimmingCharacters(in: .whitespaces)) }
        continue
      }
      if line.hasPrefix("@Reorder:") {
        reorder = line.dropFirst(9).split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Int($0) }
        continue
      }
      guard Self.sampled(number) else { continue }
      let fields = line.split(separator: ";")
      guard fields.count == 2, let bits = Int(fields[1].trimmingCharacters(in: .whitespaces)) else { continue }
      let classes = try fields[0].split(separator: " ").map { try #require(BidiClass(name: $0), "line \(number + 1)") }
      for (bit, base) in [(1, nil), (2, 0), (4, 1)] as [(Int, UInt8?)] where bits & bit != 0 {
        cases += 1
        let paragraph = BidiParagraph(classes: classes, baseLevel: base)
        let gotLevels = Self.levelsText(paragraph)
        let gotOrder = Self.order(paragraph)
        if gotLevels != levels || gotOrder != reorder {
          failures += 1
          if failures <= 10 {
            Issue.record("BidiTest.txt line \(number + 1) (\(fields[0]), base \(base.map(String.init) ?? "auto")): levels \(gotLevels) order \(gotOrder), expected \(levels) \(reorder)")
          }
        }
      }
    }
    #expect(failures == 0, "\(failures) of \(cases) cases failed")
    #expect(cases > 700_000 / Self.stride)
  }

  @Test(.enabled(if: load("BidiCharacterTest.txt") != nil, "BidiCharacterTest.txt is not installed (apt-get install unicode-data)"))
  func bidiCharacterTest() throws {
    let text = try #require(Self.load("BidiCharacterTest.txt"))
    var cases = 0
    var failures = 0
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if line.isEmpty || line.first == "#" || !Self.sampled(number) { continue }
      let fields = line.split(separator: ";", omittingEmptySubsequences: false)
      guard fields.count == 5 else { continue }
      let scalars = try fields[0].split(separator: " ").map {
        try #require(UInt32($0, radix: 16).flatMap(Unicode.Scalar.init), "line \(number + 1)")
      }
      let base: UInt8? = fields[1] == "2" ? nil : UInt8(fields[1])
      let expectedLevels = fields[3].split(separator: " ").map(String.init)
      let expectedOrder = fields[4].split(separator: " ").compactMap { Int($0) }
      cases += 1
      let paragraph = BidiParagraph(scalars, baseLevel: base)
      let gotLevels = Self.levelsText(paragraph)
      let gotOrder = Self.order(paragraph)
      if String(paragraph.baseLevel) != fields[2] || gotLevels != expectedLevels || gotOrder != expectedOrder {
        failures += 1
        if failures <= 10 {
          Issue.record("BidiCharacterTest.txt line \(number + 1): base \(paragraph.baseLevel) levels \(gotLevels) order \(gotOrder), expected \(fields[2]) \(expectedLevels) \(expectedOrder)")
        }
      }
    }
    #expect(failures == 0, "\(failures) of \(cases) cases failed")
    #expect(cases > 90_000 / Self.stride)
  }
}
