// app_replays.c -- the replay folder in the app: every arena played is
// recorded and kept in <pref>/replays/ (platform/replays.h names and
// prunes it), the Replays screen lists it (newest first, a page at a time)
// and opens the viewer, and the ghost races the arena's best run.
//
// Cost: a recording is the recorder's text in memory (a line per button
// change, one per second for the checksums), so playing costs nothing you
// can see; the file is written once, when the arena ends, atomically, and
// pruning only ever deletes files of the folder's own name form, so what
// was saved stays saved whatever happens to the process.
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "app/app_local.h"
#include "core/fs.h"
#include "core/log.h"
#include "render/ghost.h"

#define REPLAYS_PER_PAGE 10
#define GHOST_ALPHA 190         // of the ghost layer, added as light (render/ghost.h)

// Ids on the Replays screen: replay i of the list is id i.
enum { RP_PAGE = -1, RP_BACK = -2 };

void app_replays_init(App *a) {
    const char *pref = platform_pref_dir();
    a->replays_dir[0] = 0;
    if (pref[0]) fs_join(pref, "replays", a->replays_dir, sizeof a->replays_dir);
}

// ---------------------------------------------------------------- keeping

void app_keep_start(App *a, const char *record_path) {
    // The level path in a replay is relative to its folder; the folder's
    // copy gets its own when it is written (session_save_recording_copy).
    char here[1200];
    if (!record_path) {
        if (!a->replays_dir[0]) return;
        fs_join(a->replays_dir, "recording.rpl", here, sizeof here);
        record_path = here;
    }
    if (!session_record(&a->play, record_path)) log_warn("cannot record: out of memory");
}

void app_keep_cut(App *a, int64_t last_tick) {
    Session *s = &a->play;
    if (a->opt->record_path || !a->replays_dir[0] || !s->w) return;
    char from[1200], path[1400];
    fs_join(a->replays_dir, "recording.rpl", from, sizeof from);
    if (!replays_new_path(a->replays_dir, time(NULL), s->level_path, s->lv.hash, s->w->difficulty, "quit",
                          last_tick + 1, path, sizeof path))
        return;
    // The same folder: the level path inside stays right.
    if (rename(from, path) != 0) log_warn("%s: replay not kept: %s", path, fs_strerror(errno));
    else replays_prune(a->replays_dir, REPLAYS_KEEP);
}

void app_keep_finish(App *a, const char *record_path) {
    Session *s = &a->play;
    if (!session_recording(s) || !s->w) return;
    const World *w = s->w;
    const char *result = w->state == GAME_WON ? "won" : w->state == GAME_LOST ? "lost" : "quit";
    // The fight's time for a win or a fall, else the ticks played.
    int64_t ticks = w->state == GAME_PLAYING ? w->tick + 1 : w->state_tick + 1;
    char path[1400], why[1300];
    if (a->replays_dir[0] &&
        replays_new_path(a->replays_dir, time(NULL), s->level_path, s->lv.hash, w->difficulty, result, ticks, path,
                         sizeof path)) {
        double t0 = platform_now_s();
        if (session_save_recording_copy(s, path, why, sizeof why)) {
            int gone = replays_prune(a->replays_dir, REPLAYS_KEEP);
            log_info("replay kept: %s (%.1f ms%s)", path, (platform_now_s() - t0) * 1e3,
                     gone ? ", older ones pruned" : "");
        } else {
            log_warn("%s: replay not kept: %s", path, why);
        }
    } else if (a->replays_dir[0]) {
        log_warn("%s: cannot write a replay there", a->replays_dir);
    }
    if (record_path) {
        if (session_save_recording(s, why, sizeof why)) log_info("replay saved: %s", record_path);
        else log_warn("%s: replay not saved: %s", record_path, why);
    } else {
        session_drop_recording(s);
    }
}

// ---------------------------------------------------------------- ghost

void app_ghost_start(App *a) {
    app_ghost_stop(a);
    if (!a->set.ghost || a->mode == MODE_TAKEOVER || !a->play.w || !a->replays_dir[0]) return;
    ReplayList l;
    if (!replays_list(a->replays_dir, &l)) return;
    char arena[REPLAYS_ARENA_MAX], path[1400];
    replays_arena_of(a->play.level_path, a->play.lv.hash, arena, sizeof arena);
    const ReplayInfo *best = replays_best(&l, arena, a->play.w->difficulty);
    bool found = best && fs_join(a->replays_dir, best->name, path, sizeof path);
    replays_list_free(&l);
    if (!found) {
        app_toast(a, "GHOST: NO WON RUN OF THIS ARENA AT THIS DIFFICULTY YET");
        return;
    }
    SessionSetup setup = {.legs_dir = a->legs_dir};
    if (session_open_script(&a->ghost, path, &setup)) {
        log_warn("ghost: %s", a->ghost.msg);
        app_toast(a, "GHOST: THE BEST RUN NO LONGER PLAYS (THE ARENA CHANGED)");
        session_close(&a->ghost);
    }
}

