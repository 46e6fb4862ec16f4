// lanes_text.h -- test_lanes.c's text, included once per back end
// (LANES_BK): every primitive of core/lanes.h over the inputs, its results
// written out as plain doubles, ints and lane bits for test_lanes.c to
// compare with the scalar back end's.
LANES_FN void LN(lanes_run)(const LaneIn *in, LaneOut *out) {
    for (int q = 0; q < LANE_QUADS; q++) {
        const double *pa = in->a + 4 * q, *pb = in->b + 4 * q;
        F4 a = f4_load(pa), b = f4_load(pb);
        double *o = out->f[q];
        f4_store(o + 0 * 4, f4_add(a, b));
        f4_store(o + 1 * 4, f4_sub(a, b));
        f4_store(o + 2 * 4, f4_mul(a, b));
        f4_store(o + 3 * 4, f4_div(a, b));
        f4_store(o + 4 * 4, f4_sqrt(a));
        f4_store(o + 5 * 4, f4_neg(a));
        f4_store(o + 6 * 4, f4_min(a, b));
        f4_store(o + 7 * 4, f4_max(a, b));
        f4_store(o + 8 * 4, f4_trunc(a));
        M4 lt = f4_lt(a, b), le = f4_le(a, b), gt = f4_gt(a, b), ge = f4_ge(a, b), eq = f4_eq(a, b);
        f4_store(o + 9 * 4, f4_select(lt, a, b));
        f4_store(o + 10 * 4, f4_select(m4_not(le), a, b));
        f4_store(o + 11 * 4, f4_set(pa[3], pb[2], pa[1], pb[0]));
        f4_store(o + 12 * 4, f4_set1(pa[q & 3]));
        int *m = out->bits[q];
        m[0] = m4_bits(lt);
        m[1] = m4_bits(le);
        m[2] = m4_bits(gt);
        m[3] = m4_bits(ge);
        m[4] = m4_bits(eq);
        m[5] = m4_bits(m4_and(lt, eq));
        m[6] = m4_bits(m4_or(gt, eq));
        m[7] = m4_bits(m4_andnot(ge, eq));
        m[8] = m4_bits(m4_not(lt));
        // Conversions: to float (any value), to int (inputs in int's range).
        f4_to_f32(a, out->f32[q]);
        f4_to_i32(f4_load(in->small + 4 * q), out->i32[q]);
        // Transposed loads and stores.
        const double *xy[4] = {in->a + 2 * ((q + 0) % (2 * LANE_QUADS)), in->a + 2 * ((q + 3) % (2 * LANE_QUADS)),
                               in->b + 2 * ((q + 5) % (2 * LANE_QUADS)), in->b + 2 * ((q + 1) % (2 * LANE_QUADS))};
        F4 x, y;
        f4_load_xy(xy, &x, &y);
        f4_store(o + 13 * 4, x);
        f4_store(o + 14 * 4, y);
        double pairs[4][2];
        double *dst[4] = {pairs[2], pairs[0], pairs[3], pairs[1]};
        f4_store_xy(dst, f4_add(x, b), f4_sub(y, a));
        memcpy(o + 15 * 4, pairs, sizeof pairs);
        const float *fp[4] = {in->fl + 4 * q, in->fl + 4 * ((q + 7) % LANE_QUADS), in->fl + 4 * ((q + 2) % LANE_QUADS),
                              in->fl + 4 * q};
        F4 fo[4];
        f4_load_f32x4(fp, fo);
        for (int i = 0; i < 4; i++) f4_store(o + (17 + i) * 4, fo[i]);
        f4_store(o + 21 * 4, f4_f32(a));
    }
}
