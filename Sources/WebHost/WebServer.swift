#if Web
  import Foundation
  import HTTPTypes
  import Hummingbird
  import HummingbirdWebSocket
  import Logging
  import NIOCore
  import UIKit

  /// The HTTP server of the browser front end (Hummingbird with its WebSocket upgrade), bound to
  /// 127.0.0.1: `GET /?token=…` serves the page, `GET /app.js` its script, and `/ws?token=…`
  /// upgrades to the WebSocket that carries input one way and frames the other. Both the page
  /// and the WebSocket need the token; the WebSocket also needs a page of this server's own
  /// origin (see ``WebAccess``).
  package struct WebServer: Sendable {
    package let access: WebAccess
    package let session: WebSession
    package let port: Int
    package let programName: String

    package init(session: WebSession, access: WebAccess, port: Int, programName: String) {
      self.session = session
      self.access = access
      self.port = port
      self.programName = programName
    }

    /// Runs until the task is cancelled; calls `onRunning` with the address (token included)
    /// once the socket listens.
    package func run(onRunning: @escaping @Sendable (_ address: String, _ port: Int) -> Void) async throws {
      let access = self.access
      let programName = self.programName
      let session = self.session
      let boundPort = PortBox()
      let inbox = WebInbox()

      let router = Router()
      router.get("/") { request, _ -> Response in
        guard access.accepts(token: WebAccess.queryValue("token", in: request.uri.query)) else {
          log(programName, "refused the page to a request without the token")
          return Response(
            status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: "Open the address the app printed: it carries the token.\n")))
        }
        return Response(
          status: .ok, headers: WebServer.pageHeaders(port: boundPort.value, contentType: "text/html; charset=utf-8"),
          body: .init(byteBuffer: ByteBuffer(string: WebPage.html(title: programName))))
      }
      router.get("/app.js") { _, _ -> Response in
        Response(
          status: .ok, headers: WebServer.pageHeaders(port: boundPort.value, contentType: "text/javascript; charset=utf-8"),
          body: .init(byteBuffer: ByteBuffer(string: WebPage.script)))
      }

      let webSocketRouter = Router(context: BasicWebSocketRequestContext.self)
      webSocketRouter.ws("/ws") { request, _ in
        let origin = request.headers[.origin]
        guard access.accepts(token: WebAccess.queryValue("token", in: request.uri.query)) else {
          log(programName, "refused a WebSocket without the token")
          throw HTTPError(.forbidden)
        }
        guard access.accepts(origin: origin, port: boundPort.value) else {
          log(programName, "refused a WebSocket from origin \(origin ?? "")")
          throw HTTPError(.forbidden)
        }
        return .upgrade([:])
      } onUpgrade: { inbound, outbound, context in
        let wantsControl = WebAccess.queryValue("control", in: context.request.uri.query) == "1"
        let (outputs, continuation) = AsyncStream<WebOutput>.makeStream()
        let id = await MainActor.run {
          session.connect(asksForControl: wantsControl) { continuation.yield($0) }
        }
        defer { continuation.finish() }
        await withTaskGroup(of: Void.self) { group in
          group.addTask {
            do {
              for await output in outputs {
                switch output {
                case .text(let text): try await outbound.write(.text(text))
                case .binary(let bytes): try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
                case .close(let reason):
                  try await outbound.close(.unacceptableData, reason: String(reason.prefix(120)))
                  return
                }
              }
            } catch {}
          }
          group.addTask {
            do {
              for try await message in inbound.messages(maxSize: WebInput.maximumMessageBytes) {
                guard case .text(let text) = message else {
                  log(programName, "closed a connection: it sent a binary message")
                  continuation.yield(.close("binary messages are not accepted"))
                  return
                }
                // Posted, not awaited: the next message is read while the main actor applies
                // this one, and what arrives meanwhile is applied with it before one frame.
                if inbox.post(text, from: id) {
                  Task { @MainActor in
                    for (_, refusal) in session.receiveAll(from: inbox) {
                      log(programName, "closed a connection: \(refusal)")
                    }
                  }
                }
                // A flood waits for the main actor instead of filling memory.
                while inbox.isFull { try await Task.sleep(for: .milliseconds(1)) }
              }
            } catch {
              log(programName, "closed a connection: \(error)")
              continuation.yield(.close("unreadable message"))
              return
            }
            continuation.finish()
          }
          await group.waitForAll()
        }
        await MainActor.run { session.disconnect(id) }
      }

      var logger = Logger(label: programName)
      logger.logLevel = .critical
      let app = Application(
        router: router,
        server: .http1WebSocketUpgrade(
          webSocketRouter: webSocketRouter,
          configuration: .init(ws: .init(maxFrameSize: WebInput.maximumMessageBytes, autoPing: .disabled))),
        configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: nil),
        onServerRunning: { channel in
          let port = channel.localAddress?.port ?? 0
          boundPort.value = port
          onRunning("http://127.0.0.1:\(port)/?token=\(access.token)", port)
        },
        logger: logger)
      try await app.run()
    }

    /// No framing by other sites, no caching of the token-bearing page, scripts only from here
    /// and connections only to this server.
    static func pageHeaders(port: Int, contentType: String) -> HTTPFields {
      [
        .contentType: contentType,
        .cacheControl: "no-store",
        HTTPField.Name("X-Frame-Options")!: "DENY",
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
        HTTPField.Name("Content-Security-Policy")!:
          "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src blob:; "
          + "connect-src ws://127.0.0.1:\(port) ws://localhost:\(port); frame-ancestors 'none'",
      ]
    }
  }

  /// The port the socket got (the server learns it once it listens; routes read it).
  private final class PortBox: @unchecked Sendable {
    private let lock = NSLock()
    private var _value = 0
    var value: Int {
      get { lock.withLock { _value } }
      set { lock.withLock { _value = newValue } }
    }
  }

  /// One line on standard error: the log of what the server refused or closed.
  func log(_ programName: String, _ message: String) {
    FileHandle.standardError.write(Data("\(programName): \(message)\n".utf8))
  }
#endif
