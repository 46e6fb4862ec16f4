// tentacle_lanes.c -- the tentacles' chain passes four tentacles at a time,
// one a lane of an AVX2 vector, two vectors in the same loop for a group of
// five to eight (x86-64 processors that have AVX2; elsewhere the scalar
// passes in tentacle_chain.c run): FABRIK's reaches, the wave and ease,
// resting on rock (the open-cell tests) and the final clamp. Every lane
// makes exactly the scalar pass's IEEE double operations in the same order
// (clamp_link, bend_link in tentacle_local.h): both sides of a branch are
// worked out and the lane keeps the one the scalar code takes, so the same
// bits (tests/unit/test_tentacle.c compares the two); what no lane keeps is
// skipped. A vector short of four tentacles repeats its first in the spare
// lanes.
#include "sim/creatures/tentacle_local.h"

#include "core/cpu.h"
#include "core/dmath.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))
#define AVX2_INLINE AVX2 static inline __attribute__((always_inline))

typedef struct V2x4 {
    __m256d x, y;
} V2x4;

// Node j's position (target false) or target of each lane.
AVX2 static inline V2x4 load_nodes(TentacleNode *const nd[4], int j, bool target) {
    const Vec2 *p0 = target ? &nd[0][j].target : &nd[0][j].pos, *p1 = target ? &nd[1][j].target : &nd[1][j].pos;
    const Vec2 *p2 = target ? &nd[2][j].target : &nd[2][j].pos, *p3 = target ? &nd[3][j].target : &nd[3][j].pos;
    __m256d a = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(&p0->x)), _mm_loadu_pd(&p2->x), 1);
    __m256d b = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(&p1->x)), _mm_loadu_pd(&p3->x), 1);
    return (V2x4){_mm256_unpacklo_pd(a, b), _mm256_unpackhi_pd(a, b)};
}

AVX2 static inline void store_nodes(TentacleNode *const nd[4], int j, bool target, V2x4 v) {
    __m256d a = _mm256_unpacklo_pd(v.x, v.y), b = _mm256_unpackhi_pd(v.x, v.y);   // x0 y0 x2 y2, x1 y1 x3 y3
    Vec2 *p0 = target ? &nd[0][j].target : &nd[0][j].pos, *p1 = target ? &nd[1][j].target : &nd[1][j].pos;
    Vec2 *p2 = target ? &nd[2][j].target : &nd[2][j].pos, *p3 = target ? &nd[3][j].target : &nd[3][j].pos;
    // Highest lane first: a spare lane shares lane 0's node, whose own
    // (identical) values are then written last.
    _mm_storeu_pd(&p3->x, _mm256_extractf128_pd(b, 1));
    _mm_storeu_pd(&p2->x, _mm256_extractf128_pd(a, 1));
    _mm_storeu_pd(&p1->x, _mm256_castpd256_pd128(b));
    _mm_storeu_pd(&p0->x, _mm256_castpd256_pd128(a));
}

AVX2 static inline V2x4 sub4(V2x4 a, V2x4 b) { return (V2x4){_mm256_sub_pd(a.x, b.x), _mm256_sub_pd(a.y, b.y)}; }
AVX2 static inline __m256d dot4(V2x4 a, V2x4 b) {
    return _mm256_add_pd(_mm256_mul_pd(a.x, b.x), _mm256_mul_pd(a.y, b.y));
}
AVX2 static inline __m256d len4(V2x4 a) { return _mm256_sqrt_pd(dot4(a, a)); }
AVX2 static inline V2x4 blend4(V2x4 a, V2x4 b, __m256d take_b) {
    return (V2x4){_mm256_blendv_pd(a.x, b.x, take_b), _mm256_blendv_pd(a.y, b.y, take_b)};
}

// The passes are bound by the divider (square roots and divisions share
// it), so a vector skips those whose results no lane keeps: a clamp when
// no link is too long, a turn when every link is within the bend limit, a
// length every lane knows. The lanes' results are the same either way.
AVX2 static inline bool none4(__m256d mask) { return _mm256_movemask_pd(mask) == 0; }
AVX2 static inline bool all4(__m256d mask) { return _mm256_movemask_pd(mask) == 0xF; }

