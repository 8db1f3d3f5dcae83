import Foundation
import Synchronization
import UIKit

/// What the host sends a tab.
package enum WebOutput: Sendable, Equatable {
  /// A JSON message (see ``WebSession``).
  case text(String)
  /// A frame: a 16-byte header (little-endian: UInt32 the last input applied, UInt16 x, y,
  /// width, height in device pixels, a byte for the format: 0 PNG, 1 raw RGBA rows, then three
  /// zero bytes) and that rectangle's pixels.
  case binary([UInt8])
  /// Close the connection, saying why.
  case close(String)
}

/// The tabs' messages, from the server's connections (any thread) to the session (the main
/// actor), in the order they came. A connection posts and goes on reading; the main actor takes
/// all that waits at once, so keys typed while a frame was being drawn are applied together and
/// answered by one frame, rather than each waiting for a frame of its own.
package final class WebInbox: Sendable {
  private let messages = Mutex<[(text: String, from: Int)]>([])

  package init() {}

  /// Adds a message from tab `id`. Returns true when the inbox was empty: the caller then asks
  /// the main actor to take what it holds (a take is already on its way otherwise).
  package func post(_ text: String, from id: Int) -> Bool {
    messages.withLock { messages in
      messages.append((text, id))
      return messages.count == 1
    }
  }

  /// How many messages may wait before connections stop reading until the main actor has taken
  /// them: a tab that sends faster than the app applies is slowed down rather than filling memory
  /// (far more than a burst of typing, a paste or a drag brings).
  package static let capacity = 4096

  /// Whether the inbox holds ``capacity`` messages or more.
  package var isFull: Bool { messages.withLock { $0.count >= Self.capacity } }

  /// Everything posted since the last take, oldest first.
  package func takeAll() -> [(text: String, from: Int)] {
    messages.withLock { messages in
      defer { messages = [] }
      return messages
    }
  }
}

/// A rectangle of device pixels.
package struct PixelBox: Equatable, Sendable {
  package var x: Int, y: Int, width: Int, height: Int
  package init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}

/// Renders what the window shows to pixels and encodes rectangles of them as PNG (the Pixels
/// renderer, at the host's scale).
@MainActor
package protocol WebFrameRendering: AnyObject {
  /// The scale from points to device pixels.
  var scale: CGFloat { get }
  /// How the renderer measures text (the window lays out with it, so that carets and
  /// selections sit on the glyph edges drawn).
  var textMeasurer: any TextMeasuring { get }
  /// Renders the window's display list; returns the image's size in pixels and the rectangles
  /// that changed since the previous render (all of it the first time), none when nothing did.
  func render(_ list: DisplayList, size: CGSize) -> (width: Int, height: Int, changed: [PixelBox])
  /// The PNG of a rectangle of the last render.
  func png(of rect: PixelBox) -> [UInt8]
  /// The RGBA bytes of a rectangle of the last render, row after row.
  func pixels(of rect: PixelBox) -> [UInt8]
}

