// app_rerun.c -- noticing that the watched file changed (see app_rerun.h);
// the viewer re-runs it.
#include "app/app_rerun.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "app/app_local.h"
#include "core/fs.h"
#include "core/log.h"

static struct {
    char path[1024];
    struct timespec mtime;
    off_t size;
    bool known;
    unsigned frames;
    char bad[1600];            // the malformed edit's message, or ""
} watch;

static bool same_stamp(const struct stat *st) {
    return st->st_size == watch.size && st->st_mtim.tv_sec == watch.mtime.tv_sec &&
           st->st_mtim.tv_nsec == watch.mtime.tv_nsec;
}

bool app_viewer_watch_file(App *a) {
    Viewer *v = &a->lab.view;
    if (!v->on || watch.frames++ % 15) return false;
    struct stat st;
    if (stat(v->path, &st) != 0 || !S_ISREG(st.st_mode)) return false;
    bool first = !watch.known || strcmp(watch.path, v->path) != 0;
    if (!first && same_stamp(&st)) return false;
    snprintf(watch.path, sizeof watch.path, "%s", v->path);
    watch.mtime = st.st_mtim;
    watch.size = st.st_size;
    watch.known = true;
    if (first) {
        watch.bad[0] = 0;
        log_info("watching %s: an edit re-runs it", v->path);
        return false;
    }
    // Check the edit before letting go of the run shown.
    ParseError err;
    memset(&err, 0, sizeof err);
    Script *s = script_load(v->path, &err);
    const char *why = s ? fs_unreadable(script_level_path(s)) : NULL;
    if (!s || why) {
        if (s) snprintf(watch.bad, sizeof watch.bad, "%s: cannot open level file '%s': %s", v->path,
                        script_level_given(s), why);
        else parse_error_format(&err, watch.bad, sizeof watch.bad);
        script_free(s);
        log_warn("%s (the viewer keeps the last good run)", watch.bad);
        return false;
    }
    script_free(s);
    watch.bad[0] = 0;
    return true;
}

void app_viewer_watch_draw(App *a) {
    if (!a->lab.view.on || !watch.bad[0] || strcmp(watch.path, a->lab.view.path) != 0) return;
    char line[200];
    snprintf(line, sizeof line, "%.180s", watch.bad);
    SDL_Renderer *r = a->pf.r;
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, 40, 8, 16, 230);
    SDL_Rect box = {0, 568, RENDER_LOGICAL_W, 22};
    SDL_RenderFillRect(r, &box);
    render_text(&a->rc, 40, 575, 1, (SDL_Color){255, 90, 100, 255}, line);
}
