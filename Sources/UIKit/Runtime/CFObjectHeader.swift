// Why UIKit's value classes begin with a header word.
//
// An attributed string on Linux keeps each run's attributes in a CoreFoundation dictionary once
// it is edited (`setAttributes`, `addAttribute`, copies), and compares neighbouring runs (to
// merge them) and whole strings (`isEqual(to:)`) with `CFEqual` on each value. `CFEqual` reads
// an object's type from CoreFoundation's header, the word right after the Swift object header
// (offset 16 on 64-bit systems), which Foundation's own classes fill and an `NSObject` subclass
// of anyone else's does not: there it reads the subclass's first stored property. Where that
// word's type bits (8–17) are zero — a font's point size as a `Double`, a small integer, a
// colour's red component — CoreFoundation takes the object for one of "no type" and halts in
// that type's equality function (SIGILL in `CFBasicHashesAreEqual`), before `isEqual` is asked.
//
// UIKit's classes that are attribute values (fonts, colours, paragraph styles, shadows,
// attachments, images, tab stops, lists, font descriptors) therefore start with the header word
// Foundation's classes start with: type 1 (CoreFoundation's generic "CFType") and the default
// allocator bit. CoreFoundation then takes them for Swift objects and asks their `isEqual` and
// `hash`, so equal fonts merge runs and different ones do not, as on iOS. The word must be the
// first stored property of the class directly under `NSObject`; a test reads it back at that
// offset for each class. A user's own `NSObject` subclass as an attribute value is not covered
// (the README's differences).
package enum _CFObjectHeader {
  /// `typeID << 8 | 0x80`: type 1, default allocator.
  package static let word: UInt64 = 1 << 8 | 0x80
}
