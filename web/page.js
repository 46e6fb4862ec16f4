// page.js -- the browser page around the game (web/shell.html; make web
// copies it beside index.html; docs/web.md): the click-or-key-to-start
// overlay, the fullscreen button, touch controls (a virtual gamepad), "play
// again" when the game ends, .rpl files dropped on the page, replay links
// (index.html#replay=z:... or #replay=PATH) and the viewer's "copy replay
// link" button. The game's side is src/platform/web.c.
// Everything is inside one function (index.js declares its own globals);
// only Module, which emscripten reads, is global.
var Module = (function () {
    "use strict";

    const $ = (id) => document.getElementById(id);
    const stage = $("stage"), canvas = $("canvas"), overlay = $("overlay"), statusLine = $("status");
    let ready = false;     // the game runs (the runtime started main)
    let started = false;   // the player clicked, touched or pressed a key on the overlay
    const pending = [];    // files for the game, handed over once started

    const mod = {
        canvas: canvas,
        print: (t) => console.log(t),
        printErr: (t) => console.warn(t),
        setStatus: (t) => { if (!ready) statusLine.textContent = t || "starting..."; },
        onRuntimeInitialized: () => { ready = true; showStart(); },
        onAbort: (what) => {
            overlay.hidden = false;
            statusLine.textContent = "the game stopped: " + what;
        },
        bossrushFiles: [],                  // read by web.c each frame (SDL_DROPFILE)
        bossrushViewer: (path) => viewerShown(path),
        bossrushEnded: () => { $("ended").hidden = false; },
    };

    // ---------------------------------------------------------------- start overlay
    // Browsers start a page's audio only after a gesture, and keys go to the
    // page only once it has focus: the first click or key is spent here, not
    // on the game (an Enter would otherwise start the rush unseen).
    function showStart() {
        if (started) return begin();
        statusLine.textContent = location.hash.startsWith("#replay=") ? "click or press any key to watch the replay"
            : "click or press any key to play";
    }

    function begin() {
        started = true;
        if (!ready) { statusLine.textContent = "loading... (the game starts when it has loaded)"; return; }
        overlay.hidden = true;
        canvas.focus();
        const sdl = mod.SDL2;             // SDL's audio context, made when the game opened audio
        if (sdl && sdl.audioContext && sdl.audioContext.state === "suspended") sdl.audioContext.resume();
        while (pending.length) mod.bossrushFiles.push(pending.shift());
    }

    function gesture(e) {
        if (overlay.hidden) return;
        e.preventDefault();
        e.stopImmediatePropagation();        // not the game's: SDL listens on the window
        begin();
    }
    window.addEventListener("keydown", gesture, true);
    // A mouse press counts as the gesture as it goes down, a touch as it
    // lifts (the browsers' user-activation rule); the touch's own events are
    // kept from turning into mouse events, which would reach the game's
    // menu under the finger once the overlay is gone.
    overlay.addEventListener("pointerdown", (e) => { if (e.pointerType === "mouse") gesture(e); });
    overlay.addEventListener("pointerup", (e) => { if (e.pointerType !== "mouse") gesture(e); });
    for (const t of ["touchstart", "touchend"]) overlay.addEventListener(t, (e) => e.preventDefault(), { passive: false });

    window.addEventListener("keydown", (e) => {
        // Arrows and Space would scroll the page instead of steering.
        if (["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", " "].indexOf(e.key) >= 0) e.preventDefault();
    });
    canvas.addEventListener("pointerdown", () => canvas.focus());
    $("again").addEventListener("click", () => { location.href = location.pathname; });

    // ---------------------------------------------------------------- fullscreen
    const fsButton = $("fullscreen");
    if (!(document.fullscreenEnabled || document.webkitFullscreenEnabled)) fsButton.hidden = true;
    fsButton.addEventListener("click", () => {
        if (document.fullscreenElement || document.webkitFullscreenElement) {
            (document.exitFullscreen || document.webkitExitFullscreen).call(document);
        } else {
            const p = (stage.requestFullscreen || stage.webkitRequestFullscreen).call(stage);
            if (p && p.catch) p.catch((err) => console.warn("bossrush: no fullscreen:", err));
        }
        canvas.focus();                      // Space must not press this button again
    });
    document.addEventListener("fullscreenchange", () => {
        fsButton.textContent = document.fullscreenElement ? "leave fullscreen" : "fullscreen";
    });

    // ---------------------------------------------------------------- touch controls
    // The controls are a standard gamepad the page adds to the Gamepad API
    // (navigator.getGamepads), so SDL opens it as a controller and the game's
    // pad bindings and menus apply: the stick is the left stick, the buttons
    // are A (jump), X (fire), B (dash), the shoulders (wiggle, lock) and Start.
    const touchScreen = navigator.maxTouchPoints > 0 || matchMedia("(pointer: coarse)").matches;
    const TOUCH_PAD_INDEX = 4;               // after the browser's four slots
    const touchPad = {
        id: "bossrush touch controls", index: TOUCH_PAD_INDEX, connected: true, mapping: "standard", timestamp: 1,
        axes: [0, 0, 0, 0],
        buttons: Array.from({ length: 17 }, () => ({ pressed: false, touched: false, value: 0 })),
    };
    if (touchScreen) {
        const realGetGamepads = navigator.getGamepads ? navigator.getGamepads.bind(navigator) : () => [];
        navigator.getGamepads = () => {
            const pads = Array.from(realGetGamepads() || []);
            while (pads.length < TOUCH_PAD_INDEX) pads.push(null);
            pads[TOUCH_PAD_INDEX] = touchPad;
            return pads;
        };
        $("touch").hidden = false;
    }
    function padChanged() { touchPad.timestamp = performance.now(); }

    // SDL reads the pads once a frame: a tap quicker than that would be
    // pressed and released between two reads and never seen, so a press
    // lasts at least MIN_PRESS_MS.
    const MIN_PRESS_MS = 70;
    function setButton(el, down) {
        const b = touchPad.buttons[Number(el.dataset.pad)];
        if (down) el.downAt = performance.now();
        const held = performance.now() - (el.downAt || 0);
        if (!down && b.pressed && held < MIN_PRESS_MS) {
            clearTimeout(el.release);
            el.release = setTimeout(() => setButton(el, false), MIN_PRESS_MS - held);
            return;
        }
        if (down) clearTimeout(el.release);
        if (b.pressed === down) return;
        b.pressed = b.touched = down;
        b.value = down ? 1 : 0;
        el.classList.toggle("down", down);
        padChanged();
    }
    for (const el of document.querySelectorAll("#pads button")) {
        el.addEventListener("pointerdown", (e) => { e.preventDefault(); el.setPointerCapture(e.pointerId); setButton(el, true); });
        for (const up of ["pointerup", "pointercancel", "lostpointercapture"])
            el.addEventListener(up, () => setButton(el, false));
        el.addEventListener("contextmenu", (e) => e.preventDefault());
    }

    const stick = $("stick"), knob = $("knob");
    let stickPointer = null;
    function moveStick(e) {
        const r = stick.getBoundingClientRect(), radius = r.width / 2;
        let x = (e.clientX - r.left - radius) / radius, y = (e.clientY - r.top - radius) / radius;
        const len = Math.hypot(x, y);
        if (len > 1) { x /= len; y /= len; }
        setStick(x, y);
    }
    function setStick(x, y) {
        touchPad.axes[0] = x;
        touchPad.axes[1] = y;
        const r = stick.getBoundingClientRect().width / 2;
        knob.style.transform = `translate(${x * r * 0.6}px, ${y * r * 0.6}px)`;
        padChanged();
    }
    stick.addEventListener("pointerdown", (e) => {
        e.preventDefault();
        stickPointer = e.pointerId;
        stick.setPointerCapture(e.pointerId);
        moveStick(e);
    });
    stick.addEventListener("pointermove", (e) => { if (e.pointerId === stickPointer) moveStick(e); });
    for (const up of ["pointerup", "pointercancel", "lostpointercapture"])
        stick.addEventListener(up, (e) => { if (e.pointerId === stickPointer) { stickPointer = null; setStick(0, 0); } });

    // ---------------------------------------------------------------- replays in
    // A replay's level line names the arena where it was recorded ("level
    // ../../levels/01-tetran.lvl" in the repository, an installed path, or the
    // browser's "/levels/..."): here the arenas are in /levels, so a path that
    // is not there is read as /levels/ and its file name. The level's hash in
    // the line still decides whether the replay plays.
    function fsHas(path) {
        try { return FS.analyzePath(path).exists; } catch (e) { return false; }
    }
    function localLevels(text) {
        return text.replace(/^(level[ \t]+)([^\s"]+)/m, (line, head, path) => {
            const here = "/levels/" + path.split("/").pop();
            return path.startsWith("/") && fsHas(path) ? line : fsHas(here) ? head + here : line;
        });
    }
    let fileCount = 0;
    function openText(name, text) {
        const base = (name.split("/").pop() || "replay.rpl").replace(/[^A-Za-z0-9._-]/g, "_");
        const ext = /\.(rpl|script)$/.test(base) ? "" : ".rpl";
        const path = `/tmp/opened/${++fileCount}-${base}${ext}`;
        FS.mkdirTree("/tmp/opened");
        FS.writeFile(path, localLevels(text));
        console.log(`bossrush: ${name} opened as ${path}`);
        if (started && ready) mod.bossrushFiles.push(path);
        else pending.push(path);
    }
    function whenReady(fn) {
        if (ready) fn();
        else setTimeout(() => whenReady(fn), 100);
    }

    // Drag and drop: a .rpl (or .script) dropped anywhere on the page.
    let dragDepth = 0;
    const dropHint = $("drop");
    document.addEventListener("dragenter", (e) => { e.preventDefault(); dragDepth++; dropHint.hidden = false; });
    document.addEventListener("dragleave", () => { if (--dragDepth <= 0) { dragDepth = 0; dropHint.hidden = true; } });
    document.addEventListener("dragover", (e) => e.preventDefault());
    document.addEventListener("drop", (e) => {
        e.preventDefault();
        dragDepth = 0;
        dropHint.hidden = true;
        const files = Array.from((e.dataTransfer && e.dataTransfer.files) || []);
        const file = files.find((f) => /\.(rpl|script)$/i.test(f.name)) || files[0];
        if (!file) return;
        file.text().then((text) => whenReady(() => {
            openText(file.name, text);
            if (!started) begin();
        }));
    });

    // Replay links: #replay=z:DATA is the replay's text, deflated (raw) and in
    // base64url; #replay=PATH a file on the same server (fetched).
    const b64url = {
        encode(bytes) {
            let s = "";
            for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
            return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
        },
        decode(text) {
            const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
            return Uint8Array.from(s, (c) => c.charCodeAt(0));
        },
    };
    async function squeeze(bytes, stream) {
        const out = new Blob([bytes]).stream().pipeThrough(stream);
        return new Uint8Array(await new Response(out).arrayBuffer());
    }
    async function replayFromHash() {
        const m = /^#replay=(.+)$/.exec(location.hash);
        if (!m) return;
        const value = m[1];
        try {
            let name = "link.rpl", text;
            if (value.startsWith("z:")) {
                const bytes = await squeeze(b64url.decode(value.slice(2)), new DecompressionStream("deflate-raw"));
                text = new TextDecoder().decode(bytes);
            } else {
                const url = new URL(decodeURIComponent(value), location.href);
                if (url.origin !== location.origin) throw new Error("a replay path must be on this server");
                const r = await fetch(url);
                if (!r.ok) throw new Error(`${url.pathname}: ${r.status} ${r.statusText}`);
                text = await r.text();
                name = url.pathname;
            }
            whenReady(() => openText(name, text));
        } catch (err) {
            console.warn("bossrush: the replay link could not be read:", err);
            statusLine.textContent = "the replay link could not be read: " + err.message;
        }
    }
    replayFromHash();
    window.addEventListener("hashchange", replayFromHash);

    // ---------------------------------------------------------------- the bar fades
    // The buttons sit over the game's top-right corner, where the HUD names
    // the arena: 2.5 s after the pointer last moved (or a touch) they fade
    // out, unless the pointer is on them or a link is shown to copy; any
    // move brings them back at once (before a click lands).
    const bar = $("bar");
    let barTimer = 0;
    function barAwake() {
        bar.classList.remove("idle");
        clearTimeout(barTimer);
        barTimer = setTimeout(() => {
            if (bar.matches(":hover") || !$("link").hidden) return barAwake();
            bar.classList.add("idle");
        }, 2500);
    }
    for (const ev of ["mousemove", "mousedown", "touchstart"]) document.addEventListener(ev, barAwake, { passive: true });
    barAwake();

    // ---------------------------------------------------------------- replay link out
    // While the viewer shows a file, "copy replay link" puts a link to it on the
    // clipboard (and in the box beside it, where the clipboard is refused).
    let viewing = "";
    const copyButton = $("copylink"), linkBox = $("link"), note = $("note");
    function viewerShown(path) {
        viewing = path;
        document.body.dataset.viewer = path;
        copyButton.hidden = !path;
        if (!path) { linkBox.hidden = true; note.textContent = ""; }
    }
    async function replayLink(path) {
        const bytes = await squeeze(FS.readFile(path), new CompressionStream("deflate-raw"));
        return location.origin + location.pathname + "#replay=z:" + b64url.encode(bytes);
    }
    copyButton.addEventListener("click", async () => {
        canvas.focus();
        if (!viewing) return;
        const link = await replayLink(viewing);
        linkBox.value = link;
        linkBox.hidden = false;
        document.body.dataset.link = link;
        try {
            await navigator.clipboard.writeText(link);
            note.textContent = `link copied (${link.length} characters)`;
        } catch (err) {
            linkBox.select();
            note.textContent = "copy the link from the box";
        }
    });

    return mod;
})();
