// tentacle_lanes.h -- the tentacles' chain passes, four tentacles at a
// time, one a lane, on core/lanes.h: tentacle_lanes.c includes it once per
// back end (LANES_BK), so this one text is the scalar, SSE2, AVX2, NEON and
// SIMD128 passes alike, the same bits on each (tests/unit/test_tentacle.c
// compares them): FABRIK's reaches, the wave and ease, resting on rock
// (the open-cell tests) and the final clamp. Each lane makes the IEEE
// double operations of the one-link steps in tentacle_local.h (clamp_link,
// bend_link) in their order: both sides of a branch are worked out and the
// lane keeps the one the step takes; what no lane keeps is skipped. Not a
// header of its own: tentacle_lanes.c's Half comes before it.
#define V2x4 LN(V2x4)
#define Reach LN(Reach)
#define Settle LN(Settle)
#define load_nodes LN(load_nodes)
#define store_nodes LN(store_nodes)
#define sub4 LN(sub4)
#define dot4 LN(dot4)
#define len4 LN(len4)
#define blend4 LN(blend4)
#define known4 LN(known4)
#define clamp4 LN(clamp4)
#define bend4 LN(bend4)
#define reach_node LN(reach_node)
#define reach_halves LN(reach_halves)
#define settle_done LN(settle_done)
#define cell_floor4 LN(cell_floor4)
#define open_cells4 LN(open_cells4)
#define open4 LN(open4)
#define keep_halves LN(keep_halves)
#define settle_node LN(settle_node)
#define clamp_halves LN(clamp_halves)
#define wave4 LN(wave4)

typedef struct V2x4 {
    F4 x, y;
} V2x4;

// Node j's position (target false) or target of each lane.
LANES_INLINE V2x4 load_nodes(TentacleNode *const nd[4], int j, bool target) {
    // An initializer, not a loop: the compilers keep the four in registers.
    const double *p[4] = {target ? &nd[0][j].target.x : &nd[0][j].pos.x, target ? &nd[1][j].target.x : &nd[1][j].pos.x,
                          target ? &nd[2][j].target.x : &nd[2][j].pos.x, target ? &nd[3][j].target.x : &nd[3][j].pos.x};
    V2x4 v;
    f4_load_xy(p, &v.x, &v.y);
    return v;
}

// Lane 3 first: a spare lane shares lane 0's node, whose own (identical)
// values are then written last.
LANES_INLINE void store_nodes(TentacleNode *const nd[4], int j, bool target, V2x4 v) {
    double *p[4] = {target ? &nd[0][j].target.x : &nd[0][j].pos.x, target ? &nd[1][j].target.x : &nd[1][j].pos.x,
                    target ? &nd[2][j].target.x : &nd[2][j].pos.x, target ? &nd[3][j].target.x : &nd[3][j].pos.x};
    f4_store_xy(p, v.x, v.y);
}

LANES_INLINE V2x4 sub4(V2x4 a, V2x4 b) { return (V2x4){f4_sub(a.x, b.x), f4_sub(a.y, b.y)}; }
LANES_INLINE F4 dot4(V2x4 a, V2x4 b) { return f4_add(f4_mul(a.x, b.x), f4_mul(a.y, b.y)); }
LANES_INLINE F4 len4(V2x4 a) { return f4_sqrt(dot4(a, a)); }
LANES_INLINE V2x4 blend4(V2x4 a, V2x4 b, M4 take_b) {
    return (V2x4){f4_select(take_b, b.x, a.x), f4_select(take_b, b.y, a.y)};
}

// The passes are bound by the divider (square roots and divisions share
// it), so a vector skips those whose results no lane keeps: a clamp when
// no link is too long, a turn when every link is within the bend limit, a
// length every lane knows. The lanes' results are the same either way.

// Where a lane of len is negative (not known), |d| instead.
LANES_INLINE F4 known4(F4 len, V2x4 d) {
    M4 unknown = f4_lt(len, f4_set1(0.0));
    return lanes_none(m4_bits(unknown)) ? len : f4_select(unknown, len4(d), len);
}

