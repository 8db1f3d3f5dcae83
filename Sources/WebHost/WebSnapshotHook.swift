#if Web
  import Foundation
  import UIKit
  import UIKitPixels
  #if canImport(Glibc)
    import Glibc
  #endif

  /// A test's look at what the app draws, beside what the page shows: with the environment
  /// variable `UIKIT_WEB_SNAPSHOT` set to a file's path, SIGUSR1 makes the app write there a PNG
  /// of what its window shows now, drawn whole by the Pixels renderer at the frames' scale (as
  /// `HeadlessHost.snapshot(scale:)` draws a window), while the page has it as the rectangles
  /// that changed, drawn one over another. Tests/EndToEnd/web_e2e.py compares the two.
  ///
  /// The file appears whole (written beside it, then renamed), after which the app writes
  /// "snapshot written" on standard error. Without the variable, SIGUSR1 keeps its default
  /// (it ends the process), as for any program.
  @MainActor
  final class WebSnapshotHook {
    static let environmentVariable = "UIKIT_WEB_SNAPSHOT"
    private let path: String
    private let window: UIWindow
    private let scale: CGFloat
    private var source: (any DispatchSourceSignal)?

    /// The hook, when the environment asks for one.
    init?(window: UIWindow, scale: CGFloat, environment: [String: String] = ProcessInfo.processInfo.environment) {
      guard let path = environment[Self.environmentVariable], !path.isEmpty else { return nil }
      self.path = path
      self.window = window
      self.scale = scale
      signal(SIGUSR1, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: .main)
      source.setEventHandler { [weak self] in
        MainActor.assumeIsolated { self?.write() }
      }
      source.resume()
      self.source = source
    }

    isolated deinit {
      source?.cancel()
    }

    /// Draws the window now and writes the PNG.
    func write() {
      let image = PixelRenderer(scale: scale).render(window.displayList(), size: window.bounds.size)
      let partial = path + ".partial"
      do {
        try Data(PNGEncoder.encode(image)).write(to: URL(fileURLWithPath: partial))
        if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
        try FileManager.default.moveItem(atPath: partial, toPath: path)
        FileHandle.standardError.write(Data("snapshot written\n".utf8))
      } catch {
        FileHandle.standardError.write(Data("snapshot not written: \(error)\n".utf8))
      }
    }
  }
#endif
