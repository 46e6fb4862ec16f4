// scrub.c -- watching a script or replay with seeking (see scrub.h): the
// in-order scan with its checks, re-simulation from snapshots, the scan
// ahead on parked images, and the take-over's recording.
#include "harness/scrub.h"

#include <stdio.h>
#include <string.h>

#include "core/mem.h"
#include "sim/world.h"

static int64_t every(void) { return SIM_TICK_HZ; }   // recordings' checksum interval

bool scrub_init(Scrub *sc, Session *s) {
    memset(sc, 0, sizeof *sc);
    sc->s = s;
    sc->end = script_end_tick(session_script(s));
    sc->head = sc->cur = session_tick(s);
    sc->fail_tick = -1;
    sc->sums_total = script_checksums_upto(session_script(s), sc->end);
    sc->inputs = mem_alloc((size_t)sc->end + 1, sizeof *sc->inputs);
    sc->in_arr = (InputArray){sc->inputs, sc->end + 1};
    ScriptRun *r = script_run_new(session_script(s));
    sc->run = script_run_new(session_script(s));
    bool ok = sc->inputs && r && sc->run && hash_log_init(&sc->log, session_world(s), every(), sc->end) &&
              session_snap_init(s, &sc->st, 0);
    if (ok) {
        sc->parked = mem_alloc(sc->st.world_bytes, 1);
        sc->head_img = mem_alloc(sc->st.world_bytes, 1);
        ok = sc->parked && sc->head_img;
    }
    if (ok)
        for (int64_t t = 0; t <= sc->end; t++) sc->inputs[t] = script_run_input(r, t);
    script_run_free(r);
    if (!ok) {
        scrub_free(sc);
        session_set_message(s, "bossrush: out of memory opening the replay for watching");
        return false;
    }
    return true;
}

static void drop_marks_after(Scrub *sc, int64_t tick) {
    while (sc->mark_n > 0 && sc->marks[sc->mark_n - 1].tick > tick) script_run_free(sc->marks[--sc->mark_n].run);
}

void scrub_free(Scrub *sc) {
    drop_marks_after(sc, -2);
    mem_free(sc->marks);
    snap_free(&sc->st);
    mem_free(sc->inputs);
    script_run_free(sc->run);
    mem_free(sc->parked);
    mem_free(sc->head_img);
    hash_log_free(&sc->log);
    memset(sc, 0, sizeof *sc);
}

static void fail(Scrub *sc, int64_t t) {
    sc->fail_tick = t;
    snprintf(sc->fail_msg, sizeof sc->fail_msg, "%s", script_run_message(sc->run));
}

// The scan's checks: up to the first failure, which is kept (the scan
// goes on, for watching).
static bool scan_checks_after(void *ctx, World *w, Input in) {
    (void)in;
    Scrub *sc = ctx;
    int64_t t = w->tick;
    if (sc->fail_tick < 0 && !script_run_check(sc->run, w)) fail(sc, t);
    if (sc->fail_tick < 0 && t == sc->end && !script_run_finish(sc->run)) fail(sc, t);
    return true;
}

// The store widened its interval: the marks off it lost their snapshot.
static void thin_marks(Scrub *sc) {
    int k = 0;
    for (int i = 0; i < sc->mark_n; i++) {
        if (sc->marks[i].tick % sc->st.interval == 0) sc->marks[k++] = sc->marks[i];
        else script_run_free(sc->marks[i].run);
    }
    sc->mark_n = k;
    sc->mark_every = sc->st.interval;
}

