#if Pixels
import CJPEG
import Foundation

/// JPEG files from ``RGBAImage``s, with libjpeg. JPEG has no alpha: pixels are composited over
/// `background` (black, as UIKit's `jpegData(compressionQuality:)` does) first.
public enum JPEGEncoder {
  /// The JPEG file of `image` at `quality` (0 smallest … 1 best; clamped), or nil when libjpeg
  /// fails or the image is empty.
  public static func encode(_ image: RGBAImage, quality: Double, background: RGBA = .black) -> [UInt8]? {
    guard image.width > 0, image.height > 0 else { return nil }
    let q = quality.isFinite ? Int32((max(0, min(1, quality)) * 100).rounded()) : 75
    var rgb = [UInt8](repeating: 0, count: image.width * image.height * 3)
    image.bytes.withUnsafeBufferPointer { s in
      for i in 0..<(image.width * image.height) {
        let a = Int(s[i * 4 + 3])
        for c in 0..<3 {
          let under = Int(c == 0 ? background.r : c == 1 ? background.g : background.b)
          rgb[i * 3 + c] = UInt8((Int(s[i * 4 + c]) * a + under * (255 - a) + 127) / 255)
        }
      }
    }
    var out: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    var message = [CChar](repeating: 0, count: 256)
    let ok = rgb.withUnsafeBufferPointer { pixels in
      cjpeg_compress(pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 3), q, &out, &size,
        &message, message.count)
    }
    defer { free(out) }
    guard ok != 0, let out else { return nil }
    return [UInt8](UnsafeBufferPointer(start: out, count: Int(size)))
  }
}

/// ``RGBAImage``s from JPEG files, with libjpeg (opaque).
public enum JPEGDecoder {
  /// The image in `jpeg`, or nil when it is not a JPEG libjpeg can read.
  public static func decode(_ jpeg: some Collection<UInt8>, scale: CGFloat = 1) -> RGBAImage? {
    let data = Array(jpeg)
    guard data.count > 3, data[0] == 0xFF, data[1] == 0xD8 else { return nil }
    var width: Int32 = 0, height: Int32 = 0
    let sized = data.withUnsafeBufferPointer { cjpeg_size($0.baseAddress, UInt($0.count), &width, &height) }
    // Sizes libjpeg accepts but no memory would hold are refused before allocating.
    guard sized != 0, width > 0, height > 0, Int(width) * Int(height) <= 1 << 28 else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
    let ok = data.withUnsafeBufferPointer { source in
      bytes.withUnsafeMutableBufferPointer { cjpeg_decompress(source.baseAddress, UInt(source.count), $0.baseAddress, width, height) }
    }
    guard ok != 0 else { return nil }
    return RGBAImage(width: Int(width), height: Int(height), scale: scale, bytes: bytes)
  }
}
#endif
