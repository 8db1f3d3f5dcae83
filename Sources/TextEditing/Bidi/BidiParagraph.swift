/// One paragraph resolved by the Unicode Bidirectional Algorithm (UAX #9, Unicode 15): the
/// embedding level of each of its characters, from which a line's visual order follows (rules L1
/// and L2). Odd levels run right to left.
///
/// The paragraph is whatever it is given: text split at paragraph separators is the caller's
/// business (a B inside is treated by rule X8 and otherwise as a neutral). Characters are
/// whatever unit the caller chooses (the scalars of a string here; `classes` for Unicode's
/// class-only tests), one level per unit.
///
/// Passes the conformance files BidiTest.txt and BidiCharacterTest.txt (Tests/TextEditingTests/
/// BidiConformanceTests.swift).
public struct BidiParagraph: Sendable {
  /// The paragraph embedding level: 0 left to right, 1 right to left.
  public let baseLevel: UInt8
  /// The resolved embedding level of each character (rules X1–I2, before line rule L1). The
  /// characters rule X9 removes (embeddings, overrides, their pops, boundary neutrals) take the
  /// level of the character before them, the paragraph's at the start.
  public let levels: [UInt8]
  /// Each character's Bidi_Class as given.
  public let classes: [BidiClass]

  /// The deepest embedding rules X1–X8 allow.
  static let maxDepth: UInt8 = 125

  /// Resolves `scalars`, taking the base level from `baseLevel` (0 or 1), or when nil from the
  /// first strong letter outside isolates (rules P2 and P3; 0 when there is none).
  public init<C: Collection>(_ scalars: C, baseLevel: UInt8? = nil) where C.Element == Unicode.Scalar {
    var classes: [BidiClass] = []
    var keys: [UInt32] = []
    classes.reserveCapacity(scalars.count)
    keys.reserveCapacity(scalars.count)
    var anyBracket = false
    for scalar in scalars {
      let bidiClass = BidiClass(scalar)
      classes.append(bidiClass)
      let key = bidiClass == .ON ? BidiData.bracketKey(scalar) : 0
      anyBracket = anyBracket || key != 0
      keys.append(key)
    }
    self.init(classes: classes, bracketKeys: anyBracket ? keys : nil, baseLevel: baseLevel)
  }

  /// Resolves characters given by class alone (no bracket pairs), as BidiTest.txt states them.
  public init(classes: [BidiClass], baseLevel: UInt8? = nil) {
    self.init(classes: classes, bracketKeys: nil, baseLevel: baseLevel)
  }

  init(classes original: [BidiClass], bracketKeys: [UInt32]?, baseLevel requested: UInt8?) {
    precondition(requested == nil || requested! <= 1, "BidiParagraph: baseLevel must be 0 or 1, not \(requested!)")
    let count = original.count
    let matchingPDI = BidiParagraph.matchIsolates(original)
    let paragraphLevel = requested ?? BidiParagraph.firstStrongLevel(original, 0..<count, matchingPDI) ?? 0
    var types = original
    var levels = [UInt8](repeating: paragraphLevel, count: count)
    BidiParagraph.resolveExplicit(original, &types, &levels, paragraphLevel, matchingPDI)
    // sos and eos come from the explicit levels, not from a neighbouring sequence's resolved ones.
    let explicitLevels = levels
    for sequence in BidiParagraph.isolatingRunSequences(original, levels, matchingPDI) {
      BidiParagraph.resolveSequence(sequence, original, &types, &levels, explicitLevels, paragraphLevel, bracketKeys)
    }
    // The removed characters take a neighbour's level, so that they split no run in rule L2.
    var previous = paragraphLevel
    for index in 0..<count {
      if original[index].isRemovedByX9 { levels[index] = previous } else { previous = levels[index] }
    }
    self.baseLevel = paragraphLevel
    self.levels = levels
    self.classes = original
  }

  /// Whether rule X9 removes the character at `index` (it takes no part in the resolution and
  /// Unicode's tests give it no level).
  public func isRemoved(_ index: Int) -> Bool { classes[index].isRemovedByX9 }

  /// The levels of the line `range` of the paragraph after rule L1: segment and paragraph
  /// separators, and the whitespace and isolate formatting characters before them and at the
  /// end of the line, go back to the paragraph level.
  public func lineLevels(_ range: Range<Int>) -> [UInt8] {
    var result = Array(levels[range])
    var trailing = true
    for index in range.reversed() {
      switch classes[index] {
      case .S, .B:
        result[index - range.lowerBound] = baseLevel
        trailing = true
      case .WS, .LRI, .RLI, .FSI, .PDI, .BN, .LRE, .RLE, .LRO, .RLO, .PDF:
        if trailing { result[index - range.lowerBound] = baseLevel }
      default:
        trailing = false
      }
    }
    return result
  }