// After the snapshot sink: when it kept this tick, the checks' progress
// too (on no memory a re-run goes back further).
static bool scan_mark_after(void *ctx, World *w, Input in) {
    (void)in;
    Scrub *sc = ctx;
    const SnapStore *st = &sc->st;
    if (st->interval != sc->mark_every) thin_marks(sc);
    if (st->n == 0 || st->snaps[st->n - 1].tick != w->tick || sc->fail_tick >= 0) return true;
    if (sc->mark_n > 0 && sc->marks[sc->mark_n - 1].tick >= w->tick) return true;
    if (sc->mark_n == sc->mark_cap) {
        int cap = sc->mark_cap ? 2 * sc->mark_cap : 64;
        ScrubMark *m = mem_alloc((size_t)cap, sizeof *m);
        if (!m) return true;
        if (sc->mark_n) memcpy(m, sc->marks, (size_t)sc->mark_n * sizeof *m);
        mem_free(sc->marks);
        sc->marks = m;
        sc->mark_cap = cap;
    }
    ScriptRun *r = script_run_clone(sc->run, session_script(sc->s));
    if (r) sc->marks[sc->mark_n++] = (ScrubMark){w->tick, r};
    return true;
}

// One tick of the scan; the World is at the head: the file's buttons, then
// the checks, the hash log and the snapshots (on no memory a seek starts
// further back) with the checks' progress.
static void scan_one(Scrub *sc) {
    TickSink sinks[4] = {{NULL, scan_checks_after, sc}, hash_log_sink(&sc->log), snap_sink(&sc->st),
                         {NULL, scan_mark_after, sc}};
    Pipeline p = {input_array_source(&sc->in_arr), sinks, 4, NULL, NULL};
    session_tick_through(sc->s, &p);
    sc->head = session_tick(sc->s);
}

static void scan(Scrub *sc, int64_t to) {
    while (sc->head < to && sc->head < sc->end) scan_one(sc);
    sc->sums_ok = script_checksums_upto(session_script(sc->s), sc->fail_tick >= 0 ? sc->fail_tick - 1 : sc->head);
}

// Re-simulation of ticks already checked: the file's buttons, no sink.
static void replay_to(Scrub *sc, int64_t t) {
    Pipeline p = {input_array_source(&sc->in_arr), NULL, 0, NULL, NULL};
    while (session_tick(sc->s) < t) session_tick_through(sc->s, &p);
    sc->cur = t;
}

// Before the shown World leaves the head: keep the head's image.
static void keep_head(Scrub *sc) {
    if (sc->cur != sc->head || sc->head_img_valid) return;
    snap_save_image(&sc->st, sc->head_img);
    sc->head_img_valid = true;
}

void scrub_step(Scrub *sc) {
    if (sc->cur >= sc->end) return;
    if (sc->cur == sc->head) {
        scan(sc, sc->head + 1);
        sc->cur = sc->head;
        sc->head_img_valid = false;
    } else {
        replay_to(sc, sc->cur + 1);
    }
}

void scrub_seek(Scrub *sc, int64_t t) {
    if (t < 0) t = 0;
    if (t > sc->end) t = sc->end;
    if (t == sc->cur) return;
    if (t > sc->head) {
        if (sc->cur != sc->head) snap_load_image(&sc->st, sc->head_img);
        scan(sc, t);
        sc->cur = sc->head;
        sc->head_img_valid = false;
        return;
    }
    keep_head(sc);
    // Forward within an interval: on from here; else from a snapshot.
    if (!(t > sc->cur && t - sc->cur <= sc->st.interval)) snap_restore(&sc->st, t);
    replay_to(sc, t);
}

void scrub_scan_ahead(Scrub *sc, int max_ticks) {
    if (sc->head >= sc->end || max_ticks <= 0) return;
    snap_save_image(&sc->st, sc->parked);
    if (sc->cur != sc->head) snap_load_image(&sc->st, sc->head_img);
    scan(sc, sc->head + max_ticks);
    snap_save_image(&sc->st, sc->head_img);
    sc->head_img_valid = true;
    snap_load_image(&sc->st, sc->parked);
}

bool scrub_verified(const Scrub *sc) { return sc->head >= sc->end; }

bool scrub_take_over(Scrub *sc, const char *replay_path) {
    Session *s = sc->s;
    Recorder *rec = session_new_recorder(s, replay_path);
    if (!rec) {
        session_set_message(s, "bossrush: cannot record: out of memory");
        return false;
    }
    for (int64_t t = 0; t <= sc->cur; t++) {
        recorder_input(rec, t, sc->inputs[t]);
        hash_log_checksum(&sc->log, rec, t);
    }
    session_take_over(s, rec, replay_path);
    scrub_free(sc);
    return true;
}

