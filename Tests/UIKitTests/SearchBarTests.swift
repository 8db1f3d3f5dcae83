import Foundation
import Testing
import UIKit
import UIKitTesting

/// Records a search bar delegate's, search controller delegate's and updater's messages.
@MainActor
final class SearchLog: NSObject, UISearchBarDelegate, UISearchControllerDelegate, UISearchResultsUpdating {
  var calls: [String] = []
  var shouldBegin = true
  var shouldChange = true

  func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool {
    calls.append("shouldBegin")
    return shouldBegin
  }
  func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) { calls.append("didBegin") }
  func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool {
    calls.append("shouldEnd")
    return true
  }
  func searchBarTextDidEndEditing(_ searchBar: UISearchBar) { calls.append("didEnd") }
  func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
    calls.append("shouldChange {\(range.location), \(range.length)} \"\(text)\"")
    return shouldChange
  }
  func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) { calls.append("textDidChange \"\(searchText)\"") }
  func searchBarSearchButtonClicked(_ searchBar: UISearchBar) { calls.append("searchClicked") }
  func searchBarCancelButtonClicked(_ searchBar: UISearchBar) { calls.append("cancelClicked") }
  func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) {
    calls.append("scope \(selectedScope)")
  }
  func willPresentSearchController(_ searchController: UISearchController) { calls.append("willPresent") }
  func didPresentSearchController(_ searchController: UISearchController) { calls.append("didPresent") }
  func willDismissSearchController(_ searchController: UISearchController) { calls.append("willDismiss") }
  func didDismissSearchController(_ searchController: UISearchController) { calls.append("didDismiss") }
  func updateSearchResults(for searchController: UISearchController) {
    calls.append("update \"\(searchController.searchBar.text ?? "")\"")
  }

  func take() -> [String] {
    defer { calls = [] }
    return calls
  }
}

@MainActor @Suite struct SearchBarTests {
  /// A screen with a search bar at the top.
  private func barHost() -> (HeadlessHost, UISearchBar, SearchLog) {
    let controller = UIViewController()
    let bar = UISearchBar(frame: CGRect(x: 0, y: 60, width: 390, height: 56))
    controller.view.addSubview(bar)
    let log = SearchLog()
    bar.delegate = log
    return (HeadlessHost(rootViewController: controller), bar, log)
  }

  @Test func delegateSequenceForTypingSearchAndEnd() {
    let (host, bar, log) = barHost()
    host.tap(bar.searchTextField)
    #expect(log.take() == ["shouldBegin", "didBegin"])
    #expect(bar.isFirstResponder)
    host.type("ab")
    #expect(log.take() == ["shouldChange {0, 0} \"a\"", "textDidChange \"a\"", "shouldChange {1, 0} \"b\"", "textDidChange \"ab\""])
    host.pressReturn()
    #expect(log.take() == ["searchClicked"])
    #expect(bar.searchTextField.isFirstResponder)
    host.deleteBackward()
    #expect(log.take() == ["shouldChange {1, 1} \"\"", "textDidChange \"a\""])
    host.tapClearButton(of: bar.searchTextField)
    #expect(log.take().last == "textDidChange \"\"")
    #expect(bar.resignFirstResponder())
    #expect(log.take() == ["shouldEnd", "didEnd"])
  }

  @Test func aRefusedChangeLeavesTheTextAndAProgrammaticTextSendsNothing() {
    let (host, bar, log) = barHost()
    log.shouldChange = false
    host.tap(bar.searchTextField)
    _ = log.take()
    host.type("x")
    #expect(log.take() == ["shouldChange {0, 0} \"x\""])
    #expect(bar.text == "")
    bar.text = "set"
    #expect(log.take().isEmpty)
    #expect(bar.searchTextField.text == "set")
  }

  @Test func aRefusedBeginKeepsTheFieldIdle() {
    let (host, bar, log) = barHost()
    log.shouldBegin = false
    host.tap(bar.searchTextField)
    #expect(log.take() == ["shouldBegin"])
    #expect(!bar.isFirstResponder)
  }

