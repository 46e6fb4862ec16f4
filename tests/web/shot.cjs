// shot.cjs -- the browser build in headless Chromium (Debian's, driven by
// puppeteer-core), one "web: ok|FAIL: ..." line per check; exit 1 on a
// failed one. It checks the page (web/shell.html, web/page.js) as a player
// meets it:
//   - the start overlay: up until a key, which it keeps from the game, then
//     gone, the canvas focused, the audio context running (autoplay rule);
//   - the canvas whole in the window; the title has no QUIT (Escape twice
//     on it does not end the game); "play again" when the game ends;
//   - the fullscreen button; the arena (Enter, walking right); F12's
//     screenshot kept in IndexedDB over a reload; a Gamepad API pad;
//   - a .rpl dropped on the page opens the viewer; its "copy replay link"
//     puts a #replay=z:... link on the clipboard, which opens the same
//     replay in a new page, as does #replay=PATH (a file on the server);
//   - an emulated phone (touch, landscape): the touch controls shown (and
//     not on the desktop), the stick and A open PRACTICE, B goes back.
// Screenshots go to SHOTS (a folder): web-start, web-title, web, web-viewer
// and web-touch .png.
//   node shot.cjs URL SHOTS REPLAY.rpl   (REPLAY.rpl also served beside index.html)
const fs = require("fs");
const path = require("path");
const puppeteer = require("puppeteer-core");

const [url, shots, replayFile] = process.argv.slice(2);
const replayName = path.basename(replayFile);
const replayText = fs.readFileSync(replayFile, "utf8");
const PREF = "/libsdl/bossrush/bossrush/";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const shot = (name) => path.join(shots, name);
let failed = 0;
const check = (ok, what) => {
    console.log(`web: ${ok ? "ok" : "FAIL"}: ${what}`);
    if (!ok) failed++;
};

async function main() {
const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--mute-audio",
           "--autoplay-policy=user-gesture-required"],
});
const origin = new URL(url).origin;
await browser.defaultBrowserContext().overridePermissions(origin, ["clipboard-read", "clipboard-write",
                                                                   "clipboard-sanitized-write"]);
const errors = [];
async function newPage(viewport) {
    const page = await browser.newPage();
    await page.setViewport(viewport || { width: 960, height: 540 });
    page.logs = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => {
        page.logs.push(m.text());
        if (m.type() === "error") errors.push(m.text());
    });
    return page;
}
// Loaded: the overlay asks for a click or key (the runtime started main).
async function load(page, to) {
    await page.goto(to || url, { waitUntil: "load" });
    await page.waitForFunction(() => /click or press/.test(document.getElementById("status").textContent),
                               { timeout: 120000 });
    await page.waitForFunction(() => document.body.dataset.screen, { timeout: 30000 });
    await sleep(1500);
}
const shown = (page, id) => page.evaluate((i) => {
    const e = document.getElementById(i);
    return !!e && !e.hidden && getComputedStyle(e).display !== "none" && e.getBoundingClientRect().width > 0;
}, id);
const screen = (page) => page.evaluate(() => document.body.dataset.screen || "");
const waitScreen = (page, name, ms) => page.waitForFunction((n) => document.body.dataset.screen === n,
                                                           { timeout: ms || 10000 }, name).then(() => true, () => false);
const audioState = (page) => page.evaluate(() => {
    const s = Module.SDL2;
    return s && s.audioContext ? s.audioContext.state : "none";
});

// ---- the desktop page
const page = await newPage();
await load(page);
check(await shown(page, "overlay"), "the start overlay is up once the game has loaded");
check(!page.logs.some((t) => /cannot load sound|sound file missing/.test(t)),
      "every sound loads, the Ogg Vorbis music too (libvorbisfile in WebAssembly)");
