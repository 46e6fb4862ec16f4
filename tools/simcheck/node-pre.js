// node-pre.js -- the start of build-web/simcheck.js (emcc --pre-js): under
// node, the module is compiled optimized at load, so a plain
// `node simcheck.js LEGS_DIR FILE.rpl...` runs the simulation in TurboFan's
// code from its first tick (docs/web.md, "Where the WebAssembly time goes").
//
// Why: node (V8) compiles WebAssembly lazily and in tiers by default, each
// function when first called by the baseline Liftoff, then again by TurboFan
// once it has run enough. A replay check is a short run (the 11 recorded
// replays take 0.1 s natively), so under the default most of it is spent
// compiling and in Liftoff's code (2.5x native and more). The same flags as
// `node --no-wasm-lazy-compilation --no-liftoff`, set here before the module
// is compiled: V8 reads them when it compiles a module, and node lets a
// program set them (v8.setFlagsFromString). The module is then compiled here
// too, so the flags are known to be set first, whatever emscripten's loader
// does, and without node's fetch (emscripten 3.1.6 would try fetch() on a
// file path when node has one: the reason for --no-experimental-fetch).
// `make check-wasm` checks that no function is compiled by Liftoff.
// SIMCHECK_V8_TIERS=lazy leaves V8's defaults (tools/wasm-speed.sh compares).
if (typeof process == 'object' && process.versions && process.versions.node) {
    if (process.env.SIMCHECK_V8_TIERS != 'lazy') {
        require('v8').setFlagsFromString('--no-liftoff');
        require('v8').setFlagsFromString('--no-wasm-lazy-compilation');
    }
    Module['instantiateWasm'] = function (imports, done) {
        const file = require('path').join(__dirname, 'simcheck.wasm');
        WebAssembly.instantiate(require('fs').readFileSync(file), imports).then(
            r => done(r.instance, r.module),
            e => { console.error('simcheck: ' + file + ': ' + e); process.exit(2); });
        return {};   // the exports follow through done()
    };
}
