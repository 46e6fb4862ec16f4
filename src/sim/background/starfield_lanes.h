// starfield_lanes.h -- the active stars' tick, four stars a lane each, on
// core/lanes.h: starfield.c includes it once per back end (LANES_BK), so
// this one text is the scalar, SSE2, AVX2, NEON and SIMD128 step alike,
// the same bits on each (tests/unit/test_starfield.c compares them). Not a
// header of its own: starfield.c's PushSet, cell_of and clamp_cell come
// before it.
//
// Per star: the nearest pusher whose radius holds it (the first of equally
// near ones), tested in index order; held, it moves 2 px straight away
// from that pusher's centre (straight up at the very centre); else it
// eases 5% of the way home, and snaps home (off the list, resting again)
// within STARFIELD_SNAP_PX. The stored (float) position counts as
// displaced beyond STARFIELD_DISPLACED_PX.
#define Quad LN(Quad)
#define quad_load LN(quad_load)
#define quad_test LN(quad_test)
#define quad_pushers LN(quad_pushers)
#define quad_finish LN(quad_finish)
#define step_stars LN(step_stars)

// Four active stars in flight (k of them real: a short quad repeats its
// first star in the spare lanes, which are never written back): their
// indices, x, y, ox, oy as doubles, which are inside the pushers' box
// (inbox, in as bits), the pushers to test (todo), and the nearest pusher
// found so far that holds each (squared distance bd, centre px, py).
typedef struct Quad {
    uint32_t idx[4];
    int k, in;
    F4 x, y, ox, oy, bd, px, py;
    M4 inbox;
    uint64_t todo;
} Quad;

LANES_INLINE void quad_load(const Starfield *sf, const PushSet *ps, uint32_t a, int k, Quad *q) {
    // A full quad's indices in one load (GCC made the loop's four a + l a
    // vector, taken apart again lane by lane before each load).
    if (k == 4) memcpy(q->idx, sf->active + a, sizeof q->idx);
    else
        for (int l = 0; l < 4; l++) q->idx[l] = sf->active[a + (l < k ? l : 0)];
    q->k = k;
    // x, y, ox, oy of four stars (the first 16 bytes of a Star), transposed.
    const float *row[4] = {&sf->s[q->idx[0]].x, &sf->s[q->idx[1]].x, &sf->s[q->idx[2]].x, &sf->s[q->idx[3]].x};
    F4 c[4];
    f4_load_f32x4(row, c);
    q->x = c[0];
    q->y = c[1];
    q->ox = c[2];
    q->oy = c[3];
    // Inside the box of every disc?
    q->inbox = m4_and(m4_and(f4_ge(q->x, f4_set1(ps->bx0)), f4_le(q->x, f4_set1(ps->bx1))),
                      m4_and(f4_ge(q->y, f4_set1(ps->by0)), f4_le(q->y, f4_set1(ps->by1))));
    q->bd = f4_set1(INFINITY);
    q->px = q->py = f4_set1(0.0);
    q->in = m4_bits(q->inbox) & ((1 << k) - 1);
    // The pushers to test: all, or with the cell masks the union of the
    // stars' cells' (a pusher not in a star's cell cannot hold it, so
    // testing it changes nothing), in index order either way.
    q->todo = !q->in ? 0 : ps->n >= 64 ? ~0ull : (1ull << ps->n) - 1;
    if (ps->masked) {
        q->todo = 0;
        for (int l = 0; l < k; l++) {
            if (!(q->in >> l & 1)) continue;
            const Star *st = &sf->s[q->idx[l]];
            int cx = (int)((st->x - ps->bx0) * ps->icw), cy = (int)((st->y - ps->by0) * ps->ich);
            q->todo |= ps->mask[clamp_cell(cy) * PUSH_GRID + clamp_cell(cx)];
        }
    }
}

// Pusher k against the four stars of q: nearer than the best so far and
// within its radius takes it.
LANES_INLINE void quad_test(const PushSet *ps, int k, Quad *q) {
    F4 cx = f4_set1(ps->x[k]), cy = f4_set1(ps->y[k]);
    F4 dx = f4_sub(q->x, cx), dy = f4_sub(q->y, cy);
    F4 dd = f4_add(f4_mul(dx, dx), f4_mul(dy, dy));
    M4 t = m4_and(f4_lt(dd, f4_set1(ps->r2[k])), f4_lt(dd, q->bd));
    q->bd = f4_select(t, dd, q->bd);
    q->px = f4_select(t, cx, q->px);
    q->py = f4_select(t, cy, q->py);
}

// The pushers of todo (its set bits in index order; past 64 pushers, all)
// against one or two quads. Each quad's pass through the pushers is a
// chain (each test needs the best so far), so two quads stepped in the
// same loop overlap their chains; a pusher a quad need not test cannot
// hold its stars, so testing the union changes nothing.
LANES_INLINE void quad_pushers(const PushSet *ps, Quad *q, int nq) {
    uint64_t todo = nq == 2 ? q[0].todo | q[1].todo : q[0].todo;
    if (!todo) return;
    if (!ps->masked) { // every pusher: a plain loop
        for (int k = 0; k < ps->n; k++) {
            quad_test(ps, k, &q[0]);
            if (nq == 2) quad_test(ps, k, &q[1]);
        }
        return;
    }
    for (int k = 0; k < ps->n; k++) {
        if (ps->n <= 64) {
            if (!(todo >> k)) break;
            k += __builtin_ctzll(todo >> k);
        }
        quad_test(ps, k, &q[0]);
        if (nq == 2) quad_test(ps, k, &q[1]);
    }
}

