// web.c -- IDBFS for the preference folder, the browser's frames, the files
// the page hands the game and what the game tells the page (web.h). The
// app's loop is a function the browser calls once a frame (no Asyncify):
// nothing here waits; the stored files are loaded before main (web/storage.js)
// and written back in the background.
#include "platform/web.h"

#include <emscripten.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/fs.h"
#include "core/log.h"

#include <SDL.h>

// EM_JS names its JavaScript with a '$' (emscripten's own macro).
#pragma clang diagnostic ignored "-Wdollar-in-identifier-extension"

// 1 when path is the mount point of an IDBFS mount (web/storage.js's).
EM_JS(int, js_mounted, (const char *dir), {
    const path = UTF8ToString(dir);
    try {
        const m = FS.lookupPath(path).node.mount;
        return m.mountpoint === path && m.type === IDBFS ? 1 : 0;
    } catch (e) {
        return 0;
    }
})

// Mounts IDBFS on dir and loads it in the background (too late for this
// start's reads; only when storage.js's folder was not this one).
EM_JS(void, js_mount_late, (const char *dir), {
    const path = UTF8ToString(dir);
    FS.mkdirTree(path);
    FS.mount(IDBFS, {}, path);
    FS.syncfs(true, err => { if (err) console.warn("bossrush: could not load saved files:", err); });
})

EM_JS(void, js_sync, (void), {
    FS.syncfs(false, err => { if (err) console.warn("bossrush: could not save files:", err); });
})

// web/page.js queues the paths of the files it wrote (Module.bossrushFiles).
EM_JS(int, js_take_file, (char *buf, int n), {
    const q = Module.bossrushFiles;
    if (!q || !q.length) return 0;
    stringToUTF8(q.shift(), buf, n);
    return 1;
})

EM_JS(void, js_viewer_shown, (const char *path), {
    if (Module.bossrushViewer) Module.bossrushViewer(path ? UTF8ToString(path) : "");
})

EM_JS(void, js_screen_shown, (const char *name), { document.body.dataset.screen = UTF8ToString(name); })

EM_JS(void, js_ended, (int rc), {
    if (Module.bossrushEnded) Module.bossrushEnded(rc);
})

static uint64_t synced_writes;

void web_storage_mount(const char *dir) {
    char path[1024];
    snprintf(path, sizeof path, "%s", dir);
    for (size_t n = strlen(path); n > 1 && path[n - 1] == '/'; n--) path[n - 1] = 0;   // IDBFS mounts "/a/b"
    if (js_mounted(path)) {
        log_info("preference folder %s kept in the browser (IndexedDB)", dir);
    } else {
        js_mount_late(path);
        log_warn("preference folder %s: not the one web/storage.js loaded; saved files are not read this time", dir);
    }
    synced_writes = fs_write_count();
}

void web_main_loop(void (*frame)(void *arg), void *arg) {
    emscripten_set_main_loop_arg(frame, arg, 0, 1);   // 0: requestAnimationFrame's pace
}

static void push_files(void) {
    char path[1024];
    while (js_take_file(path, (int)sizeof path)) {
        SDL_Event e = {.type = SDL_DROPFILE};
        e.drop.timestamp = SDL_GetTicks();
        e.drop.file = SDL_strdup(path);
        if (!e.drop.file || SDL_PushEvent(&e) != 1) {
            log_warn("%s: not opened (%s)", path, SDL_GetError());
            SDL_free(e.drop.file);
        }
    }
}

static void sync_writes(void) {
    if (fs_write_count() != synced_writes) {
        synced_writes = fs_write_count();
        js_sync();
    }
}

void web_viewer_shown(const char *path) { js_viewer_shown(path); }

void web_screen_shown(const char *name) { js_screen_shown(name); }

void web_program_ended(int rc) {
    emscripten_cancel_main_loop();
    sync_writes();
    log_info("the game ended (exit code %d)", rc);
    js_ended(rc);
}

void web_frame_done(void) {
    push_files();
    sync_writes();
}
