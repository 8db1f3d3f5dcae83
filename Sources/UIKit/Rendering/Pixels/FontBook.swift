#if Pixels
import CFontconfig
import CFreeType
import CHarfBuzz
import CoreGraphics
import Foundation
import PixelRaster
import TextEditing

/// The faces text is measured and drawn with, found by fontconfig and read by FreeType, and the
/// layout of each grapheme cluster in them. Measuring (``PixelTextMeasurer``) and drawing
/// (``PixelRenderer``) both lay text out here, so the caret drawn after a character sits on that
/// character's edge.
///
/// Advances are the fonts' unhinted advances in font units, scaled linearly: a string is as wide
/// in points at every scale, and a glyph is drawn at its exact (sub-pixel) pen position.
/// Clusters are laid out one after another, without kerning. An emoji cluster of several scalars
/// (a ZWJ sequence, a skin tone, a flag, a keycap) is shaped with HarfBuzz in the colour emoji
/// face into the one glyph that font draws for it (its first emoji where the font has none);
/// other text is not shaped. A character no installed face has draws as a hollow box (one em
/// wide for a wide character, 0.6 em for a narrow one). Colour emoji fonts (Noto Color Emoji:
/// bitmaps in BGRA, no outlines) are drawn from their bitmaps, scaled to the font's size.
package final class FontBook: @unchecked Sendable {
  package static let shared = FontBook()

  /// Guards FreeType (a library and its faces are not thread-safe) and the caches.
  let lock = NSRecursiveLock()
  let library: FT_Library
  private(set) var faces: [FT_Face] = []
  /// Each face's file and index in it (HarfBuzz reads the font's tables from the file).
  private var faceFiles: [(path: String, index: Int)] = []
  /// HarfBuzz's font of each face shaped so far.
  private var shapingFonts: [Int: OpaquePointer] = [:]
  private var faceIndexByFile: [String: Int] = [:]
  private var primaryFaces: [FaceRequest: Int?] = [:]
  private var fallbackFaces: [UInt32: Int?] = [:]
  private var colorEmojiFaces: [UInt32: Int?] = [:]
  private var clusters: [ClusterKey: Cluster] = [:]
  /// The pixel size each face is set to now (26.6).
  private var faceSizes: [Int: Int] = [:]
  /// Colour glyphs read lately (nil: the glyph has no colour bitmap), at most
  /// `colorGlyphCacheLimit` of them.
  private var colorGlyphs: [GlyphKey: ColorGlyph?] = [:]
  static let colorGlyphCacheLimit = 256

  private struct GlyphKey: Hashable {
    var face: Int
    var glyph: UInt32
  }

  /// A glyph of a colour bitmap font: its pixels, and where they sit in ems of the font (from
  /// the pen to their left edge, from the baseline up to their top edge, their size).
  struct ColorGlyph {
    var image: CGImage
    var left: Double
    var top: Double
    var width: Double
    var height: Double
    /// The pen's advance past it.
    var advance: Double
  }

  /// Which face a font asks for.
  struct FaceRequest: Hashable {
    /// A named family (nil: the system font).
    var family: String?
    var monospaced: Bool
    /// fontconfig's weight (80 regular, 200 bold).
    var weight: Int32
    var italic: Bool
  }

  /// One glyph of a cluster: its face, its index there, and its pen offset from the cluster's
  /// start, in ems.
  struct PlacedGlyph {
    var face: Int
    var glyph: UInt32
    var x: Double
  }

  /// A grapheme cluster laid out: its advance in ems and its glyphs, or a box.
  struct Cluster {
    var advance: Double
    var glyphs: [PlacedGlyph]
    var isBox: Bool
  }

  private struct ClusterKey: Hashable {
    var request: FaceRequest
    var text: String
  }

  private init() {
    var library: FT_Library?
    let error = FT_Init_FreeType(&library)
    precondition(error == 0 && library != nil, "UIKitPixels: FreeType did not start (error \(error))")
    self.library = library!
    FcInit()
  }

  // MARK: Faces

  static func request(for font: UIFont, bold: Bool? = nil, italic: Bool? = nil) -> FaceRequest {
    let system = font.familyName.hasPrefix(".")
    let weight: Int32
    if let bold {
      weight = bold ? 200 : 80
    } else {
      let w = font._weight.rawValue
      // UIFont.Weight (ultraLight -0.8 … black 0.62) to fontconfig's scale (extra light 40,
      // light 50, regular 80, medium 100, semibold 180, bold 200, black 210).
      weight = w <= -0.5 ? 40 : w <= -0.3 ? 50 : w < 0.2 ? 80 : w < 0.28 ? 100 : w < 0.35 ? 180 : w < 0.5 ? 200 : 210
    }
    return FaceRequest(
      family: system ? nil : font.familyName, monospaced: font._isMonospaced, weight: weight,
      italic: italic ?? font._isItalic)
  }

  /// The face fontconfig picks for `request`: the named family if installed, else DejaVu Sans
  /// (Mono for monospaced fonts), at the nearest weight and slant.
  func primaryFace(_ request: FaceRequest) -> Int? {
    if let known = primaryFaces[request] { return known }
    let pattern = FcPatternCreate()!
    defer { FcPatternDestroy(pattern) }
    if let family = request.family { addString(pattern, "family", family) }
    addString(pattern, "family", request.monospaced ? "DejaVu Sans Mono" : "DejaVu Sans")
    FcPatternAddInteger(pattern, "weight", request.weight)
    FcPatternAddInteger(pattern, "slant", request.italic ? 100 : 0)
    FcPatternAddBool(pattern, "scalable", 1)
    let face = match(pattern, containing: nil)
    primaryFaces[request] = face
    return face
  }

  /// A face that has `scalar`, from any installed family (nil when none has it).
  func fallbackFace(for scalar: Unicode.Scalar) -> Int? {
    if let known = fallbackFaces[scalar.value] { return known }
    let face = matchFace(containing: scalar) { pattern in
      FcPatternAddBool(pattern, "scalable", 1)
      if scalar.properties.isEmojiPresentation { addString(pattern, "family", "emoji") }
    }
    fallbackFaces[scalar.value] = face
    return face
  }

  /// A colour face that has `scalar` (an emoji font), if one is installed: emoji are drawn in
  /// colour whatever the text's font, as Apple Color Emoji draws them on iOS, even where the
  /// text's face has a monochrome glyph of its own (DejaVu Sans has smileys).
  func colorEmojiFace(for scalar: Unicode.Scalar) -> Int? {
    if let known = colorEmojiFaces[scalar.value] { return known }
    var face = matchFace(containing: scalar) { pattern in
      FcPatternAddBool(pattern, "color", 1)
      addString(pattern, "family", "emoji")
    }
    if let found = face, faces[found].pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) == 0 { face = nil }
    colorEmojiFaces[scalar.value] = face
    return face
  }

  /// The face fontconfig matches for a pattern asking for `scalar` (and what `configure` adds),
  /// if it has the scalar.
  private func matchFace(containing scalar: Unicode.Scalar, configure: (OpaquePointer) -> Void) -> Int? {
    let pattern = FcPatternCreate()!
    defer { FcPatternDestroy(pattern) }
    let charset = FcCharSetCreate()!
    defer { FcCharSetDestroy(charset) }
    FcCharSetAddChar(charset, FcChar32(scalar.value))
    FcPatternAddCharSet(pattern, "charset", charset)
    configure(pattern)
    return match(pattern, containing: scalar)
  }

  private func addString(_ pattern: OpaquePointer, _ key: String, _ value: String) {
    _ = value.withCString { c in
      c.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) { FcPatternAddString(pattern, key, $0) }
    }
  }

  private func match(_ pattern: OpaquePointer, containing scalar: Unicode.Scalar?) -> Int? {
    FcConfigSubstitute(nil, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultMatch
    guard let matched = FcFontMatch(nil, pattern, &result) else { return nil }
    defer { FcPatternDestroy(matched) }
    var file: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(matched, "file", 0, &file) == FcResultMatch, let file else { return nil }
    var index: Int32 = 0
    _ = FcPatternGetInteger(matched, "index", 0, &index)
    let path = String(cString: file)
    guard let face = openFace(path: path, index: Int(index)) else { return nil }
    if let scalar, FT_Get_Char_Index(faces[face], FT_ULong(scalar.value)) == 0 { return nil }
    return face
  }

  private func openFace(path: String, index: Int) -> Int? {
    let key = "\(path)#\(index)"
    if let known = faceIndexByFile[key] { return known }
    var face: FT_Face?
    guard FT_New_Face(library, path, index, &face) == 0, let face else { return nil }
    // Outlines can be drawn at any size; so can a colour-bitmap emoji font, whose bitmaps are
    // scaled (as Apple's emoji are). Other bitmap fonts are left to the faces that have outlines.
    let flags = face.pointee.face_flags
    let scalable = flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
    let colorBitmaps = flags & FT_Long(FT_FACE_FLAG_COLOR) != 0 && face.pointee.num_fixed_sizes > 0
    guard scalable || colorBitmaps else {
      FT_Done_Face(face)
      return nil
    }
    faces.append(face)
    faceFiles.append((path, index))
    faceIndexByFile[key] = faces.count - 1
    return faces.count - 1
  }

  /// The advance of `glyph` of `face`, in ems (unhinted).
  private func advance(face: Int, glyph: UInt32) -> Double {
    var advance: FT_Fixed = 0
    let f = faces[face]
    // A bitmap-only face has no units per em: its advance is its bitmap's, in its strike's ems.
    guard f.pointee.units_per_EM > 0 else { return colorGlyph(face: face, glyph: glyph)?.advance ?? 0 }
    guard FT_Get_Advance(f, glyph, FT_Int32(FT_LOAD_NO_SCALE), &advance) == 0 else { return 0 }
    return Double(advance) / Double(f.pointee.units_per_EM)
  }

  // MARK: Clusters

  /// Whether a cluster is an emoji (drawn as one glyph, however many scalars make it).
  static func isEmoji(_ character: Character) -> Bool {
    guard let first = character.unicodeScalars.first else { return false }
    if first.properties.isEmojiPresentation { return true }
    guard first.properties.isEmoji else { return false }
    return character.unicodeScalars.contains { $0.value == 0xFE0F || $0.value == 0x200D || (0x1F3FB...0x1F3FF).contains($0.value) }
  }

  /// The layout of one grapheme cluster in the face `request` asks for.
  func cluster(_ character: Character, _ request: FaceRequest) -> Cluster {
    let key = ClusterKey(request: request, text: String(character))
    if let known = clusters[key] { return known }
    let laidOut = layOut(character, request)
    clusters[key] = laidOut
    return laidOut
  }

  private func glyph(for scalar: Unicode.Scalar, primary: Int?) -> (face: Int, glyph: UInt32)? {
    if let primary {
      let index = FT_Get_Char_Index(faces[primary], FT_ULong(scalar.value))
      if index != 0 { return (primary, index) }
    }
    if let fallback = fallbackFace(for: scalar) {
      let index = FT_Get_Char_Index(faces[fallback], FT_ULong(scalar.value))
      if index != 0 { return (fallback, index) }
    }
    return nil
  }

  private func box(for character: Character) -> Cluster {
    Cluster(advance: TextWidth.columns(of: character) >= 2 ? 1 : 0.6, glyphs: [], isBox: true)
  }

  private func layOut(_ character: Character, _ request: FaceRequest) -> Cluster {
    let primary = primaryFace(request)
    if Self.isEmoji(character) {
      guard let first = character.unicodeScalars.first else { return box(for: character) }
      let colored = colorEmojiFace(for: first).flatMap { face in
        let index = FT_Get_Char_Index(faces[face], FT_ULong(first.value))
        return index == 0 ? nil : (face: face, glyph: index)
      }
      // A sequence the colour face draws as one glyph (a family, a flag, a skin tone, a keycap).
      if let face = colored?.face, character.unicodeScalars.count > 1, let shaped = shapeToOneGlyph(character, face: face) {
        return Cluster(advance: advance(face: face, glyph: shaped),
          glyphs: [PlacedGlyph(face: face, glyph: shaped, x: 0)], isBox: false)
      }
      guard let found = colored ?? glyph(for: first, primary: primary) else { return box(for: character) }
      return Cluster(advance: advance(face: found.face, glyph: found.glyph),
        glyphs: [PlacedGlyph(face: found.face, glyph: found.glyph, x: 0)], isBox: false)
    }
    var glyphs: [PlacedGlyph] = []
    var pen = 0.0
    for (i, scalar) in character.unicodeScalars.enumerated() {
      let properties = scalar.properties
      if properties.isDefaultIgnorableCodePoint { continue }
      var drawn = scalar
      if properties.generalCategory == .control {
        // A tab draws as a space (as the terminal does); other controls draw nothing.
        guard scalar == "\t" else { continue }
        drawn = " "
      }
      guard let found = glyph(for: drawn, primary: primary) else {
        // The base character missing: the whole cluster is a box. A missing mark is left out.
        if i == 0 { return box(for: character) }
        continue
      }
      glyphs.append(PlacedGlyph(face: found.face, glyph: found.glyph, x: pen))
      let isMark = properties.generalCategory == .nonspacingMark || properties.generalCategory == .enclosingMark
      if !isMark || i == 0 { pen += advance(face: found.face, glyph: found.glyph) }
    }
    return Cluster(advance: pen, glyphs: glyphs, isBox: false)
  }

  /// The glyph HarfBuzz shapes `character` into in `face` when the font's substitutions make it
  /// one glyph (an emoji ZWJ sequence's ligature); nil when it stays several.
  private func shapeToOneGlyph(_ character: Character, face: Int) -> UInt32? {
    guard let font = shapingFont(face) else { return nil }
    let buffer = hb_buffer_create()
    defer { hb_buffer_destroy(buffer) }
    let scalars = character.unicodeScalars.map(\.value)
    scalars.withUnsafeBufferPointer { hb_buffer_add_utf32(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count)) }
    hb_buffer_guess_segment_properties(buffer)
    hb_shape(font, buffer, nil, 0)
    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count), count == 1, infos[0].codepoint != 0 else { return nil }
    return infos[0].codepoint
  }

  /// HarfBuzz's font for `face`, made from its file once.
  private func shapingFont(_ face: Int) -> OpaquePointer? {
    if let known = shapingFonts[face] { return known }
    let file = faceFiles[face]
    guard let blob = hb_blob_create_from_file_or_fail(file.path) else { return nil }
    defer { hb_blob_destroy(blob) }
    let hbFace = hb_face_create(blob, UInt32(file.index))
    defer { hb_face_destroy(hbFace) }
    guard let font = hb_font_create(hbFace) else { return nil }
    shapingFonts[face] = font
    return font
  }

  /// The width of `string` on one line, in points (lines of a multi-line string: the widest).
  package func width(of string: String, font: UIFont) -> CGFloat {
    lock.lock()
    defer { lock.unlock() }
    let request = Self.request(for: font)
    var widest = 0.0
    var line = 0.0
    for character in string {
      if character == "\n" || character == "\r\n" || character == "\r" {
        widest = max(widest, line)
        line = 0
        continue
      }
      // A tab is drawn as a space where no tab stops place it (PixelRenderer).
      line += cluster(character == "\t" ? " " : character, request).advance
    }
    return CGFloat(max(widest, line)) * font.pointSize
  }

  // MARK: Drawing glyphs

  /// Loads `glyph` of `face` as an outline at `pixelSize` pixels per em (unhinted); nil for a
  /// glyph with no outline.
  func loadOutline(face: Int, glyph: UInt32, pixelSize: CGFloat) -> UnsafeMutablePointer<FT_Outline>? {
    let f = faces[face]
    let size = Int((pixelSize * 64).rounded())
    if faceSizes[face] != size {
      guard FT_Set_Char_Size(f, 0, FT_F26Dot6(size), 72, 72) == 0 else { return nil }
      faceSizes[face] = size
    }
    guard FT_Load_Glyph(f, glyph, FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0 else { return nil }
    let slot = f.pointee.glyph!
    guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
    let offset = MemoryLayout<FT_GlyphSlotRec>.offset(of: \FT_GlyphSlotRec.outline)!
    return (UnsafeMutableRawPointer(slot) + offset).assumingMemoryBound(to: FT_Outline.self)
  }

  /// `glyph` of `face` as a colour bitmap (an emoji font's, at its largest strike), straight
  /// alpha; nil for a face without colour bitmaps or a glyph without one.
  func colorGlyph(face: Int, glyph: UInt32) -> ColorGlyph? {
    let key = GlyphKey(face: face, glyph: glyph)
    if let known = colorGlyphs[key] { return known }
    let read = readColorGlyph(face: face, glyph: glyph)
    // A strike's bitmap is about 70 KB: a paste of every emoji there is would keep 250 MB. The
    // cache is bounded (reading one again takes a fraction of a millisecond; the clusters keep
    // their advances).
    if colorGlyphs.count >= Self.colorGlyphCacheLimit { colorGlyphs.removeAll(keepingCapacity: true) }
    colorGlyphs[key] = read
    return read
  }

  private func readColorGlyph(face: Int, glyph: UInt32) -> ColorGlyph? {
    let f = faces[face]
    let strikes = Int(f.pointee.num_fixed_sizes)
    guard f.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0, strikes > 0, let sizes = f.pointee.available_sizes else {
      return nil
    }
    // The largest strike: scaled down, it stays sharp.
    let strike = (0..<strikes).max { sizes[$0].y_ppem < sizes[$1].y_ppem }!
    guard FT_Select_Size(f, FT_Int(strike)) == 0 else { return nil }
    // The face's size is the strike's now, not an outline size.
    faceSizes[face] = nil
    guard FT_Load_Glyph(f, glyph, FT_Int32(FT_LOAD_COLOR)) == 0, let slot = f.pointee.glyph else { return nil }
    let bitmap = slot.pointee.bitmap
    let (width, rows) = (Int(bitmap.width), Int(bitmap.rows))
    let ppem = Double(f.pointee.size.pointee.metrics.y_ppem)
    guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), width > 0, rows > 0, ppem > 0, let buffer = bitmap.buffer else {
      return nil
    }
    // BGRA, premultiplied, rows `pitch` bytes apart (negative: bottom up) → RGBA, straight.
    let pitch = Int(bitmap.pitch)
    var rgba = [UInt8](repeating: 0, count: width * rows * 4)
    for y in 0..<rows {
      let row = pitch >= 0 ? buffer + y * pitch : buffer + (rows - 1 - y) * -pitch
      for x in 0..<width {
        let p = row + x * 4
        let a = Int(p[3])
        guard a > 0 else { continue }
        let i = (y * width + x) * 4
        rgba[i] = UInt8(min(255, (Int(p[2]) * 255 + a / 2) / a))
        rgba[i + 1] = UInt8(min(255, (Int(p[1]) * 255 + a / 2) / a))
        rgba[i + 2] = UInt8(min(255, (Int(p[0]) * 255 + a / 2) / a))
        rgba[i + 3] = UInt8(a)
      }
    }
    return ColorGlyph(
      image: CGImage(width: width, height: rows, rgba: rgba),
      left: Double(slot.pointee.bitmap_left) / ppem, top: Double(slot.pointee.bitmap_top) / ppem,
      width: Double(width) / ppem, height: Double(rows) / ppem,
      advance: Double(slot.pointee.advance.x) / 64 / ppem)
  }
}
#endif
