import Foundation
import Testing
import UIKit
import UIKitTesting
@testable import WebHost

@MainActor
@Suite struct KeyboardSlideTests {
  /// The keyboard's background as drawn: the first item at the keyboard's width whose frame
  /// reaches the bottom of the screen or below.
  func keyboardTop(_ host: HeadlessHost) -> CGFloat? {
    let list = host.window.displayList()
    guard let frame = host.keyboardFrame else { return nil }
    return list.items.first { $0.frame.size == frame.size && $0.frame.minX == frame.minX }?.frame.minY
  }

  @Test func aHostThatDrawsTheSlideSeesTheKeyboardComeUpOverItsAnimation() throws {
    let screen = WebScreen()
    let host = HeadlessHost(rootViewController: screen)
    host.window.keyboard.drawsSlide = true
    host.tap(screen.field)
    let end = try #require(host.keyboardFrame)
    let start = try #require(keyboardTop(host))
    #expect(start == host.window.bounds.height)
    host.advance(by: 0.1)
    let early = try #require(keyboardTop(host))
    host.advance(by: 0.05)
    let later = try #require(keyboardTop(host))
    #expect(early < start && later < early && later > end.minY)
    host.advance(by: 0.2)
    #expect(keyboardTop(host) == end.minY)
  }

  @Test func otherHostsDrawTheKeyboardWhereItIsGoing() throws {
    let screen = WebScreen()
    let host = HeadlessHost(rootViewController: screen)
    host.tap(screen.field)
    #expect(keyboardTop(host) == host.keyboardFrame?.minY)
  }
}
