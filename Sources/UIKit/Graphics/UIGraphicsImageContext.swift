// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (UIKit names its drawing functions so.)

// The image contexts of UIKit's C functions, older than UIGraphicsImageRenderer and still
// common: begin pushes a new image context (current until it ends), get makes an image of the
// current one, end pops it. Contexts nest; get and end answer for the innermost.

import Synchronization

/// The image contexts begun and not yet ended, innermost last.
private let imageContextSessions = Mutex<[_ImageDrawingSession]>([])

/// Begins an image context `size` points large, with alpha, at scale 1.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
  UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// Begins an image context `size` points large: `opaque` drops the alpha channel; `scale` is
/// pixels per point (0: the main screen's).
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
  let format = UIGraphicsImageRendererFormat()
  format.opaque = opaque
  if scale > 0, scale.isFinite { format.scale = scale }
  let session = _ImageDrawingSession(bounds: CGRect(origin: .zero, size: size), format: format)
  imageContextSessions.withLock { $0.append(session) }
  session.begin()
}

/// The image drawn so far into the current image context; nil when the current context is
/// not one `UIGraphicsBeginImageContext…` began.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
  guard let current = UIGraphicsGetCurrentContext() else { return nil }
  let session = imageContextSessions.withLock { sessions in sessions.last { $0.context === current } }
  return session?.image()
}

/// Ends the innermost image context (nothing when none was begun).
public func UIGraphicsEndImageContext() {
  guard let session = imageContextSessions.withLock({ $0.popLast() }) else { return }
  session.end()
}
