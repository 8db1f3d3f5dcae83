#if Pixels
import CPNG
import Foundation

/// libpng's PNG_FORMAT_RGBA (PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA), a macro Swift does
/// not import.
private let pngFormatRGBA = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

/// PNG files from ``RGBAImage``s, with libpng (its simplified API).
public enum PNGEncoder {
  /// How hard libpng compresses.
  public enum Compression: Sendable {
    /// Smaller files (snapshots, pictures for a README).
    case best
    /// Faster, larger files (frames sent to a browser).
    case fast
  }

  /// The PNG file of `region` of `image` (all of it by default; a region is clamped to the
  /// image). An empty region has no PNG: the result is empty.
  public static func encode(_ image: RGBAImage, region: PixelRect? = nil, compression: Compression = .best) -> [UInt8] {
    let r = (region ?? image.bounds).intersection(image.bounds)
    guard !r.isEmpty else { return [] }
    var png = png_image()
    png.version = png_uint_32(PNG_IMAGE_VERSION)
    png.width = png_uint_32(r.width)
    png.height = png_uint_32(r.height)
    png.format = pngFormatRGBA
    if compression == .fast { png.flags = png_uint_32(PNG_IMAGE_FLAG_FAST) }
    // Rows of the region, read in place: the stride is the whole image's row (in samples).
    let stride = png_int_32(image.width * 4)
    return image.bytes.withUnsafeBufferPointer { buffer -> [UInt8] in
      let start = UnsafeRawPointer(buffer.baseAddress! + (r.y * image.width + r.x) * 4)
      var size: png_alloc_size_t = 0
      guard png_image_write_to_memory(&png, nil, &size, 0, start, stride, nil) != 0, size > 0 else {
        preconditionFailure("PNGEncoder: libpng could not size the PNG: \(message(of: png))")
      }
      var out = [UInt8](repeating: 0, count: Int(size))
      let ok = out.withUnsafeMutableBytes { raw in
        png_image_write_to_memory(&png, raw.baseAddress, &size, 0, start, stride, nil)
      }
      precondition(ok != 0, "PNGEncoder: libpng could not write the PNG: \(message(of: png))")
      out.removeSubrange(Int(size)...)
      return out
    }
  }

  static func message(of image: png_image) -> String {
    var m = image.message
    return withUnsafeBytes(of: &m) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
  }
}

/// ``RGBAImage``s from PNG files, with libpng: any PNG (palette, grey, 16-bit) comes out as
/// 8-bit RGBA.
public enum PNGDecoder {
  /// The image in `png`, or nil when it is not a PNG libpng can read.
  public static func decode(_ png: some Collection<UInt8>, scale: CGFloat = 1) -> RGBAImage? {
    let data = Array(png)
    // libpng reads the file's bytes until png_image_finish_read returns, so both calls are made
    // inside one withUnsafeBytes: an optimised build may free `data` right after its last use.
    return data.withUnsafeBytes { raw -> RGBAImage? in
      var image = png_image()
      image.version = png_uint_32(PNG_IMAGE_VERSION)
      guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else { return nil }
      // A header claiming more pixels than memory would hold is refused before allocating.
      guard Int(image.width) * Int(image.height) <= 1 << 28 else {
        png_image_free(&image)
        return nil
      }
      image.format = pngFormatRGBA
      let width = Int(image.width), height = Int(image.height)
      var bytes = [UInt8](repeating: 0, count: width * height * 4)
      let finished = bytes.withUnsafeMutableBytes { pixels in
        png_image_finish_read(&image, nil, pixels.baseAddress, 0, nil)
      }
      guard finished != 0 else {
        png_image_free(&image)
        return nil
      }
      return RGBAImage(width: width, height: height, scale: scale, bytes: bytes)
    }
  }
}
#endif
