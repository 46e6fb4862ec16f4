// app_probes.c -- the replay viewer's probe panel (see app_probes.h).
#include "app/app_probes.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "app/app_core.h"
#include "app/app_local.h"
#include "core/fs.h"
#include "core/mem.h"
#include "harness/expect.h"
#include "harness/probes.h"

#define PANEL_X 900
#define PANEL_TOP 60
#define ROW_H 9
#define NOTE_LINES 3           // the note under the list: the lines written, then the file
// The list ends above the check's line over the viewer's panel (its top is
// the view's height, rc.view_h); a longer list scrolls with the pick.
#define LIST_BOTTOM_GAP 40

static struct {
    bool on;
    int pick;
    int first;                 // the first row shown (the list scrolls)
    char note[400];            // what E or R did, shown under the panel, '\n' between lines
    bool marked;               // R pressed once: a range starts at mark
    int64_t mark;
} panel;

// The file E writes to: the watched script itself, or NAME.script beside a
// replay NAME.rpl (made from the replay on the first E).
static void target_of(const char *path, char *buf, size_t n) {
    size_t len = strlen(path);
    if (len > 4 && !strcmp(path + len - 4, ".rpl")) snprintf(buf, n, "%.*s.script", (int)(len - 4), path);
    else snprintf(buf, n, "%s", path);
}

// Adds lines (each ending in '\n') to the watched script (or the script
// beside a watched replay) before its end line, atomically; the note says
// what was written where.
static void write_lines(App *a, const char *lines) {
    char target[1100];
    target_of(a->lab.view.path, target, sizeof target);
    size_t len = 0, out_len = 0;
    char *text = fs_read_file(target, SCRIPT_MAX_FILE_BYTES, &len, NULL);
    if (!text) text = fs_read_file(a->lab.view.path, SCRIPT_MAX_FILE_BYTES, &len, NULL);
    bool all = text != NULL;
    for (const char *l = lines; all && *l;) {
        const char *nl = strchr(l, '\n');
        char one[300];
        snprintf(one, sizeof one, "%.*s", (int)(nl - l), l);
        char *next = expect_insert(text, len, one, &len);
        all = next != NULL;
        if (next) mem_free(text), text = next;
        l = nl + 1;
    }
    char *out = all ? text : NULL;
    out_len = len;
    bool ok = out && fs_write_atomic(target, out, out_len);
    int why = errno;
    const char *base = strrchr(target, '/');
    if (ok) snprintf(panel.note, sizeof panel.note, "%.300s>> %.90s", lines, base ? base + 1 : target);
    else snprintf(panel.note, sizeof panel.note, "NOT WRITTEN: %s", out ? fs_strerror(why) : "cannot read the file");
    mem_free(text);
}

static void write_expectation(App *a) {
    char line[300];
    if (!session_world(&a->fight.play) ||
        !expect_line(session_world(&a->fight.play), probe_at(panel.pick), line, sizeof line - 1))
        return;
    strcat(line, "\n");
    write_lines(a, line);
}

// R: the first press marks the shown tick; the second writes the range
// lines of the picked probe over the ticks from the mark to the shown one
// (either way round), read by re-simulating them (scrub: a seek back to
// the span's start, then steps to where it was).
static void write_range(App *a) {
    Scrub *sc = &a->lab.scrub;
    if (!session_world(&a->fight.play)) return;
    if (!panel.marked) {
        panel.marked = true;
        panel.mark = sc->cur;
        snprintf(panel.note, sizeof panel.note, "RANGE FROM TICK %lld: MOVE, THEN R AGAIN", (long long)sc->cur);
        return;
    }
    panel.marked = false;
    int64_t shown = sc->cur, from = panel.mark < shown ? panel.mark : shown, to = panel.mark < shown ? shown : panel.mark;
    ExpectRange r;
    expect_range_begin(&r, probe_at(panel.pick));
    scrub_seek(sc, from);
    expect_range_add(&r, session_world(&a->fight.play));
    while (sc->cur < to) {
        int64_t before = sc->cur;
        scrub_step(sc);
        if (sc->cur == before) break;
        expect_range_add(&r, session_world(&a->fight.play));
    }
    if (sc->cur != shown) scrub_seek(sc, shown);
    app_watch_shown(a, false);
    char lines[700];
    if (expect_range_lines(&r, lines, sizeof lines)) write_lines(a, lines);
    else snprintf(panel.note, sizeof panel.note, "NO RANGE HOLDS FOR %s OVER %lld..%lld (NOT FINITE, OR EVERY STATE)",
                  r.p ? r.p->name : "?", (long long)from, (long long)to);
}

int64_t app_probes_mark(void) {
    return panel.on && panel.marked ? panel.mark : -1;
}

