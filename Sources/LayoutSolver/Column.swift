/// The basic symbols whose rows mention one symbol: an entry of the tableau's column index.
///
/// Most symbols of a layout appear in one row, so the first entry is kept inline and a set is
/// allocated only for the second; a column of one entry costs neither an allocation nor a hash.
struct Column: Sequence {
  private var first = 0
  private var rest = Set<Int>()

  var isEmpty: Bool { first == 0 && rest.isEmpty }

  /// How many rows mention the symbol.
  var count: Int { (first == 0 ? 0 : 1) + rest.count }

  mutating func insert(_ basic: Int) {
    if first == basic { return }
    if first == 0 && rest.isEmpty {
      first = basic
    } else {
      rest.insert(basic)
    }
  }

  mutating func remove(_ basic: Int) {
    if first == basic {
      first = 0
    } else if !rest.isEmpty {
      rest.remove(basic)
    }
  }

  struct Iterator: IteratorProtocol {
    fileprivate var first: Int
    fileprivate var rest: Set<Int>.Iterator

    mutating func next() -> Int? {
      if first != 0 {
        defer { first = 0 }
        return first
      }
      return rest.next()
    }
  }

  func makeIterator() -> Iterator { Iterator(first: first, rest: rest.makeIterator()) }

  var underestimatedCount: Int { (first == 0 ? 0 : 1) + rest.count }
}
