import Foundation
import Testing
import UIKit
@testable import WebHost

@Suite struct WebInputTests {
  @Test func decodesEachKindOfMessage() throws {
    #expect(try WebInput.decode(#"{"t":"hello","mac":true}"#).input == .hello(isMac: true))
    let key = try WebInput.decode(#"{"t":"key","key":"a","ctrl":true,"n":7}"#)
    #expect(key.input == .key(WebKey(key: "a", control: true)))
    #expect(key.number == 7)
    #expect(try WebInput.decode(#"{"t":"paste","text":"hé"}"#).input == .paste("hé"))
    #expect(try WebInput.decode(#"{"t":"compose","phase":"update","text":"ha"}"#).input == .composition(.update, "ha"))
    #expect(
      try WebInput.decode(#"{"t":"pointer","phase":"down","x":10.5,"y":20,"clicks":2,"button":0}"#).input
        == .pointer(.down, CGPoint(x: 10.5, y: 20), clicks: 2, button: 0))
    #expect(
      try WebInput.decode(#"{"t":"pointer","phase":"hover","x":3,"y":4,"clicks":1,"button":0}"#).input
        == .pointer(.hover, CGPoint(x: 3, y: 4), clicks: 1, button: 0))
    #expect(
      try WebInput.decode(#"{"t":"pointer","phase":"leave","x":0,"y":0}"#).input
        == .pointer(.leave, CGPoint(x: 0, y: 0), clicks: 1, button: 0))
    #expect(
      try WebInput.decode(#"{"t":"wheel","x":1,"y":2,"dx":0,"dy":-40}"#).input
        == .wheel(CGPoint(x: 1, y: 2), delta: CGPoint(x: 0, y: -40)))
    #expect(
      try WebInput.decode(#"{"t":"pinch","x":1,"y":2,"scale":1.25}"#).input == .pinch(CGPoint(x: 1, y: 2), scale: 1.25))
    #expect(
      try WebInput.decode(#"{"t":"twist","x":1,"y":2,"angle":-0.5}"#).input == .twist(CGPoint(x: 1, y: 2), angle: -0.5))
    #expect(try WebInput.decode(#"{"t":"softkb"}"#).input == .toggleSoftwareKeyboard)
    #expect(try WebInput.decode(#"{"t":"appearance","dark":true}"#).input == .appearance(dark: true))
    #expect(throws: WebProtocolError("\"appearance\" message without \"dark\"")) {
      try WebInput.decode(#"{"t":"appearance"}"#)
    }
  }

  @Test(arguments: [
    ("not json", "not a message object"),
    (#"[1,2]"#, "not a message object"),
    (#"{"t":"launch"}"#, "unknown message kind"),
    (#"{"t":"key"}"#, "without \"key\""),
    (#"{"t":"key","key":""}"#, "key name of 0"),
    (#"{"t":"compose","phase":"middle"}"#, "unknown composition phase"),
    (#"{"t":"pointer","phase":"down","x":1e300,"y":0}"#, "out of range"),
    (#"{"t":"pointer","phase":"down","x":"1","y":0}"#, "not a message object"),
    (#"{"t":"pointer","phase":"down","x":1,"y":0,"clicks":-3}"#, "click count"),
    (#"{"t":"wheel","x":1,"y":2}"#, "without \"dx\""),
    (#"{"t":"pinch","x":1,"y":2,"scale":0}"#, "pinch scale"),
    (#"{"t":"pinch","x":1,"y":2}"#, "without \"scale\""),
    (#"{"t":"twist","x":1,"y":2,"angle":1e9}"#, "rotation angle"),
  ])
  func refusesMalformedMessagesSayingWhy(message: String, reason: String) {
    #expect {
      try WebInput.decode(message)
    } throws: { error in
      (error as? WebProtocolError)?.description.contains(reason) == true
    }
  }

  @Test func refusesAMessageOverTheLimit() {
    let huge = #"{"t":"paste","text":""# + String(repeating: "x", count: WebInput.maximumMessageBytes) + #""}"#
    #expect(throws: WebProtocolError.self) { try WebInput.decode(huge) }
  }
}

@Suite struct WebKeyMappingTests {
  func map(_ key: String, shift: Bool = false, control: Bool = false, alt: Bool = false, meta: Bool = false, mac: Bool = false)
    -> WebKeyAction
  {
    WebKeyMapping.action(for: WebKey(key: key, shift: shift, control: control, alt: alt, meta: meta), isMac: mac)
  }

  @Test func charactersAreTypedAsTheyCome() {
    #expect(map("a") == .key(HardwareKey(.character("a"))))
    // Shift is already in the character.
    #expect(map("A", shift: true) == .key(HardwareKey(.character("A"))))
    #expect(map("哈") == .key(HardwareKey(.character("哈"))))
    #expect(map(" ") == .key(HardwareKey(.character(" "))))
  }

  @Test func controlStandsForCommandOffAMac() {
    #expect(map("a", control: true) == .key(HardwareKey(.character("a"), modifiers: .command)))
    #expect(map("c", control: true) == .key(HardwareKey(.character("c"), modifiers: .command)))
    #expect(map("y", control: true) == .key(HardwareKey(.character("z"), modifiers: [.command, .shift])))
    #expect(map("Z", shift: true, control: true) == .key(HardwareKey(.character("z"), modifiers: [.command, .shift])))
    #expect(map("ArrowLeft", control: true) == .key(HardwareKey(.left, modifiers: .option)))
    #expect(map("Backspace", control: true) == .key(HardwareKey(.backspace, modifiers: .option)))
    #expect(map("k", control: true) == .toggleSoftwareKeyboard)
    #expect(map("A", shift: true, control: true) == .toggleAppearance, "the Simulator's ⇧⌘A")
    #expect(map("v", control: true) == .browser)
    // The Windows key is not ⌘ off a Mac.
    #expect(map("a", meta: true) == .key(HardwareKey(.character("a"))))
  }

  @Test func commandIsCommandOnAMac() {
    #expect(map("a", meta: true, mac: true) == .key(HardwareKey(.character("a"), modifiers: .command)))
    #expect(map("ArrowLeft", meta: true, mac: true) == .key(HardwareKey(.left, modifiers: .command)))
    #expect(map("ArrowLeft", alt: true, mac: true) == .key(HardwareKey(.left, modifiers: .option)))
    #expect(map("v", meta: true, mac: true) == .browser)
    #expect(map("k", meta: true, mac: true) == .toggleSoftwareKeyboard)
    #expect(map("A", shift: true, meta: true, mac: true) == .toggleAppearance)
    #expect(map("a", control: true, mac: true) == .key(HardwareKey(.character("a"), modifiers: .control)))
  }

  @Test func namedKeys() {
    #expect(map("Enter") == .key(HardwareKey(.returnKey)))
    #expect(map("ArrowRight", shift: true) == .key(HardwareKey(.right, modifiers: .shift)))
    #expect(map("Delete") == .key(HardwareKey(.deleteForward)))
    #expect(map("F5") == .ignore)
    #expect(map("Shift", shift: true) == .ignore)
    #expect(map("q", control: true) == .key(HardwareKey(.character("q"), modifiers: .command)))
  }
}

@Suite struct WebAccessTests {
  @Test func theTokenIsRandomAndCheckedExactly() {
    let access = WebAccess()
    #expect(access.token.count == 64)
    #expect(WebAccess().token != access.token)
    #expect(access.accepts(token: access.token))
    #expect(!access.accepts(token: nil))
    #expect(!access.accepts(token: ""))
    #expect(!access.accepts(token: String(access.token.dropLast())))
    #expect(!access.accepts(token: access.token + "0"))
    #expect(!access.accepts(token: String(access.token.reversed())))
  }

  @Test func onlyThisServersOwnPagesMayConnect() {
    let access = WebAccess(token: "t")
    #expect(access.accepts(origin: "http://127.0.0.1:8080", port: 8080))
    #expect(access.accepts(origin: "http://localhost:8080", port: 8080))
    #expect(access.accepts(origin: nil, port: 8080))
    #expect(!access.accepts(origin: "http://127.0.0.1:8081", port: 8080))
    #expect(!access.accepts(origin: "https://example.com", port: 8080))
    #expect(!access.accepts(origin: "null", port: 8080))
    #expect(!access.accepts(origin: "http://127.0.0.1:8080.evil.test", port: 8080))
  }

  @Test func queryValues() {
    #expect(WebAccess.queryValue("token", in: "token=ab%20c&control=1") == "ab c")
    #expect(WebAccess.queryValue("control", in: "token=ab&control=1") == "1")
    #expect(WebAccess.queryValue("token", in: "tokens=x") == nil)
    #expect(WebAccess.queryValue("token", in: nil) == nil)
  }

  @Test func theFirstTabDrivesAndLaterOnesWatch() {
    var clients = WebClients<String>()
    let first = clients.add("first", asksForControl: false)
    let second = clients.add("second", asksForControl: false)
    let third = clients.add("third", asksForControl: true)
    #expect(clients.canControl(first))
    #expect(!clients.canControl(second))
    #expect(clients.canControl(third))
    #expect(clients.remove(first) == [])
    #expect(clients.remove(third) == [second])
    #expect(clients.canControl(second))
  }
}