  /// Rule L2: the logical index of each character of a line from left to right, given its
  /// levels (from `lineLevels`): every run at a level or higher is reversed, from the highest
  /// level down to the lowest odd one.
  public static func visualOrder(_ levels: [UInt8]) -> [Int] {
    var order = Array(levels.indices)
    guard let highest = levels.max(), highest > 0 else { return order }
    let lowestOdd = (levels.min() ?? 0) | 1
    var level = highest
    while level >= lowestOdd {
      var index = 0
      while index < levels.count {
        guard levels[index] >= level else { index += 1; continue }
        var end = index
        while end < levels.count, levels[end] >= level { end += 1 }
        order[index..<end].reverse()
        index = end
      }
      level -= 1
    }
    return order
  }

  // MARK: Rules

  /// BD9: the PDI closing each isolate initiator, by initiator index (-1 when none).
  static func matchIsolates(_ classes: [BidiClass]) -> [Int] {
    var match = [Int](repeating: -1, count: classes.count)
    var open: [Int] = []
    for (index, bidiClass) in classes.enumerated() {
      if bidiClass.isIsolateInitiator {
        open.append(index)
      } else if bidiClass == .PDI, let initiator = open.popLast() {
        match[initiator] = index
      }
    }
    return match
  }

  /// P2–P3: 1 when the first strong letter of `range` outside isolates is right to left, 0
  /// when it is left to right, nil when there is none.
  static func firstStrongLevel(_ classes: [BidiClass], _ range: Range<Int>, _ matchingPDI: [Int]) -> UInt8? {
    var index = range.lowerBound
    while index < range.upperBound {
      switch classes[index] {
      case .L: return 0
      case .R, .AL: return 1
      case .LRI, .RLI, .FSI:
        guard matchingPDI[index] >= 0 else { return nil }
        index = matchingPDI[index]
      default: break
      }
      index += 1
    }
    return nil
  }

  private struct StackEntry {
    var level: UInt8
    var override: BidiClass?
    var isolate: Bool
  }

  /// X1–X8: explicit levels and directions.
  static func resolveExplicit(
    _ original: [BidiClass], _ types: inout [BidiClass], _ levels: inout [UInt8], _ paragraphLevel: UInt8,
    _ matchingPDI: [Int]
  ) {
    var stack = [StackEntry(level: paragraphLevel, override: nil, isolate: false)]
    var overflowIsolates = 0
    var overflowEmbeddings = 0
    var validIsolates = 0
    func next(_ level: UInt8, rightToLeft: Bool) -> UInt8 { rightToLeft ? (level + 1) | 1 : (level + 2) & ~1 }
    for index in original.indices {
      let bidiClass = original[index]
      let top = stack[stack.count - 1]
      switch bidiClass {
      case .RLE, .LRE, .RLO, .LRO:
        levels[index] = top.level
        let level = next(top.level, rightToLeft: bidiClass == .RLE || bidiClass == .RLO)
        if level <= maxDepth, overflowIsolates == 0, overflowEmbeddings == 0 {
          let override: BidiClass? = bidiClass == .RLO ? .R : bidiClass == .LRO ? .L : nil
          stack.append(StackEntry(level: level, override: override, isolate: false))
        } else if overflowIsolates == 0 {
          overflowEmbeddings += 1
        }
      case .RLI, .LRI, .FSI:
        levels[index] = top.level
        if let override = top.override { types[index] = override }
        var rightToLeft = bidiClass == .RLI
        if bidiClass == .FSI {
          let end = matchingPDI[index] >= 0 ? matchingPDI[index] : original.count
          rightToLeft = firstStrongLevel(original, (index + 1)..<end, matchingPDI) == 1
        }
        let level = next(top.level, rightToLeft: rightToLeft)
        if level <= maxDepth, overflowIsolates == 0, overflowEmbeddings == 0 {
          validIsolates += 1
          stack.append(StackEntry(level: level, override: nil, isolate: true))
        } else {
          overflowIsolates += 1
        }
      case .PDI:
        if overflowIsolates > 0 {
          overflowIsolates -= 1
        } else if validIsolates > 0 {
          overflowEmbeddings = 0
          while !stack[stack.count - 1].isolate { stack.removeLast() }
          stack.removeLast()
          validIsolates -= 1
        }
        let now = stack[stack.count - 1]
        levels[index] = now.level
        if let override = now.override { types[index] = override }
      case .PDF:
        levels[index] = top.level
        if overflowIsolates > 0 {
        } else if overflowEmbeddings > 0 {
          overflowEmbeddings -= 1
        } else if !top.isolate, stack.count >= 2 {
          stack.removeLast()
        }
      case .B:
        levels[index] = paragraphLevel
      case .BN:
        levels[index] = top.level
      default:
        levels[index] = top.level
        if let override = top.override { types[index] = override }
      }
    }
  }

