// session.c -- opening, stepping and finishing a script, a replay or a bare
// arena (see session.h). The messages are the program's: tests/cli.sh and
// tests/bad/* check them.
#include "harness/session.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/fs.h"
#include "core/mem.h"
#include "harness/profiles.h"
#include "sim/reload.h"
#include "sim/tmj.h"
#include "sim/tmx.h"

// What only this file reads (session.h: Session.core).
typedef struct SessionCore SessionCore;
struct SessionCore {
    World *w;                  // NULL until opened
    Level lv;                  // the arena (lv.name, lv.hash)
    Script *script;            // the script or replay; NULL for a bare arena
    LegProfile prof[LEGS_COUNT];
    uint64_t prof_hash;        // legs_profiles_hash(prof)
    int rc;                    // 0 fine; 1 a check failed or a recorded hash differs; 2 bad input
    char msg[1600];            // why rc != 0, ready to print (file:line:col: ...)
    char warning[1400];        // a problem that did not stop it, or "" (print it as a warning)
    // The World's heap blocks, as world_create allocated them (fixed for its
    // life: world_step never allocates or frees), for snapshots of it
    // (harness/snapshot.h). .overflow: more than SESSION_MAX_BLOCKS.
    MemTrack blocks;
    char level_path[1024];     // the level file read
    ScriptRun *run;
    bool check_failed;         // the run's checks failed this tick
    Recorder *rec;
    char rec_path[1024];
    char prof_from[1100];      // where the profiles came from, for messages
    bool use_seed;
    uint32_t seed;
    Difficulty difficulty;
    bool assist_wiggle;
    int start_hp;
    TickSource src;            // a bare arena's input when session_step gets none
    TickSink sinks[SESSION_MAX_SINKS];
    int n_sinks;
    TickStepFn step;
    void *step_ctx;
    SnapStore snaps;
    bool has_snaps;
    MemBlock block_room[SESSION_MAX_BLOCKS];
};

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int fail(Session *s, int rc, const char *fmt, ...) {
    SessionCore *c = s->core;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->msg, sizeof c->msg, fmt, ap);
    va_end(ap);
    c->rc = rc;
    return rc;
}

static int fail_parse(Session *s, const ParseError *err) {
    parse_error_format(err, s->core->msg, sizeof s->core->msg);
    s->core->rc = 2;
    return 2;
}

// A .tmj's external tileset, relative to the map's folder (TmjFiles.read).
static char *read_tileset(const void *ctx, const char *source, size_t *len, char *path, size_t path_n, char *why,
                          size_t why_n) {
    char dir[1024];
    fs_parent((const char *)ctx, dir, sizeof dir);
    if (!fs_join(dir, source, path, path_n)) {
        snprintf(why, why_n, "path too long");
        return NULL;
    }
    ParseError e;
    memset(&e, 0, sizeof e);
    char *text = text_read_file(path, TMJ_MAX_FILE_BYTES, "tileset", len, &e);
    if (!text) snprintf(why, why_n, "%s", e.msg);
    return text;
}

bool session_load_level(Level *lv, const char *path, ParseError *err) {
    memset(lv, 0, sizeof *lv);
    if (!path) path = "";
    bool tiled = tmj_is_path(path) || tmx_is_path(path);
    size_t len = 0;
    char *buf = text_read_file(path, tiled ? TMJ_MAX_FILE_BYTES : LEVEL_MAX_FILE_BYTES, "level", &len, err);
    if (!buf) return false;
    if (!tiled && tmx_is_xml(buf, len)) {
        // A Tiled map in XML under another name: never read as a .lvl.
        parse_error_set(err, path, 1, 1,
                        "this looks like a Tiled map in XML: bossrush reads Tiled maps named .tmx (XML) or "
                        ".tmj (JSON); rename it (docs/tiled.md)");
        mem_free(buf);
        return false;
    }
    TmjFiles files = {read_tileset, path};
    bool ok = tiled ? tmj_parse(lv, buf, len, path, &files, err) : level_parse(lv, buf, len, path, err);
    mem_free(buf);
    return ok;
}

// A fresh session with its private part; false on no memory (a session
// without one reads as rc 2, "bossrush: out of memory").
static bool session_begin(Session *s) {
    memset(s, 0, sizeof *s);
    s->core = mem_alloc(1, sizeof *s->core);
    if (!s->core) return false;
    s->core->src = no_input_source();
    return true;
}

