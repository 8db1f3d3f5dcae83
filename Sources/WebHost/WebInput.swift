import Foundation
import UIKit

/// What a page sends: one JSON object per WebSocket text message, `t` naming its kind and `n`
/// numbering the page's inputs (frames carry the last number applied, for key-to-frame timing).
///
/// ```json
/// {"t":"hello","mac":false,"steadyCaret":false}   // steadyCaret: the address has &caret=steady
/// {"t":"key","key":"a","code":"KeyA","repeat":false,"shift":false,"ctrl":false,"alt":false,"meta":false,"n":3}
/// {"t":"keyup","key":"a","code":"KeyA","n":4}    // the key came up (pressesEnded)
/// {"t":"blur","n":5}                     // the page lost the keyboard: keys down are cancelled
/// {"t":"text","text":"é","n":4}          // text the page typed without a key (dictation)
/// {"t":"paste","text":"hello","n":5}
/// {"t":"compose","phase":"update","text":"ha","n":6}   // start, update, end
/// {"t":"pointer","phase":"down","x":120.5,"y":80,"clicks":1,"button":0,"n":7}
/// {"t":"wheel","x":120,"y":300,"dx":0,"dy":40,"n":8}
/// {"t":"pinch","x":120,"y":300,"scale":1.05,"n":8}   // a trackpad pinch step (wheel with Control)
/// {"t":"twist","x":120,"y":300,"angle":0.13,"n":8}   // a rotation step, radians (wheel with Control and Alt)
/// {"t":"softkb","n":9}                   // the Simulator's Toggle Software Keyboard
/// {"t":"appearance","dark":true,"n":10}  // the browser's prefers-color-scheme (on load and when it changes)
/// {"t":"toggleAppearance","n":11}        // the Simulator's Toggle Appearance
/// {"t":"rotate","direction":"left","n":12}   // the Simulator's Rotate Left (or "right")
/// ```
package enum WebInput: Equatable, Sendable {
  case hello(isMac: Bool, steadyCaret: Bool = false)
  case key(WebKey)
  /// A key came up: `code` is the DOM `KeyboardEvent.code` its key went down with.
  case keyUp(code: String, key: String)
  /// The page lost the keyboard focus: its keys' releases will not come.
  case blur
  case text(String)
  case paste(String)
  case composition(CompositionPhase, String)
  case pointer(PointerPhase, CGPoint, clicks: Int, button: Int)
  case wheel(CGPoint, delta: CGPoint)
  /// A step of a trackpad pinch: the fingers' distance multiplied by `scale`.
  case pinch(CGPoint, scale: CGFloat)
  /// A step of a two-finger rotation by `angle` radians (clockwise positive).
  case twist(CGPoint, angle: CGFloat)
  case toggleSoftwareKeyboard
  /// The browser's light or dark preference (`prefers-color-scheme`).
  case appearance(dark: Bool)
  /// The Simulator's Toggle Appearance: light ⇄ dark.
  case toggleAppearance
  /// The Simulator's Rotate Left (counterclockwise) or Rotate Right.
  case rotate(left: Bool)

  package enum CompositionPhase: String, Sendable { case start, update, end }
  /// A press, a move with it held, its release; the pointer moving with nothing pressed
  /// (`hover`), and leaving the screen (`leave`).
  package enum PointerPhase: String, Sendable { case down, move, up, hover, leave }

  /// The longest text message a page may send (a paste of about a million characters): the
  /// server's WebSocket frame limit is set from it.
  package static let maximumMessageBytes = 4 << 20
  /// The longest key name a page reports ("ArrowRight", "AudioVolumeMute"…).
  static let maximumKeyLength = 32

  private struct Wire: Decodable {
    var t: String
    var n: Int?
    var mac: Bool?
    var steadyCaret: Bool?
    var key: String?
    var code: String?
    var `repeat`: Bool?
    var shift: Bool?
    var ctrl: Bool?
    var alt: Bool?
    var meta: Bool?
    var text: String?
    var phase: String?
    var x: Double?
    var y: Double?
    var dx: Double?
    var dy: Double?
    var clicks: Int?
    var button: Int?
    var dark: Bool?
    var direction: String?
    var scale: Double?
    var angle: Double?
  }

  /// Decodes one message; throws a ``WebProtocolError`` saying what was wrong. The caller
  /// closes the connection that sent it (a page of ours never does).
  package static func decode(_ text: String) throws -> (input: WebInput, number: Int?) {
    guard text.utf8.count <= maximumMessageBytes else {
      throw WebProtocolError("message of \(text.utf8.count) bytes exceeds \(maximumMessageBytes)")
    }
    let wire: Wire
    do {
      wire = try JSONDecoder().decode(Wire.self, from: Data(text.utf8))
    } catch {
      throw WebProtocolError("not a message object: \(String(text.prefix(80)).debugDescription)")
    }
    func require<T>(_ value: T?, _ name: String) throws -> T {
      guard let value else { throw WebProtocolError("\"\(wire.t)\" message without \"\(name)\"") }
      return value
    }
    func point(_ x: Double?, _ y: Double?, _ names: (String, String)) throws -> CGPoint {
      let x = try require(x, names.0), y = try require(y, names.1)
      guard x.isFinite, y.isFinite, abs(x) < 1e6, abs(y) < 1e6 else {
        throw WebProtocolError("\"\(wire.t)\" message with a coordinate out of range")
      }
      return CGPoint(x: x, y: y)
    }
    let input: WebInput
    switch wire.t {
    case "hello":
      input = .hello(isMac: wire.mac ?? false, steadyCaret: wire.steadyCaret ?? false)
    case "key":
      let name = try require(wire.key, "key")
      guard !name.isEmpty, name.count <= maximumKeyLength || name.count == 1 else {
        throw WebProtocolError("key name of \(name.count) characters")
      }
      if let code = wire.code, code.isEmpty || code.count > maximumKeyLength {
        throw WebProtocolError("key code of \(code.count) characters")
      }
      input = .key(
        WebKey(
          key: name, shift: wire.shift ?? false, control: wire.ctrl ?? false, alt: wire.alt ?? false,
          meta: wire.meta ?? false, code: wire.code, isRepeat: wire.repeat ?? false))
    case "keyup":
      let code = try require(wire.code, "code")
      guard !code.isEmpty, code.count <= maximumKeyLength else { throw WebProtocolError("key code of \(code.count) characters") }
      input = .keyUp(code: code, key: String((wire.key ?? "").prefix(maximumKeyLength)))
    case "blur":
      input = .blur
    case "text":
      input = .text(try require(wire.text, "text"))
    case "paste":
      input = .paste(try require(wire.text, "text"))
    case "compose":
      let phaseName = try require(wire.phase, "phase")
      guard let phase = CompositionPhase(rawValue: phaseName) else {
        throw WebProtocolError("unknown composition phase \(phaseName.debugDescription)")
      }
      input = .composition(phase, wire.text ?? "")
    case "pointer":
      let phaseName = try require(wire.phase, "phase")
      guard let phase = PointerPhase(rawValue: phaseName) else {
        throw WebProtocolError("unknown pointer phase \(phaseName.debugDescription)")
      }
      let clicks = wire.clicks ?? 1
      guard (0...100).contains(clicks) else { throw WebProtocolError("click count \(clicks)") }
      input = .pointer(phase, try point(wire.x, wire.y, ("x", "y")), clicks: max(1, clicks), button: wire.button ?? 0)
    case "wheel":
      input = .wheel(try point(wire.x, wire.y, ("x", "y")), delta: try point(wire.dx, wire.dy, ("dx", "dy")))
    case "pinch":
      let scale = try require(wire.scale, "scale")
      guard scale.isFinite, scale > 0.01, scale < 100 else { throw WebProtocolError("pinch scale \(scale)") }
      input = .pinch(try point(wire.x, wire.y, ("x", "y")), scale: scale)
    case "twist":
      let angle = try require(wire.angle, "angle")
      guard angle.isFinite, abs(angle) < 100 else { throw WebProtocolError("rotation angle \(angle)") }
      input = .twist(try point(wire.x, wire.y, ("x", "y")), angle: angle)
    case "softkb":
      input = .toggleSoftwareKeyboard
    case "appearance":
      input = .appearance(dark: try require(wire.dark, "dark"))
    case "toggleAppearance":
      input = .toggleAppearance
    case "rotate":
      switch try require(wire.direction, "direction") {
      case "left": input = .rotate(left: true)
      case "right": input = .rotate(left: false)
      case let other: throw WebProtocolError("unknown rotation \(String(other.prefix(20)).debugDescription)")
      }
    default:
      throw WebProtocolError("unknown message kind \(String(wire.t.prefix(40)).debugDescription)")
    }
    return (input, wire.n)
  }
}

/// A page's message the host cannot use: the connection that sent it is closed, with this
/// description in the log line; the app goes on.
package struct WebProtocolError: Error, CustomStringConvertible, Equatable {
  package var description: String
  package init(_ description: String) { self.description = description }
}

/// A key the page reported (a DOM `KeyboardEvent`'s `key` and modifier flags; its `code`, the
/// physical key that later comes up, and whether it is the browser's key repeat).
package struct WebKey: Equatable, Sendable {
  package var key: String
  package var shift = false
  package var control = false
  package var alt = false
  package var meta = false
  /// The physical key (nil from a page that reports no releases: the key comes up at once).
  package var code: String?
  package var isRepeat = false
  package init(
    key: String, shift: Bool = false, control: Bool = false, alt: Bool = false, meta: Bool = false, code: String? = nil,
    isRepeat: Bool = false
  ) {
    self.key = key
    self.shift = shift
    self.control = control
    self.alt = alt
    self.meta = meta
    self.code = code
    self.isRepeat = isRepeat
  }
}