  /// X9–X10: the characters left after X9, in level runs chained across isolates.
  static func isolatingRunSequences(_ original: [BidiClass], _ levels: [UInt8], _ matchingPDI: [Int]) -> [[Int]] {
    var runs: [[Int]] = []
    var runStartingAt = [Int](repeating: -1, count: original.count)
    var current: [Int] = []
    var currentLevel: UInt8 = 0
    for index in original.indices where !original[index].isRemovedByX9 {
      if !current.isEmpty, levels[index] != currentLevel {
        runStartingAt[current[0]] = runs.count
        runs.append(current)
        current = []
      }
      if current.isEmpty { currentLevel = levels[index] }
      current.append(index)
    }
    if !current.isEmpty {
      runStartingAt[current[0]] = runs.count
      runs.append(current)
    }
    var isMatchedPDI = [Bool](repeating: false, count: original.count)
    for pdi in matchingPDI where pdi >= 0 { isMatchedPDI[pdi] = true }
    var sequences: [[Int]] = []
    for run in runs {
      if original[run[0]] == .PDI, isMatchedPDI[run[0]] { continue }
      var sequence = run
      while let last = sequence.last, original[last].isIsolateInitiator, matchingPDI[last] >= 0,
        runStartingAt[matchingPDI[last]] >= 0
      {
        sequence += runs[runStartingAt[matchingPDI[last]]]
      }
      sequences.append(sequence)
    }
    return sequences
  }

  /// W1–I2 on one isolating run sequence.
  static func resolveSequence(
    _ sequence: [Int], _ original: [BidiClass], _ types: inout [BidiClass], _ levels: inout [UInt8],
    _ explicitLevels: [UInt8], _ paragraphLevel: UInt8, _ bracketKeys: [UInt32]?
  ) {
    let level = levels[sequence[0]]
    let first = sequence[0]
    let last = sequence[sequence.count - 1]
    var before = paragraphLevel
    var scan = first - 1
    while scan >= 0 {
      if !original[scan].isRemovedByX9 { before = explicitLevels[scan]; break }
      scan -= 1
    }
    var after = paragraphLevel
    if !original[last].isIsolateInitiator {
      scan = last + 1
      while scan < original.count {
        if !original[scan].isRemovedByX9 { after = explicitLevels[scan]; break }
        scan += 1
      }
    }
    let sos: BidiClass = max(before, level) & 1 == 1 ? .R : .L
    let eos: BidiClass = max(after, level) & 1 == 1 ? .R : .L
    let embedding: BidiClass = level & 1 == 1 ? .R : .L
    var t = sequence.map { types[$0] }
    let count = t.count

    // W1: nonspacing marks take the class before them (ON after an isolate boundary).
    for k in 0..<count where t[k] == .NSM {
      if k == 0 {
        t[k] = sos
      } else {
        switch t[k - 1] {
        case .LRI, .RLI, .FSI, .PDI: t[k] = .ON
        default: t[k] = t[k - 1]
        }
      }
    }
    // W2–W3: European numbers after an Arabic letter are Arabic numbers; Arabic letters are R.
    var lastStrong = sos
    for k in 0..<count {
      switch t[k] {
      case .L, .R, .AL: lastStrong = t[k]
      case .EN where lastStrong == .AL: t[k] = .AN
      default: break
      }
    }
    for k in 0..<count where t[k] == .AL { t[k] = .R }
    // W4: one separator between two numbers of a kind joins them.
    if count >= 3 {
      for k in 1..<(count - 1) {
        if t[k] == .ES || t[k] == .CS, t[k - 1] == .EN, t[k + 1] == .EN {
          t[k] = .EN
        } else if t[k] == .CS, t[k - 1] == .AN, t[k + 1] == .AN {
          t[k] = .AN
        }
      }
    }
    // W5: terminators next to European numbers join them.
    var k = 0
    while k < count {
      guard t[k] == .ET else { k += 1; continue }
      var end = k
      while end < count, t[end] == .ET { end += 1 }
      if (k > 0 && t[k - 1] == .EN) || (end < count && t[end] == .EN) {
        for j in k..<end { t[j] = .EN }
      }
      k = end
    }
    // W6: the separators and terminators left are neutral.
    for k in 0..<count where t[k] == .ES || t[k] == .ET || t[k] == .CS { t[k] = .ON }
    // W7: European numbers in left-to-right context are L.
    lastStrong = sos
    for k in 0..<count {
      if t[k] == .L || t[k] == .R {
        lastStrong = t[k]
      } else if t[k] == .EN, lastStrong == .L {
        t[k] = .L
      }
    }
    // N0: paired brackets.
    if let bracketKeys {
      resolveBrackets(sequence, original, &t, bracketKeys, sos: sos, embedding: embedding)
    }
    // N1–N2: neutrals between two strong sides of one direction take it, others the embedding's.
    func side(_ bidiClass: BidiClass) -> BidiClass { bidiClass == .L ? .L : .R }
    k = 0
    while k < count {
      guard t[k].isNeutralOrIsolate else { k += 1; continue }
      var end = k
      while end < count, t[end].isNeutralOrIsolate { end += 1 }
      let leading = k == 0 ? sos : side(t[k - 1])
      let trailing = end == count ? eos : side(t[end])
      let resolved = leading == trailing ? leading : embedding
      for j in k..<end { t[j] = resolved }
      k = end
    }
    // I1–I2: implicit levels.
    for k in 0..<count {
      let index = sequence[k]
      types[index] = t[k]
      if level & 1 == 0 {
        if t[k] == .R { levels[index] = level + 1 } else if t[k] == .AN || t[k] == .EN { levels[index] = level + 2 }
      } else if t[k] == .L || t[k] == .EN || t[k] == .AN {
        levels[index] = level + 1
      }
    }
  }

