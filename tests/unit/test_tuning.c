// test_tuning.c -- the .leg writer (harness/legfile) and the tuning panel's
// model (harness/tuning): numbers written in their shortest exact form,
// whole profiles and rewritten files that parse back to the same values,
// comments, layout, line ends and a BOM kept, keys appended, broken files
// refused and left alone; rows for every key, steps, refusals with the
// loader's reasons, the curve cycle, reverting.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixtures.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fs.h"
#include "core/mem.h"
#include "harness/legfile.h"
#include "harness/profiles.h"
#include "harness/tuning.h"

static char tmp_dir[] = "/tmp/test_tuning_XXXXXX";

static int setup_dir(void **state) {
    (void)state;
    return mkdtemp(tmp_dir) ? 0 : -1;
}

static int teardown_dir(void **state) {
    (void)state;
    fixture_rm_dir(tmp_dir);
    return 0;
}

static void assert_same_profile(const LegProfile *a, const LegProfile *b) {
    for (int k = 0; k < LEG_KEY_COUNT; k++)
        if (!legfile_same(a, b, (LegKey)k)) fail_msg("key %s differs", legs_key_name((LegKey)k));
}

// text parsed over base (all keys must parse).
static LegProfile parse_over(const LegProfile *base, const char *text) {
    LegProfile p = *base;
    ParseError err;
    if (!legs_parse_profile(&p, text, strlen(text), "t.leg", &err))
        fail_msg("%s:%d:%d: %s", err.file, err.line, err.col, err.msg);
    return p;
}

static void test_numbers(void **state) {
    (void)state;
    char b[64];
    legfile_number(20.5, b, sizeof b);
    assert_string_equal(b, "20.5");
    legfile_number(8.0, b, sizeof b);
    assert_string_equal(b, "8");
    legfile_number(0.7, b, sizeof b);
    assert_string_equal(b, "0.7");
    legfile_number(-3.25, b, sizeof b);
    assert_string_equal(b, "-3.25");
    legfile_number(400.0, b, sizeof b);
    assert_string_equal(b, "400");
    legfile_number(0.1 + 0.2, b, sizeof b);               // not 0.3: every digit it takes
    assert_string_equal(b, "0.30000000000000004");
    // Any double reads back exactly (a fixed pseudo-random sweep over the
    // ranges the files allow, and tiny and odd values).
    uint64_t x = 88172645463325252ull;
    for (int i = 0; i < 20000; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        double v = ((double)(x >> 11) / 9007199254740992.0) * 800.0 - 400.0;
        if (i % 4 == 1) v = round(v * 1000.0) / 1000.0;
        if (i % 4 == 2) v = v * 1e-9;
        legfile_number(v, b, sizeof b);
        assert_true(strtod(b, NULL) == v);
    }
}

static void test_whole_profile_round_trips(void **state) {
    (void)state;
    LegProfile prof[LEGS_COUNT], zero;
    fixture_profiles(prof);
    memset(&zero, 0, sizeof zero);
    for (int i = 0; i < LEGS_COUNT; i++) {
        // Odd values too: long decimals, a points curve.
        LegProfile p = prof[i];
        p.upper_px += 0.1;
        p.root_px.y = -1.0 / 3.0;
        p.lift = (LegCurve){.kind = CURVE_POINTS, .n = 4, .y = {0, 0.123456789, 1.0 / 7.0, 0}};
        for (int pass = 0; pass < 2; pass++) {
            const LegProfile *want = pass ? &p : &prof[i];
            size_t len = 0;
            char *text = legfile_text(want, "# a comment", &len);
            assert_non_null(text);
            assert_int_equal(len, strlen(text));
            assert_true(strncmp(text, "# a comment\ngroup ", 18) == 0);
            LegProfile back = parse_over(&zero, text);   // every key is in the text
            assert_same_profile(&back, want);
            mem_free(text);
        }
    }
}

static const char FILE_TEXT[] =
    "# front -- a comment\n"
    "group 0              # gait group\n"
    "root 8 7             # root\n"
    "\n"
    "upper 20             # bone root -> knee\n"
    "lower 22\n"
    "min 10               # ring\n"
    "max 28\n"
    "default 15 8\n"
    "cast_radius 17.5     # arc\n"
    "cast_step 15\n"
    "lead 4.5\n"
    "step_ticks 5\n"
    "ease smoothstep      # progress\n"
    "lift 0 0.7 1 0.55 0  # control points\n"
    "lift_max 7\n"
    "grow_ticks 9\n"
    "retract_ticks 9      # the end\n";

