// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (UIKit names its drawing functions so.)

// The image contexts of UIKit's C functions, older than UIGraphicsImageRenderer and still
// common: begin pushes a new image context (current until it ends), get makes an image of the
// current one, end pops it. Contexts nest; get and end answer for the innermost.

import Foundation

/// This thread's image contexts begun and not yet ended, innermost last (a thread's own, as its
/// current context is).
private final class ImageContextSessions {
  var sessions: [_ImageDrawingSession] = []

  static var current: ImageContextSessions {
    let dictionary = Thread.current.threadDictionary
    if let sessions = dictionary["UIKit.ImageContextSessions"] as? ImageContextSessions { return sessions }
    let sessions = ImageContextSessions()
    dictionary["UIKit.ImageContextSessions"] = sessions
    return sessions
  }
}

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
  ImageContextSessions.current.sessions.append(session)
  session.begin()
}

/// The image drawn so far into the current image context; nil when the current context is
/// not one `UIGraphicsBeginImageContext…` began.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
  guard let current = UIGraphicsGetCurrentContext() else { return nil }
  let session = ImageContextSessions.current.sessions.last { $0.context === current }
  return session?.image()
}

/// Ends the innermost image context (nothing when none was begun).
public func UIGraphicsEndImageContext() {
  guard let session = ImageContextSessions.current.sessions.popLast() else { return }
  session.end()
}