  /// BD16 and N0: bracket pairs take the direction of what they enclose, or of what precedes
  /// them, and the marks after a bracket follow it.
  static func resolveBrackets(
    _ sequence: [Int], _ original: [BidiClass], _ t: inout [BidiClass], _ bracketKeys: [UInt32],
    sos: BidiClass, embedding: BidiClass
  ) {
    var open: [(key: UInt32, position: Int)] = []
    var pairs: [(open: Int, close: Int)] = []
    scanning: for k in sequence.indices where t[k] == .ON {
      let key = bracketKeys[sequence[k]]
      if key == 0 { continue }
      if key & 1 == 1 {
        if open.count == 63 { break scanning }
        open.append((key >> 1, k))
      } else if let found = open.lastIndex(where: { $0.key == key >> 1 }) {
        pairs.append((open[found].position, k))
        open.removeSubrange(found...)
      }
    }
    guard !pairs.isEmpty else { return }
    pairs.sort { $0.open < $1.open }
    func strong(_ bidiClass: BidiClass) -> BidiClass? {
      switch bidiClass {
      case .L: .L
      case .R, .EN, .AN: .R
      default: nil
      }
    }
    let opposite: BidiClass = embedding == .L ? .R : .L
    for pair in pairs {
      var foundEmbedding = false
      var foundOpposite = false
      for k in (pair.open + 1)..<pair.close {
        guard let direction = strong(t[k]) else { continue }
        if direction == embedding { foundEmbedding = true; break }
        foundOpposite = true
      }
      let resolved: BidiClass
      if foundEmbedding {
        resolved = embedding
      } else if foundOpposite {
        var context = sos
        var k = pair.open - 1
        while k >= 0 {
          if let direction = strong(t[k]) { context = direction; break }
          k -= 1
        }
        resolved = context == opposite ? opposite : embedding
      } else {
        continue
      }
      for position in [pair.open, pair.close] {
        t[position] = resolved
        var k = position + 1
        while k < sequence.count, original[sequence[k]] == .NSM {
          t[k] = resolved
          k += 1
        }
      }
    }
  }
}

extension BidiParagraph {
  /// Rules P2–P3 on `scalars`: 1 when the first strong letter outside isolates runs right to
  /// left, 0 when it runs left to right, nil when there is none. Stops at that letter.
  public static func firstStrongLevel<S: Sequence>(of scalars: S) -> UInt8? where S.Element == Unicode.Scalar {
    var isolateDepth = 0
    return firstStrongLevel(of: scalars, isolateDepth: &isolateDepth)
  }

  /// `firstStrongLevel(of:)` over a text read in pieces: `isolateDepth` carries the isolates
  /// still open from one piece to the next (start at 0).
  public static func firstStrongLevel<S: Sequence>(of scalars: S, isolateDepth: inout Int) -> UInt8?
  where S.Element == Unicode.Scalar {
    for scalar in scalars {
      if scalar.value < 0x80 {
        // ASCII letters are L; the rest of ASCII is neutral, a number or a separator.
        if isolateDepth == 0, (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value) { return 0 }
        continue
      }
      switch BidiClass(scalar) {
      case .L where isolateDepth == 0: return 0
      case .R where isolateDepth == 0, .AL where isolateDepth == 0: return 1
      case .LRI, .RLI, .FSI: isolateDepth += 1
      case .PDI: isolateDepth = max(0, isolateDepth - 1)
      case .B: return nil
      default: break
      }
    }
    return nil
  }
}