// Where a lane of len is negative (not known), |d| instead.
AVX2 static inline __m256d known4(__m256d len, V2x4 d) {
    __m256d unknown = _mm256_cmp_pd(len, _mm256_setzero_pd(), _CMP_LT_OQ);
    return none4(unknown) ? len : _mm256_blendv_pd(len, len4(d), unknown);
}

// clamp_link, lane by lane.
AVX2 static inline V2x4 clamp4(V2x4 p, V2x4 ref, __m256d radius, __m256d *len) {
    V2x4 d = sub4(p, ref);
    __m256d l = len4(d);
    __m256d clamp = _mm256_cmp_pd(l, radius, _CMP_NLE_UQ);            // not (l <= radius)
    if (none4(clamp)) {
        *len = l;
        return p;
    }
    __m256d f = _mm256_div_pd(radius, l);
    V2x4 r = {_mm256_add_pd(ref.x, _mm256_mul_pd(d.x, f)), _mm256_add_pd(ref.y, _mm256_mul_pd(d.y, f))};
    *len = _mm256_blendv_pd(l, len4(sub4(r, ref)), clamp);
    return blend4(p, r, clamp);
}

// bend_link, lane by lane.
AVX2 static inline V2x4 bend4(V2x4 from, V2x4 p, V2x4 prev, __m256d len, __m256d pl, __m256d *out) {
    const __m256d zero = _mm256_setzero_pd(), min = _mm256_set1_pd(TENTACLE_LINK_MIN_PX);
    const __m256d co = _mm256_set1_pd(TENTACLE_BEND_COS), si = _mm256_set1_pd(TENTACLE_BEND_SIN);
    V2x4 d = sub4(p, from);
    pl = known4(pl, prev);
    __m256d keep = _mm256_or_pd(_mm256_cmp_pd(len, min, _CMP_LT_OQ), _mm256_cmp_pd(pl, min, _CMP_LT_OQ));
    keep = _mm256_or_pd(keep, _mm256_cmp_pd(dot4(prev, d), _mm256_mul_pd(_mm256_mul_pd(co, len), pl), _CMP_GE_OQ));
    if (all4(keep)) {
        *out = len;
        return p;
    }
    __m256d cross = _mm256_sub_pd(_mm256_mul_pd(prev.x, d.y), _mm256_mul_pd(prev.y, d.x));
    __m256d s = _mm256_blendv_pd(si, _mm256_set1_pd(-TENTACLE_BEND_SIN), _mm256_cmp_pd(cross, zero, _CMP_LT_OQ));
    __m256d q = _mm256_div_pd(len, pl);
    V2x4 u = {_mm256_mul_pd(prev.x, q), _mm256_mul_pd(prev.y, q)};
    V2x4 turned = {_mm256_add_pd(from.x, _mm256_sub_pd(_mm256_mul_pd(u.x, co), _mm256_mul_pd(u.y, s))),
                   _mm256_add_pd(from.y, _mm256_add_pd(_mm256_mul_pd(u.x, s), _mm256_mul_pd(u.y, co)))};
    *out = _mm256_blendv_pd(_mm256_set1_pd(-1.0), len, keep);
    return blend4(turned, p, keep);
}

// A group's lanes as one or two halves of four (more than four tentacles:
// two vectors stepped in the same loop, so the processor overlaps their
// chains); a half short of four repeats its first tentacle.
typedef struct Half {
    TentacleNode *nd[4];
    int a0, k;                 // its tentacles a0 .. a0 + k - 1
} Half;

static int halves(const Lanes *g, Half h[2]) {
    int n = g->k > 4 ? 2 : 1, k0 = n == 2 ? (g->k + 1) / 2 : g->k;
    for (int i = 0; i < n; i++) {
        int first = i == 0 ? 0 : k0;
        h[i].a0 = g->a0 + first;
        h[i].k = i == 0 ? k0 : g->k - k0;
        for (int l = 0; l < 4; l++) h[i].nd[l] = g->nd[first + (l < h[i].k ? l : 0)];
    }
    return n;
}

