// web-speed.cjs -- the browser build's simulation speed in headless Chromium
// (tools/web-speed.sh, make web-speed; docs/web.md): the game's own
// command-line modes run inside a page, on the page's index.js/index.wasm
// as built, with Chromium's default WebAssembly tiers (lazy, Liftoff then
// TurboFan, as a player gets them):
//   - replays: `--replay FILE... --headless`, every recorded replay
//     verified, timed from main's call to its return (the module's loading
//     and compiling before main excluded; compiling during it, which lazy
//     tiers do, included);
//   - arena: `--level LEVEL --headless --ticks TICKS`, the arena simulated
//     as fast as it goes, main's time (no clock read inside the run);
//   - bench: `--bench LEVEL --ticks TICKS`, its own ticks_per_s (and its
//     vector_path: which back end of core/lanes.h ran, simd128 here).
// Each run is a new browser (nothing cached between runs). Prints one line
// a run: "replays MS PASSED_LINE", "arena MS" and "bench TICKS_PER_S
// VECTOR_PATH". The bench times each tick and each system with the clock,
// which in a page is JavaScript's performance.now (a call out of the
// WebAssembly, and coarse): the arena's single time is the cleaner figure.
//   FILES="F..." node web-speed.cjs URL RUNS LEVEL TICKS REPLAY...
// (URL: the served speed.html; FILES: what the page copies into /w/ first,
// the replays and the arenas they name, as paths under URL's w/.)
const puppeteer = require("puppeteer-core");

const [url, runsArg, level, ticks, ...replays] = process.argv.slice(2);

async function once(args) {
    const browser = await puppeteer.launch({
        executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
        headless: true,
        args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--mute-audio"],
    });
    try {
        const page = await browser.newPage();
        const errors = [];
        const logs = [];
        page.on("pageerror", (e) => errors.push(String(e)));
        page.on("console", (m) => logs.push(m.text()));
        const files = (process.env.FILES || replays.join(" ")).split(" ").filter(Boolean);
        const q = new URLSearchParams({ args: JSON.stringify(args), files: JSON.stringify(files) });
        await page.goto(url + "?" + q, { waitUntil: "load" });
        await page.waitForFunction(() => window.speed || window.speedError, { timeout: 300000 })
            .catch((e) => { throw new Error(e + ": " + errors.concat(logs).slice(-5).join(" | ")); });
        const r = await page.evaluate(() => window.speed || { error: window.speedError });
        if (errors.length) r.error = errors.join(" | ");
        return r;
    } finally {
        await browser.close();
    }
}

async function main() {
    const runs = Number(runsArg) || 5;
    for (let i = 0; i < runs; i++) {
        const rp = await once(["--replay", ...replays.map((f) => "/w/" + f), "--headless"]);
        if (rp.error) throw new Error("replays: " + rp.error);
        const tally = rp.out.filter((l) => / passed, \d+ failed/.test(l)).pop() || "no tally";
        console.log(`replays ${rp.ms.toFixed(1)} ${tally}`);
        const a = await once(["--level", "/" + level, "--headless", "--ticks", ticks]);
        if (a.error) throw new Error("arena: " + a.error);
        console.log(`arena ${a.ms.toFixed(1)}`);
        const b = await once(["--bench", "/" + level, "--ticks", ticks]);
        if (b.error) throw new Error("bench: " + b.error);
        const tps = b.out.map((l) => /^ticks_per_s (\S+)/.exec(l)).filter(Boolean).pop();
        const lanes = b.out.map((l) => /^vector_path (\S+)/.exec(l)).filter(Boolean).pop();
        console.log(`bench ${tps ? tps[1] : "?"} ${lanes ? lanes[1] : "?"}`);
    }
}

main().catch((e) => {
    console.log(`web-speed: ${e}`);
    process.exit(1);
});
