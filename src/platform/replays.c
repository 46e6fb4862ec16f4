// replays.c -- names, listing and pruning of the replay folder (replays.h).
#include "platform/replays.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fs.h"
#include "core/mem.h"

static bool is_digits(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9') return false;
    return n > 0;
}

void replays_arena_of(const char *level_path, uint64_t level_hash, char *out, size_t n) {
    const char *base = strrchr(level_path, '/');
    base = base ? base + 1 : level_path;
    size_t len = strlen(base);
    if (len > 4 && (strcmp(base + len - 4, ".lvl") == 0 || strcmp(base + len - 4, ".tmj") == 0)) len -= 4;
    if (len > REPLAYS_STEM_MAX) len = REPLAYS_STEM_MAX;
    size_t k = 0;
    for (size_t i = 0; i < len && k + 1 < n; i++) {
        char c = base[i];
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
        out[k++] = ok ? c : '-';
    }
    if (k == 0 && n > 1) out[k++] = '-';
    if (n) out[k] = 0;
    if (k < n) snprintf(out + k, n - k, "-%08" PRIx32, (uint32_t)(level_hash ^ level_hash >> 32));
}

bool replays_parse_name(const char *name, ReplayInfo *out) {
    memset(out, 0, sizeof *out);
    size_t len = strlen(name);
    if (len >= sizeof out->name || len < 5 || strcmp(name + len - 4, ".rpl") != 0) return false;
    // Five parts between underscores, the last ending at ".rpl".
    const char *part[5], *end = name + len - 4, *p = name;
    size_t plen[5];
    int k = 0;
    while (k < 5) {
        const char *u = memchr(p, '_', (size_t)(end - p));
        part[k] = p;
        plen[k++] = (size_t)((u ? u : end) - p);
        if (!u) break;
        p = u + 1;
    }
    if (k != 5 || part[4] + plen[4] != end) return false;
    // YYYYMMDD-HHMMSS[-N]
    const char *st = part[0];
    if (plen[0] < 15 || !is_digits(st, 8) || st[8] != '-' || !is_digits(st + 9, 6)) return false;
    out->dup = 1;
    if (plen[0] > 15) {
        if (st[15] != '-' || !is_digits(st + 16, plen[0] - 16) || plen[0] - 16 > 6) return false;
        out->dup = atoi(st + 16);
        if (out->dup < 2) return false;
    }
    memcpy(out->stamp, st, 15);
    if (plen[1] == 0 || plen[1] >= sizeof out->arena) return false;
    for (size_t i = 0; i < plen[1]; i++) {
        char c = part[1][i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-')) return false;
    }
    memcpy(out->arena, part[1], plen[1]);
    if (!difficulty_parse(part[2], plen[2], &out->difficulty)) return false;
    static const char *const results[] = {"won", "lost", "quit"};
    bool known = false;
    for (int i = 0; i < 3; i++) known = known || (strlen(results[i]) == plen[3] && !memcmp(results[i], part[3], plen[3]));
    if (!known) return false;
    memcpy(out->result, part[3], plen[3]);
    if (!is_digits(part[4], plen[4]) || plen[4] > 12) return false;
    out->ticks = strtoll(part[4], NULL, 10);
    memcpy(out->name, name, len + 1);
    return true;
}

bool replays_new_path(const char *dir, time_t when, const char *level_path, uint64_t level_hash, Difficulty d,
                      const char *result, int64_t ticks, char *out, size_t n) {
    if (!fs_make_dirs(dir)) return false;
    struct tm tm;
    char stamp[32], arena[REPLAYS_ARENA_MAX], name[256];
    if (!localtime_r(&when, &tm) || !strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm)) return false;
    replays_arena_of(level_path, level_hash, arena, sizeof arena);
    const char *diff = difficulty_name(d);
    for (int dup = 1; dup < 1000; dup++) {
        char st[sizeof stamp + 16];                // the stamp, '-' and up to 11 digits
        if (dup == 1) snprintf(st, sizeof st, "%s", stamp);
        else snprintf(st, sizeof st, "%s-%d", stamp, dup);
        snprintf(name, sizeof name, "%s_%s_%s_%s_%lld.rpl", st, arena, diff ? diff : "normal", result,
                 (long long)ticks);
        if (!fs_join(dir, name, out, n)) return false;
        FsStat s;
        if (!fs_stat(out, &s)) return true;
    }
    return false;
}

// Newest first: the time, then the -N.
static int newer_first(const void *pa, const void *pb) {
    const ReplayInfo *a = pa, *b = pb;
    int c = strcmp(b->stamp, a->stamp);
    if (c) return c;
    return b->dup - a->dup;
}

bool replays_list(const char *dir, ReplayList *out) {
    out->r = NULL;
    out->n = 0;
    FsList l;
    if (!fs_list(dir, ".rpl", &l)) return false;
    out->r = mem_alloc((size_t)(l.count ? l.count : 1), sizeof *out->r);
    if (!out->r) {
        fs_list_free(&l);
        return false;
    }
    // Only regular files: a folder or a pipe of a replay's name would make
    // the viewer or the ghost fail or block, and pruning must not remove it.
    for (int i = 0; i < l.count; i++) {
        char path[1400];
        if (replays_parse_name(l.names[i], &out->r[out->n]) && fs_join(dir, l.names[i], path, sizeof path) &&
            fs_is_file(path))
            out->n++;
    }
    fs_list_free(&l);
    qsort(out->r, (size_t)out->n, sizeof *out->r, newer_first);
    if (out->n > REPLAYS_MAX) out->n = REPLAYS_MAX;
    return true;
}

void replays_list_free(ReplayList *l) {
    mem_free(l->r);
    l->r = NULL;
    l->n = 0;
}

const ReplayInfo *replays_best(const ReplayList *l, const char *arena, Difficulty d) {
    const ReplayInfo *best = NULL;
    // Newest first, so `<=` ends on the oldest of equal times.
    for (int i = 0; i < l->n; i++) {
        const ReplayInfo *r = &l->r[i];
        if (r->difficulty != d || strcmp(r->arena, arena) != 0 || strcmp(r->result, "won") != 0) continue;
        if (!best || r->ticks <= best->ticks) best = r;
    }
    return best;
}

int replays_prune(const char *dir, int keep) {
    ReplayList l;
    if (!replays_list(dir, &l)) return 0;
    int deleted = 0;
    for (int i = keep; i < l.n; i++) {
        const ReplayInfo *r = &l.r[i];
        if (replays_best(&l, r->arena, r->difficulty) == r) continue;
        char path[1400];
        if (fs_join(dir, r->name, path, sizeof path) && remove(path) == 0) deleted++;
    }
    replays_list_free(&l);
    return deleted;
}
