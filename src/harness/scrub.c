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
    sc->end = script_end_tick(s->script);
    sc->head = sc->cur = s->w->tick;
    sc->fail_tick = -1;
    sc->sums_total = script_checksums_upto(s->script, sc->end);
    sc->inputs = mem_alloc((size_t)sc->end + 1, sizeof *sc->inputs);
    sc->in_arr = (InputArray){sc->inputs, sc->end + 1};
    ScriptRun *r = script_run_new(s->script);
    sc->run = script_run_new(s->script);
    bool ok = sc->inputs && r && sc->run && hash_log_init(&sc->log, s->w, every(), sc->end) &&
              snap_init(&sc->st, s->w, &s->blocks, 0);
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
        snprintf(s->msg, sizeof s->msg, "bossrush: out of memory opening the replay for watching");
        return false;
    }
    return true;
}

void scrub_free(Scrub *sc) {
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

// One tick of the scan; the World is at the head: the file's buttons, then
// the checks, the hash log and the snapshots (on no memory a seek starts
// further back).
static void scan_one(Scrub *sc) {
    TickSink sinks[3] = {{NULL, scan_checks_after, sc}, hash_log_sink(&sc->log), snap_sink(&sc->st)};
    Pipeline p = {input_array_source(&sc->in_arr), sinks, 3, NULL, NULL};
    pipeline_tick(sc->s->w, &p, NULL);
    sc->head = sc->s->w->tick;
}

static void scan(Scrub *sc, int64_t to) {
    while (sc->head < to && sc->head < sc->end) scan_one(sc);
    sc->sums_ok = script_checksums_upto(sc->s->script, sc->fail_tick >= 0 ? sc->fail_tick - 1 : sc->head);
}

// Re-simulation of ticks already checked: the file's buttons, no sink.
static void replay_to(Scrub *sc, int64_t t) {
    Pipeline p = {input_array_source(&sc->in_arr), NULL, 0, NULL, NULL};
    while (sc->s->w->tick < t) pipeline_tick(sc->s->w, &p, NULL);
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
        snprintf(s->msg, sizeof s->msg, "bossrush: cannot record: out of memory");
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