void app_ghost_tick(App *a) {
    Session *g = &a->ghost;
    if (!g->w || session_done(g)) return;
    if (!session_step(g, NULL)) {
        log_warn("ghost: %s", g->msg);
        session_close(g);
    }
}

void app_ghost_draw(App *a) {
    if (a->ghost.w && a->screen != SCR_RESULTS) render_ghost(&a->rc, &a->ghost_layer, a->ghost.w, GHOST_ALPHA);
}

void app_ghost_stop(App *a) { session_close(&a->ghost); }

// ---------------------------------------------------------------- the screen

void app_replays_reload(App *a) {
    replays_list_free(&a->replays);
    if (a->replays_dir[0]) replays_list(a->replays_dir, &a->replays);
    a->replays_page = 0;
    a->sel[SCR_REPLAYS] = a->replays.n ? 1 : 0;
}

static int pages(const App *a) { return a->replays.n ? (a->replays.n + REPLAYS_PER_PAGE - 1) / REPLAYS_PER_PAGE : 1; }

// The arena's name as the menus show it: its level's `name` when that level
// is one of levels/, else the file name part.
static const char *arena_name(const App *a, const char *arena) {
    for (int i = 0; i < a->level_count; i++) {
        char stem[REPLAYS_ARENA_MAX];
        replays_arena_of(a->levels[i], a->level_hash[i], stem, sizeof stem);
        if (!strcmp(stem, arena)) return a->level_names[i];
    }
    return arena;
}

void app_replays_build(App *a, Menu *m) {
    menu_init(m, MENU_WIDE, RENDER_LOGICAL_W / 2, 150, 900, 40, 3);
    MenuItem *it = menu_add(m, RP_PAGE, ITEM_CHOICE, "PAGE");
    snprintf(it->value, sizeof it->value, "%d / %d", a->replays_page + 1, pages(a));
    snprintf(it->hint, sizeof it->hint, "%d REPLAYS KEPT: THE LAST %d AND EACH ARENA'S BEST", a->replays.n,
             REPLAYS_KEEP);
    int first = a->replays_page * REPLAYS_PER_PAGE;
    for (int i = first; i < a->replays.n && i < first + REPLAYS_PER_PAGE; i++) {
        const ReplayInfo *r = &a->replays.r[i];
        char label[80], t[24];
        snprintf(label, sizeof label, "%.40s  %s", arena_name(a, r->arena), r->difficulty == DIFFICULTY_EASY ? "EASY"
                 : r->difficulty == DIFFICULTY_HARD ? "HARD" : "NORMAL");
        it = menu_add(m, i, ITEM_ACTION, label);
        best_time_text(r->ticks, t, sizeof t);
        snprintf(it->note, sizeof it->note, "%s %s", !strcmp(r->result, "won") ? "WON" : !strcmp(r->result, "lost")
                 ? "LOST" : "QUIT", t);
        it->note_faint = strcmp(r->result, "won") != 0;
        const char *s = r->stamp;
        snprintf(it->hint, sizeof it->hint, "%.4s-%.2s-%.2s %.2s:%.2s:%.2s   ENTER: WATCH   %s", s, s + 4, s + 6,
                 s + 9, s + 11, s + 13, !strcmp(r->result, "won") ? "A WIN" : "");
    }
    if (!a->replays.n) {
        it = menu_add(m, RP_BACK, ITEM_ACTION, "NO REPLAYS YET");
        snprintf(it->note, sizeof it->note, "PLAY AN ARENA");
        it->note_faint = true;
        snprintf(it->hint, sizeof it->hint, "EVERY ARENA YOU PLAY IS KEPT HERE, WON, LOST OR LEFT");
    }
    menu_add(m, RP_BACK, ITEM_ACTION, "BACK");
}

void app_replays_apply(App *a, int id, int delta) {
    if (id == RP_PAGE) {
        int n = pages(a), d = delta ? delta : 1;
        a->replays_page = (a->replays_page + d + n) % n;
        audio_play(&a->au, SFX_MENU_MOVE);
        return;
    }
    if (delta) return;
    if (id == RP_BACK || id < 0 || id >= a->replays.n) {
        app_screen_back(a, SCR_REPLAYS);
        return;
    }
    audio_play(&a->au, SFX_MENU_SELECT);
    char path[1400];
    if (fs_join(a->replays_dir, a->replays.r[id].name, path, sizeof path)) app_viewer_open(a, path, true);
}