// FILE_TEXT rewritten to want over the built-in front-left profile.
static char *rewrite(const char *text, const LegProfile *want, size_t *len) {
    LegProfile base[LEGS_COUNT];
    ParseError err;
    assert_true(profiles_builtin(base, &err));
    char *out = NULL;
    if (!legfile_rewrite(text, strlen(text), "t.leg", &base[0], want, &out, len, &err))
        fail_msg("%s:%d:%d: %s", err.file, err.line, err.col, err.msg);
    LegProfile back = parse_over(&base[0], out);
    assert_same_profile(&back, want);
    return out;
}

static void test_rewrite_keeps_the_layout(void **state) {
    (void)state;
    LegProfile base[LEGS_COUNT];
    ParseError err;
    assert_true(profiles_builtin(base, &err));
    LegProfile have = parse_over(&base[0], FILE_TEXT);
    // Nothing changed: the very same bytes.
    size_t len;
    char *out = rewrite(FILE_TEXT, &have, &len);
    assert_string_equal(out, FILE_TEXT);
    mem_free(out);
    // Only the changed values' tokens change; a trailing comment keeps its
    // column (the value grew by two: two blanks fewer).
    LegProfile want = have;
    want.upper_px = 20.75;
    want.root_px.x = 9;
    want.ease = (LegCurve){.kind = CURVE_SMOOTHERSTEP};
    want.lift.y[1] = 0.8;
    want.lift_px = 6.5;
    want.retract_ticks = 12;
    out = rewrite(FILE_TEXT, &want, &len);
    const char *expect =
        "# front -- a comment\n"
        "group 0              # gait group\n"
        "root 9 7             # root\n"
        "\n"
        "upper 20.75          # bone root -> knee\n"
        "lower 22\n"
        "min 10               # ring\n"
        "max 28\n"
        "default 15 8\n"
        "cast_radius 17.5     # arc\n"
        "cast_step 15\n"
        "lead 4.5\n"
        "step_ticks 5\n"
        "ease smootherstep    # progress\n"
        "lift 0 0.8 1 0.55 0  # control points\n"
        "lift_max 6.5\n"
        "grow_ticks 9\n"
        "retract_ticks 12     # the end\n";
    assert_string_equal(out, expect);
    mem_free(out);
    // No room left before a comment: one blank stays.
    want = have;
    want.cast_radius_px = 17.123456;
    out = rewrite(FILE_TEXT, &want, &len);
    assert_non_null(strstr(out, "\ncast_radius 17.123456 # arc\n"));
    mem_free(out);
    // A named curve becomes points and back.
    want = have;
    want.ease = (LegCurve){.kind = CURVE_POINTS, .n = 3, .y = {0, 0.25, 1}};
    out = rewrite(FILE_TEXT, &want, &len);
    assert_non_null(strstr(out, "\nease 0 0.25 1        # progress\n"));
    mem_free(out);
}

static void test_rewrite_appends_missing_keys(void **state) {
    (void)state;
    LegProfile base[LEGS_COUNT];
    ParseError err;
    assert_true(profiles_builtin(base, &err));
    // lead and lift_max left out (they keep the built-in values); no last newline.
    const char *text = "# short\ngroup 0\nupper 21";
    LegProfile have = parse_over(&base[0], text);
    LegProfile want = have;
    size_t len;
    char *out = rewrite(text, &want, &len);
    assert_string_equal(out, text);                       // a key left out that did not change stays out
    mem_free(out);
    want.lead_ticks = 6;
    want.upper_px = 22;
    out = rewrite(text, &want, &len);
    assert_string_equal(out, "# short\ngroup 0\nupper 22\nlead 6\n");
    mem_free(out);
    // CRLF line ends and a byte-order mark are kept; appended lines use CRLF.
    const char *crlf = "\xEF\xBB\xBFgroup 0\r\nupper 21\r\n";
    out = rewrite(crlf, &want, &len);
    assert_string_equal(out, "\xEF\xBB\xBFgroup 0\r\nupper 22\r\nlead 6\r\n");
    mem_free(out);
}

