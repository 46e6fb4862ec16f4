// recorder.c -- records live play as a replay in the script format: one
// line per button change, a checksum every CHECKSUM_EVERY ticks.
#include "harness/script.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fs.h"
#include "core/mem.h"
#include "core/textbuf.h"
#include "harness/script_local.h"
#include "sim/world.h"

// ---------------------------------------------------------------- recording

// Normalises a relative path textually: drops "." and "", folds "a/..".
static void path_normalise(const char *in, char *out, size_t n) {
    const char *part[256];
    size_t plen[256];
    int k = 0;
    bool abs = in[0] == '/';
    for (const char *p = in; *p && k < 256;) {
        while (*p == '/') p++;
        if (!*p) break;
        const char *e = strchr(p, '/');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        if (l == 1 && p[0] == '.') {
        } else if (l == 2 && p[0] == '.' && p[1] == '.' && k > 0 &&
                   !(plen[k - 1] == 2 && !strncmp(part[k - 1], "..", 2))) {
            k--;
        } else {
            part[k] = p;
            plen[k++] = l;
        }
        p += l;
    }
    size_t o = 0;
    if (abs && o + 1 < n) out[o++] = '/';
    for (int i = 0; i < k; i++) {
        if (i && o + 1 < n) out[o++] = '/';
        for (size_t j = 0; j < plen[i] && o + 1 < n; j++) out[o++] = part[i][j];
    }
    out[o] = 0;
}

void script_level_path_for(const char *out_file, const char *level, char *buf, size_t n) {
    char lv[1100], dir[1100];
    path_normalise(level, lv, sizeof lv);
    const char *slash = strrchr(out_file, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - out_file) : 0, out_file);
    char nd[1100];
    path_normalise(dir, nd, sizeof nd);
    if (lv[0] != '/' && nd[0] != '/' && strncmp(nd, "..", 2) != 0) {
        // Strip the common leading folders, then climb out of the rest.
        const char *a = lv, *b = nd;
        while (*b) {
            const char *ea = strchr(a, '/'), *eb = strchr(b, '/');
            size_t la = ea ? (size_t)(ea - a) : strlen(a), lb = eb ? (size_t)(eb - b) : strlen(b);
            if (!ea || la != lb || strncmp(a, b, la) != 0) break;
            a = ea + 1;
            b = eb ? eb + 1 : b + lb;
        }
        size_t o = 0;
        buf[0] = 0;
        for (const char *p = b; *p;) {
            o += (size_t)snprintf(buf + o, o < n ? n - o : 0, "../");
            const char *e = strchr(p, '/');
            p = e ? e + 1 : p + strlen(p);
        }
        snprintf(buf + (o < n ? o : n - 1), o < n ? n - o : 1, "%s", a);
        return;
    }
    char *abs = realpath(level, NULL);
    snprintf(buf, n, "%s", abs ? abs : level);
    free(abs);
}

struct Recorder {
    char level[1024];
    uint64_t level_hash, legs_hash;
    bool has_seed;
    uint32_t seed;
    int difficulty;            // Difficulty
    bool assist_wiggle;
    int hearts;                // 0: full
    uint16_t held;
    int64_t last_tick;
    int64_t events, lines;     // button-change lines and all lines in body
    bool full;                 // stopped: another tick might go past a script limit
    TextBuf body;
};

// Room kept for the lines around the body (header, level, setup, end).
#define HEADER_LINES 16
#define HEADER_BYTES 4096
// The most a tick can add: a line per button, each shorter than
// TICK_LINE_BYTES, and a checksum line with every subsystem's hash.
#define TICK_LINE_BYTES 48
#define CHECKSUM_LINE_BYTES (64 + SUBSYS_FORMAT_MAX)

Recorder *recorder_new(const char *level_path, uint64_t level_hash, uint64_t legs_hash) {
    Recorder *rec = mem_alloc(1, sizeof *rec);
    if (!rec) return NULL;
    snprintf(rec->level, sizeof rec->level, "%s", level_path ? level_path : "");
    rec->level_hash = level_hash;
    rec->legs_hash = legs_hash;
    rec->last_tick = -1;
    return rec;
}

void recorder_set_seed(Recorder *rec, uint32_t seed) {
    rec->has_seed = true;
    rec->seed = seed;
}

void recorder_set_setup(Recorder *rec, int difficulty, bool assist_wiggle, int hearts) {
    rec->difficulty = difficulty;
    rec->assist_wiggle = assist_wiggle;
    rec->hearts = hearts;
}

int64_t recorder_ticks(const Recorder *rec) { return rec->last_tick + 1; }

