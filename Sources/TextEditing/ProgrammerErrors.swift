// Programmer errors stop with their message in every build configuration. The standard
// library's `precondition` and `preconditionFailure` drop the message in optimised builds, so a
// release build of an app died on a bad range with SIGILL and no text, where iOS raises its
// exception with a reason. These shadow them in this module and in every file of the package
// that imports it (a module's declarations come before those of the modules it imports, the
// standard library's included), so every call keeps its message.

@inline(__always)
package func precondition(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String = String(),
  file: StaticString = #fileID, line: UInt = #line
) {
  if !condition() { fatalError(message(), file: file, line: line) }
}

@inline(__always)
package func preconditionFailure(
  _ message: @autoclosure () -> String = String(), file: StaticString = #fileID, line: UInt = #line
) -> Never {
  fatalError(message(), file: file, line: line)
}