// The leg profiles for the World: from setup->legs_dir, or built in when
// there is none or a file there cannot be read (a warning then).
static bool open_profiles(Session *s, const SessionSetup *setup) {
    SessionCore *c = s->core;
    ParseError err;
    memset(&err, 0, sizeof err);
    const char *dir = setup ? setup->legs_dir : NULL;
    if (setup && setup->profiles) {
        memcpy(c->prof, setup->profiles, sizeof c->prof);
        snprintf(c->prof_from, sizeof c->prof_from, "the leg profiles in use");
    } else if (dir && profiles_load(dir, c->prof, &err)) {
        snprintf(c->prof_from, sizeof c->prof_from, "the leg profiles in %s", dir);
    } else if (dir && err.line != 0) {
        fail_parse(s, &err);               // malformed: as bad as a bad level
        return false;
    } else {
        if (dir) {
            char msg[1200];
            parse_error_format(&err, msg, sizeof msg);
            snprintf(c->warning, sizeof c->warning, "%s (using the built-in leg profiles)", msg);
        }
        memset(&err, 0, sizeof err);
        if (!profiles_builtin(c->prof, &err)) {
            fail_parse(s, &err);
            return false;
        }
        snprintf(c->prof_from, sizeof c->prof_from, "the built-in leg profiles");
    }
    c->prof_hash = legs_profiles_hash(c->prof);
    return true;
}

// The level, the profiles and the World.
static int build_world(Session *s, const char *level_path, const SessionSetup *setup) {
    ParseError err;
    memset(&err, 0, sizeof err);
    SessionCore *c = s->core;
    snprintf(c->level_path, sizeof c->level_path, "%s", level_path);
    if (!session_load_level(&c->lv, level_path, &err)) return fail_parse(s, &err);
    if (!open_profiles(s, setup)) return c->rc;
    WorldSetup ws;
    session_world_setup(s, &c->lv, &ws);
    c->blocks.b = c->block_room;
    c->blocks.cap = SESSION_MAX_BLOCKS;
    mem_track_begin(&c->blocks);
    c->w = world_create(&ws, &err);
    mem_track_end();
    if (!c->w) return fail_parse(s, &err);
    return 0;
}

void session_world_setup(const Session *s, const Level *lv, WorldSetup *ws) {
    const SessionCore *c = s->core;
    *ws = (WorldSetup){
        .level = lv,
        .profiles = c->prof,
        .use_seed = c->use_seed,
        .seed = c->seed,
        .difficulty = c->difficulty,
        .assist_wiggle = c->assist_wiggle,
        .start_hp = c->start_hp,
    };
}

int session_open_level(Session *s, const char *path, const SessionSetup *setup) {
    if (!session_begin(s)) return 2;
    SessionCore *c = s->core;
    if (setup && setup->use_seed) {
        c->use_seed = true;
        c->seed = setup->seed;
    }
    if (setup) {
        c->difficulty = setup->difficulty;
        c->assist_wiggle = setup->assist_wiggle;
        c->start_hp = setup->start_hp;
    }
    return build_world(s, path, setup);
}

int session_open_script(Session *s, const char *path, const SessionSetup *setup) {
    if (!session_begin(s)) return 2;
    SessionCore *c = s->core;
    ParseError err;
    memset(&err, 0, sizeof err);
    c->script = script_load(path, &err);
    if (!c->script) return fail_parse(s, &err);
    const char *sp = script_path(c->script), *lp = script_level_path(c->script);
    int line, col;
    script_level_pos(c->script, &line, &col);
    const char *why = fs_unreadable(lp);
    if (why)
        return fail(s, 2, "%s:%d:%d: cannot open level file '%s': %s", sp, line, col,
                    script_level_given(c->script), why);
    c->use_seed = script_seed(c->script, &c->seed);
    c->difficulty = (Difficulty)script_difficulty(c->script);
    c->assist_wiggle = script_assist_wiggle(c->script);
    c->start_hp = script_hearts(c->script);
    if (build_world(s, lp, setup)) return c->rc;
    bool rebless = setup && setup->rebless;
    uint64_t want;
    if (!rebless && script_level_hash(c->script, &want) && want != c->lv.hash)
        return fail(s, 1,
                    "%s:%d:%d: level changed since the replay was recorded: the replay has level hash %016" PRIx64
                    ", %s now hashes to %016" PRIx64,
                    sp, line, col, want, lp, c->lv.hash);
    int legs_line, legs_col;
    if (!rebless && script_legs_hash(c->script, &want, &legs_line, &legs_col) && want != c->prof_hash)
        return fail(s, 1,
                    "%s:%d:%d: leg profiles changed since the replay was recorded: the replay has leg profiles hash "
                    "%016" PRIx64 ", %s now hash to %016" PRIx64,
                    sp, legs_line, legs_col, want, c->prof_from, c->prof_hash);
    c->run = script_run_new(c->script);
    if (!c->run) return fail(s, 2, "bossrush: out of memory");
    script_run_set_rebless(c->run, rebless);
    return 0;
}