static void test_rewrite_refuses_broken_files(void **state) {
    (void)state;
    LegProfile base[LEGS_COUNT];
    ParseError err;
    assert_true(profiles_builtin(base, &err));
    char *out = NULL;
    size_t len = 0;
    const char *bad = "group 0\nupper abc\n";
    assert_false(legfile_rewrite(bad, strlen(bad), "b.leg", &base[0], &base[0], &out, &len, &err));
    assert_null(out);
    assert_string_equal(err.file, "b.leg");
    assert_int_equal(err.line, 2);
    assert_int_equal(err.col, 7);
    const char nul[] = "group 0\n\0upper 3\n";
    assert_false(legfile_rewrite(nul, sizeof nul - 1, "n.leg", &base[0], &base[0], &out, &len, &err));
    assert_non_null(strstr(err.msg, "NUL"));
}

// Copies assets/legs into tmp_dir/name.
static void copy_legs(const char *dir) {
    assert_true(fs_make_dirs(dir));
    for (int i = 0; i < LEGS_COUNT; i++) {
        char src[256], dst[1300];
        snprintf(src, sizeof src, "assets/legs/%s.leg", legs_name(i));
        snprintf(dst, sizeof dst, "%s/%s.leg", dir, legs_name(i));
        char *text = fixture_get(src);
        fixture_put(dst, text);
        mem_free(text);
    }
}

static void test_save(void **state) {
    (void)state;
    char dir[1200], path[1300];
    snprintf(dir, sizeof dir, "%s/legs", tmp_dir);
    copy_legs(dir);
    LegProfile prof[LEGS_COUNT];
    ParseError err;
    assert_true(profiles_load(dir, prof, &err));
    prof[2].max_px += 0.5;
    prof[2].lift = (LegCurve){.kind = CURVE_SINE};
    assert_true(legfile_save(dir, 2, &prof[2], &err));
    LegProfile back[LEGS_COUNT];
    assert_true(profiles_load(dir, back, &err));           // the folder loads to the new values
    for (int i = 0; i < LEGS_COUNT; i++) assert_same_profile(&back[i], &prof[i]);
    // Only the two lines changed; the other files are untouched.
    snprintf(path, sizeof path, "%s/front-right.leg", dir);
    char *now = fixture_get(path), *was = fixture_get("assets/legs/front-right.leg");
    assert_non_null(strstr(now, "\nmax 42.5\n"));
    assert_non_null(strstr(now, "\nlift sine\n"));
    assert_int_equal(strlen(now), strlen(was) - strlen("parabola") + strlen("sine") + 2);
    assert_true(strncmp(now, was, strstr(was, "\nmax ") - was) == 0);   // the comments at the top
    mem_free(now);
    mem_free(was);
    for (int i = 0; i < LEGS_COUNT; i++) {
        if (i == 2) continue;
        char src[256];
        snprintf(src, sizeof src, "assets/legs/%s.leg", legs_name(i));
        snprintf(path, sizeof path, "%s/%s.leg", dir, legs_name(i));
        char *a = fixture_get(src), *b = fixture_get(path);
        assert_string_equal(a, b);
        mem_free(a);
        mem_free(b);
    }
    // A broken file is not overwritten: the error names its line and column.
    snprintf(path, sizeof path, "%s/back-left.leg", dir);
    fixture_put(path, "group 1\nupper 20.5 21\n");
    assert_false(legfile_save(dir, 1, &prof[1], &err));
    assert_int_equal(err.line, 2);
    assert_int_equal(err.col, 12);
    char *kept = fixture_get(path);
    assert_string_equal(kept, "group 1\nupper 20.5 21\n");
    mem_free(kept);
    // A missing file is written whole.
    remove(path);
    assert_true(legfile_save(dir, 1, &prof[1], &err));
    assert_true(profiles_load(dir, back, &err));
    assert_same_profile(&back[1], &prof[1]);
}

static int row_of(LegKey k, int comp) {
    for (int r = 0; r < tuning_row_count(); r++)
        if (tuning_row(r)->key == k && tuning_row(r)->comp == comp) return r;
    fail_msg("no row for %s", legs_key_name(k));
    return -1;
}

