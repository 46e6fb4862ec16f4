// app_replays.c -- the replay folder in the app: every arena played is
// recorded and kept in <pref>/replays/ (app/fight.c keeps it,
// platform/replays.h names and prunes it), and the Replays screen lists it
// (newest first, a page at a time) and opens the viewer.
#include <stdio.h>
#include <string.h>

#include "app/app_replays.h"

#include "app/app_core.h"
#include "app/app_draw.h"
#include "app/app_viewer.h"
#include "core/fs.h"
#include "core/log.h"

#define REPLAYS_PER_PAGE 10

// Ids on the Replays screen: replay i of the list is id i.
enum { RP_PAGE = -1, RP_BACK = -2 };

void app_replays_init(App *a) {
    const char *pref = platform_pref_dir();
    a->files.replays_dir[0] = 0;
    if (pref[0]) fs_join(pref, "replays", a->files.replays_dir, sizeof a->files.replays_dir);
}

// ---------------------------------------------------------------- the screen

void app_replays_reload(App *a) {
    replays_list_free(&a->lab.replays);
    if (a->files.replays_dir[0]) replays_list(a->files.replays_dir, &a->lab.replays);
    a->lab.replays_page = 0;
    a->stack.sel[SCR_REPLAYS] = a->lab.replays.n ? 1 : 0;
}

static int pages(const App *a) { return a->lab.replays.n ? (a->lab.replays.n + REPLAYS_PER_PAGE - 1) / REPLAYS_PER_PAGE : 1; }

// The arena's name as the menus show it: its level's `name` when that level
// is one of levels/, else the file name part.
static const char *arena_name(const App *a, const char *arena) {
    for (int i = 0; i < a->files.level_count; i++) {
        char stem[REPLAYS_ARENA_MAX];
        replays_arena_of(a->files.levels[i], a->files.level_hash[i], stem, sizeof stem);
        if (!strcmp(stem, arena)) return a->files.level_names[i];
    }
    return arena;
}

static void build_replays(App *a, Menu *m) {
    menu_init(m, MENU_WIDE, RENDER_LOGICAL_W / 2, 150, 900, 40, 3);
    MenuItem *it = menu_add(m, RP_PAGE, ITEM_CHOICE, "PAGE");
    snprintf(it->value, sizeof it->value, "%d / %d", a->lab.replays_page + 1, pages(a));
    snprintf(it->hint, sizeof it->hint, "%d REPLAYS KEPT: THE LAST %d AND EACH ARENA'S BEST", a->lab.replays.n,
             REPLAYS_KEEP);
    int first = a->lab.replays_page * REPLAYS_PER_PAGE;
    for (int i = first; i < a->lab.replays.n && i < first + REPLAYS_PER_PAGE; i++) {
        const ReplayInfo *r = &a->lab.replays.r[i];
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
    if (!a->lab.replays.n) {
        it = menu_add(m, RP_BACK, ITEM_ACTION, "NO REPLAYS YET");
        snprintf(it->note, sizeof it->note, "PLAY AN ARENA");
        it->note_faint = true;
        snprintf(it->hint, sizeof it->hint, "EVERY ARENA YOU PLAY IS KEPT HERE, WON, LOST OR LEFT");
    }
    menu_add(m, RP_BACK, ITEM_ACTION, "BACK");
}

static void apply_replays(App *a, int id, int delta) {
    if (id == RP_PAGE) {
        int n = pages(a), d = delta ? delta : 1;
        a->lab.replays_page = (a->lab.replays_page + d + n) % n;
        audio_play(&a->au, SFX_MENU_MOVE);
        return;
    }
    if (delta) return;
    if (id == RP_BACK || id < 0 || id >= a->lab.replays.n) {
        app_screen_back(a, SCR_REPLAYS);
        return;
    }
    audio_play(&a->au, SFX_MENU_SELECT);
    char path[1400];
    if (fs_join(a->files.replays_dir, a->lab.replays.r[id].name, path, sizeof path)) app_viewer_open(a, path, true);
}

const ScreenClass app_replays_screen = {
    .frame = app_menu_frame, .draw = app_draw_replays, .build = build_replays, .apply = apply_replays,
    .back = app_pop};