// clamp_link, lane by lane.
LANES_INLINE V2x4 clamp4(V2x4 p, V2x4 ref, F4 radius, F4 *len) {
    V2x4 d = sub4(p, ref);
    F4 l = len4(d);
    M4 keep = f4_le(l, radius); // the others (a NaN too) are clamped
    if (lanes_all(m4_bits(keep))) {
        *len = l;
        return p;
    }
    F4 f = f4_div(radius, l);
    V2x4 r = {f4_add(ref.x, f4_mul(d.x, f)), f4_add(ref.y, f4_mul(d.y, f))};
    *len = f4_select(keep, l, len4(sub4(r, ref)));
    return blend4(r, p, keep);
}

// bend_link, lane by lane.
LANES_INLINE V2x4 bend4(V2x4 from, V2x4 p, V2x4 prev, F4 len, F4 pl, F4 *out) {
    const F4 min = f4_set1(TENTACLE_LINK_MIN_PX), co = f4_set1(TENTACLE_BEND_COS), si = f4_set1(TENTACLE_BEND_SIN);
    V2x4 d = sub4(p, from);
    pl = known4(pl, prev);
    M4 keep = m4_or(f4_lt(len, min), f4_lt(pl, min));
    keep = m4_or(keep, f4_ge(dot4(prev, d), f4_mul(f4_mul(co, len), pl)));
    if (lanes_all(m4_bits(keep))) {
        *out = len;
        return p;
    }
    F4 cross = f4_sub(f4_mul(prev.x, d.y), f4_mul(prev.y, d.x));
    F4 s = f4_select(f4_lt(cross, f4_set1(0.0)), f4_set1(-TENTACLE_BEND_SIN), si);
    F4 q = f4_div(len, pl);
    V2x4 u = {f4_mul(prev.x, q), f4_mul(prev.y, q)};
    V2x4 turned = {f4_add(from.x, f4_sub(f4_mul(u.x, co), f4_mul(u.y, s))),
                   f4_add(from.y, f4_add(f4_mul(u.x, s), f4_mul(u.y, co)))};
    *out = f4_select(keep, len, f4_set1(-1.0));
    return blend4(turned, p, keep);
}

// One node of a reach: node j within L of `near` (the node before it in
// the pass), bend-limited against the link near -> far when `bend`; near
// and far move on one node, pl is the last link's length.
typedef struct Reach {
    V2x4 near, far;
    F4 pl;
} Reach;

LANES_INLINE void reach_node(TentacleNode *const nd[4], int j, bool bend, F4 radius, Reach *r) {
    F4 len;
    V2x4 t = clamp4(load_nodes(nd, j, true), r->near, radius, &len);
    if (bend) t = bend4(r->near, t, sub4(r->near, r->far), len, r->pl, &len);
    r->pl = len;
    store_nodes(nd, j, true, t);
    r->far = r->near;
    r->near = t;
}

LANES_FN void reach_halves(Half *h, int nh, int n, double L) {
    int last = n - 1;
    F4 radius = f4_set1(L);
    Reach r[2];
    // Head to tail: node j within L of j + 1, bend-limited against the link
    // j + 1 -> j + 2.
    for (int i = 0; i < nh; i++)
        r[i] = (Reach){load_nodes(h[i].nd, last, true), load_nodes(h[i].nd, last, true), f4_set1(0.0)};
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
    F4 pl;
} Settle;

// The settled node j at p (d = p - from, len = |d|): stored, and the
// next node's from; the last link with a length moves on where this one
// has one.
LANES_INLINE void settle_done(const Half *h, int j, Settle *st, V2x4 p, V2x4 d, F4 len) {
    M4 has = f4_ge(len, f4_set1(TENTACLE_LINK_MIN_PX));
    st->prev = blend4(st->prev, d, has);
    st->pl = f4_select(has, len, st->pl);
    store_nodes(h->nd, j, false, p);
    st->from = p;
}

// tilemap_cell_floor, lane by lane (v >= 0 and below the map's size).
LANES_INLINE F4 cell_floor4(F4 v, F4 s, F4 inv) {
    const F4 one = f4_set1(1.0), zero = f4_set1(0.0);
    F4 c = f4_trunc(f4_mul(v, inv));
    M4 below = f4_gt(f4_mul(c, s), v);
    M4 above = m4_andnot(f4_le(f4_mul(f4_add(c, one), s), v), below);
    return f4_add(f4_sub(c, f4_select(below, one, zero)), f4_select(above, one, zero));
}