static void test_rows(void **state) {
    (void)state;
    int seen[LEG_KEY_COUNT] = {0};
    for (int r = 0; r < tuning_row_count(); r++) seen[tuning_row(r)->key]++;
    for (int k = 0; k < LEG_KEY_COUNT; k++)
        assert_int_equal(seen[k], k == LEG_KEY_ROOT || k == LEG_KEY_DEFAULT ? 2 : 1);
    assert_null(tuning_row(-1));
    assert_null(tuning_row(tuning_row_count()));
    LegProfile prof[LEGS_COUNT];
    fixture_profiles(prof);
    char b[64];
    tuning_value_text(&prof[0], row_of(LEG_KEY_ROOT, 1), b, sizeof b);
    assert_string_equal(b, "-2.75");
    tuning_value_text(&prof[0], row_of(LEG_KEY_EASE, 0), b, sizeof b);
    assert_string_equal(b, "smoothstep");
    tuning_value_text(&prof[1], row_of(LEG_KEY_LIFT, 0), b, sizeof b);
    assert_string_equal(b, "points 5");
}

static void test_steps(void **state) {
    (void)state;
    LegProfile base[LEGS_COUNT], prof[LEGS_COUNT];
    fixture_profiles(base);
    memcpy(prof, base, sizeof prof);
    ParseError why;
    int upper = row_of(LEG_KEY_UPPER, 0), lead = row_of(LEG_KEY_LEAD, 0), root_y = row_of(LEG_KEY_ROOT, 1);
    assert_true(tuning_step(prof, base, 0, upper, 1, false, &why));
    assert_true(prof[0].upper_px == base[0].upper_px + 0.5);
    assert_true(prof[1].upper_px == base[1].upper_px);     // one leg only
    assert_true(tuning_row_differs(&prof[0], &base[0], upper));
    assert_false(tuning_row_differs(&prof[1], &base[1], upper));
    assert_true(tuning_step(prof, base, TUNING_ALL, lead, 1, true, &why));   // big: ten steps
    for (int i = 0; i < LEGS_COUNT; i++) assert_true(prof[i].lead_ticks == base[i].lead_ticks + 5.0);
    assert_true(tuning_step(prof, base, 3, root_y, 1, false, &why));
    assert_true(prof[3].root_px.y == base[3].root_px.y + 0.5 && prof[3].root_px.x == base[3].root_px.x);
    // Stepped numbers land on the decimal grid (they read back exactly and print short).
    prof[0].cast_radius_px = 17.3;
    assert_true(tuning_step(prof, base, 0, row_of(LEG_KEY_CAST_RADIUS, 0), 1, false, &why));
    assert_true(prof[0].cast_radius_px == 17.8);
    assert_true(tuning_check(prof, &why));
    // Integers by one.
    int step = row_of(LEG_KEY_STEP_TICKS, 0);
    assert_true(tuning_step(prof, base, 1, step, 1, false, &why));
    assert_int_equal(prof[1].step_ticks, base[1].step_ticks + 1);
}

static void test_refusals(void **state) {
    (void)state;
    LegProfile base[LEGS_COUNT], prof[LEGS_COUNT], before[LEGS_COUNT];
    fixture_profiles(base);
    memcpy(prof, base, sizeof prof);
    ParseError why;
    // max comes down to the cast radius: refused with the loader's reason,
    // and nothing changes.
    int max = row_of(LEG_KEY_MAX, 0);
    int taken = 0;
    while (tuning_step(prof, base, 0, max, -1, false, &why)) taken++;
    assert_true(taken > 0 && taken < 100);
    assert_true(prof[0].max_px > prof[0].cast_radius_px);
    assert_string_equal(why.file, "front-left");
    assert_non_null(strstr(why.msg, "expected cast_radius"));
    memcpy(before, prof, sizeof before);
    assert_false(tuning_step(prof, base, 0, max, -1, false, &why));
    assert_int_equal(legs_profiles_hash(prof), legs_profiles_hash(before));
    // A range: lift_max cannot go below 0.
    int lift = row_of(LEG_KEY_LIFT_MAX, 0);
    while (tuning_step(prof, base, 2, lift, -1, false, &why)) {}
    assert_true(prof[2].lift_px == 0);
    assert_non_null(strstr(why.msg, "expected a number in 0..200"));
    // One leg's group alone breaks the gait rule; all four flip together.
    int group = row_of(LEG_KEY_GROUP, 0);
    assert_false(tuning_step(prof, base, 1, group, 1, false, &why));
    assert_non_null(strstr(why.msg, "gait group"));
    assert_true(tuning_step(prof, base, TUNING_ALL, group, 1, false, &why));
    for (int i = 0; i < LEGS_COUNT; i++) assert_int_equal(prof[i].group, 1 - base[i].group);
    // Nothing to do.
    assert_false(tuning_step(prof, base, 0, -1, 1, false, &why));
    assert_false(tuning_step(prof, base, 7, max, 1, false, &why));
    assert_false(tuning_step(prof, base, 0, max, 0, false, &why));
}