// Rows of the list that fit above the viewer's panel.
static int rows_shown(const App *a, int n) {
    int rows = (a->rc.view_h - LIST_BOTTOM_GAP - PANEL_TOP - NOTE_LINES * ROW_H - 4) / ROW_H;
    if (rows < 1) rows = 1;
    return rows < n ? rows : n;
}

bool app_probes_event(App *a, const SDL_Event *e) {
    if (!a->lab.view.on) return false;
    int n = probe_count();
    if (e->type == SDL_KEYDOWN) {
        SDL_Scancode k = e->key.keysym.scancode;
        if (k == SDL_SCANCODE_F3 && !e->key.repeat) {
            panel.on = !panel.on;
            panel.marked = false;              // closing drops a range half marked
            return true;
        }
        if (!panel.on) return false;
        if (k == SDL_SCANCODE_UP || k == SDL_SCANCODE_DOWN) {
            panel.pick = (panel.pick + (k == SDL_SCANCODE_UP ? n - 1 : 1)) % n;
            return true;
        }
        if (k == SDL_SCANCODE_E && !e->key.repeat) {
            write_expectation(a);
            return true;
        }
        if (k == SDL_SCANCODE_R && !e->key.repeat) {
            write_range(a);
            return true;
        }
    } else if (panel.on && e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        int row = (e->button.y - PANEL_TOP) / ROW_H;
        if (row >= rows_shown(a, n)) return false;
        row += panel.first;
        if (e->button.x >= PANEL_X && row >= 0 && row < n && e->button.y >= PANEL_TOP) {
            panel.pick = row;
            return true;
        }
    }
    return false;
}

void app_probes_draw(App *a) {
    if (!a->lab.view.on || !panel.on || !session_world(&a->fight.play)) return;
    SDL_Renderer *r = a->pf.r;
    int n = probe_count(), rows = rows_shown(a, n);
    // The pick in the middle of the rows shown, where the list allows.
    panel.first = panel.pick - rows / 2;
    if (panel.first > n - rows) panel.first = n - rows;
    if (panel.first < 0) panel.first = 0;
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, 8, 6, 22, 225);
    SDL_Rect box = {PANEL_X - 8, PANEL_TOP - 22, 1280 - PANEL_X, (rows + NOTE_LINES) * ROW_H + 30};
    SDL_RenderFillRect(r, &box);
    SDL_Color dim = {150, 150, 185, 255};
    render_text(&a->rc, PANEL_X, PANEL_TOP - 16, 1, dim, "PROBES  UP/DOWN PICK  E EXPECT  R RANGE (TWICE)  F3 CLOSE");
    for (int row = 0; row < rows; row++) {
        int i = panel.first + row;
        const ProbeDef *p = probe_at(i);
        char v[64];
        probe_format(p, p->get(session_world(&a->fight.play)), v, sizeof v);
        int y = PANEL_TOP + row * ROW_H;
        if (i == panel.pick) {
            SDL_SetRenderDrawColor(r, 255, 214, 90, 230);
            SDL_Rect hl = {PANEL_X - 4, y - 1, 1280 - PANEL_X - 8, ROW_H};
            SDL_RenderFillRect(r, &hl);
        }
        SDL_Color c = i == panel.pick ? (SDL_Color){20, 12, 30, 255} : (SDL_Color){220, 220, 240, 255};
        render_text(&a->rc, PANEL_X, y, 1, c, p->name);
        render_text(&a->rc, PANEL_X + 170, y, 1, c, v);
    }
    // More above or below: how many, at the list's right.
    char more[32];
    if (panel.first > 0) {
        snprintf(more, sizeof more, "%d MORE ^", panel.first);
        render_text(&a->rc, 1270 - render_text_width(&a->rc, more, 1), PANEL_TOP - 16 + ROW_H, 1, dim, more);
    }
    if (panel.first + rows < n) {
        snprintf(more, sizeof more, "%d MORE v", n - panel.first - rows);
        render_text(&a->rc, 1270 - render_text_width(&a->rc, more, 1), PANEL_TOP + rows * ROW_H, 1, dim, more);
    }
    // The note, a line a row.
    const char *l = panel.note;
    for (int k = 0; *l && k < NOTE_LINES; k++) {
        const char *nl = strchr(l, '\n');
        int len = nl ? (int)(nl - l) : (int)strlen(l);
        char one[200];
        snprintf(one, sizeof one, "%.*s", len < 199 ? len : 199, l);
        render_text(&a->rc, PANEL_X, PANEL_TOP + (rows + k) * ROW_H + 4, 1, (SDL_Color){120, 230, 160, 255}, one);
        l += len + (nl ? 1 : 0);
    }
}
