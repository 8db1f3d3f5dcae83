/// The page the browser front end serves: the device's screen as a canvas at real point sizes
/// (its backing store at the host's scale), a hidden text area that has the keyboard focus (keys,
/// pastes and the input method's composition arrive there), the accessibility tree mirrored as
/// ARIA elements over the pixels, and the trace beside the device with `--trace`.
package enum WebPage {
  package static func html(title: String) -> String {
    let escaped = title.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    return """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <title>\(escaped)</title>
      <style>
      html, body { margin: 0; height: 100%; background: #2b2b2e; color: #ddd; font: 13px system-ui, sans-serif; }
      #layout { display: flex; gap: 24px; align-items: flex-start; justify-content: center; padding: 24px; }
      #device { position: relative; border-radius: 44px; padding: 14px; background: #111; box-shadow: 0 8px 30px #0008; }
      #screen { position: relative; overflow: hidden; border-radius: 30px; background: #fff; touch-action: none; cursor: default; }
      #device.home-button { border-radius: 56px; padding: 70px 18px 78px; }
      #speaker, #home { display: none; position: absolute; left: 50%; box-sizing: border-box; }
      #device.home-button #speaker { display: block; top: 32px; width: 56px; height: 6px; margin-left: -28px; border-radius: 3px; background: #333; }
      #device.home-button #home { display: block; bottom: 14px; width: 52px; height: 52px; margin-left: -26px; border-radius: 50%; border: 2px solid #3a3a3c; }
      #canvas { display: block; }
      #a11y { position: absolute; inset: 0; }
      #a11y > * { position: absolute; color: transparent; overflow: hidden; white-space: pre; outline: none; font-size: 1px; }
      #input { position: absolute; left: 0; top: 0; width: 2px; height: 20px; opacity: 0; border: 0; padding: 0;
        resize: none; font-size: 16px; background: transparent; caret-color: transparent; }
      #status { text-align: center; margin-top: 8px; min-height: 1.4em; }
      #announcer { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
      #tools { display: flex; gap: 8px; justify-content: center; margin-top: 10px; }
      #tools button { font: 16px system-ui, sans-serif; width: 34px; height: 28px; border-radius: 6px; border: 1px solid #555; background: #3a3a3c; color: #eee; cursor: pointer; }
      #trace { display: none; width: 420px; height: 80vh; overflow: auto; margin: 0; padding: 8px; background: #1c1c1e;
        color: #c8c8c8; font: 12px ui-monospace, monospace; border-radius: 8px; white-space: pre-wrap; }
      </style>
      </head>
      <body>
      <div id="layout">
        <div>
          <div id="device"><div id="speaker" aria-hidden="true"></div><div id="home" aria-hidden="true"></div><div id="screen">
            <canvas id="canvas" width="390" height="844" aria-hidden="true"></canvas>
            <div id="a11y" role="application" aria-label="\(escaped)"></div>
            <textarea id="input" autocomplete="off" autocapitalize="off" spellcheck="false" aria-hidden="true"></textarea>
          </div></div>
          <div id="tools"><button id="rotate-left" title="Rotate Left" aria-label="Rotate Left">⟲</button><button id="rotate-right" title="Rotate Right" aria-label="Rotate Right">⟳</button><button id="appearance" title="Toggle Appearance (⇧⌘A)" aria-label="Toggle Appearance">◐</button></div>
          <div id="status" role="status">Connecting…</div>
          <div id="announcer" aria-live="assertive" aria-atomic="true"></div>
        </div>
        <pre id="trace" aria-label="Trace: delegates, notifications, events"></pre>
      </div>
      <script src="/app.js"></script>
      </body>
      </html>
      """
  }

  package static let script = #"""
    "use strict";
    (() => {
      const params = new URLSearchParams(location.search);
      const token = params.get("token") || "";
      const isMac = /Mac|iPhone|iPad/.test(navigator.platform);
      const screenEl = document.getElementById("screen");
      const canvas = document.getElementById("canvas");
      const ctx = canvas.getContext("2d");
      const a11y = document.getElementById("a11y");
      const input = document.getElementById("input");
      const statusEl = document.getElementById("status");
      const traceEl = document.getElementById("trace");
      // What tests and the benchmark read: key-to-frame times (ms), bytes received, frames drawn.
      const state = window.__web = { latencies: [], bytes: 0, frames: 0, ack: 0, sent: 0, control: false,
        ready: false, trace: [], elements: [], pasteboard: null, closed: null, announcements: [] };
      let number = 0;
      const pending = new Map();
      let drawing = Promise.resolve();

      const url = "ws://" + location.host + "/ws?token=" + encodeURIComponent(token) +
        (params.get("control") === "1" ? "&control=1" : "");
      const ws = new WebSocket(url);
      ws.binaryType = "arraybuffer";

      // Releases and focus changes are sent untimed: key-to-frame latency is the presses'.
      function send(message, timeStamp, untimed) {
        if (!state.control || ws.readyState !== WebSocket.OPEN) return;
        message.n = state.sent = ++number;
        if (!untimed) pending.set(message.n, timeStamp === undefined ? performance.now() : timeStamp);
        ws.send(JSON.stringify(message));
      }

      function acknowledge(n) {
        if (n <= state.ack) return;
        state.ack = n;
        for (const [key, start] of pending) {
          if (key > n) continue;
          state.latencies.push(performance.now() - start);
          pending.delete(key);
        }
      }

      function sizeScreen(width, height, scale) {
        canvas.width = Math.round(width * scale);
        canvas.height = Math.round(height * scale);
        canvas.style.width = width + "px";
        canvas.style.height = height + "px";
        screenEl.style.width = width + "px";
        screenEl.style.height = height + "px";
      }

      // The Simulator's Device menu: Rotate Left, Rotate Right, Toggle Appearance.
      document.getElementById("rotate-left").addEventListener("click", () => { send({ t: "rotate", direction: "left" }); input.focus({ preventScroll: true }); });
      document.getElementById("rotate-right").addEventListener("click", () => { send({ t: "rotate", direction: "right" }); input.focus({ preventScroll: true }); });
      document.getElementById("appearance").addEventListener("click", () => { send({ t: "toggleAppearance" }); input.focus({ preventScroll: true }); });

      function setControl(control) {
        state.control = control;
        statusEl.textContent = control ? "" :
          "Watching: another tab drives the app (add &control=1 to the address to drive it too).";
      }

      // The browser's light or dark preference: sent once the tab drives the app and whenever it
      // changes (the host follows it only with --appearance auto).
      const darkScheme = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
      function sendAppearance() { if (darkScheme) send({ t: "appearance", dark: darkScheme.matches }, undefined, true); }
      if (darkScheme) darkScheme.addEventListener("change", sendAppearance);
      ws.onopen = () => { ws.send(JSON.stringify({ t: "hello", mac: isMac, steadyCaret: params.get("caret") === "steady" })); };
      ws.onclose = (event) => {
        state.closed = event.reason || String(event.code);
        statusEl.textContent = "Disconnected" + (event.reason ? ": " + event.reason : "") + ".";
      };
      ws.onmessage = (event) => {
        if (typeof event.data !== "string") {
          const data = event.data;
          state.bytes += data.byteLength;
          const view = new DataView(data);
          const ack = view.getUint32(0, true);
          const x = view.getUint16(4, true), y = view.getUint16(6, true);
          const width = view.getUint16(8, true), height = view.getUint16(10, true);
          if (view.getUint8(12) === 1) {
            // Raw RGBA (a small rectangle: a typed character, the caret): no decoding.
            const pixels = new ImageData(new Uint8ClampedArray(data, 16, width * height * 4), width, height);
            drawing = drawing.then(() => {
              ctx.putImageData(pixels, x, y);
              state.frames += 1;
              acknowledge(ack);
            });
            return;
          }
          const decoded = createImageBitmap(new Blob([new Uint8Array(data, 16)], { type: "image/png" }));
          // Decoded in parallel, drawn in the order they came.
          drawing = drawing.then(() => decoded).then((bitmap) => {
            ctx.drawImage(bitmap, x, y);
            bitmap.close();
            state.frames += 1;
            acknowledge(ack);
          }).catch(() => {});
          return;
        }
        state.bytes += event.data.length;
        const message = JSON.parse(event.data);
        switch (message.t) {
          case "hello": {
            sizeScreen(message.width, message.height, message.scale);
            state.scale = message.scale;
            // The display's corners (an iPhone SE's are square) and, on a device with one, the
            // home button below the screen.
            const corner = Math.max(0, Number(message.cornerRadius) || 0);
            const device = document.getElementById("device");
            screenEl.style.borderRadius = corner + "px";
            device.classList.toggle("home-button", message.homeButton === true);
            device.style.borderRadius = message.homeButton === true ? "" : (corner + 14) + "px";
            if (message.trace) traceEl.style.display = "block";
            setControl(message.control);
            sendAppearance();
            state.ready = true;
            input.focus({ preventScroll: true });
            break;
          }
          case "role": setControl(message.control); break;
          // UIAccessibility.post(notification: .announcement, …): the live region reads it out.
          case "announce": {
            const announcer = document.getElementById("announcer");
            announcer.textContent = "";
            announcer.textContent = message.text;
            state.announcements.push(message.text);
            break;
          }
          // The device turned (or the app's screen changed size): the frames after this are
          // drawn on a canvas of the new size.
          case "screen": {
            const { width, height } = message;
            drawing = drawing.then(() => sizeScreen(width, height, state.scale));
            break;
          }
          case "ack": drawing.then(() => acknowledge(message.n)); break;
          case "a11y": mirror(message.elements); break;
          case "trace": {
            state.trace.push(...message.lines);
            const atEnd = traceEl.scrollTop + traceEl.clientHeight >= traceEl.scrollHeight - 4;
            traceEl.textContent += message.lines.join("\n") + "\n";
            if (atEnd) traceEl.scrollTop = traceEl.scrollHeight;
            break;
          }
          case "open": {
            state.opened = (state.opened || []).concat([message.url]);
            window.open(message.url, "_blank", "noopener");
            break;
          }
          case "pasteboard": {
            state.pasteboard = message.text;
            if (navigator.clipboard) navigator.clipboard.writeText(message.text).catch(() => {});
            break;
          }
        }
      };

      // The accessibility tree, as ARIA elements where the views are.
      function mirror(elements) {
        state.elements = elements;
        a11y.replaceChildren();
        for (const element of elements) {
          const node = document.createElement("div");
          node.setAttribute("role", element.role === "text" ? "note" : element.role);
          if (element.id) node.dataset.id = element.id;
          node.dataset.traits = element.traits.join(" ");
          const [x, y, w, h] = element.frame;
          Object.assign(node.style, { left: x + "px", top: y + "px", width: w + "px", height: h + "px" });
          if (element.role === "textbox") {
            if (element.label) node.setAttribute("aria-label", element.label);
            node.textContent = element.value || "";
            if (element.focused) {
              node.setAttribute("aria-current", "true");
              // The input method's candidate window opens next to the field being edited.
              Object.assign(input.style, { left: x + "px", top: y + "px", height: h + "px" });
            }
          } else {
            const text = element.role === "note" || element.role === "text" ? (element.label || "") : (element.label || "");
            node.textContent = text;
            if (element.role === "switch") node.setAttribute("aria-checked", element.value === "1" ? "true" : "false");
            else if (element.value) node.setAttribute("aria-valuetext", element.value);
            if (element.role !== "text" && element.label) node.setAttribute("aria-label", element.label);
          }
          if (element.hint) node.setAttribute("aria-description", element.hint);
          if (element.traits.includes("notEnabled")) node.setAttribute("aria-disabled", "true");
          if (element.traits.includes("selected")) node.setAttribute("aria-selected", "true");
          a11y.appendChild(node);
        }
      }

      function point(event) {
        const rect = screenEl.getBoundingClientRect();
        return { x: event.clientX - rect.left, y: event.clientY - rect.top };
      }
      let pointerDown = false;
      // Chromium's pointer events carry no click count (detail is 0), so the page counts: a
      // press soon after the last one and near it is the next click of a double or triple click.
      let lastPress = null;
      let clicks = 1;
      function countClick(event, p) {
        const near = lastPress && event.timeStamp - lastPress.time < 500 &&
          Math.abs(p.x - lastPress.x) <= 6 && Math.abs(p.y - lastPress.y) <= 6;
        clicks = event.detail > 0 ? event.detail : (near ? clicks + 1 : 1);
        lastPress = { time: event.timeStamp, x: p.x, y: p.y };
        return clicks;
      }
      screenEl.addEventListener("pointerdown", (event) => {
        event.preventDefault();
        input.focus({ preventScroll: true });
        if (event.button !== 0 && event.button !== 2) return;
        if (event.button === 0) { pointerDown = true; screenEl.setPointerCapture(event.pointerId); }
        const p = point(event);
        const count = event.button === 0 ? countClick(event, p) : 1;
        send({ t: "pointer", phase: "down", x: p.x, y: p.y, clicks: count, button: event.button }, event.timeStamp);
      });
      // The pointer over the screen with nothing pressed hovers (UIHoverGestureRecognizer): at
      // most one report a display frame, the last position.
      let hoverAt = null;
      screenEl.addEventListener("pointermove", (event) => {
        const p = point(event);
        if (!pointerDown) {
          if (event.pointerType !== "mouse" && event.pointerType !== "pen") return;
          if (hoverAt === null) {
            requestAnimationFrame(() => {
              const at = hoverAt;
              hoverAt = null;
              if (at && !pointerDown) send({ t: "pointer", phase: "hover", x: at.x, y: at.y, clicks: 1, button: 0 }, performance.now());
            });
          }
          hoverAt = p;
          return;
        }
        send({ t: "pointer", phase: "move", x: p.x, y: p.y, clicks: 1, button: 0 }, event.timeStamp);
      });
      screenEl.addEventListener("pointerleave", (event) => {
        if (pointerDown) return;
        hoverAt = null;
        send({ t: "pointer", phase: "leave", x: 0, y: 0, clicks: 1, button: 0 }, event.timeStamp);
      });
      const up = (event) => {
        if (!pointerDown) return;
        pointerDown = false;
        const p = point(event);
        send({ t: "pointer", phase: "up", x: p.x, y: p.y, clicks: clicks, button: 0 }, event.timeStamp);
      };
      screenEl.addEventListener("pointerup", up);
      screenEl.addEventListener("pointercancel", up);
      screenEl.addEventListener("contextmenu", (event) => event.preventDefault());
      screenEl.addEventListener("wheel", (event) => {
        event.preventDefault();
        const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? screenEl.clientHeight : 1;
        const p = point(event);
        // A trackpad's pinch comes as a wheel with Control held (Chrome, Firefox, Safari): a
        // pinch step; with Alt too, a mouse's wheel turns two fingers instead.
        if (event.ctrlKey && event.altKey) {
          send({ t: "twist", x: p.x, y: p.y, angle: event.deltaY * unit * Math.PI / 1200 }, event.timeStamp);
          return;
        }
        if (event.ctrlKey) {
          send({ t: "pinch", x: p.x, y: p.y, scale: Math.exp(-event.deltaY * unit / 100) }, event.timeStamp);
          return;
        }
        send({ t: "wheel", x: p.x, y: p.y, dx: event.deltaX * unit, dy: event.deltaY * unit }, event.timeStamp);
      }, { passive: false });

      const modifierKeys = new Set(["Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock", "Fn", "Dead", "Process", "Unidentified"]);
      input.addEventListener("keydown", (event) => {
        // Keys the input method is using belong to the composition (its events follow).
        if (event.isComposing || event.keyCode === 229) return;
        if (modifierKeys.has(event.key)) return;
        const command = isMac ? event.metaKey : event.ctrlKey;
        // ⌘V / Ctrl-V: the browser's paste event brings the clipboard's text (below).
        if (command && event.key.toLowerCase() === "v") return;
        event.preventDefault();
        const altGraph = event.getModifierState && event.getModifierState("AltGraph");
        send({ t: "key", key: event.key, code: event.code || event.key, repeat: !!event.repeat, shift: event.shiftKey,
          ctrl: event.ctrlKey && !altGraph, alt: event.altKey && !altGraph, meta: event.metaKey }, event.timeStamp);
      });
      // Releases end the presses (pressesEnded). Modifier keys' too: on a Mac, keys released
      // while ⌘ is down report no keyup, so the host lets them go with ⌘.
      input.addEventListener("keyup", (event) => {
        if (event.isComposing || event.keyCode === 229) return;
        send({ t: "keyup", key: event.key, code: event.code || event.key }, event.timeStamp, true);
      });
      input.addEventListener("paste", (event) => {
        event.preventDefault();
        const text = event.clipboardData ? event.clipboardData.getData("text/plain") : "";
        if (text) send({ t: "paste", text }, event.timeStamp);
      });
      input.addEventListener("compositionstart", (event) => send({ t: "compose", phase: "start", text: "" }, event.timeStamp));
      input.addEventListener("compositionupdate", (event) => send({ t: "compose", phase: "update", text: event.data || "" }, event.timeStamp));
      input.addEventListener("compositionend", (event) => {
        send({ t: "compose", phase: "end", text: event.data || "" }, event.timeStamp);
        input.value = "";
      });
      // Text that came without a key or a composition (dictation, an on-screen keyboard).
      input.addEventListener("input", (event) => {
        if (event.isComposing || event.inputType === "insertCompositionText" || event.inputType === "insertFromComposition") return;
        if (event.inputType === "insertText" && event.data) send({ t: "text", text: event.data }, event.timeStamp);
        input.value = "";
      });
      input.addEventListener("blur", (event) => {
        statusEl.dataset.focus = "lost";
        send({ t: "blur" }, event.timeStamp, true);
      });
      input.addEventListener("focus", () => { delete statusEl.dataset.focus; });
    })();
    """#
}