await page.screenshot({ path: shot("web-start.png") });
check(!(await shown(page, "stick")) && !(await shown(page, "pads")), "no touch controls on a desktop (no touch screen)");
await page.keyboard.press("Enter");
await sleep(1500);
check(!(await shown(page, "overlay")), "a key takes the overlay away");
check(await screen(page) === "title", `the key that started the page did not reach the game (screen: ${await screen(page)})`);
check(await page.evaluate(() => document.activeElement && document.activeElement.id) === "canvas", "the canvas has the focus");
check(await audioState(page) === "running", `after the key the audio runs (${await audioState(page)})`);
const box = await page.evaluate(() => {
    const r = document.getElementById("canvas").getBoundingClientRect();
    return { l: r.left, t: r.top, r: r.right, b: r.bottom, w: innerWidth, h: innerHeight };
});
check(box.l >= 0 && box.t >= 0 && box.r <= box.w + 0.5 && box.b <= box.h + 0.5 && box.r - box.l > box.w * 0.9,
      `the canvas is whole in the window (${JSON.stringify(box)})`);
await page.screenshot({ path: shot("web-title.png") });

// No QUIT: Escape twice on the title ends the desktop game, not the page's.
await page.keyboard.press("Escape");
await sleep(300);
await page.keyboard.press("Escape");
await sleep(1000);
check(!(await shown(page, "ended")) && !page.logs.some((t) => t.includes("the game ended")),
      "Escape twice on the title leaves the game running (no QUIT in the browser)");

// The bar over the HUD's corner fades while the pointer rests, and a move
// brings it back.
const barFaded = () => page.evaluate(() => getComputedStyle(document.getElementById("bar")).opacity === "0");
await page.mouse.move(10, 10);       // a corner: the title menu follows the pointer
await sleep(3500);
check(await barFaded(), "the button bar fades out while the pointer rests");
await page.mouse.move(14, 10);
await sleep(600);
check(!(await barFaded()), "a pointer move brings the button bar back");

// Fullscreen: the stage (canvas and controls) fills the screen, and back.
await page.click("#fullscreen");
await sleep(500);
const fsId = await page.evaluate(() => document.fullscreenElement && document.fullscreenElement.id);
check(fsId === "stage", `the fullscreen button makes the stage fullscreen (${fsId})`);
await page.click("#fullscreen");
await sleep(500);
check(await page.evaluate(() => !document.fullscreenElement), "pressed again, it leaves fullscreen");

// The arena, F12 and IndexedDB (the pointer off the buttons first).
await page.mouse.move(10, 10);
await page.focus("canvas");
await page.keyboard.press("Enter");
check(await waitScreen(page, "play"), `Enter on the title starts the rush (screen: ${await screen(page)})`);
await sleep(3000);
await page.keyboard.down("ArrowRight");
await sleep(800);
await page.keyboard.up("ArrowRight");
check(await barFaded(), "in play, the pointer resting, the bar leaves the HUD's corner clear");
await page.screenshot({ path: shot("web.png") });
await page.keyboard.press("F12");
await sleep(1500);
const count = () => page.evaluate((d) => { try { return FS.readdir(d).filter((f) => f[0] !== ".").length; } catch (e) { return 0; } },
                                  PREF + "screenshots");
const before = await count();
check(before > 0, `F12 wrote ${before} file(s) into ${PREF}screenshots`);
await load(page);
const after = await count();
check(after >= before && after > 0, `after a reload ${after} file(s) are still there (IndexedDB)`);
// web/storage.js loads them before main: the game finds its folder mounted.
check(page.logs.some((l) => /preference folder .* kept in the browser/.test(l)) &&
      !page.logs.some((l) => /not the one web\/storage.js loaded/.test(l)),
      "the stored files were loaded before the game started (web/storage.js)");

// A replay dropped on the page opens in the viewer.
await page.keyboard.press("Enter");
await sleep(500);
await page.evaluate((name, text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], name, { type: "text/plain" }));
    document.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
}, replayName, replayText);
check(await waitScreen(page, "watch"), `a dropped ${replayName} opens the viewer (screen: ${await screen(page)})`);
await sleep(2500);
check(page.logs.some((t) => t.includes("(dropped)")) && !page.logs.some((t) => /desync|no longer plays|cannot open/i.test(t)),
      "the game watches it (no desync, no refusal)");
await page.screenshot({ path: shot("web-viewer.png") });