Recorder *session_new_recorder(const Session *s, const char *replay_path) {
    const SessionCore *c = s->core;
    char lp[1100];
    script_level_path_for(replay_path, c->level_path, lp, sizeof lp);
    Recorder *rec = recorder_new(lp, c->lv.hash, c->prof_hash);
    if (!rec) return NULL;
    if (c->use_seed) recorder_set_seed(rec, c->seed);
    recorder_set_setup(rec, (int)c->difficulty, c->assist_wiggle, c->start_hp);
    return rec;
}

bool session_record(Session *s, const char *replay_path) {
    SessionCore *c = s->core;
    recorder_free(c->rec);
    c->rec = session_new_recorder(s, replay_path);
    if (!c->rec) {
        snprintf(c->msg, sizeof c->msg, "bossrush: cannot record: out of memory");
        return false;
    }
    snprintf(c->rec_path, sizeof c->rec_path, "%s", replay_path);
    return true;
}

bool session_recording(const Session *s) { return s->core && s->core->rec != NULL; }

// The script's checks as the session's sink: a failure stops the session.
static bool session_checks_after(void *ctx, World *w, Input in) {
    (void)in;
    SessionCore *c = ctx;
    if (!script_run_check(c->run, w)) c->check_failed = true;
    return true;
}

bool session_step(Session *s, const Input *live) {
    SessionCore *c = s->core;
    if (!c || c->rc) return false;
    TickSink sinks[3 + SESSION_MAX_SINKS];
    int n = 0;
    if (c->rec) sinks[n++] = recorder_sink(c->rec);
    if (c->run) sinks[n++] = (TickSink){NULL, session_checks_after, c};
    if (c->has_snaps) sinks[n++] = snap_sink(&c->snaps);
    for (int i = 0; i < c->n_sinks; i++) sinks[n++] = c->sinks[i];
    Pipeline p = {c->run ? script_source(c->run) : live ? live_input_source(live) : c->src, sinks, n, c->step,
                  c->step_ctx};
    pipeline_tick(c->w, &p, NULL);
    if (c->check_failed) {
        fail(s, 1, "%s", script_run_message(c->run));
        return false;
    }
    return true;
}

bool session_done(const Session *s) {
    const SessionCore *c = s->core;
    return c && c->script && c->w && c->w->tick >= script_end_tick(c->script);
}

int session_finish(Session *s) {
    SessionCore *c = s->core;
    if (!c) return 2;
    if (c->rc == 0 && c->run && !script_run_finish(c->run)) fail(s, 1, "%s", script_run_message(c->run));
    return c->rc;
}

bool session_save_recording(Session *s, char *why, size_t why_n) {
    SessionCore *c = s->core;
    if (!c || !c->rec) {
        snprintf(why, why_n, "nothing is being recorded");
        return false;
    }
    bool ok = recorder_save(c->rec, c->rec_path, why, why_n);
    recorder_free(c->rec);
    c->rec = NULL;
    return ok;
}

void session_take_over(Session *s, Recorder *rec, const char *replay_path) {
    SessionCore *c = s->core;
    script_run_free(c->run);
    script_free(c->script);
    c->run = NULL;
    c->script = NULL;
    recorder_free(c->rec);
    c->rec = rec;
    snprintf(c->rec_path, sizeof c->rec_path, "%s", replay_path);
}

void session_swap_script(Session *a, Session *b) {
    Script *script = a->core->script;
    ScriptRun *run = a->core->run;
    a->core->script = b->core->script;
    a->core->run = b->core->run;
    b->core->script = script;
    b->core->run = run;
}

bool session_save_recording_copy(Session *s, const char *replay_path, char *why, size_t why_n) {
    SessionCore *c = s->core;
    if (!c || !c->rec) {
        snprintf(why, why_n, "nothing is being recorded");
        return false;
    }
    char lp[1100];
    script_level_path_for(replay_path, c->level_path, lp, sizeof lp);
    return recorder_save_as(c->rec, replay_path, lp, why, why_n);
}

void session_drop_recording(Session *s) {
    if (!s->core) return;
    recorder_free(s->core->rec);
    s->core->rec = NULL;
}

int session_rebless(Session *s) {
    SessionCore *c = s->core;
    const char *path = script_path(c->script);
    size_t len = 0, out_len = 0;
    char *text = fs_read_file(path, SCRIPT_MAX_FILE_BYTES, &len, NULL);
    if (!text) return fail(s, 2, "bossrush: %s: cannot read it again", path);
    char *out = script_rebless_text(c->script, c->run, text, len, c->lv.hash, c->prof_hash, &out_len);
    mem_free(text);
    if (!out) return fail(s, 2, "bossrush: %s: cannot write: out of memory", path);
    bool ok = fs_write_atomic(path, out, out_len);
    int why = errno;
    mem_free(out);
    if (!ok) return fail(s, 2, "bossrush: %s: cannot write: %s", path, fs_strerror(why));
    return 0;
}

