import Foundation
import Testing
import UIKit
import UIKitTesting
@testable import WebHost

@MainActor @Suite struct WebOpenURLTests {
  @Test func aURLTheAppOpensIsSentToTheDrivingTabAndOnlyForSafeSchemes() {
    let h = Harness()
    var results: [Bool] = []
    UIApplication.shared.open(URL(string: "https://swift.org/documentation")!) { results.append($0) }
    UIApplication.shared.open(URL(string: "javascript:alert(1)")!) { results.append($0) }
    h.host.settle()
    let opened = h.tab.texts.filter { $0["t"] as? String == "open" }.compactMap { $0["url"] as? String }
    #expect(opened == ["https://swift.org/documentation"])
    #expect(results == [true, false])
  }
}