// One node of a reach: node j within L of `near` (the node before it in
// the pass), bend-limited against the link near -> far when `bend`; near
// and far move on one node, pl is the last link's length.
typedef struct Reach {
    V2x4 near, far;
    __m256d pl;
} Reach;

AVX2_INLINE void reach_node(TentacleNode *const nd[4], int j, bool bend, __m256d radius, Reach *r) {
    __m256d len;
    V2x4 t = clamp4(load_nodes(nd, j, true), r->near, radius, &len);
    if (bend) t = bend4(r->near, t, sub4(r->near, r->far), len, r->pl, &len);
    r->pl = len;
    store_nodes(nd, j, true, t);
    r->far = r->near;
    r->near = t;
}

AVX2 static void reach_halves(Half *h, int nh, int n, double L) {
    int last = n - 1;
    __m256d radius = _mm256_set1_pd(L);
    Reach r[2];
    // Head to tail: node j within L of j + 1, bend-limited against the link
    // j + 1 -> j + 2.
    for (int i = 0; i < nh; i++) r[i] = (Reach){load_nodes(h[i].nd, last, true), load_nodes(h[i].nd, last, true),
                                                 _mm256_setzero_pd()};
    for (int j = last - 1; j >= 1; j--) {
        reach_node(h[0].nd, j, j + 2 <= last, radius, &r[0]);
        if (nh == 2) reach_node(h[1].nd, j, j + 2 <= last, radius, &r[1]);
    }
    // Tail to head: node j within L of j - 1, bend-limited against j - 2 -> j - 1.
    for (int i = 0; i < nh; i++) {
        r[i].near = r[i].far = load_nodes(h[i].nd, 0, true);
    }
    for (int j = 1; j < n; j++) {
        reach_node(h[0].nd, j, j >= 2, radius, &r[0]);
        if (nh == 2) reach_node(h[1].nd, j, j >= 2, radius, &r[1]);
    }
}

// One node of the final clamp's tail-to-head pass: settled within L of
// `from`, bend-limited against prev (the last link with a length, pl its
// length), then the rock, one tentacle at a time, where the link is not in
// open air.
typedef struct Settle {
    V2x4 from, prev;
    __m256d pl;
} Settle;

// The settled node j at p (d = p - from, len = |d|): stored, and the
// next node's from; the last link with a length moves on where this one
// has one.
AVX2 static inline void settle_done(const Half *h, int j, Settle *st, V2x4 p, V2x4 d, __m256d len) {
    __m256d has = _mm256_cmp_pd(len, _mm256_set1_pd(TENTACLE_LINK_MIN_PX), _CMP_GE_OQ);
    st->prev = blend4(st->prev, d, has);
    st->pl = _mm256_blendv_pd(st->pl, len, has);
    store_nodes(h->nd, j, false, p);
    st->from = p;
}

