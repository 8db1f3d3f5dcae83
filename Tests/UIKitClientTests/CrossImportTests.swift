import Testing
import UIKit

@Suite struct CrossImportTests {
  @Test func importingTestingAndUIKitTogetherCompiles() {
    #expect(NSRange(location: 1, length: 2).length == 2)
  }
}
