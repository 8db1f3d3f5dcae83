import ArgumentParser
import UIKit
import Foundation

/// The terminal host's command-line options (every app run in the terminal has them).
package struct TerminalOptions: ParsableCommand {
  package init() {}

  @Flag(help: "Show, beside the app, the delegate messages, notifications and control events as they happen, and what the app prints.")
  package var trace = false

  @Flag(help: "Start with the software keyboard hidden, as the Simulator does with a connected hardware keyboard (Ctrl-K shows it).")
  package var hardwareKeyboard = false

  @Flag(
    inversion: .prefixedNo,
    help: "Full Keyboard Access, as in iOS's Settings › Accessibility › Keyboards: Tab and the arrows reach every control (each segment, each stepper half, selectable cells) and Space activates the focused one. Without it, Tab moves between fields and custom focusable views, as on an iPad.")
  package var fullKeyboardAccess = true

  @Flag(help: "Ring the terminal's bell when the app plays error feedback (UINotificationFeedbackGenerator's .error), where an iPhone would buzz.")
  package var feedbackBell = false

  @Option(help: "Colours: auto (from COLORTERM, TERM and NO_COLOR), truecolor, 256, 16 or none.")
  package var color: ColorChoice = .auto

  @Flag(help: "Serve the app to a browser on 127.0.0.1 instead of the terminal (needs the Web trait: swift run --traits Web APP --web).")
  package var web = false

  @Option(help: "With --web: the TCP port on 127.0.0.1 (default: a free one).")
  package var port: Int?

  @Option(help: "With --web: the device shown: \(SimulatedDevice.allCases.map(\.rawValue).joined(separator: ", ")).")
  package var device: SimulatedDevice = .iPhone14

  @Option(help: "The appearance the app starts in: light, dark, or auto (the terminal's background from COLORFGBG; with --web, the browser's light or dark preference, followed live). Ctrl-T switches it in the terminal, ⇧⌘A (Ctrl-Shift-A) in the browser.")
  package var appearance: AppearanceChoice = .light

  package mutating func validate() throws {
    if let port, !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535") }
    if !web, port != nil { throw ValidationError("--port goes with --web") }
  }

  package enum AppearanceChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
    case light, dark, auto
  }

  /// The appearance the terminal starts in: `auto` reads the terminal's background colour
  /// from `COLORFGBG` ("15;0": white on black), which rxvt, Konsole and others set; a dark
  /// background (ANSI colours 0–6 and 8) means dark, anything else light.
  package func initialAppearance(environment: [String: String]) -> UIUserInterfaceStyle {
    switch appearance {
    case .light: return .light
    case .dark: return .dark
    case .auto:
      guard let value = environment["COLORFGBG"], let background = value.split(separator: ";").last.flatMap({ Int($0) })
      else { return .light }
      return (0...6).contains(background) || background == 8 ? .dark : .light
    }
  }

  package enum ColorChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
    case auto, truecolor
    case palette256 = "256"
    case ansi16 = "16"
    case none
  }

  /// The colour mode the choice means in `environment`.
  package func colorMode(environment: [String: String]) -> ColorMode {
    switch color {
    case .auto: ColorMode.detect(environment: environment)
    case .truecolor: .trueColor
    case .palette256: .palette256
    case .ansi16: .ansi16
    case .none: .monochrome
    }
  }

  package static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent },
      abstract: "A UIKit app in the terminal, as in the iOS Simulator.",
      discussion: """
        Runs the app in the terminal as the iOS Simulator would: click to tap, type on the \
        terminal's keyboard (a hardware keyboard) or click the keys of the on-screen keyboard.
        Keys: Ctrl-K toggles the software keyboard · Ctrl-T switches light and dark appearance · \
        Tab and the arrows move keyboard focus, Space activates (Full Keyboard Access) · Ctrl-A select all · \
        Ctrl-X cut · Ctrl-V paste · Ctrl-Z undo · Ctrl-Y redo · Ctrl-C or Ctrl-Q quits.
        """)
  }
}