/// One app shown to browser tabs: applies what the driving tab sends to the window as the
/// terminal host applies a terminal's input (keys of the hardware keyboard, taps, drags, the
/// wheel, pastes) and IME composition as the headless host's `compose` does, then sends every
/// tab the pixels that changed, the accessibility tree and the trace.
///
/// JSON messages to a tab: `{"t":"hello","width":390,"height":844,"scale":2,"control":true,
/// "trace":false}`, `{"t":"role","control":true}`, `{"t":"a11y","elements":[…]}`,
/// `{"t":"trace","lines":[…]}`, `{"t":"ack","n":7}` (an input changed no pixel),
/// `{"t":"pasteboard","text":"…"}` (after a copy or cut, for the computer's clipboard),
/// `{"t":"open","url":"…"}` (the app opened a URL: the page opens it in a new tab).
@MainActor
package final class WebSession {
  package let window: UIWindow
  private let renderer: (any WebFrameRendering)?
  private let tracing: Bool
  private var clients = WebClients<Client>()
  private struct Client {
    var send: @Sendable (WebOutput) -> Void
    var isMac = false
    var needsEverything = true
    /// The tab's address asked for a caret that does not blink (`&caret=steady`).
    var steadyCaret = false
    /// The tab sent a malformed message and its connection is being closed: what else it sent
    /// is dropped.
    var isRefused = false
  }
  /// Whether something may have changed what the window shows since it was last sent.
  package private(set) var needsRender = true
  private var lastAccessibility = ""
  /// When the accessibility tree was last built for the tabs (UIKit's clock).
  private var accessibilityBuiltAt: TimeInterval?
  /// When the tree held back while keys came fast is due (nil: none is held back); the run loop
  /// wakes then.
  package private(set) var nextAccessibilityUpdate: TimeInterval?
  /// While inputs come faster than this, the accessibility tree is built and sent at most once
  /// per interval: building and encoding it costs a typing frame as much as drawing the key, and
  /// the page rebuilds its mirror from it; a screen reader reads the field after the typist's
  /// burst, not between two keys.
  package static let accessibilityInterval: TimeInterval = 0.05
  private var traceLines: [String] = []
  private var freshTraceLines: [String] = []
  private var traceToken: UIKitTrace.ObserverToken?
  /// The number of the last input applied (from the driving tabs), and whether a frame or an
  /// ack has carried it yet.
  private var lastInput: Int = 0
  private var inputUnacknowledged = false
  private var touchIsDown = false
  /// The keys down (the page's `code` for each), until their releases.
  private var heldKeys: [(code: String, meta: Bool, event: UIPressesEvent)] = []
  private var composing = false
  /// The marked text the last composition update set.
  private var markedText: String?
  /// Where the caret was at the last frame (each text run with a caret: its frame, text and
  /// offset), and since when it has been there, on UIKit's clock: the caret blinks once it has
  /// rested for ``caretBlinkInterval``.
  private var caretPlace: [CaretPlace] = []
  private var caretRestingSince: TimeInterval = 0
  private struct CaretPlace: Equatable {
    var frame: CGRect
    var string: String
    var offset: Int
  }
  /// Whether the caret blinks (when no tab asked for a steady one).
  package var caretBlinks = true

  /// Bytes sent to tabs since the session started (for the benchmark's bytes per key).
  package private(set) var bytesSent = 0
  static let traceHistory = 500

  package init(window: UIWindow, renderer: (any WebFrameRendering)?, tracing: Bool) {
    self.window = window
    self.renderer = renderer
    self.tracing = tracing
    if tracing {
      traceToken = UIKitTrace.addObserver { [weak self] record, window in
        self?.observe(record, window: window)
      }
    }
    // What the app announces to assistive technology goes to every tab's live region, which
    // the browser's screen reader reads out.
    announceToken = UIKitTrace.addObserver { [weak self] record, window in
      guard let self, window == nil || window === self.window,
        case .accessibility(let notification, let text) = record, notification == .announcement, !text.isEmpty
      else { return }
      for entry in clients.entries { deliver(.text(json(["t": "announce", "text": text])), to: entry) }
    }
    // A URL the app opens (a tapped link) opens in a new browser tab of the tabs driving the
    // app, as another app would take it on a device. Only schemes a browser hands on safely.
    UIApplication.shared._urlOpener = { [weak self] url in
      guard let self, ["http", "https", "mailto", "tel"].contains(url.scheme?.lowercased() ?? "") else { return false }
      let drivers = clients.entries.filter(\.canControl)
      for entry in drivers { deliver(.text(json(["t": "open", "url": url.absoluteString])), to: entry) }
      return !drivers.isEmpty
    }
  }

  isolated deinit {
    if let traceToken { UIKitTrace.removeObserver(traceToken) }
    if let announceToken { UIKitTrace.removeObserver(announceToken) }
  }

  private var announceToken: UIKitTrace.ObserverToken?

  /// How the page draws the device around the screen (sent to each tab in its hello).
  package var chrome = WebDeviceChrome()

  /// Whether the app's appearance follows the browser's light or dark preference (the pages'
  /// `appearance` messages); otherwise they are ignored and only ⇧⌘A switches it.
  package var followsBrowserAppearance = false

  /// The window's size in the frames last sent (a rotation changes it).
  private var sentSize: CGSize?

  /// UIKit's time now, for the host whose loop owns the clock (nil: the clock is left alone).
  package var currentTime: (@MainActor () -> TimeInterval)?

  /// Something outside the session (a timer, an animation, queued work) may have changed the
  /// screen.
  package func setNeedsRender() { needsRender = true }

  // MARK: Tabs

  /// A tab connected; `send` delivers to it. Returns its id.
  package func connect(asksForControl: Bool, send: @escaping @Sendable (WebOutput) -> Void) -> Int {
    let id = clients.add(Client(send: send), asksForControl: asksForControl)
    let size = window.bounds.size
    send(.text(json([
      "t": "hello", "width": Double(size.width), "height": Double(size.height),
      "cornerRadius": Double(chrome.screenCornerRadius), "homeButton": chrome.hasHomeButton,
      "scale": Double(renderer?.scale ?? 1), "control": clients.canControl(id), "trace": tracing,
    ])))
    if tracing, !traceLines.isEmpty { send(.text(json(["t": "trace", "lines": traceLines]))) }
    needsRender = true
    return id
  }

  /// A tab went away.
  package func disconnect(_ id: Int) {
    if clients.canControl(id) { cancelKeysDown() }
    for promoted in clients.remove(id) {
      clients[promoted]?.send(.text(json(["t": "role", "control": true])))
    }
  }

  /// Whether tab `id` drives the app.
  package func canControl(_ id: Int) -> Bool { clients.canControl(id) }

  /// Applies what `inbox` holds, in order (see ``receive(_:from:)``). A malformed message closes
  /// its tab's connection, saying why, and the rest of what that tab sent is dropped; returns
  /// the refusals, for the log.
  package func receiveAll(from inbox: WebInbox) -> [(id: Int, refusal: WebProtocolError)] {
    var refusals: [(id: Int, refusal: WebProtocolError)] = []
    for (text, id) in inbox.takeAll() where clients[id]?.isRefused != true {
      do {
        try receive(text, from: id)
      } catch {
        let refusal = error as? WebProtocolError ?? WebProtocolError("\(error)")
        clients[id]?.isRefused = true
        refusals.append((id, refusal))
        clients[id]?.send(.close(refusal.description))
      }
    }
    return refusals
  }

  /// A message from tab `id`. Throws ``WebProtocolError`` for a malformed one (the caller
  /// closes that connection). A watching tab's input is dropped.
  package func receive(_ message: String, from id: Int) throws {
    let (input, number) = try WebInput.decode(message)
    // Input happens now, not when the loop last moved UIKit's clock (it may since have slept up
    // to a second): a touch must begin and end at the times they came, or a long press reads as
    // a tap and a tap after a pause as a long press.
    if let now = currentTime?() { UIApplication.shared._scheduler.advance(to: now) }
    if case .hello(let isMac, let steadyCaret) = input {
      clients[id]?.isMac = isMac
      clients[id]?.steadyCaret = steadyCaret
      return
    }
    guard clients.canControl(id) else { return }
    apply(input, isMac: clients[id]?.isMac ?? false, from: id)
    if let number {
      lastInput = number
      inputUnacknowledged = true
    }
    needsRender = true
  }

  // MARK: Input


  /// Applies one input to the window (public to the package so tests can drive it directly).
  package func apply(_ input: WebInput, isMac: Bool, from id: Int? = nil) {
    switch input {
    case .hello:
      break
    case .key(let key):
      switch WebKeyMapping.action(for: key, isMac: isMac) {
      case .key(let hardwareKey):
        keyDown(hardwareKey, key)
        if hardwareKey.modifiers.contains(.command), hardwareKey.code == .character("c") || hardwareKey.code == .character("x"),
          let id, let text = UIPasteboard.general.string
        {
          clients[id]?.send(.text(json(["t": "pasteboard", "text": text])))
        }
      case .toggleSoftwareKeyboard:
        window.keyboard.isSoftwareKeyboardEnabled.toggle()
      case .toggleAppearance:
        UIScreen.main._toggleUserInterfaceStyle()
      case .browser, .ignore:
        break
      }
    case .keyUp(let code, let name):
      keyUp(code: code, name: name)
    case .blur:
      cancelKeysDown()
    case .text(let text):
      for character in text {
        if character == "\n" || character == "\r\n" {
          _ = window._press(HardwareKey(.returnKey))
        } else {
          _ = window._press(HardwareKey(.character(String(character))))
        }
      }
    case .paste(let text):
      // As in the Simulator: the computer's clipboard becomes the device's pasteboard, then ⌘V.
      guard !text.isEmpty else { break }
      UIPasteboard.general.string = text
      _ = window._press(HardwareKey(.character("v"), modifiers: .command))
    case .composition(let phase, let text):
      compose(phase, text)
    case .pointer(let phase, let point, let clicks, let button):
      pointer(phase, at: clamp(point), clicks: clicks, button: button)
    case .wheel(let point, let delta):
      guard window.bounds.contains(point) else { break }
      _ = window._mouseWheel(at: point, delta: delta)
    case .pinch(let point, let scale):
      guard window.bounds.contains(point) else { break }
      window._trackpadPinch(at: point, scale: scale)
    case .twist(let point, let angle):
      guard window.bounds.contains(point) else { break }
      window._trackpadRotate(at: point, by: angle)
    case .toggleSoftwareKeyboard:
      window.keyboard.isSoftwareKeyboardEnabled.toggle()
    case .appearance(let dark):
      if followsBrowserAppearance { UIScreen.main._userInterfaceStyle = dark ? .dark : .light }
    case .toggleAppearance:
      UIScreen.main._toggleUserInterfaceStyle()
    case .rotate(let left):
      // The device turns a quarter: left is counterclockwise (portrait → landscape left, the
      // home button then on the right), as the Simulator's Rotate Left.
      let order: [UIDeviceOrientation] = [.portrait, .landscapeLeft, .portraitUpsideDown, .landscapeRight]
      let now = UIDevice.current._orientation
      let index = order.firstIndex(of: now) ?? order.firstIndex(of: UIScreen.main._interfaceOrientation._deviceOrientation) ?? 0
      let next = order[(index + (left ? 1 : 3)) % 4]
      UIApplication.shared._deviceDidRotate(to: next, windows: [window])
    }
    // The end of the run loop's turn on a device: lay out what changed.
    window.layoutIfNeeded()
  }

  /// A key went down: held until the page reports its release (pages that send no `code`
  /// report none, and the key comes up at once). The browser's repeats of a held key are the
  /// keyboard's repeats (no new press); a key down again without a release between (one the
  /// page missed) comes up first.
  private func keyDown(_ hardwareKey: HardwareKey, _ key: WebKey) {
    guard let code = key.code else {
      _ = window._press(hardwareKey)
      return
    }
    if let index = heldKeys.firstIndex(where: { $0.code == code }) {
      if key.isRepeat {
        _ = window._keyRepeat(heldKeys[index].event)
        return
      }
      window._keyUp(heldKeys.remove(at: index).event)
    }
    let (_, event) = window._keyDown(hardwareKey)
    if let event { heldKeys.append((code, key.meta, event)) }
  }

  /// A key came up. When ⌘ (Meta) comes up, the keys pressed with it come up too: a Mac's
  /// browser reports no release of a key let go while ⌘ is down.
  private func keyUp(code: String, name: String) {
    if let index = heldKeys.firstIndex(where: { $0.code == code }) {
      window._keyUp(heldKeys.remove(at: index).event)
    }
    if name == "Meta" {
      let withMeta = heldKeys.filter(\.meta)
      heldKeys.removeAll(where: \.meta)
      for held in withMeta { window._keyUp(held.event) }
    }
  }

  /// The keys down are cancelled (`pressesCancelled`): the page lost the keyboard, or the tab
  /// driving the app went away, so their releases will not come.
  private func cancelKeysDown() {
    let held = heldKeys
    heldKeys.removeAll()
    for key in held { window._cancelKey(key.event) }
  }

  /// The page's composition events become the steps HeadlessHost's `compose` takes: each update
  /// is `setMarkedText` with the caret at its end (the delegate is asked each time), the end
  /// sets the committed text as marked and unmarks it (an empty commit, a cancelled
  /// composition, removes the marked text).
  private func compose(_ phase: WebInput.CompositionPhase, _ text: String) {
    guard let input = window._firstResponder as? any UITextInput else { return }
    switch phase {
    case .start:
      composing = true
      markedText = nil
    case .update:
      composing = true
      markedText = text
      input.setMarkedText(text, selectedRange: NSRange(location: (text as NSString).length, length: 0))
    case .end:
      guard composing || !text.isEmpty else { return }
      composing = false
      // Browsers send the committed text as a last update and again with the end: the text is
      // marked once, as in `compose`, where the commit is one more `setMarkedText`.
      if markedText != text {
        input.setMarkedText(text, selectedRange: NSRange(location: (text as NSString).length, length: 0))
      }
      markedText = nil
      input.unmarkText()
      window.undoManager?._endEventGroupIfNeeded()
    }
  }

  private func pointer(_ phase: WebInput.PointerPhase, at point: CGPoint, clicks: Int, button: Int) {
    switch (phase, button) {
    case (.down, 2):
      window._secondaryClick(at: point)
    case (.down, 0):
      if touchIsDown { window._touch(at: point, phase: .ended, tapCount: clicks) }
      touchIsDown = true
      window._touch(at: point, phase: .began, tapCount: clicks)
    case (.move, _) where touchIsDown:
      window._touch(at: point, phase: .moved)
    case (.up, _) where touchIsDown:
      touchIsDown = false
      window._touch(at: point, phase: .ended, tapCount: clicks)
    case (.hover, _):
      window._hover(at: point)
    case (.leave, _):
      window._hover(at: nil)
    default:
      break
    }
  }

  private func clamp(_ point: CGPoint) -> CGPoint {
    let rect = window.bounds
    return CGPoint(x: min(max(point.x, rect.minX), rect.maxX - 1), y: min(max(point.y, rect.minY), rect.maxY - 1))
  }

  // MARK: The caret's blink

  /// The caret blinks as on iOS: solid while it moves (typing, arrows, taps) and for half a
  /// second after, then off and on every half second. The browser shows what the Pixels
  /// renderer draws and nothing else, so the host blinks it: at each phase it redraws the
  /// caret's text run with the caret shown or hidden and sends the few pixels that changed (a
  /// PNG of the caret bar, about a hundred bytes, twice a second). The page stays pixel for pixel
  /// what `snapshot()` draws of the same state in the "on" phase; a tab whose address has
  /// `&caret=steady` keeps the caret on for every tab (screenshot tests).
  package static let caretBlinkInterval: TimeInterval = 0.5

  /// Whether the caret is drawn at `now`, given the display list about to be drawn: hides it in
  /// `list` during an "off" phase.
  private func applyCaretBlink(to list: inout DisplayList, now: TimeInterval) {
    var place: [CaretPlace] = []
    var indices: [Int] = []
    for (index, item) in list.items.enumerated() {
      if case .text(let run) = item.content, let offset = run.caretOffset {
        place.append(CaretPlace(frame: item.frame, string: run.string, offset: offset))
        indices.append(index)
      }
    }
    if place != caretPlace {
      caretPlace = place
      caretRestingSince = now
    }
    guard !place.isEmpty, !isCaretVisible(at: now) else { return }
    for index in indices {
      if case .text(var run) = list.items[index].content {
        run.isCaretHidden = true
        list.items[index].content = .text(run)
      }
    }
  }

  /// Whether the blink's phase at `now` shows the caret.
  private func isCaretVisible(at now: TimeInterval) -> Bool {
    guard caretBlinks, !clients.entries.contains(where: { $0.client.steadyCaret }) else { return true }
    let rested = now - caretRestingSince
    guard rested >= Self.caretBlinkInterval else { return true }
    return Int(((rested - Self.caretBlinkInterval) / Self.caretBlinkInterval).rounded(.down)) % 2 == 1
  }

  /// When the caret next turns on or off (UIKit's clock), if it is blinking: the run loop wakes
  /// then to send the frame.
  package var nextCaretBlink: TimeInterval? {
    guard !caretPlace.isEmpty, caretBlinks, !clients.entries.isEmpty,
      !clients.entries.contains(where: { $0.client.steadyCaret })
    else { return nil }
    let now = UIApplication.shared._scheduler.now
    let rested = max(0, now - caretRestingSince)
    let phases = (rested / Self.caretBlinkInterval).rounded(.down) + 1
    return caretRestingSince + phases * Self.caretBlinkInterval
  }

  // MARK: Output

  /// Sends each tab what changed: pixels (a new tab gets the whole screen), the accessibility
  /// tree when it changed (within ``accessibilityInterval`` while inputs come fast), new trace
  /// lines, and an ack for an input that changed no pixel.
  package func flush() {
    needsRender = false
    guard !clients.entries.isEmpty else {
      lastAccessibility = ""
      accessibilityBuiltAt = nil
      nextAccessibilityUpdate = nil
      return
    }
    let ack = UInt32(truncatingIfNeeded: lastInput)
    var sentFrame = false
    // The device turned: every tab sizes its canvas again before the frames of the new size.
    let size = window.bounds.size
    if let sent = sentSize, sent != size {
      let message = json(["t": "screen", "width": Double(size.width), "height": Double(size.height)])
      for entry in clients.entries where !entry.client.needsEverything { deliver(.text(message), to: entry) }
    }
    sentSize = size
    if let renderer {
      var list = window.displayList()
      applyCaretBlink(to: &list, now: UIApplication.shared._scheduler.now)
      let image = renderer.render(list, size: window.bounds.size)
      let full = PixelBox(x: 0, y: 0, width: image.width, height: image.height)
      var fullFrame: [UInt8]?
      var changedFrames: [[UInt8]]?
      for entry in clients.entries {
        if entry.client.needsEverything {
          if fullFrame == nil { fullFrame = frame(of: full, from: renderer, ack) }
          deliver(.binary(fullFrame!), to: entry)
          sentFrame = true
        } else if !image.changed.isEmpty {
          if changedFrames == nil {
            // The input's number rides on the last rectangle: the page counts the key answered
            // once all of them are drawn.
            changedFrames = image.changed.enumerated().map { index, rect in
              frame(of: rect, from: renderer, index == image.changed.count - 1 ? ack : 0)
            }
          }
          for bytes in changedFrames! { deliver(.binary(bytes), to: entry) }
          sentFrame = true
        }
      }
    }
    let now = UIApplication.shared._scheduler.now
    if inputUnacknowledged, !clients.entries.contains(where: { $0.client.needsEverything }),
      let built = accessibilityBuiltAt, now - built < Self.accessibilityInterval
    {
      nextAccessibilityUpdate = built + Self.accessibilityInterval
    } else {
      let accessibility = json(["t": "a11y", "elements": AccessibilityMirror.elements(of: window)])
      for entry in clients.entries where entry.client.needsEverything || accessibility != lastAccessibility {
        deliver(.text(accessibility), to: entry)
      }
      lastAccessibility = accessibility
      accessibilityBuiltAt = now
      nextAccessibilityUpdate = nil
    }
    if !freshTraceLines.isEmpty {
      let message = json(["t": "trace", "lines": freshTraceLines])
      freshTraceLines = []
      // A tab that connected since the last flush had the history up to then: these follow it.
      for entry in clients.entries { deliver(.text(message), to: entry) }
    }
    if inputUnacknowledged, !sentFrame {
      for entry in clients.entries { deliver(.text(json(["t": "ack", "n": Int(ack)])), to: entry) }
    }
    inputUnacknowledged = false
    for entry in clients.entries where entry.client.needsEverything { clients[entry.id]?.needsEverything = false }
  }

  private func deliver(_ output: WebOutput, to entry: WebClients<Client>.Entry) {
    switch output {
    case .text(let text): bytesSent += text.utf8.count
    case .binary(let bytes): bytesSent += bytes.count
    case .close: break
    }
    entry.client.send(output)
  }

  /// Rectangles up to this many pixels go raw: for them encoding and decoding a PNG costs more
  /// than the bytes it saves on 127.0.0.1 (a typed character and the caret are about a thousand
  /// pixels). Larger ones go as PNGs, which the page decodes off its main thread (the first
  /// frame, 1.3 million pixels, is a PNG of about 100 KB instead of 5 MB).
  static let largestRawFrame = 16 * 1024

  /// The frame message of `rect` of the last render (see ``WebOutput/binary(_:)``).
  private func frame(of rect: PixelBox, from renderer: any WebFrameRendering, _ ack: UInt32) -> [UInt8] {
    let raw = rect.width * rect.height <= Self.largestRawFrame
    let payload = raw ? renderer.pixels(of: rect) : renderer.png(of: rect)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(16 + payload.count)
    for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: ack >> UInt32(shift))) }
    for value in [rect.x, rect.y, rect.width, rect.height] {
      bytes.append(UInt8(truncatingIfNeeded: value))
      bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }
    bytes.append(contentsOf: [raw ? 1 : 0, 0, 0, 0])
    bytes.append(contentsOf: payload)
    return bytes
  }


  // MARK: Trace

  private func observe(_ record: TraceRecord, window: UIWindow?) {
    guard window == nil || window === self.window else { return }
    let line = record.line { object in
      guard let object else { return nil }
      if let view = object as? UIView, let identifier = view.accessibilityIdentifier { return identifier }
      return String(describing: type(of: object))
    }
    traceLines.append(line)
    if traceLines.count > Self.traceHistory { traceLines.removeFirst(traceLines.count - Self.traceHistory) }
    freshTraceLines.append(line)
    needsRender = true
  }

  /// The trace lines kept for tabs that connect later (the last 500).
  package var trace: [String] { traceLines }
}

/// One JSON object as text (keys sorted, so equal content gives equal text).
func json(_ object: [String: Any]) -> String {
  let encodable = object.mapValues { AnyJSON($0) }
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  return String(decoding: (try? encoder.encode(encodable)) ?? Data("{}".utf8), as: UTF8.self)
}

private struct AnyJSON: Encodable {
  let value: Any
  init(_ value: Any) { self.value = value }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch value {
    case let v as String: try container.encode(v)
    case let v as Bool: try container.encode(v)
    case let v as Int: try container.encode(v)
    case let v as Double: try container.encode(v)
    case let v as [String]: try container.encode(v)
    case let v as [AccessibilityElement]: try container.encode(v)
    default: try container.encodeNil()
    }
  }
}
