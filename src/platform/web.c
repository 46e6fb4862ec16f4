// web.c -- IDBFS for the preference folder and the browser's frame pacing
// (web.h). The app's blocking loop runs unchanged under Asyncify: each
// frame ends by awaiting requestAnimationFrame.
#include "platform/web.h"

#include <emscripten.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/fs.h"
#include "core/log.h"

// EM_JS names its JavaScript with a '$' (emscripten's own macro).
#pragma clang diagnostic ignored "-Wdollar-in-identifier-extension"

EM_ASYNC_JS(void, js_mount, (const char *dir), {
    const path = UTF8ToString(dir);
    FS.mkdirTree(path);
    FS.mount(IDBFS, {}, path);
    await new Promise(done => FS.syncfs(true, err => {
        if (err) console.warn("bossrush: could not load saved files:", err);
        done();
    }));
})

EM_JS(void, js_sync, (void), {
    FS.syncfs(false, err => { if (err) console.warn("bossrush: could not save files:", err); });
})

EM_ASYNC_JS(void, js_next_frame, (void), { await new Promise(requestAnimationFrame); })

static uint64_t synced_writes;

void web_storage_mount(const char *dir) {
    char path[1024];
    snprintf(path, sizeof path, "%s", dir);
    for (size_t n = strlen(path); n > 1 && path[n - 1] == '/'; n--) path[n - 1] = 0;   // IDBFS mounts "/a/b"
    js_mount(path);
    synced_writes = fs_write_count();
    log_info("preference folder %s kept in the browser (IndexedDB)", dir);
}

void web_frame_done(void) {
    if (fs_write_count() != synced_writes) {
        synced_writes = fs_write_count();
        js_sync();
    }
    js_next_frame();
}
