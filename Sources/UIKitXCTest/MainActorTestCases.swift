// `@MainActor` on an XCTest case or method, as iOS test code writes it.
//
// swift-corelibs-xctest finds tests through a file SwiftPM generates, which lists each class's
// methods and hands them to XCTest's `testCase(_:)` as `(Class) -> () throws -> Void`. A
// main-actor method is a `(Class) -> @MainActor () -> Void`; the list converts to XCTest's type
// only by a runtime cast, which fails, and the whole test process aborts before any test runs
// ("Could not cast value of type '(…) -> @MainActor () -> ()'").
//
// The overloads below take the main-actor form as it is, so Swift's overload rules prefer them
// (no conversion) wherever they are visible. The generated file sees only XCTest and the test
// module, so the test module re-exports this one:
//
//     @_exported import UIKitXCTest   // once, in any file of the XCTest target
//
// XCTest on Linux runs every test on the main thread, which is the main actor's, so each method
// runs there directly. This module is compiled in the Swift 5 language mode on purpose: in Swift
// 6 a main-actor function type is implicitly `@Sendable`, and the methods SwiftPM lists are not.

import XCTest

/// The entry XCTest runs for a class whose test methods are main-actor isolated.
public func testCase<T: XCTestCase>(_ allTests: [(String, (T) -> @MainActor () throws -> Void)]) -> XCTestCaseEntry {
  (T.self, allTests.map { name, test in (name, mainActorClosure(test)) })
}

/// The entry XCTest runs for a class whose test methods are main-actor isolated and do not throw.
public func testCase<T: XCTestCase>(_ allTests: [(String, (T) -> @MainActor () -> Void)]) -> XCTestCaseEntry {
  (T.self, allTests.map { name, test in
    let throwing: (T) -> @MainActor () throws -> Void = { testCase in { test(testCase)() } }
    return (name, mainActorClosure(throwing))
  })
}

private func mainActorClosure<T: XCTestCase>(
  _ test: @escaping (T) -> @MainActor () throws -> Void
) -> (XCTestCase) throws -> Void {
  { testCase in
    guard let testCase = testCase as? T else {
      fatalError("UIKitXCTest: \(type(of: testCase)) is not \(T.self)")
    }
    guard Thread.isMainThread else {
      fatalError("UIKitXCTest: \(T.self) is a main-actor test case, but XCTest ran it off the main thread")
    }
    try MainActor.assumeIsolated { try test(testCase)() }
  }
}