// tilemap_open_at, lane by lane, for the lanes of ok: those (bits) whose
// point is in an open cell. Four lanes at once: the cells and their bits
// without a branch a lane.
LANES_INLINE int open_cells4(const Tilemap *map, V2x4 p, M4 ok) {
    const F4 s = f4_set1(map->tile), zero = f4_set1(0.0);
    ok = m4_and(ok, m4_and(f4_ge(p.x, zero), f4_ge(p.y, zero)));
    ok = m4_and(ok, m4_and(f4_lt(p.x, f4_set1(map->w_px)), f4_lt(p.y, f4_set1(map->h_px))));
    int lanes = m4_bits(ok);
    if (!lanes || !map->open) return 0;
    const F4 inv = f4_set1(map->inv_tile);
    // A lane out of the map reads cell 0: its bit is masked off below.
    F4 cx = f4_select(ok, cell_floor4(p.x, s, inv), zero), cy = f4_select(ok, cell_floor4(p.y, s, inv), zero);
    F4 at = f4_add(f4_mul(cy, f4_set1(map->w)), cx);
    int idx[4];
    f4_to_i32(at, idx);
    int bits = 0;
    for (int l = 0; l < 4; l++) bits |= (map->open[(unsigned)idx[l] >> 3] >> (idx[l] & 7) & 1) << l;
    return lanes & bits;
}

// The lanes (bits) whose link from -> p (len long) tentacle_link_open
// finds open by its first test alone: a link with a length, shorter than a
// tile each way, from an open cell (tilemap_segment_open's one-bit answer).
// The others are left to the rest of tentacle_link_open (settle_node).
LANES_INLINE int open4(const Tilemap *map, V2x4 from, V2x4 p, F4 len) {
    if (!tentacle_has_arena(map)) return 0;
    const F4 s = f4_set1(map->tile), ns = f4_set1(-(double)map->tile);
    V2x4 d = sub4(p, from);
    M4 ok = m4_and(m4_and(f4_lt(d.x, s), f4_gt(d.x, ns)), m4_and(f4_lt(d.y, s), f4_gt(d.y, ns)));
    ok = m4_andnot(ok, f4_lt(len, f4_set1(TENTACLE_LINK_MIN_PX)));
    return open_cells4(map, from, ok);
}