static void test_curves_and_revert(void **state) {
    (void)state;
    LegProfile base[LEGS_COUNT], prof[LEGS_COUNT];
    fixture_profiles(base);
    memcpy(prof, base, sizeof prof);
    ParseError why;
    int ease = row_of(LEG_KEY_EASE, 0), lift = row_of(LEG_KEY_LIFT, 0);
    // front-left: ease smoothstep -> smootherstep -> ease-in -> ease-out ->
    // linear (sine and parabola end at 0: not an ease) -> smoothstep.
    const LegCurveKind order[] = {CURVE_SMOOTHERSTEP, CURVE_EASE_IN, CURVE_EASE_OUT, CURVE_LINEAR, CURVE_SMOOTHSTEP};
    assert_int_equal(prof[0].ease.kind, CURVE_SMOOTHSTEP);
    for (int k = 0; k < 5; k++) {
        assert_true(tuning_step(prof, base, 0, ease, 1, false, &why));
        assert_int_equal(prof[0].ease.kind, order[k]);
    }
    assert_true(tuning_step(prof, base, 0, ease, -1, false, &why));
    assert_int_equal(prof[0].ease.kind, CURVE_LINEAR);
    // back-left's lift is its own points: sine, parabola, its points again.
    assert_int_equal(base[1].lift.kind, CURVE_POINTS);
    assert_true(tuning_step(prof, base, 1, lift, 1, false, &why));
    assert_int_equal(prof[1].lift.kind, CURVE_SINE);
    assert_true(tuning_step(prof, base, 1, lift, 1, false, &why));
    assert_int_equal(prof[1].lift.kind, CURVE_PARABOLA);
    assert_true(tuning_step(prof, base, 1, lift, 1, false, &why));
    assert_false(tuning_row_differs(&prof[1], &base[1], lift));
    // front-left has no points of its own: sine <-> parabola.
    assert_true(tuning_step(prof, base, 0, lift, 1, false, &why));
    assert_int_equal(prof[0].lift.kind, CURVE_PARABOLA);
    assert_true(tuning_step(prof, base, 0, lift, 1, false, &why));
    assert_int_equal(prof[0].lift.kind, CURVE_SINE);
    // Reverting a row brings the files' values back, for one leg or all.
    int upper = row_of(LEG_KEY_UPPER, 0);
    assert_true(tuning_step(prof, base, TUNING_ALL, upper, 2, false, &why));
    assert_true(tuning_revert(prof, base, 2, upper, &why));
    assert_false(tuning_row_differs(&prof[2], &base[2], upper));
    assert_true(tuning_row_differs(&prof[3], &base[3], upper));
    assert_true(tuning_revert(prof, base, TUNING_ALL, upper, &why));
    assert_true(tuning_revert(prof, base, TUNING_ALL, ease, &why));
    assert_int_equal(legs_profiles_hash(prof), legs_profiles_hash(base));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_whole_profile_round_trips),
        cmocka_unit_test(test_rewrite_keeps_the_layout),
        cmocka_unit_test(test_rewrite_appends_missing_keys),
        cmocka_unit_test(test_rewrite_refuses_broken_files),
        cmocka_unit_test(test_save),
        cmocka_unit_test(test_rows),
        cmocka_unit_test(test_steps),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_curves_and_revert),
    };
    return cmocka_run_group_tests(tests, setup_dir, teardown_dir);
}
