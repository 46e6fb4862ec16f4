// snapshot.c -- the snapshot store (see snapshot.h): the World's blocks cut
// into pieces, a base image, and snapshots of the pieces that differ from
// it, thinned to a byte budget.
#include "harness/snapshot.h"

#include <string.h>

#include "core/log.h"
#include "sim/world.h"

static void drop(SnapStore *st, int i) {
    ASSERT(i >= 0 && i < st->n);
    Snap *s = &st->snaps[i];
    st->used -= s->bytes;
    mem_free(s->changed);
    mem_free(s->data);
    memmove(st->snaps + i, st->snaps + i + 1, (size_t)(st->n - i - 1) * sizeof *st->snaps);
    st->n--;
}

bool snap_init(SnapStore *st, World *w, const MemTrack *blocks, size_t budget) {
    memset(st, 0, sizeof *st);
    if (blocks->overflow || blocks->n == 0) return false;
    st->w = w;
    st->budget = budget ? budget : SNAP_DEFAULT_BUDGET;
    st->interval = SNAP_FIRST_INTERVAL;
    size_t pieces = 0;
    for (int i = 0; i < blocks->n; i++) {
        st->world_bytes += blocks->b[i].bytes;
        pieces += (blocks->b[i].bytes + SNAP_CHUNK - 1) / SNAP_CHUNK;
    }
    if (pieces > UINT32_MAX) return false;
    st->pieces = mem_alloc(pieces, sizeof *st->pieces);
    st->scratch_idx = mem_alloc(pieces, sizeof *st->scratch_idx);
    st->base = mem_alloc(st->world_bytes, 1);
    st->scratch = mem_alloc(st->world_bytes, 1);
    if (!st->pieces || !st->scratch_idx || !st->base || !st->scratch) {
        snap_free(st);
        return false;
    }
    size_t at = 0;
    for (int i = 0; i < blocks->n; i++) {
        uint8_t *p = blocks->b[i].p;
        for (size_t off = 0; off < blocks->b[i].bytes; off += SNAP_CHUNK) {
            size_t len = blocks->b[i].bytes - off < SNAP_CHUNK ? blocks->b[i].bytes - off : SNAP_CHUNK;
            st->pieces[st->n_pieces++] = (SnapPiece){p + off, (uint32_t)len, at};
            at += len;
        }
    }
    ASSERT(at == st->world_bytes && st->n_pieces == pieces);
    snap_save_image(st, st->base);
    st->base_tick = w->tick;
    // The base, the scratch and the piece tables are kept whatever the
    // budget: the budget is for the snapshots, so a World of any size keeps
    // as many as its changes allow (a 67 MB World used to leave none).
    st->fixed = 2 * st->world_bytes + pieces * (sizeof *st->pieces + sizeof *st->scratch_idx);
    st->used = 0;
    return true;
}

void snap_free(SnapStore *st) {
    while (st->n > 0) drop(st, st->n - 1);
    mem_free(st->snaps);
    mem_free(st->pieces);
    mem_free(st->scratch_idx);
    mem_free(st->base);
    mem_free(st->scratch);
    memset(st, 0, sizeof *st);
}

// Doubles the interval and drops the snapshots that are off it.
static void thin(SnapStore *st) {
    st->interval *= 2;
    for (int i = st->n - 1; i >= 0; i--)
        if (st->snaps[i].tick % st->interval != 0) drop(st, i);
}

bool snap_offer(SnapStore *st) {
    int64_t t = st->w->tick;
    if (t < 0 || t % st->interval != 0 || (st->n && st->snaps[st->n - 1].tick >= t) || t <= st->base_tick) return true;
    // The pieces that differ from the base, gathered in scratch.
    uint32_t k = 0;
    size_t data = 0;
    for (uint32_t i = 0; i < st->n_pieces; i++) {
        const SnapPiece *pc = &st->pieces[i];
        if (memcmp(pc->p, st->base + pc->base_at, pc->len) == 0) continue;
        memcpy(st->scratch + data, pc->p, pc->len);
        data += pc->len;
        st->scratch_idx[k++] = i;
    }
    size_t cost = data + (size_t)k * sizeof(uint32_t) + sizeof(Snap);
    // Over budget: a wider interval, until this one fits or is off it too.
    while (st->used + cost > st->budget && st->n > 0) {
        thin(st);
        if (t % st->interval != 0) return true;
    }
    if (st->used + cost > st->budget) return true;   // not even one fits: seeks start from the base
    if (st->n == st->cap) {
        int cap = st->cap ? st->cap * 2 : 64;
        Snap *ns = mem_alloc((size_t)cap, sizeof *ns);
        if (!ns) return false;
        if (st->n) memcpy(ns, st->snaps, (size_t)st->n * sizeof *ns);
        mem_free(st->snaps);
        st->used += (size_t)(cap - st->cap) * sizeof *ns;
        st->snaps = ns;
        st->cap = cap;
    }
    Snap s = {t, mem_alloc(k ? k : 1, sizeof(uint32_t)), k, mem_alloc(data ? data : 1, 1), cost - sizeof(Snap)};
    if (!s.changed || !s.data) {
        mem_free(s.changed);
        mem_free(s.data);
        return false;
    }
    memcpy(s.changed, st->scratch_idx, (size_t)k * sizeof(uint32_t));
    memcpy(s.data, st->scratch, data);
    st->snaps[st->n++] = s;
    st->used += s.bytes;
    return true;
}

int64_t snap_restore(SnapStore *st, int64_t tick) {
    // The newest snapshot at or before tick (binary search: ticks ascend).
    int lo = 0, hi = st->n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (st->snaps[mid].tick <= tick) lo = mid + 1;
        else hi = mid;
    }
    if (lo == 0) {
        snap_load_image(st, st->base);
        return st->base_tick;
    }
    const Snap *s = &st->snaps[lo - 1];
    const uint8_t *from = s->data;
    uint32_t next = 0;
    for (uint32_t i = 0; i < st->n_pieces; i++) {
        const SnapPiece *pc = &st->pieces[i];
        if (next < s->n_changed && s->changed[next] == i) {
            memcpy(pc->p, from, pc->len);
            from += pc->len;
            next++;
        } else {
            memcpy(pc->p, st->base + pc->base_at, pc->len);
        }
    }
    ASSERT(next == s->n_changed);      // every changed piece put back: the World is whole
    return s->tick;
}

void snap_drop_after(SnapStore *st, int64_t tick) {
    while (st->n > 0 && st->snaps[st->n - 1].tick > tick) drop(st, st->n - 1);
}

void snap_save_image(const SnapStore *st, uint8_t *image) {
    for (uint32_t i = 0; i < st->n_pieces; i++) memcpy(image + st->pieces[i].base_at, st->pieces[i].p, st->pieces[i].len);
}

void snap_load_image(SnapStore *st, const uint8_t *image) {
    for (uint32_t i = 0; i < st->n_pieces; i++) memcpy(st->pieces[i].p, image + st->pieces[i].base_at, st->pieces[i].len);
}