  @Test func cancelAndScopeButtonsTellTheDelegate() {
    let (host, bar, log) = barHost()
    bar.showsCancelButton = true
    bar.scopeButtonTitles = ["All", "Name", "Date"]
    bar.showsScopeBar = true
    bar.sizeToFit()
    #expect(bar.frame.height == 100)
    host.window.layoutIfNeeded()
    host.tap(bar._cancelButtonView)
    #expect(log.take() == ["cancelClicked"])
    let scope = bar._scopeBarView
    host.tap(scope, at: CGPoint(x: scope.bounds.width * 5 / 6, y: scope.bounds.midY))
    #expect(log.take() == ["scope 2"])
    #expect(bar.selectedScopeButtonIndex == 2)
    host.tap(scope, at: CGPoint(x: scope.bounds.width * 5 / 6, y: scope.bounds.midY))
    #expect(log.take().isEmpty)
    bar.selectedScopeButtonIndex = 0
    #expect(log.take().isEmpty)
  }

  @Test func theBarIsDrawnWithItsPlaceholderCancelAndScopes() {
    let controller = UIViewController()
    let bar = UISearchBar()
    controller.view.addSubview(bar)
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 640, height: 384), measuresTextInCells: true)
    bar.showsCancelButton = true
    bar.scopeButtonTitles = ["All", "Recent"]
    bar.showsScopeBar = true
    bar.frame = CGRect(origin: .zero, size: bar.sizeThatFits(CGSize(width: 640, height: 0)))
    #expect(bar.frame.height == 32)
    let lines = host.screen().components(separatedBy: "\n")
    #expect(lines[0].contains("Search"))
    #expect(lines[0].contains("🔍") || lines[0].contains("⌕"))
    #expect(lines[0].hasSuffix("Cancel"))
    #expect(lines[1].contains("All") && lines[1].contains("Recent"))
  }

  // MARK: The search field and tokens

  @Test func tokensGoBeforeTheTextAndBackspaceRemovesThem() {
    let (host, bar, _) = barHost()
    let field = bar.searchTextField
    let token = UISearchToken(icon: UIImage(systemName: "photo"), text: "Photos")
    token.representedObject = 42
    field.insertToken(token, at: 0)
    field.insertToken(UISearchToken(icon: nil, text: "Today"), at: 1)
    #expect(field.tokens.count == 2)
    #expect(field.tokens[0].representedObject as? Int == 42)
    host.tap(field)
    host.type("cat")
    #expect(field.text == "cat")
    #expect(field.offset(from: field.textualRange.start, to: field.textualRange.end) == 3)
    // The text starts after the chips.
    #expect(field.editingRect(forBounds: field.bounds).minX > field.leftViewRect(forBounds: field.bounds).maxX + 60)
    field.selectedTextRange = field.textRange(from: field.beginningOfDocument, to: field.beginningOfDocument)
    host.deleteBackward()
    #expect(field.tokens.map(\.representedObject).count == 1)
    #expect(field.text == "cat")
    field.removeToken(at: 0)
    #expect(field.tokens.isEmpty)
    #expect(field.returnKeyType == .search)
    #expect(field.clearButtonMode == .whileEditing)
  }

  // MARK: Search controller

  private func controllerHost(results: UIViewController? = nil) -> (HeadlessHost, UISearchController, SearchLog, UIViewController) {
    let list = UIViewController()
    list.title = "Saved"
    let search = UISearchController(searchResultsController: results)
    let log = SearchLog()
    search.searchResultsUpdater = log
    search.delegate = log
    search.searchBar.delegate = log
    list.navigationItem.searchController = search
    let navigation = UINavigationController(rootViewController: list)
    return (HeadlessHost(rootViewController: navigation), search, log, list)
  }

  @Test func theSearchControllerBarShowsUnderTheNavigationBar() {
    let (host, search, _, list) = controllerHost()
    let bar = search.searchBar
    #expect(bar.window != nil)
    #expect(bar.frame == CGRect(x: 0, y: 91, width: 390, height: 56))
    #expect(list.view.safeAreaInsets.top == 147)
    _ = host
  }

  @Test func activatingTypingAndCancellingInIOSOrder() {
    let (host, search, log, list) = controllerHost()
    host.tap(search.searchBar.searchTextField)
    #expect(log.take() == ["shouldBegin", "didBegin", "willPresent", "update \"\"", "didPresent"])
    #expect(search.isActive)
    #expect(search.searchBar.showsCancelButton)
    // The navigation bar gives its place to the search bar.
    #expect(list.navigationController!.navigationBar.isHidden)
    #expect(search.searchBar.frame.minY == 47)
    host.type("ad")
    #expect(log.take() == [
      "shouldChange {0, 0} \"a\"", "textDidChange \"a\"", "update \"a\"",
      "shouldChange {1, 0} \"d\"", "textDidChange \"ad\"", "update \"ad\"",
    ])
    host.pressReturn()
    #expect(log.take() == ["searchClicked"])
    host.tap(search.searchBar._cancelButtonView)
    #expect(log.take() == [
      "cancelClicked", "willDismiss", "textDidChange \"\"", "shouldEnd", "didEnd", "update \"\"", "didDismiss",
    ])
    #expect(!search.isActive)
    #expect(search.searchBar.text == "")
    #expect(!search.searchBar.showsCancelButton)
    #expect(!list.navigationController!.navigationBar.isHidden)
  }

  @Test func settingIsActiveInCodeDoesNotFocusTheBar() {
    let (host, search, log, _) = controllerHost()
    search.isActive = true
    #expect(log.take() == ["willPresent", "update \"\"", "didPresent"])
    #expect(host.firstResponder == nil)
    search.isActive = false
    #expect(log.take() == ["willDismiss", "update \"\"", "didDismiss"])
  }

  @Test func theResultsControllerCoversTheContentOnceThereIsText() {
    let results = UIViewController()
    let (host, search, _, list) = controllerHost(results: results)
    host.tap(search.searchBar.searchTextField)
    #expect(results.viewIfLoaded?.window == nil)
    host.type("x")
    #expect(results.view.window != nil)
    #expect(results.parent === search)
    let frame = results.view.convert(results.view.bounds, to: nil)
    #expect(frame.minY == search.searchBar.frame.maxY)
    #expect(frame.maxY == 844)
    host.tap(search.searchBar._cancelButtonView)
    #expect(results.viewIfLoaded?.window == nil)
    _ = list
  }
}