// The rest of the stars' tick: pushed, eased or snapped home; each kept one
// appended at *kept; the displaced and pushed ones counted.
LANES_INLINE void quad_finish(Starfield *sf, const Quad *q, uint32_t *kept, uint32_t *displaced, uint64_t *pushed) {
    const F4 snap2 = f4_set1(STARFIELD_SNAP_PX * STARFIELD_SNAP_PX);
    const F4 disp2 = f4_set1(STARFIELD_DISPLACED_PX * STARFIELD_DISPLACED_PX);
    const F4 push = f4_set1(STARFIELD_PUSH_PX), ret = f4_set1(STARFIELD_RETURN), zero = f4_set1(0.0);
    const int real = (1 << q->k) - 1;
    F4 x = q->x, y = q->y, ox = q->ox, oy = q->oy;
    // Held: a pusher took it, so bd is finite.
    M4 held = m4_and(q->inbox, f4_lt(q->bd, f4_set1(INFINITY)));
    int held_bits = m4_bits(held);
    // Eased: 5% of the way home; home within the snap distance.
    F4 ex = f4_add(x, f4_mul(f4_sub(ox, x), ret));
    F4 ey = f4_add(y, f4_mul(f4_sub(oy, y), ret));
    F4 hx = f4_sub(ex, ox), hy = f4_sub(ey, oy);
    M4 home = m4_andnot(f4_lt(f4_add(f4_mul(hx, hx), f4_mul(hy, hy)), snap2), held);
    // Pushed: 2 px away from the pusher's centre, straight up at the very
    // centre (not d > 0); the square root and divisions only when a lane
    // is held (they are most of the cost).
    if (held_bits & real) {
        F4 d = f4_sqrt(q->bd);
        F4 nx = f4_add(x, f4_mul(f4_div(f4_sub(x, q->px), d), push));
        F4 ny = f4_add(y, f4_mul(f4_div(f4_sub(y, q->py), d), push));
        M4 away = f4_gt(d, zero);
        ex = f4_select(held, f4_select(away, nx, x), ex);
        ey = f4_select(held, f4_select(away, ny, f4_sub(y, push)), ey);
    }
    float xs[4], ys[4];
    f4_to_f32(ex, xs);
    f4_to_f32(ey, ys);
    // displaced: the stored (float) position more than 0.5 px from home
    // (a star snapping home is not counted).
    F4 gx = f4_sub(f4_f32(ex), ox), gy = f4_sub(f4_f32(ey), oy);
    M4 far = f4_gt(f4_add(f4_mul(gx, gx), f4_mul(gy, gy)), disp2);
    int snap = m4_bits(home) & real;
    *displaced += (uint32_t)__builtin_popcount((unsigned)(m4_bits(m4_andnot(far, home)) & real));
    *pushed += (uint64_t)__builtin_popcount((unsigned)(held_bits & real));
    for (int l = 0; l < q->k; l++) {
        Star *st = &sf->s[q->idx[l]];
        if (snap >> l & 1) { // home: off the list, resting again
            st->x = st->ox;
            st->y = st->oy;
            st->active = 0;
            sf->resting[cell_of(sf, st)]++;
            continue;
        }
        st->x = xs[l];
        st->y = ys[l];
        sf->active[(*kept)++] = q->idx[l];
    }
}

// Every active star's tick, eight at a time where there are eight (two
// quads through the pushers together), then the last four or fewer. Both
// quads' indices are read before either is written back, and the list is
// compacted in order (kept <= a). Returns the new count.
LANES_FN uint32_t step_stars(Starfield *sf, const PushSet *ps, uint32_t *displaced) {
    // The counts in locals (registers: an add to memory a quad made a chain
    // through the store), added to the field's at the end.
    uint32_t kept = 0, a = 0, disp = 0, n = sf->active_n;
    uint64_t pushed = 0;
    Quad q[2];
    for (; a + 8 <= n; a += 8) {
        quad_load(sf, ps, a, 4, &q[0]);
        quad_load(sf, ps, a + 4, 4, &q[1]);
        quad_pushers(ps, q, 2);
        quad_finish(sf, &q[0], &kept, &disp, &pushed);
        quad_finish(sf, &q[1], &kept, &disp, &pushed);
    }
    for (; a < n; a += 4) {
        int k = n - a < 4 ? (int)(n - a) : 4;
        quad_load(sf, ps, a, k, &q[0]);
        quad_pushers(ps, q, 1);
        quad_finish(sf, &q[0], &kept, &disp, &pushed);
    }
    *displaced = disp;
    sf->pushed += pushed;
    return kept;
}

#undef Quad
#undef quad_load
#undef quad_test
#undef quad_pushers
#undef quad_finish
#undef step_stars