// ---------------------------------------------------------------- re-run

// The same World from the same start: level, profiles, seed and setup.
static bool same_start(const Session *a, const Session *b) {
    const Script *x = session_script(a), *y = session_script(b);
    uint32_t sx = 0, sy = 0;
    bool hx = script_seed(x, &sx), hy = script_seed(y, &sy);
    return session_level(a)->hash == session_level(b)->hash && session_profiles_hash(a) == session_profiles_hash(b) &&
           hx == hy && sx == sy && script_difficulty(x) == script_difficulty(y) &&
           script_assist_wiggle(x) == script_assist_wiggle(y) && script_hearts(x) == script_hearts(y) &&
           script_same_checks(x, y);
}

// Is there a snapshot at exactly tick t?
static bool snapshot_at(const SnapStore *st, int64_t t) {
    for (int i = st->n - 1; i >= 0 && st->snaps[i].tick >= t; i--)
        if (st->snaps[i].tick == t) return true;
    return false;
}

int64_t scrub_rerun(Scrub *sc, Session *fresh) {
    Session *s = sc->s;
    if (!session_script(fresh) || !same_start(s, fresh)) return -2;
    int64_t end = script_end_tick(session_script(fresh));
    Input *inputs = mem_alloc((size_t)end + 1, sizeof *inputs);
    ScriptRun *r = script_run_new(session_script(fresh));
    HashLog log;
    if (!inputs || !r || !hash_log_init(&log, session_world(s), every(), end)) {
        mem_free(inputs);
        script_run_free(r);
        return -2;
    }
    for (int64_t t = 0; t <= end; t++) inputs[t] = script_run_input(r, t);
    script_run_free(r);
    // The first tick whose buttons differ, and the newest mark before it
    // the scan reached with a snapshot still kept there.
    int64_t same_to = end < sc->end ? end : sc->end, first = 0;
    while (first <= same_to && first <= sc->head && inputs[first].buttons == sc->inputs[first].buttons) first++;
    int m = sc->mark_n - 1;
    while (m >= 0 && (sc->marks[m].tick >= first || !snapshot_at(&sc->st, sc->marks[m].tick))) m--;
    int64_t from = m >= 0 ? sc->marks[m].tick : -1;
    ScriptRun *run =
        m >= 0 ? script_run_clone(sc->marks[m].run, session_script(fresh)) : script_run_new(session_script(fresh));
    if (!run) {
        mem_free(inputs);
        hash_log_free(&log);
        return -2;
    }
    // The hashes logged up to `from` still hold.
    int64_t kept = from >= 0 ? from / every() + 1 : 0;
    if (kept) {
        memcpy(log.full, sc->log.full, (size_t)kept * sizeof *log.full);
        memcpy(log.subs, sc->log.subs, (size_t)kept * (size_t)log.sub_n * sizeof *log.subs);
    }
    session_swap_script(s, fresh);
    int64_t show = sc->cur < end ? sc->cur : end;
    hash_log_free(&sc->log);
    sc->log = log;
    mem_free(sc->inputs);
    sc->inputs = inputs;
    sc->in_arr = (InputArray){inputs, end + 1};
    script_run_free(sc->run);
    sc->run = run;
    sc->end = end;
    sc->sums_total = script_checksums_upto(session_script(s), end);
    sc->fail_tick = -1;
    sc->fail_msg[0] = 0;
    drop_marks_after(sc, from);
    snap_drop_after(&sc->st, from);
    // Back to `from`, the head of a scan that goes on from there.
    snap_restore(&sc->st, from);
    sc->head = sc->cur = from;
    sc->head_img_valid = false;
    sc->sums_ok = script_checksums_upto(session_script(s), from);
    if (show >= 0) scrub_seek(sc, show);
    return from;
}
