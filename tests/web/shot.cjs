// shot.cjs -- the browser build in headless Chromium (Debian's, driven by
// puppeteer-core): loads URL, waits for the game to run, saves the title
// screen, presses Enter, saves the arena, presses F12 (a screenshot into
// the preference folder), reloads and checks that file is still there
// (IDBFS), then loads it once more with a fake Gamepad API pad and checks
// SDL opens it. Prints one "web: ..." line per check; exit 1 on a failed one.
//   node shot.cjs URL TITLE.png ARENA.png
const puppeteer = require("puppeteer-core");

const [url, titlePng, arenaPng] = process.argv.slice(2);
const PREF = "/libsdl/bossrush/bossrush/";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let failed = 0;
const check = (ok, what) => {
    console.log(`web: ${ok ? "ok" : "FAIL"}: ${what}`);
    if (!ok) failed++;
};

async function main() {
const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--mute-audio"],
});
const page = await browser.newPage();
await page.setViewport({ width: 960, height: 580 });
const errors = [];
page.on("pageerror", (e) => errors.push(String(e)));
page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });

// The game runs once the status line says how to play (Module.setStatus("")).
async function load() {
    await page.goto(url, { waitUntil: "load" });
    await page.waitForFunction(() => document.getElementById("status").textContent.startsWith("keyboard"),
                               { timeout: 120000 });
    await sleep(3000);
}

await load();
await page.screenshot({ path: titlePng });
await page.focus("canvas");
await page.keyboard.press("Enter");
await sleep(4000);
await page.keyboard.down("ArrowRight");
await sleep(800);
await page.keyboard.up("ArrowRight");
await page.screenshot({ path: arenaPng });
check(true, `screenshots ${titlePng} ${arenaPng}`);

await page.keyboard.press("F12");
await sleep(1500);
const before = await page.evaluate((d) => { try { return FS.readdir(d).filter((f) => f[0] !== ".").length; } catch (e) { return 0; } },
                                   PREF + "screenshots");
check(before > 0, `F12 wrote ${before} file(s) into ${PREF}screenshots`);
await load();
const after = await page.evaluate((d) => { try { return FS.readdir(d).filter((f) => f[0] !== ".").length; } catch (e) { return 0; } },
                                  PREF + "screenshots");
check(after >= before && after > 0, `after a reload ${after} file(s) are still there (IndexedDB)`);
// A pad through the Gamepad API: a fake standard gamepad, announced the way
// the browser does; SDL must open it as a controller (the game logs it).
const logs = [];
page.on("console", (m) => logs.push(m.text()));
await page.evaluateOnNewDocument(() => {
    const pad = { id: "bossrush test pad", index: 0, connected: true, mapping: "standard", timestamp: 1,
                  axes: [0, 0, 0, 0], buttons: Array.from({ length: 17 }, () => ({ pressed: false, touched: false, value: 0 })) };
    navigator.getGamepads = () => [pad, null, null, null];
    window.addEventListener("load", () => setTimeout(() => {
        const e = new Event("gamepadconnected");
        e.gamepad = pad;
        window.dispatchEvent(e);
    }, 4000));
});
await load();
await sleep(3000);
check(logs.some((t) => t.includes("controller connected")), "a Gamepad API pad is opened as a controller");
check(errors.length === 0, `no page errors${errors.length ? ": " + errors.slice(0, 3).join(" | ") : ""}`);
await browser.close();
process.exit(failed ? 1 : 0);
}
main().catch((e) => {
    console.log(`web: FAIL: ${e}`);
    process.exit(1);
});