// Its link: copied, then opened in a new page.
check(await shown(page, "copylink"), "the viewer shows the 'copy replay link' button");
await page.click("#copylink");
await page.waitForFunction(() => document.body.dataset.link, { timeout: 10000 }).catch(() => {});
const link = await page.evaluate(() => document.body.dataset.link || "");
const clip = await page.evaluate(() => navigator.clipboard.readText()).catch((e) => "error: " + e);
check(link.includes("#replay=z:") && clip === link, `the button copies a #replay=z: link (${link.length} characters)`);
await page.keyboard.press("Escape");
check(await waitScreen(page, "replays"), "Esc leaves the viewer for the Replays screen");
check(!(await shown(page, "copylink")), "outside the viewer the button is gone");
await page.close();

for (const [what, to] of [["the copied link", link], ["a #replay=PATH link", url.replace(/index\.html.*$/, "") + "index.html#replay=" + replayName]]) {
    const p = await newPage();
    await load(p, to);
    check(await screen(p) !== "watch", `${what}: nothing plays before the first click or key`);
    await p.keyboard.press("Space");
    check(await waitScreen(p, "watch"), `${what} opens the viewer after the key (screen: ${await screen(p)})`);
    await sleep(1500);
    const name = await p.evaluate(() => document.body.dataset.viewer || "");
    check(!p.logs.some((t) => /desync|no longer plays|cannot open/i.test(t)), `${what}: ${name} plays (no desync)`);
    await p.close();
}

// ---- a phone: touch controls, as a virtual gamepad.
const phone = await newPage({ width: 844, height: 390, isMobile: true, hasTouch: true, isLandscape: true,
                              deviceScaleFactor: 1 });
await load(phone);
await phone.tap("#overlay");
await sleep(1000);
check(!(await shown(phone, "overlay")), "a touch takes the overlay away");
check(await shown(phone, "stick") && await shown(phone, "pads"), "the touch controls are shown on a touch screen");
check(phone.logs.some((t) => t.includes("controller connected: ")), "SDL opens the touch controls as a controller");
// The stick down (a drag from its centre), then A: the title's second item.
const stickBox = await (await phone.$("#stick")).boundingBox();
const cx = stickBox.x + stickBox.width / 2, cy = stickBox.y + stickBox.height / 2;
const cdp = await phone.target().createCDPSession();
const touch = (type, x, y) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
await touch("touchStart", cx, cy);
await touch("touchMove", cx, cy + stickBox.height * 0.45);
await sleep(300);
const axis = await phone.evaluate(() => navigator.getGamepads()[4].axes[1]);
await touch("touchEnd");
await sleep(300);
await phone.screenshot({ path: shot("web-touch.png") });
await phone.tap('#pads button[data-pad="0"]');
check(await waitScreen(phone, "practice"), `stick down (axis ${axis.toFixed(2)}) and A open PRACTICE (screen: ${await screen(phone)})`);
await sleep(500);
await phone.tap('#pads button[data-pad="1"]');
check(await waitScreen(phone, "title"), "B goes back to the title");
await phone.close();

// ---- a Gamepad API pad: SDL opens it as a controller.
const padPage = await newPage();
await padPage.evaluateOnNewDocument(() => {
    const pad = { id: "bossrush test pad", index: 0, connected: true, mapping: "standard", timestamp: 1,
                  axes: [0, 0, 0, 0], buttons: Array.from({ length: 17 }, () => ({ pressed: false, touched: false, value: 0 })) };
    navigator.getGamepads = () => [pad, null, null, null];
    window.addEventListener("load", () => setTimeout(() => {
        const e = new Event("gamepadconnected");
        e.gamepad = pad;
        window.dispatchEvent(e);
    }, 4000));
});
await load(padPage);
await sleep(3000);
check(padPage.logs.some((t) => t.includes("controller connected")), "a Gamepad API pad is opened as a controller");

// "Play again" when the game has ended (what QUIT did: a dead canvas).
await padPage.evaluate(() => Module.bossrushEnded(0));
check(await shown(padPage, "ended"), "when the game ends the page offers 'play again'");
await padPage.click("#again");
await padPage.waitForFunction(() => /click or press/.test(document.getElementById("status").textContent), { timeout: 120000 });
check(!(await shown(padPage, "ended")), "'play again' loads the game again");
await padPage.close();

check(errors.length === 0, `no page errors${errors.length ? ": " + errors.slice(0, 3).join(" | ") : ""}`);
await browser.close();
process.exit(failed ? 1 : 0);
}
main().catch((e) => {
    console.log(`web: FAIL: ${e}`);
    process.exit(1);
});