// Resting on rock, four tentacles a node at a time: a node in an open cell
// needs nothing (tentacle_open_is_clear), the others tentacle_keep_node.
LANES_FN void keep_halves(Tentacle *c, const Half *h, int nh, int n, const Tilemap *map) {
    const F4 one = f4_set1(1.0);
    const M4 all = f4_eq(one, one);
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

LANES_INLINE void settle_node(const Tentacle *c, const Tilemap *map, const Half *h, int j, Settle *st) {
    const F4 radius = f4_set1(c->link_px);
    F4 len;
    V2x4 p = clamp4(load_nodes(h->nd, j, false), st->from, radius, &len);
    p = bend4(st->from, p, st->prev, len, st->pl, &len);
    V2x4 d = sub4(p, st->from);
    len = known4(len, d);
    int all = (1 << h->k) - 1, open = open4(map, st->from, p, len) & all;
    if (open == all) { // every link in open air
        settle_done(h, j, st, p, d, len);
        return;
    }
    double px[4], py[4], fx[4], fy[4], ln[4], qx[4], qy[4];
    f4_store(px, p.x);
    f4_store(py, p.y);
    f4_store(fx, st->from.x);
    f4_store(fy, st->from.y);
    f4_store(ln, len);
    f4_store(qx, st->prev.x);
    f4_store(qy, st->prev.y);
    // tentacle_link_open for the others: open4 made its one-bit test (a
    // short link from an open cell), so what is left is the box test.
    bool moved = false, arena = tentacle_has_arena(map);
    for (int l = 0; l < h->k; l++) {
        Vec2 a = v2(fx[l], fy[l]), b = v2(px[l], py[l]);
        if ((open >> l & 1) || (arena && !(ln[l] < TENTACLE_LINK_MIN_PX) && tilemap_segment_box_open(map, a, b)))
            continue;
        Vec2 s = tentacle_settle_rock(c, map, a, b, v2(qx[l], qy[l]), ln[l], &ln[l]);
        moved = moved || ln[l] < 0.0; // slid along the rock (else s is b)
        px[l] = s.x;
        py[l] = s.y;
    }
    if (moved) {
        for (int l = h->k; l < 4; l++) { // spare lanes follow lane 0
            px[l] = px[0];
            py[l] = py[0];
            ln[l] = ln[0];
        }
        p = (V2x4){f4_load(px), f4_load(py)};
        d = sub4(p, st->from);
        len = known4(f4_load(ln), d);
    }
    settle_done(h, j, st, p, d, len);
}

LANES_FN void clamp_halves(const Tentacle *c, Half *h, int nh, int n, const Tilemap *map) {
    const F4 radius = f4_set1(c->link_px), zero = f4_set1(0.0);
    F4 len;
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

// FABRIK's last two steps over g's n nodes (n >= 2): each body node's
// target pushed across the chain by the travelling wave (wave * L * sin(pi
// s), eased out over the last fifth, * sin(9 s - 0.09 age + sway), s = j /
// (n-1): both sines stepped along the chain by the fixed rotations
// tentacle.c's arm_constants worked out, the same for every lane (one node
// count), from each tentacle's own phase), then every node eased toward
// its target by t.
LANES_FN void wave4(const Tentacle *c, const Half *g, int n, double t) {
    TentacleNode *const *nd = g->nd;
    int h = n - 1;
    const TentacleArm *arm = &c->arms[g->a0];
    double sda = arm->wave_step[0].x, cda = arm->wave_step[0].y, sdp = arm->wave_step[1].x, cdp = arm->wave_step[1].y;
    double ang[4], sp0[4], cp0[4];
    for (int l = 0; l < 4; l++) ang[l] = arm[l < g->k ? l : 0].sway_rad - (double)c->age * 0.09; // spare: lane 0
    dm_sincos4(ang, sp0, cp0);
    const F4 vsda = f4_set1(sda), vcda = f4_set1(cda);
    const F4 vsdp = f4_set1(sdp), vcdp = f4_set1(cdp), zero = f4_set1(0.0);
    const F4 amp = f4_set1(c->cfg.wave * c->link_px), one = f4_set1(1.0);
    F4 sa = zero, ca = one, sp = f4_load(sp0), cp = f4_load(cp0);
    V2x4 back = load_nodes(nd, 0, false), here = load_nodes(nd, 1, false);
    for (int j = 1; j < h; j++) {
        F4 u = f4_add(f4_mul(sa, vcda), f4_mul(ca, vsda));
        ca = f4_sub(f4_mul(ca, vcda), f4_mul(sa, vsda));
        sa = u;
        u = f4_add(f4_mul(sp, vcdp), f4_mul(cp, vsdp));
        cp = f4_sub(f4_mul(cp, vcdp), f4_mul(sp, vsdp));
        sp = u;
        double s = (double)j / h, f = s < 0.8 ? 1.0 : (1.0 - s) * 5.0;
        F4 size = f4_mul(f4_mul(f4_mul(amp, sa), f4_set1(f)), sp);
        V2x4 ahead = load_nodes(nd, j + 1, false);
        V2x4 d = sub4(ahead, back);
        F4 l = len4(d), inv = f4_div(one, l);
        M4 some = f4_gt(l, zero);
        F4 dx = f4_select(some, f4_mul(d.x, inv), zero), dy = f4_select(some, f4_mul(d.y, inv), zero);
        V2x4 tg = load_nodes(nd, j, true);
        tg.x = f4_add(tg.x, f4_mul(f4_neg(dy), size)); // -dy, exactly (v2_perp)
        tg.y = f4_add(tg.y, f4_mul(dx, size));
        store_nodes(nd, j, true, tg);
        back = here;
        here = ahead;
    }
    const F4 vt = f4_set1(t);
    for (int j = 1; j < n; j++) {
        V2x4 p = load_nodes(nd, j, false), tg = load_nodes(nd, j, true);
        p.x = f4_add(p.x, f4_mul(f4_sub(tg.x, p.x), vt));
        p.y = f4_add(p.y, f4_mul(f4_sub(tg.y, p.y), vt));
        store_nodes(nd, j, false, p);
    }
}

#undef V2x4
#undef Reach
#undef Settle
#undef load_nodes
#undef store_nodes
#undef sub4
#undef dot4
#undef len4
#undef blend4
#undef known4
#undef clamp4
#undef bend4
#undef reach_node
#undef reach_halves
#undef settle_done
#undef cell_floor4
#undef open_cells4
#undef open4
#undef keep_halves
#undef settle_node
#undef clamp_halves
#undef wave4
