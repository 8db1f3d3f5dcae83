import Foundation
import UIKit

/// How the terminal host opens a URL an app asks to open (`UIApplication.open`: a tap on a link
/// in a text view): with the desktop's opener (`xdg-open` on Linux, `open` on macOS) when one is
/// on the PATH, detached and silenced so that nothing it prints reaches the app's screen. In an
/// SSH session or a bare console there is none, and the app hears that the URL did not open.
enum URLOpener {
  /// The opener's path, if the system has one.
  static let command: String? = {
    #if os(macOS)
      let name = "open"
    #else
      let name = "xdg-open"
    #endif
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }()

  /// Starts the opener on `url`; whether it started.
  static func open(_ url: URL) -> Bool {
    guard let command else { return false }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command)
    process.arguments = [url.absoluteString]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
      return true
    } catch {
      return false
    }
  }
}
