// live.c -- the file watcher and the changes a running session takes (see
// live.h).
#include "harness/live.h"

#include <stdio.h>
#include <string.h>

#include "core/mem.h"
#include "harness/profiles.h"

void live_watch_clear(LiveWatch *lw) { memset(lw, 0, sizeof *lw); }

static void stat_of(const char *path, FsStat *st) {
    if (!fs_stat(path, st)) memset(st, 0, sizeof *st);   // FS_MISSING
}

int live_watch_add(LiveWatch *lw, const char *path) {
    if (lw->count >= LIVE_MAX_FILES || strlen(path) >= sizeof lw->path[0]) return -1;
    int i = lw->count++;
    snprintf(lw->path[i], sizeof lw->path[i], "%s", path);
    stat_of(path, &lw->st[i]);
    return i;
}

uint32_t live_watch_poll(LiveWatch *lw) {
    uint32_t changed = 0;
    for (int i = 0; i < lw->count; i++) {
        FsStat now;
        stat_of(lw->path[i], &now);
        const FsStat *was = &lw->st[i];
        if (now.kind != was->kind || now.mtime_ns != was->mtime_ns || now.size != was->size) changed |= 1u << i;
        lw->st[i] = now;
    }
    return changed;
}

const char *live_level_path(const Session *s) { return session_level_file(s); }

static void report(LiveReport *rep, LiveResult r, const char *msg) {
    rep->result = r;
    if (msg) snprintf(rep->msg, sizeof rep->msg, "%s", msg);
}

static bool refused(const Session *s, LiveReport *rep) {
    memset(rep, 0, sizeof *rep);
    if (!session_world(s)) {
        report(rep, LIVE_REFUSED, "no arena is running");
        return true;
    }
    if (session_script(s)) {
        report(rep, LIVE_REFUSED, "a script or replay runs as it was recorded: nothing is reloaded");
        return true;
    }
    return false;
}

// A change is coming: a running recording is saved up to now and stops.
static void stop_recording(Session *s, LiveReport *rep) {
    if (!session_recording(s)) return;
    rep->recording_end = session_tick(s);
    char why[1300];
    if (session_save_recording(s, why, sizeof why)) {
        rep->recording = LIVE_REC_SAVED;
    } else if (session_tick(s) < 0) {
        rep->recording = LIVE_REC_DROPPED;   // session_save_recording dropped it
    } else {
        rep->recording = LIVE_REC_FAILED;
        snprintf(rep->msg, sizeof rep->msg, "%.1000s: replay not saved: %.500s", session_recording_path(s), why);
    }
}

void live_set_profiles(Session *s, const LegProfile prof[LEGS_COUNT], LiveReport *rep) {
    if (refused(s, rep)) return;
    uint64_t h = legs_profiles_hash(prof);
    if (h == session_profiles_hash(s)) {   // the hash covers every value
        report(rep, LIVE_SAME, NULL);
        return;
    }
    stop_recording(s, rep);
    session_set_profiles(s, prof);
    report(rep, LIVE_CHANGED, NULL);
}

void live_reload_profiles(Session *s, const char *dir, LiveReport *rep) {
    if (refused(s, rep)) return;
    LegProfile prof[LEGS_COUNT];
    ParseError err;
    memset(&err, 0, sizeof err);
    if (!profiles_load(dir, prof, &err)) {
        parse_error_format(&err, rep->msg, sizeof rep->msg);
        rep->result = LIVE_FAILED;
        return;
    }
    live_set_profiles(s, prof, rep);
}

void live_reload_level(Session *s, LiveReport *rep) {
    if (refused(s, rep)) return;
    ParseError err;
    memset(&err, 0, sizeof err);
    Level lv;
    if (!session_load_level(&lv, session_level_file(s), &err)) {
        level_free(&lv);
        parse_error_format(&err, rep->msg, sizeof rep->msg);
        rep->result = LIVE_FAILED;
        return;
    }
    if (lv.hash == session_level(s)->hash) {
        level_free(&lv);
        report(rep, LIVE_SAME, NULL);
        return;
    }
    WorldSetup ws;
    session_world_setup(s, &lv, &ws);
    // The new World's blocks, for the session's snapshots of it.
    MemBlock room[SESSION_MAX_BLOCKS];
    MemTrack blocks = {room, SESSION_MAX_BLOCKS, 0, false};
    mem_track_begin(&blocks);
    World *w = reload_level(session_world(s), &ws, &rep->player, &err);
    mem_track_end();
    if (!w) {
        level_free(&lv);
        parse_error_format(&err, rep->msg, sizeof rep->msg);
        rep->result = LIVE_FAILED;
        return;
    }
    stop_recording(s, rep);
    session_replace_world(s, w, &lv, &blocks);
    report(rep, LIVE_CHANGED, NULL);
}