// tilemap_cell_floor, lane by lane (v >= 0 and below the map's size).
AVX2 static inline __m256d cell_floor4(__m256d v, __m256d s, __m256d inv) {
    const __m256d one = _mm256_set1_pd(1.0);
    __m256d c = _mm256_round_pd(_mm256_mul_pd(v, inv), _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    __m256d below = _mm256_cmp_pd(_mm256_mul_pd(c, s), v, _CMP_GT_OQ);
    __m256d above = _mm256_andnot_pd(below, _mm256_cmp_pd(_mm256_mul_pd(_mm256_add_pd(c, one), s), v, _CMP_LE_OQ));
    return _mm256_add_pd(_mm256_sub_pd(c, _mm256_and_pd(below, one)), _mm256_and_pd(above, one));
}

// tilemap_open_at, lane by lane, for the lanes of ok: those (bits) whose
// point is in an open cell. Four lanes at once: the cells and their bits
// without a branch a lane.
AVX2 static inline int open_cells4(const Tilemap *map, V2x4 p, __m256d ok) {
    const __m256d s = _mm256_set1_pd(map->tile), zero = _mm256_setzero_pd();
    ok = _mm256_and_pd(ok, _mm256_and_pd(_mm256_cmp_pd(p.x, zero, _CMP_GE_OQ), _mm256_cmp_pd(p.y, zero, _CMP_GE_OQ)));
    ok = _mm256_and_pd(ok, _mm256_and_pd(_mm256_cmp_pd(p.x, _mm256_set1_pd(map->w_px), _CMP_LT_OQ),
                                         _mm256_cmp_pd(p.y, _mm256_set1_pd(map->h_px), _CMP_LT_OQ)));
    int lanes = _mm256_movemask_pd(ok);
    if (!lanes || !map->open) return 0;
    const __m256d inv = _mm256_set1_pd(map->inv_tile);
    // A lane out of the map reads cell 0: its bit is masked off below.
    __m256d cx = _mm256_and_pd(ok, cell_floor4(p.x, s, inv)), cy = _mm256_and_pd(ok, cell_floor4(p.y, s, inv));
    __m256d at = _mm256_add_pd(_mm256_mul_pd(cy, _mm256_set1_pd(map->w)), cx);
    int idx[4];
    _mm_storeu_si128((__m128i *)idx, _mm256_cvttpd_epi32(at));
    int bits = 0;
    for (int l = 0; l < 4; l++) bits |= (map->open[(unsigned)idx[l] >> 3] >> (idx[l] & 7) & 1) << l;
    return lanes & bits;
}

// The lanes (bits) whose link from -> p (len long) tentacle_link_open
// finds open by its first test alone: a link with a length, shorter than a
// tile each way, from an open cell (tilemap_segment_open's one-bit answer).
// The others are left to tentacle_link_open.
AVX2 static inline int open4(const Tilemap *map, V2x4 from, V2x4 p, __m256d len) {
    if (!tentacle_has_arena(map)) return 0;
    const __m256d s = _mm256_set1_pd(map->tile), ns = _mm256_set1_pd(-(double)map->tile);
    V2x4 d = sub4(p, from);
    __m256d ok = _mm256_cmp_pd(len, _mm256_set1_pd(TENTACLE_LINK_MIN_PX), _CMP_NLT_UQ);
    ok = _mm256_and_pd(ok, _mm256_and_pd(_mm256_cmp_pd(d.x, s, _CMP_LT_OQ), _mm256_cmp_pd(d.x, ns, _CMP_GT_OQ)));
    ok = _mm256_and_pd(ok, _mm256_and_pd(_mm256_cmp_pd(d.y, s, _CMP_LT_OQ), _mm256_cmp_pd(d.y, ns, _CMP_GT_OQ)));
    return open_cells4(map, from, ok);
}

// Resting on rock, four tentacles a node at a time: a node in an open cell
// needs nothing (tentacle_open_is_clear), the others tentacle_keep_node.
AVX2 static void keep_halves(Tentacle *c, const Half *h, int nh, int n, const Tilemap *map) {
    const __m256d all = _mm256_castsi256_pd(_mm256_set1_epi64x(-1));
    for (int i = 0; i < nh; i++) {
        int want = (1 << h[i].k) - 1;
        for (int j = 1; j < n; j++) {
            int open = open_cells4(map, load_nodes(h[i].nd, j, false), all) & want;
            if (open == want) continue;
            for (int l = 0; l < h[i].k; l++)
                if (!(open >> l & 1)) tentacle_keep_node(c, h[i].a0 + l, j, map);
        }
    }
}

AVX2_INLINE void settle_node(const Tentacle *c, const Tilemap *map, const Half *h, int j, Settle *st) {
    const __m256d radius = _mm256_set1_pd(c->link_px);
    __m256d len;
    V2x4 p = clamp4(load_nodes(h->nd, j, false), st->from, radius, &len);
    p = bend4(st->from, p, st->prev, len, st->pl, &len);
    V2x4 d = sub4(p, st->from);
    len = known4(len, d);
    int all = (1 << h->k) - 1, open = open4(map, st->from, p, len) & all;
    if (open == all) {                                      // every link in open air
        settle_done(h, j, st, p, d, len);
        return;
    }
    double px[4], py[4], fx[4], fy[4], ln[4], qx[4], qy[4];
    _mm256_storeu_pd(px, p.x);
    _mm256_storeu_pd(py, p.y);
    _mm256_storeu_pd(fx, st->from.x);
    _mm256_storeu_pd(fy, st->from.y);
    _mm256_storeu_pd(ln, len);
    _mm256_storeu_pd(qx, st->prev.x);
    _mm256_storeu_pd(qy, st->prev.y);
    bool moved = false;
    for (int l = 0; l < h->k; l++) {
        Vec2 a = v2(fx[l], fy[l]), b = v2(px[l], py[l]);
        if ((open >> l & 1) || tentacle_link_open(map, a, b, ln[l])) continue;
        Vec2 s = tentacle_settle_rock(c, map, a, b, v2(qx[l], qy[l]), ln[l], &ln[l]);
        moved = moved || ln[l] < 0.0;                       // slid along the rock (else s is b)
        px[l] = s.x;
        py[l] = s.y;
    }
    if (moved) {
        for (int l = h->k; l < 4; l++) {                    // spare lanes follow lane 0
            px[l] = px[0];
            py[l] = py[0];
            ln[l] = ln[0];
        }
        p = (V2x4){_mm256_loadu_pd(px), _mm256_loadu_pd(py)};
        d = sub4(p, st->from);
        len = known4(_mm256_loadu_pd(ln), d);
    }
    settle_done(h, j, st, p, d, len);
}

AVX2 static void clamp_halves(const Tentacle *c, Half *h, int nh, int n, const Tilemap *map) {
    const __m256d radius = _mm256_set1_pd(c->link_px), zero = _mm256_setzero_pd();
    __m256d len;
    V2x4 next[2];
    for (int i = 0; i < nh; i++) next[i] = load_nodes(h[i].nd, n - 1, false);
    for (int j = n - 2; j >= 1; j--)
        for (int i = 0; i < nh; i++) {
            next[i] = clamp4(load_nodes(h[i].nd, j, false), next[i], radius, &len);
            store_nodes(h[i].nd, j, false, next[i]);
        }
    // Tail to head, settling each link: the last link with a length (none
    // yet) and that length.
    Settle st[2];
    for (int i = 0; i < nh; i++) st[i] = (Settle){load_nodes(h[i].nd, 0, false), {zero, zero}, zero};
    for (int j = 1; j < n; j++) {
        settle_node(c, map, &h[0], j, &st[0]);
        if (nh == 2) settle_node(c, map, &h[1], j, &st[1]);
    }
}

// FABRIK's last two steps over g's n nodes (tentacle_chain.c's wave_sizes,
// wave and the lerp, lane by lane): each body node's target pushed across
// the chain by the travelling wave, then every node eased toward its target
// by t. The wave's steps along the chain (the two rotations) are the same
// for every lane (one node count); its phase is each tentacle's own.
AVX2 static void wave4(const Tentacle *c, const Half *g, int n, double t) {
    TentacleNode *const *nd = g->nd;
    int h = n - 1;
    const TentacleArm *arm = &c->arms[g->a0];
    double sda = arm->wave_step[0].x, cda = arm->wave_step[0].y, sdp = arm->wave_step[1].x, cdp = arm->wave_step[1].y;
    double ang[4], sp0[4], cp0[4];
    for (int l = 0; l < 4; l++) ang[l] = arm[l < g->k ? l : 0].sway_rad - (double)c->age * 0.09;   // spare: lane 0
    dm_sincos4(ang, sp0, cp0);
    const __m256d vsda = _mm256_set1_pd(sda), vcda = _mm256_set1_pd(cda);
    const __m256d vsdp = _mm256_set1_pd(sdp), vcdp = _mm256_set1_pd(cdp), zero = _mm256_setzero_pd();
    const __m256d amp = _mm256_set1_pd(c->cfg.wave * c->link_px), one = _mm256_set1_pd(1.0);
    __m256d sa = zero, ca = one, sp = _mm256_loadu_pd(sp0), cp = _mm256_loadu_pd(cp0);
    V2x4 back = load_nodes(nd, 0, false), here = load_nodes(nd, 1, false);
    for (int j = 1; j < h; j++) {
        __m256d u = _mm256_add_pd(_mm256_mul_pd(sa, vcda), _mm256_mul_pd(ca, vsda));
        ca = _mm256_sub_pd(_mm256_mul_pd(ca, vcda), _mm256_mul_pd(sa, vsda));
        sa = u;
        u = _mm256_add_pd(_mm256_mul_pd(sp, vcdp), _mm256_mul_pd(cp, vsdp));
        cp = _mm256_sub_pd(_mm256_mul_pd(cp, vcdp), _mm256_mul_pd(sp, vsdp));
        sp = u;
        double s = (double)j / h, f = s < 0.8 ? 1.0 : (1.0 - s) * 5.0;
        __m256d size = _mm256_mul_pd(_mm256_mul_pd(_mm256_mul_pd(amp, sa), _mm256_set1_pd(f)), sp);
        V2x4 ahead = load_nodes(nd, j + 1, false);
        V2x4 d = sub4(ahead, back);
        __m256d l = len4(d), inv = _mm256_div_pd(one, l), some = _mm256_cmp_pd(l, zero, _CMP_GT_OQ);
        __m256d dx = _mm256_and_pd(_mm256_mul_pd(d.x, inv), some), dy = _mm256_and_pd(_mm256_mul_pd(d.y, inv), some);
        V2x4 tg = load_nodes(nd, j, true);
        __m256d ndy = _mm256_xor_pd(dy, _mm256_set1_pd(-0.0));     // -dy, exactly (v2_perp)
        tg.x = _mm256_add_pd(tg.x, _mm256_mul_pd(ndy, size));
        tg.y = _mm256_add_pd(tg.y, _mm256_mul_pd(dx, size));
        store_nodes(nd, j, true, tg);
        back = here;
        here = ahead;
    }
    const __m256d vt = _mm256_set1_pd(t);
    for (int j = 1; j < n; j++) {
        V2x4 p = load_nodes(nd, j, false), tg = load_nodes(nd, j, true);
        p.x = _mm256_add_pd(p.x, _mm256_mul_pd(_mm256_sub_pd(tg.x, p.x), vt));
        p.y = _mm256_add_pd(p.y, _mm256_mul_pd(_mm256_sub_pd(tg.y, p.y), vt));
        store_nodes(nd, j, false, p);
    }
}

bool tentacle_reach_lanes(const Lanes *g, int n, double L) {
    if (g->k < 2 || !cpu_has_avx2()) return false;
    Half h[2];
    reach_halves(h, halves(g, h), n, L);
    return true;
}

bool tentacle_wave_lanes(const Tentacle *c, const Lanes *g, int n, double t) {
    if (g->k < 2 || n < 3 || !cpu_has_avx2()) return false;
    Half h[2];
    for (int i = 0, nh = halves(g, h); i < nh; i++) wave4(c, &h[i], n, t);
    return true;
}

bool tentacle_keep_lanes(Tentacle *c, const Lanes *g, int n, const Tilemap *map) {
    if (!tentacle_has_arena(map)) return true;               // nothing to rest on
    if (g->k < 2 || !cpu_has_avx2() || !tentacle_open_is_clear(c, g->a0, map)) return false;
    Half h[2];
    keep_halves(c, h, halves(g, h), n, map);
    return true;
}

bool tentacle_clamp_lanes(const Tentacle *c, const Lanes *g, int n, const Tilemap *map) {
    if (g->k < 2 || !cpu_has_avx2()) return false;
    Half h[2];
    clamp_halves(c, h, halves(g, h), n, map);
    return true;
}

#else

bool tentacle_reach_lanes(const Lanes *g, int n, double L) {
    (void)g, (void)n, (void)L;
    return false;
}

bool tentacle_wave_lanes(const Tentacle *c, const Lanes *g, int n, double t) {
    (void)c, (void)g, (void)n, (void)t;
    return false;
}

bool tentacle_keep_lanes(Tentacle *c, const Lanes *g, int n, const Tilemap *map) {
    (void)c, (void)g, (void)n, (void)map;
    return false;
}

bool tentacle_clamp_lanes(const Tentacle *c, const Lanes *g, int n, const Tilemap *map) {
    (void)c, (void)g, (void)n, (void)map;
    return false;
}

#endif