bool recorder_input(Recorder *rec, int64_t t, Input in) {
    // A tick recorded twice keeps the first; past the format's limit the
    // recording ends (the file stays readable).
    if (t <= rec->last_tick || t < 0 || t > SCRIPT_MAX_TICK || rec->full) return false;
    // Likewise before a tick could take it past another of the format's
    // limits (script.h): the replay ends at the last tick that fits. (One
    // checksum a second stays far below SCRIPT_MAX_CHECKSUMS.)
    if (rec->events + BTN_COUNT > SCRIPT_MAX_EVENTS || rec->lines + BTN_COUNT + 1 > SCRIPT_MAX_LINES - HEADER_LINES ||
        rec->body.len + BTN_COUNT * TICK_LINE_BYTES + CHECKSUM_LINE_BYTES > SCRIPT_MAX_FILE_BYTES - HEADER_BYTES) {
        rec->full = true;
        return false;
    }
    char line[96];
    uint16_t now = in.buttons & (uint16_t)((1u << BTN_COUNT) - 1);
    uint16_t diff = now ^ rec->held;
    for (int bit = 0; bit < BTN_COUNT; bit++) {
        if (!(diff & (1u << bit))) continue;
        snprintf(line, sizeof line, "at %" PRId64 " %s %s\n", t, (now >> bit) & 1 ? "down" : "up",
                 input_button_name(bit));
        textbuf_puts(&rec->body, line);
        rec->events++;
        rec->lines++;
    }
    rec->held = now;
    rec->last_tick = t;
    return true;
}

void recorder_tick(Recorder *rec, const World *w, Input in) {
    if (!recorder_input(rec, w->tick, in) || w->tick % CHECKSUM_EVERY != 0) return;
    SubsysHash sub[SUBSYS_MAX];
    int n = subsys_hashes(w, sub);
    recorder_checksum(rec, w->tick, world_hash(w), sub, n);
}

void recorder_checksum(Recorder *rec, int64_t tick, uint64_t hash, const SubsysHash *sub, int sub_n) {
    char line[CHECKSUM_LINE_BYTES];
    int k = snprintf(line, sizeof line, "at %" PRId64 " checksum %016" PRIx64, tick, hash);
    subsys_format(sub, sub_n, line + k, sizeof line - (size_t)k - 1);
    textbuf_puts(&rec->body, line);
    textbuf_puts(&rec->body, "\n");
    rec->lines++;
}

bool recorder_save(Recorder *rec, const char *path, char *why, size_t why_n) {
    return recorder_save_as(rec, path, rec->level, why, why_n);
}

bool recorder_save_as(Recorder *rec, const char *path, const char *level, char *why, size_t why_n) {
    if (rec->last_tick < 0) {
        snprintf(why, why_n, "nothing to save: no tick was recorded");
        return false;
    }
    if (rec->body.oom) {
        snprintf(why, why_n, "out of memory while recording");
        return false;
    }
    if (!level[0]) {
        snprintf(why, why_n, "no level path to write in the replay");
        return false;
    }
    TextBuf out = {0};
    char line[1200], quoted[4200];
    if (text_quote(level, quoted, sizeof quoted) >= sizeof quoted) {
        snprintf(why, why_n, "the level path is too long to write in a replay");
        return false;
    }
    snprintf(line, sizeof line, "bossrush-script %d\n# recorded by bossrush; watch with: bossrush --replay FILE\n",
             SCRIPT_VERSION);
    textbuf_puts(&out, line);
    textbuf_puts(&out, "level ");
    textbuf_puts(&out, quoted);
    snprintf(line, sizeof line, " %016" PRIx64 " legs=%016" PRIx64 "\n", rec->level_hash, rec->legs_hash);
    textbuf_puts(&out, line);
    if (rec->has_seed) {
        snprintf(line, sizeof line, "seed %" PRIu32 "\n", rec->seed);
        textbuf_puts(&out, line);
    }
    const char *diff = difficulty_name((Difficulty)rec->difficulty);
    snprintf(line, sizeof line, "difficulty %s\n", diff ? diff : "normal");
    textbuf_puts(&out, line);
    if (rec->assist_wiggle) textbuf_puts(&out, "assist wiggle\n");
    if (rec->hearts > 0) {
        snprintf(line, sizeof line, "hearts %d\n", rec->hearts);
        textbuf_puts(&out, line);
    }
    if (rec->body.len) textbuf_put(&out, rec->body.p, rec->body.len);
    snprintf(line, sizeof line, "end %" PRId64 "\n", rec->last_tick);
    textbuf_puts(&out, line);
    bool ok = !out.oom && fs_write_atomic(path, out.p, out.len);
    if (!ok) snprintf(why, why_n, "%s: cannot write: %s", path, out.oom ? "out of memory" : fs_strerror(errno));
    textbuf_free(&out);
    return ok;
}

void recorder_free(Recorder *rec) {
    if (!rec) return;
    textbuf_free(&rec->body);
    mem_free(rec);
}

