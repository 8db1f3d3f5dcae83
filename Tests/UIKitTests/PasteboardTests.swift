import Foundation
import Testing
import UIKit
import UIKitTesting

@MainActor
@Suite struct PasteboardTests {
  @Test func typedValuesReplaceEachOther() {
    let board = UIPasteboard.withUniqueName()
    defer { UIPasteboard.remove(withName: board.name) }
    board.string = "hello"
    #expect(board.hasStrings && !board.hasURLs && board.string == "hello" && board.numberOfItems == 1)
    board.url = URL(string: "https://swift.org")
    #expect(board.url?.absoluteString == "https://swift.org" && board.hasURLs && !board.hasStrings && board.string == nil)
    board.images = [UIImage(systemName: "star")!, UIImage(systemName: "heart")!]
    #expect(board.images?.count == 2 && board.hasImages && board.image != nil && board.numberOfItems == 2)
    board.color = .red
    #expect(board.color == .red && board.hasColors && !board.hasImages)
    board.strings = ["a", "b"]
    #expect(board.strings == ["a", "b"] && board.string == "a")
    board.string = nil
    #expect(board.numberOfItems == 0 && board.strings == nil)
  }

  @Test func itemsByTypeIdentifier() {
    let board = UIPasteboard.withUniqueName()
    defer { UIPasteboard.remove(withName: board.name) }
    board.items = [["public.utf8-plain-text": "one", "com.example.note": Data([1, 2])], ["public.url": URL(string: "https://a.example")!]]
    board.addItems([["public.utf8-plain-text": "three"]])
    #expect(board.numberOfItems == 3)
    #expect(board.types == ["com.example.note", "public.utf8-plain-text"])
    #expect(board.contains(pasteboardTypes: ["public.text"]), "plain text conforms to public.text")
    #expect(!board.contains(pasteboardTypes: ["public.url"], inItemSet: IndexSet([0, 2])))
    #expect(board.itemSet(withPasteboardTypes: ["public.plain-text"]) == IndexSet([0, 2]))
    #expect(board.values(forPasteboardType: "public.utf8-plain-text", inItemSet: nil) as? [String] == ["one", "three"])
    #expect(board.data(forPasteboardType: "com.example.note") == Data([1, 2]))
    #expect(board.data(forPasteboardType: "public.utf8-plain-text") == Data("one".utf8))
    #expect(board.strings == ["one", "three"] && board.urls == [URL(string: "https://a.example")!])
    #expect(board.types(forItemSet: IndexSet([1])) == [["public.url"]])
    board.setData(Data("x".utf8), forPasteboardType: "public.utf8-plain-text")
    #expect(board.string == "x", "text stored as data reads back as a string")
    board.setValue("y", forPasteboardType: "public.plain-text")
    #expect(board.string == "y")
  }

  @Test func everyChangeIsCountedAndAnnounced() {
    let board = UIPasteboard.withUniqueName()
    defer { UIPasteboard.remove(withName: board.name) }
    let changes = NotificationCollector(UIPasteboard.changedNotification)
    let start = board.changeCount
    board.string = "a"
    board.url = URL(string: "https://b.example")
    board.string = "c"
    #expect(board.changeCount == start + 3)
    let mine = changes.notes.filter { $0.object as? UIPasteboard === board }
    #expect(mine.map { $0.userInfo?[UIPasteboard.changedTypesAddedUserInfoKey] as? [String] } == [["public.utf8-plain-text"], ["public.url"], ["public.utf8-plain-text"]])
    #expect(mine.map { $0.userInfo?[UIPasteboard.changedTypesRemovedUserInfoKey] as? [String] } == [[], ["public.utf8-plain-text"], ["public.url"]])
  }

  @Test func namedPasteboardsAreMadeOnRequestAndShared() {
    let name = UIPasteboard.Name("com.example.scratch")
    #expect(UIPasteboard(name: name, create: false) == nil)
    let made = UIPasteboard(name: name, create: true)!
    made.string = "kept"
    #expect(UIPasteboard(name: name, create: false)?.string == "kept", "one pasteboard per name")
    #expect(UIPasteboard(name: .general, create: false) != nil)
    let removed = NotificationCollector(UIPasteboard.removedNotification)
    UIPasteboard.remove(withName: name)
    #expect(removed.notes.count == 1 && removed.notes.first?.object as? UIPasteboard === made)
    #expect(made.numberOfItems == 0)
    #expect(UIPasteboard(name: name, create: false) == nil)
    #expect(UIPasteboard.withUniqueName().name != UIPasteboard.withUniqueName().name)
  }

  @Test func itemsWithAnExpirationDateGoAwayThen() {
    let host = HeadlessHost(rootViewController: UIViewController())
    let board = UIPasteboard.withUniqueName()
    defer { UIPasteboard.remove(withName: board.name) }
    board.setItems([["public.utf8-plain-text": "secret"]], options: [.expirationDate: Date(timeIntervalSinceNow: 30), .localOnly: true])
    host.advance(by: 20)
    #expect(board.string == "secret")
    host.advance(by: 15)
    #expect(board.string == nil && board.numberOfItems == 0)
    // Items set after the expiring ones are not removed by their expiry.
    board.setItems([["public.utf8-plain-text": "one"]], options: [.expirationDate: Date(timeIntervalSinceNow: 5)])
    board.string = "two"
    host.advance(by: 10)
    #expect(board.string == "two")
  }

  @Test func aLinkAlonePastesAsItsAddress() {
    let field = UITextField(frame: CGRect(x: 16, y: 100, width: 300, height: 32))
    let controller = UIViewController()
    controller.view.addSubview(field)
    let host = HeadlessHost(rootViewController: controller)
    host.tap(field)
    UIPasteboard.general.url = URL(string: "https://swift.org/download")
    host.longPress(field)
    #expect(host.editMenuItems.contains("Paste"))
    #expect(host.chooseEditMenuItem("Paste"))
    #expect(field.text == "https://swift.org/download")
  }

  @Test func itemProvidersCarryTheItemsBothWays() async throws {
    let board = UIPasteboard.withUniqueName()
    defer { UIPasteboard.remove(withName: board.name) }
    board.setItemProviders(
      [NSItemProvider(object: "hello" as NSString), NSItemProvider(object: NSURL(string: "https://swift.org")!)], localOnly: true,
      expirationDate: nil)
    #expect(board.strings == ["hello"] && board.urls == [URL(string: "https://swift.org")!])
    let providers = board.itemProviders
    #expect(providers.count == 2)
    #expect(providers[0].canLoadObject(ofClass: NSString.self))
    #expect(providers[1].hasItemConformingToTypeIdentifier("public.url"))
    let loaded: String? = await withCheckedContinuation { continuation in
      _ = providers[0].loadObject(ofClass: NSString.self) { object, _ in
        continuation.resume(returning: (object as? NSString).map { $0 as String })
      }
    }
    #expect(loaded == "hello")
  }
}