void session_close(Session *s) {
    SessionCore *c = s->core;
    if (c) {
        recorder_free(c->rec);
        script_run_free(c->run);
        if (c->has_snaps) snap_free(&c->snaps);
        script_free(c->script);
        world_free(c->w);
        level_free(&c->lv);
        mem_free(c);
    }
    memset(s, 0, sizeof *s);
}

// ---------------------------------------------------------------- the pipeline

void session_set_source(Session *s, TickSource src) { s->core->src = src; }

bool session_add_sink(Session *s, TickSink sink) {
    SessionCore *c = s->core;
    if (c->n_sinks >= SESSION_MAX_SINKS) return false;
    c->sinks[c->n_sinks++] = sink;
    return true;
}

void session_remove_sink(Session *s, const void *ctx) {
    SessionCore *c = s->core;
    if (!c) return;
    int k = 0;
    for (int i = 0; i < c->n_sinks; i++)
        if (c->sinks[i].ctx != ctx) c->sinks[k++] = c->sinks[i];
    c->n_sinks = k;
}

void session_set_step(Session *s, TickStepFn step, void *ctx) {
    s->core->step = step;
    s->core->step_ctx = ctx;
}

static bool follow_after(void *ctx, World *w, Input in) {
    (void)w, (void)in;
    Session *f = ctx;
    if (session_world(f) && !session_rc(f) && !session_done(f)) session_step(f, NULL);
    return true;
}

TickSink session_follow_sink(Session *follower) { return (TickSink){NULL, follow_after, follower}; }

bool session_keep_snapshots(Session *s, size_t budget) {
    SessionCore *c = s->core;
    if (c->has_snaps) snap_free(&c->snaps);
    c->has_snaps = snap_init(&c->snaps, c->w, &c->blocks, budget);
    return c->has_snaps;
}

SnapStore *session_snapshots(Session *s) { return s->core && s->core->has_snaps ? &s->core->snaps : NULL; }

int64_t session_restore(Session *s, int64_t tick) {
    SessionCore *c = s->core;
    return c && c->has_snaps ? snap_restore(&c->snaps, tick) : -2;
}

bool session_replace_world(Session *s, World *w, Level *lv, const MemTrack *blocks) {
    SessionCore *c = s->core;
    world_free(c->w);
    level_free(&c->lv);
    c->w = w;
    c->lv = *lv;
    memset(lv, 0, sizeof *lv);
    int n = blocks->n < SESSION_MAX_BLOCKS ? blocks->n : SESSION_MAX_BLOCKS;
    memcpy(c->block_room, blocks->b, (size_t)n * sizeof *blocks->b);
    c->blocks = (MemTrack){c->block_room, SESSION_MAX_BLOCKS, n, blocks->overflow || blocks->n > n};
    if (!c->has_snaps) return true;
    size_t budget = c->snaps.budget;
    snap_free(&c->snaps);
    c->has_snaps = snap_init(&c->snaps, c->w, &c->blocks, budget);
    return c->has_snaps;
}

const char *session_level_file(const Session *s) { return s->core ? s->core->level_path : ""; }

const char *session_recording_path(const Session *s) { return s->core ? s->core->rec_path : ""; }

// ---------------------------------------------------------------- what it holds

static const Level no_level;

const World *session_world(const Session *s) { return s->core ? s->core->w : NULL; }

World *session_world_mut(Session *s) { return s->core ? s->core->w : NULL; }

int64_t session_tick(const Session *s) { return s->core && s->core->w ? s->core->w->tick : -1; }

const Level *session_level(const Session *s) { return s->core ? &s->core->lv : &no_level; }

const Script *session_script(const Session *s) { return s->core ? s->core->script : NULL; }

const LegProfile *session_profiles(const Session *s) { return s->core ? s->core->prof : NULL; }

uint64_t session_profiles_hash(const Session *s) { return s->core ? s->core->prof_hash : 0; }

int session_rc(const Session *s) { return s->core ? s->core->rc : 2; }

const char *session_message(const Session *s) { return s->core ? s->core->msg : "bossrush: out of memory"; }

const char *session_warning(const Session *s) { return s->core ? s->core->warning : ""; }

void session_set_message(Session *s, const char *msg) {
    if (s->core) snprintf(s->core->msg, sizeof s->core->msg, "%s", msg);
}

void session_set_profiles(Session *s, const LegProfile prof[LEGS_COUNT]) {
    SessionCore *c = s->core;
    memcpy(c->prof, prof, sizeof c->prof);
    c->prof_hash = legs_profiles_hash(c->prof);
    reload_profiles(c->w, c->prof);
}

bool session_snap_init(Session *s, SnapStore *st, size_t budget) {
    return snap_init(st, s->core->w, &s->core->blocks, budget);
}

bool session_tick_through(Session *s, const Pipeline *p) { return pipeline_tick(s->core->w, p, NULL); }
