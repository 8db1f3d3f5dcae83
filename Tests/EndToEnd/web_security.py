#!/usr/bin/env python3
"""The browser front end's safety, over real sockets (Python `websockets` from PyPI).

Usage: python3 Tests/EndToEnd/web_security.py path/to/worldtrotter   (built with --traits Web)

Checks: it listens on 127.0.0.1 only; the page and the WebSocket need the token; the WebSocket
refuses another origin; a malformed message closes that connection with a log line and the app
goes on serving; a second tab watches until the first goes; a flood of 30,000 inputs is answered
with memory bounded; Ctrl-C (SIGINT) ends it in order."""

import asyncio
import json
import os
import signal
import sys
import urllib.error
import urllib.request

import websockets

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from web_driver import Checks, WebApp  # noqa: E402

BINARY = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build-web/debug/worldtrotter")
checks = Checks()
check = checks.check


def http_status(url):
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), ""


def listening_addresses(port):
    """The local addresses of sockets listening on `port` (from /proc/net/tcp and tcp6)."""
    found = []
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = open(name).read().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            address, hexport = fields[1].rsplit(":", 1)
            if int(hexport, 16) == port and fields[3] == "0A":
                found.append(address)
    return found


async def refused(url, origin=None):
    try:
        async with websockets.connect(url, origin=origin, open_timeout=10):
            return None
    except websockets.exceptions.InvalidStatus as error:
        return error.response.status_code


async def receive_json(ws, kind, timeout=10):
    while True:
        message = await asyncio.wait_for(ws.recv(), timeout)
        if isinstance(message, str):
            decoded = json.loads(message)
            if decoded.get("t") == kind:
                return decoded


async def websocket_checks(app):
    origin = f"http://127.0.0.1:{app.port}"
    # The upgrade is refused before any WebSocket exists (the server answers 400 to a refused
    # upgrade), and each refusal is logged.
    def is_refusal(status):
        return status is not None and 400 <= status < 500
    check(is_refusal(await refused(app.ws_url(token=""))), "a WebSocket without the token is refused")
    check(is_refusal(await refused(app.ws_url(token="0" * 64), origin)), "a WebSocket with a wrong token is refused")
    check(is_refusal(await refused(app.ws_url(), "https://evil.example")), "a WebSocket from another origin is refused")
    check(is_refusal(await refused(app.ws_url(), f"http://127.0.0.1:{app.port + 1}")),
          "a WebSocket from another local port's page is refused")
    check(sum("refused a WebSocket" in line for line in app.stderr_lines) == 4, "each refusal is logged",
          "".join(app.stderr_lines))

    async with websockets.connect(app.ws_url(), origin=origin, max_size=None) as first:
        hello = await receive_json(first, "hello")
        check(hello["control"] is True and hello["width"] == 390 and hello["height"] == 844,
              "the first tab drives an iPhone-sized screen", hello)
        tree = await receive_json(first, "a11y")
        ids = [element.get("id") for element in tree["elements"]]
        check("fahrenheit" in ids and "celsius" in ids, "the accessibility tree names the field and the label", ids)

        async with websockets.connect(app.ws_url(), origin=origin, max_size=None) as second:
            hello2 = await receive_json(second, "hello")
            check(hello2["control"] is False, "a second tab only watches")
            await first.close()
            role = await receive_json(second, "role")
            check(role["control"] is True, "when the driving tab goes, the watching one drives")

    async with websockets.connect(app.ws_url(), origin=origin, max_size=None) as bad:
        await receive_json(bad, "hello")
        await bad.send("{this is not json")
        try:
            while True:
                await asyncio.wait_for(bad.recv(), 10)
        except websockets.exceptions.ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd else None
            check(code == 1003, "a malformed message closes its connection (1003, unacceptable data)", code)
    await asyncio.sleep(0.3)
    check(any("closed a connection" in line for line in app.stderr_lines), "with a log line",
          "".join(app.stderr_lines))
    check(app.running(), "and the app goes on")

    async with websockets.connect(app.ws_url(), origin=origin, max_size=None) as again:
        await receive_json(again, "hello")
        await again.send(json.dumps({"t": "key", "key": 7}))
        try:
            while True:
                await asyncio.wait_for(again.recv(), 10)
        except websockets.exceptions.ConnectionClosed:
            pass
    async with websockets.connect(app.ws_url(), origin=origin, max_size=None) as after:
        hello = await receive_json(after, "hello")
        check(hello["t"] == "hello", "a new connection is served after two malformed ones")

    # A flood: 30,000 inputs as fast as the socket takes them. The server reads them into an inbox
    # the main actor drains; past its capacity the connection waits, so memory stays bounded and
    # the last input is still answered.
    async with websockets.connect(app.ws_url(), origin=origin, max_size=None) as flood:
        await receive_json(flood, "hello")
        count = 30000
        for number in range(1, count + 1):
            await flood.send(json.dumps({"t": "key", "key": "Shift", "code": "ShiftLeft", "n": number}))
        answered = False
        deadline = asyncio.get_running_loop().time() + 60
        while not answered and asyncio.get_running_loop().time() < deadline:
            message = await asyncio.wait_for(flood.recv(), 60)
            if isinstance(message, bytes):
                answered = int.from_bytes(message[0:4], "little") >= count
            else:
                decoded = json.loads(message)
                answered = decoded.get("t") == "ack" and decoded.get("n", 0) >= count
        check(answered, f"a flood of {count:,} inputs is applied and its last one answered")
        with open(f"/proc/{app.process.pid}/status") as status:
            rss = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) // 1024
        check(rss < 400, f"with memory bounded ({rss} MB resident)", rss)
    check(app.running(), "and the app goes on after it")


def main():
    app = WebApp(BINARY)
    try:
        check(app.url.startswith("http://127.0.0.1:"), "the address is on 127.0.0.1", app.url)
        check(len(app.token) == 64, "the address carries a 64-digit token")
        addresses = listening_addresses(app.port)
        check(addresses == ["0100007F"], "the socket listens on 127.0.0.1 only", addresses)

        status, _, _ = http_status(f"http://127.0.0.1:{app.port}/")
        check(status == 403, "the page without the token is refused", status)
        status, _, _ = http_status(f"http://127.0.0.1:{app.port}/?token={'1' * 64}")
        check(status == 403, "the page with a wrong token is refused", status)
        status, headers, body = http_status(app.url)
        check(status == 200 and "<canvas" in body, "the page with the token is served", status)
        check("frame-ancestors 'none'" in headers.get("Content-Security-Policy", ""),
              "the page may not be framed by another site", headers)

        asyncio.run(websocket_checks(app))
    finally:
        status = app.stop(signal.SIGINT)
    check(status == 130, "Ctrl-C (SIGINT) ends the app with status 130", status)
    checks.finish()


if __name__ == "__main__":
    main()
