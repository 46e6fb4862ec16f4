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
    SubsysHash tmp[SUBSYS_MAX];
    sc->sub_n = subsys_hashes(s->w, tmp);
    size_t marks = (size_t)(sc->end / every() + 1);
    sc->inputs = mem_alloc((size_t)sc->end + 1, sizeof *sc->inputs);
    sc->full = mem_alloc(marks, sizeof *sc->full);
    sc->subs = mem_alloc(marks * (size_t)sc->sub_n, sizeof *sc->subs);
    ScriptRun *r = script_run_new(s->script);
    bool ok = sc->inputs && sc->full && sc->subs && r && snap_init(&sc->st, s->w, &s->blocks, 0);
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
    mem_free(sc->parked);
    mem_free(sc->head_img);
    mem_free(sc->full);
    mem_free(sc->subs);
    memset(sc, 0, sizeof *sc);
}

static void fail(Scrub *sc, int64_t t) {
    sc->fail_tick = t;
    snprintf(sc->fail_msg, sizeof sc->fail_msg, "%s", script_run_message(sc->s->run));
}

// One tick of the scan; the World is at the head.
static void scan_one(Scrub *sc) {
    World *w = sc->s->w;
    int64_t t = sc->head + 1;
    world_step(w, sc->inputs[t]);
    sc->head = t;
    if (sc->fail_tick < 0 && !script_run_check(sc->s->run, w)) fail(sc, t);
    if (sc->fail_tick < 0 && t == sc->end && !script_run_finish(sc->s->run)) fail(sc, t);
    if (t % every() == 0) {
        SubsysHash now[SUBSYS_MAX];
        subsys_hashes(w, now);
        sc->full[t / every()] = world_hash(w);
        memcpy(sc->subs + (size_t)(t / every()) * (size_t)sc->sub_n, now, (size_t)sc->sub_n * sizeof *now);
    }
    snap_offer(&sc->st);       // on no memory a seek starts further back
}

static void scan(Scrub *sc, int64_t to) {
    while (sc->head < to && sc->head < sc->end) scan_one(sc);
    sc->sums_ok = script_checksums_upto(sc->s->script, sc->fail_tick >= 0 ? sc->fail_tick - 1 : sc->head);
}

// Re-simulation of ticks already checked.
static void replay_to(Scrub *sc, int64_t t) {
    World *w = sc->s->w;
    while (w->tick < t) world_step(w, sc->inputs[w->tick + 1]);
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
    char lp[1100];
    script_level_path_for(replay_path, s->level_path, lp, sizeof lp);
    Recorder *rec = recorder_new(lp, s->lv.hash, s->prof_hash);
    if (!rec) {
        snprintf(s->msg, sizeof s->msg, "bossrush: cannot record: out of memory");
        return false;
    }
    if (s->use_seed) recorder_set_seed(rec, s->seed);
    recorder_set_setup(rec, (int)s->difficulty, s->assist_wiggle, s->start_hp);
    for (int64_t t = 0; t <= sc->cur; t++) {
        recorder_input(rec, t, sc->inputs[t]);
        if (t % every() == 0)
            recorder_checksum(rec, t, sc->full[t / every()], sc->subs + (size_t)(t / every()) * (size_t)sc->sub_n,
                              sc->sub_n);
    }
    session_take_over(s, rec, replay_path);
    scrub_free(sc);
    return true;
}
