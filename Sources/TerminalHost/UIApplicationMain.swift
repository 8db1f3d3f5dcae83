import ArgumentParser
import Foundation
import UIKit

#if Web
  import WebHost
#endif

/// Starts the app in the terminal, as `UIApplicationMain` starts an iOS app: the delegate is
/// told the app launched (it makes the window), then the terminal shows the window and its
/// keyboard until the user quits (Ctrl-C or Ctrl-Q) or a signal ends the app. Exits the process
/// with the app's status after restoring the terminal.
///
/// iOS passes the delegate's class *name*; Linux Swift cannot create an object from a name, so
/// the delegate object is passed instead. The command line takes the host's options (`--trace`,
/// `--hardware-keyboard`, `--color`, `--help`).
@MainActor
public func UIApplicationMain(
  _ argc: Int32,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
  _ principalClassName: String?,
  _ delegate: any UIApplicationDelegate
) -> Never {
  let arguments = (0..<Int(argc)).compactMap { argv[$0].map { String(cString: $0) } }
  let programName = arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "app"
  let options = TerminalOptions.parseOrExit(Array(arguments.dropFirst()))
  if options.web { exit(runInBrowser(options: options, programName: programName, delegate: delegate)) }
  let app = TerminalApp(options: options, programName: programName)
  let status = app.run(delegate: delegate)
  exit(status)
}

/// `--web`: the browser front end (WebHost), when the package was built with the Web trait.
@MainActor
private func runInBrowser(options: TerminalOptions, programName: String, delegate: any UIApplicationDelegate) -> Int32 {
  #if Web
    var web = WebHostOptions()
    web.port = options.port ?? 0
    web.screenSize = options.device.screenSize
    web.safeAreaInsets = options.device.safeAreaInsets
    web.chrome = WebDeviceChrome(
      screenCornerRadius: options.device.screenCornerRadius, hasHomeButton: options.device.hasHomeButton)
    web.trace = options.trace
    web.hardwareKeyboard = options.hardwareKeyboard
    web.fullKeyboardAccess = options.fullKeyboardAccess
    web.idiom = options.device.idiom
    web.appearance =
      switch options.appearance {
      case .light: .light
      case .dark: .dark
      case .auto: .followsBrowser
      }
    return WebApp(options: web, programName: programName).run(delegate: delegate)
  #else
    FileHandle.standardError.write(
      Data(
        """
        \(programName): --web needs the browser front end, which this build leaves out.
        Build with the Web trait (it needs FreeType, fontconfig and libpng with their headers:
        apt-get install libfreetype-dev libfontconfig1-dev libpng-dev), e.g.:
            swift run --traits Web \(programName) --web

        """.utf8))
    return 2
  #endif
}

/// Makes the terminal host the one `@main` on an app delegate runs the app in (UIKit's
/// `UIApplicationDelegate.main()`): called by a load-time constructor in CTerminalSupport, before
/// `main`, in every program that links TerminalHost.
@_cdecl("cts_register_uikit_main_host")
func registerTerminalHostForMain() {
  UIApplication._mainHost = { delegate in
    UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, delegate)
  }
}
