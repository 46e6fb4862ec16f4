// subsys.c -- per-subsystem state hashes (see subsys.h). Each subsystem
// hashes exactly what world_hash feeds for it, from a fresh FNV-1a state;
// the creatures come from the creature list, so a new kind is named here
// without a line of its own.
#include "harness/subsys.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "core/hash.h"
#include "sim/world.h"

static const char *const kind_names[SUBSYS_KIND_COUNT] = {
    "player",
    "legs",
    "bullets",
#define SUBSYS_NAME(KIND, prefix, Type) #prefix,
    CREATURES(SUBSYS_NAME)
#undef SUBSYS_NAME
    "stars",
    "rng",
};

static bool is_creature(int kind) { return kind > SUBSYS_BULLETS && kind < SUBSYS_STARS; }

static SubsysHash done(uint8_t kind, int index, const Hash *h) {
    return (SubsysHash){kind, (uint8_t)index, (uint32_t)h->h};
}

int subsys_hashes(const World *w, SubsysHash out[SUBSYS_MAX]) {
    int n = 0;
    Hash h;
    // The World's own fields travel with the player: they change only when
    // something the player does (his buttons, his death) or the clock does.
    hash_init(&h);
    hash_i64(&h, w->tick);
    hash_i64(&h, w->state);
    hash_i64(&h, w->state_tick);
    hash_u64(&h, w->input.buttons);
    hash_i64(&h, w->difficulty);
    hash_i64(&h, w->assist_wiggle);
    player_hash_body(&w->player, &h);
    out[n++] = done(SUBSYS_PLAYER, 0, &h);
    hash_init(&h);
    legs_hash(&w->player.legs, &h);
    out[n++] = done(SUBSYS_LEGS, 0, &h);
    hash_init(&h);
    bullets_hash(&w->bullets, &h);
    out[n++] = done(SUBSYS_BULLETS, 0, &h);
#define SUBSYS_CREATURES(KIND, prefix, Type)                          \
    for (int i = 0; i < w->prefix##_count && n < SUBSYS_MAX - 2; i++) {     \
        hash_init(&h);                                                      \
        prefix##_hash(&w->prefix##s[i], &h);                                \
        out[n++] = done(SUBSYS_##KIND, i, &h);                              \
    }
    CREATURES(SUBSYS_CREATURES)
#undef SUBSYS_CREATURES
    hash_init(&h);
    starfield_hash(&w->stars, &h);
    out[n++] = done(SUBSYS_STARS, 0, &h);
    hash_init(&h);
    hash_u64(&h, w->rng.s);
    out[n++] = done(SUBSYS_RNG, 0, &h);
    return n;
}

void subsys_name(const SubsysHash *h, char *buf, size_t n) {
    const char *k = h->kind < SUBSYS_KIND_COUNT ? kind_names[h->kind] : "?";
    if (is_creature(h->kind)) snprintf(buf, n, "%s[%d]", k, h->index);
    else snprintf(buf, n, "%s", k);
}

bool subsys_parse_name(const char *s, size_t len, uint8_t *kind, uint8_t *index) {
    for (int k = 0; k < SUBSYS_KIND_COUNT; k++) {
        size_t kl = strlen(kind_names[k]);
        if (len < kl || memcmp(s, kind_names[k], kl) != 0) continue;
        if (!is_creature(k)) {
            if (len != kl) continue;
            *kind = (uint8_t)k;
            *index = 0;
            return true;
        }
        // KIND[i]: i in 0..LEVEL_MAX_SPAWNS-1, no leading zeros.
        const char *p = s + kl, *end = s + len;
        if (end - p < 3 || *p != '[' || end[-1] != ']') return false;
        int v = 0;
        for (const char *d = p + 1; d < end - 1; d++) {
            if (*d < '0' || *d > '9' || (d == p + 1 && *d == '0' && d + 1 < end - 1)) return false;
            v = v * 10 + (*d - '0');
            if (v >= LEVEL_MAX_SPAWNS) return false;
        }
        *kind = (uint8_t)k;
        *index = (uint8_t)v;
        return true;
    }
    return false;
}

void subsys_format(const SubsysHash *h, int n, char *buf, size_t size) {
    size_t used = 0;
    if (size) buf[0] = 0;
    for (int i = 0; i < n && used < size; i++) {
        char name[SUBSYS_NAME_MAX];
        subsys_name(&h[i], name, sizeof name);
        used += (size_t)snprintf(buf + used, size - used, " %s=%08" PRIx32, name, h[i].hash);
    }
}

static const SubsysHash *find(const SubsysHash *h, int n, const SubsysHash *like) {
    for (int i = 0; i < n; i++)
        if (h[i].kind == like->kind && h[i].index == like->index) return &h[i];
    return NULL;
}

// Appends the names of the recorded subsystems that did (want true) or did
// not diverge, comma-separated; returns how many.
static int list(const SubsysHash *rec, int nrec, const SubsysHash *now, int nnow, bool want, char *buf, size_t n,
                size_t *used) {
    int k = 0;
    for (int i = 0; i < nrec; i++) {
        const SubsysHash *a = find(now, nnow, &rec[i]);
        bool diverged = !a || a->hash != rec[i].hash;
        if (diverged != want) continue;
        char name[SUBSYS_NAME_MAX];
        subsys_name(&rec[i], name, sizeof name);
        if (*used < n) *used += (size_t)snprintf(buf + *used, n - *used, "%s%s", k ? ", " : "", name);
        k++;
    }
    return k;
}

int subsys_compare(const SubsysHash *recorded, int nrec, const SubsysHash *now, int nnow, char *buf, size_t n) {
    if (n == 0) return 0;
    buf[0] = 0;
    size_t used = (size_t)snprintf(buf, n, "desync in ");
    int bad = list(recorded, nrec, now, nnow, true, buf, n, &used);
    if (bad == 0) {
        buf[0] = 0;
        return 0;
    }
    if (used < n) used += (size_t)snprintf(buf + used, n - used, " (");
    size_t mark = used;
    if (list(recorded, nrec, now, nnow, false, buf, n, &used) == 0 && mark < n)
        used = mark + (size_t)snprintf(buf + mark, n - mark, "none");
    if (used < n) snprintf(buf + used, n - used, " in sync)");
    return bad;
}