@MainActor @Suite struct SearchControllerOverlayTests {
  @Test func theScopeBarShowsWhileActiveAndATapOnTheDimmingEndsTheSearch() {
    let list = UIViewController()
    let search = UISearchController(searchResultsController: nil)
    let log = SearchLog()
    search.delegate = log
    search.searchBar.delegate = log
    search.searchBar.scopeButtonTitles = ["All", "Mine"]
    list.navigationItem.searchController = search
    let navigation = UINavigationController(rootViewController: list)
    let host = HeadlessHost(rootViewController: navigation)
    #expect(!search.searchBar.showsScopeBar)
    host.tap(search.searchBar.searchTextField)
    #expect(search.searchBar.showsScopeBar)
    host.settle()
    #expect(search.searchBar.frame.height == 100)
    #expect(list.view.safeAreaInsets.top == 147)
    _ = log.take()
    // Tap the dimmed content between the bar and the keyboard.
    host.tap(at: CGPoint(x: 200, y: 300))
    #expect(log.take() == ["willDismiss", "shouldEnd", "didEnd", "didDismiss"])
    #expect(!search.isActive)
    #expect(!search.searchBar.showsScopeBar)
    host.tap(at: CGPoint(x: 200, y: 300))
    #expect(log.take().isEmpty)
  }
}
