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
#include "sim/tmj.h"

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int fail(Session *s, int rc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->msg, sizeof s->msg, fmt, ap);
    va_end(ap);
    s->rc = rc;
    return rc;
}

static int fail_parse(Session *s, const ParseError *err) {
    parse_error_format(err, s->msg, sizeof s->msg);
    s->rc = 2;
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

// True when text starts (after a BOM and blanks) like an XML document.
static bool looks_like_xml(const char *text, size_t len) {
    size_t i = len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3) ? 3 : 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')) i++;
    return i < len && text[i] == '<';
}

bool session_load_level(Level *lv, const char *path, ParseError *err) {
    memset(lv, 0, sizeof *lv);
    if (!path) path = "";
    bool tiled = tmj_is_path(path);
    size_t len = 0;
    char *buf = text_read_file(path, tiled ? TMJ_MAX_FILE_BYTES : LEVEL_MAX_FILE_BYTES, "level", &len, err);
    if (!buf) return false;
    if (!tiled && looks_like_xml(buf, len)) {
        // Tiled saves .tmx (XML) by default: say how to get the JSON form.
        parse_error_set(err, path, 1, 1,
                        "this is a Tiled map in XML (.tmx); bossrush reads Tiled's JSON maps: in Tiled choose "
                        "File > Save As... or Export As... 'JSON map files (*.tmj)', or run "
                        "'tiled --export-map json MAP.tmx MAP.tmj', and load the .tmj (docs/tiled.md)");
        mem_free(buf);
        return false;
    }
    TmjFiles files = {read_tileset, path};
    bool ok = tiled ? tmj_parse(lv, buf, len, path, &files, err) : level_parse(lv, buf, len, path, err);
    mem_free(buf);
    return ok;
}

// The leg profiles for the World: from setup->legs_dir, or built in when
// there is none or a file there cannot be read (a warning then).
static bool open_profiles(Session *s, const SessionSetup *setup) {
    ParseError err;
    memset(&err, 0, sizeof err);
    const char *dir = setup ? setup->legs_dir : NULL;
    if (setup && setup->profiles) {
        memcpy(s->prof, setup->profiles, sizeof s->prof);
        snprintf(s->prof_from, sizeof s->prof_from, "the leg profiles in use");
    } else if (dir && profiles_load(dir, s->prof, &err)) {
        snprintf(s->prof_from, sizeof s->prof_from, "the leg profiles in %s", dir);
    } else if (dir && err.line != 0) {
        fail_parse(s, &err);               // malformed: as bad as a bad level
        return false;
    } else {
        if (dir) {
            char msg[1200];
            parse_error_format(&err, msg, sizeof msg);
            snprintf(s->warning, sizeof s->warning, "%s (using the built-in leg profiles)", msg);
        }
        memset(&err, 0, sizeof err);
        if (!profiles_builtin(s->prof, &err)) {
            fail_parse(s, &err);
            return false;
        }
        snprintf(s->prof_from, sizeof s->prof_from, "the built-in leg profiles");
    }
    s->prof_hash = legs_profiles_hash(s->prof);
    return true;
}

// The level, the profiles and the World.
static int build_world(Session *s, const char *level_path, const SessionSetup *setup) {
    ParseError err;
    memset(&err, 0, sizeof err);
    snprintf(s->level_path, sizeof s->level_path, "%s", level_path);
    if (!session_load_level(&s->lv, level_path, &err)) return fail_parse(s, &err);
    if (!open_profiles(s, setup)) return s->rc;
    WorldSetup ws = {
        .level = &s->lv,
        .profiles = s->prof,
        .use_seed = s->use_seed,
        .seed = s->seed,
        .difficulty = s->difficulty,
        .assist_wiggle = s->assist_wiggle,
        .start_hp = s->start_hp,
    };
    s->blocks.b = s->block_room;
    s->blocks.cap = SESSION_MAX_BLOCKS;
    mem_track_begin(&s->blocks);
    s->w = world_create(&ws, &err);
    mem_track_end();
    if (!s->w) return fail_parse(s, &err);
    return 0;
}

int session_open_level(Session *s, const char *path, const SessionSetup *setup) {
    memset(s, 0, sizeof *s);
    if (setup && setup->use_seed) {
        s->use_seed = true;
        s->seed = setup->seed;
    }
    if (setup) {
        s->difficulty = setup->difficulty;
        s->assist_wiggle = setup->assist_wiggle;
        s->start_hp = setup->start_hp;
    }
    return build_world(s, path, setup);
}

int session_open_script(Session *s, const char *path, const SessionSetup *setup) {
    memset(s, 0, sizeof *s);
    ParseError err;
    memset(&err, 0, sizeof err);
    s->script = script_load(path, &err);
    if (!s->script) return fail_parse(s, &err);
    const char *sp = script_path(s->script), *lp = script_level_path(s->script);
    int line, col;
    script_level_pos(s->script, &line, &col);
    const char *why = fs_unreadable(lp);
    if (why)
        return fail(s, 2, "%s:%d:%d: cannot open level file '%s': %s", sp, line, col,
                    script_level_given(s->script), why);
    s->use_seed = script_seed(s->script, &s->seed);
    s->difficulty = (Difficulty)script_difficulty(s->script);
    s->assist_wiggle = script_assist_wiggle(s->script);
    s->start_hp = script_hearts(s->script);
    if (build_world(s, lp, setup)) return s->rc;
    bool rebless = setup && setup->rebless;
    uint64_t want;
    if (!rebless && script_level_hash(s->script, &want) && want != s->lv.hash)
        return fail(s, 1,
                    "%s:%d:%d: level changed since the replay was recorded: the replay has level hash %016" PRIx64
                    ", %s now hashes to %016" PRIx64,
                    sp, line, col, want, lp, s->lv.hash);
    int legs_line, legs_col;
    if (!rebless && script_legs_hash(s->script, &want, &legs_line, &legs_col) && want != s->prof_hash)
        return fail(s, 1,
                    "%s:%d:%d: leg profiles changed since the replay was recorded: the replay has leg profiles hash "
                    "%016" PRIx64 ", %s now hash to %016" PRIx64,
                    sp, legs_line, legs_col, want, s->prof_from, s->prof_hash);
    s->run = script_run_new(s->script);
    if (!s->run) return fail(s, 2, "bossrush: out of memory");
    script_run_set_rebless(s->run, rebless);
    return 0;
}

bool session_record(Session *s, const char *replay_path) {
    char lp[1100];
    script_level_path_for(replay_path, s->level_path, lp, sizeof lp);
    recorder_free(s->rec);
    s->rec = recorder_new(lp, s->lv.hash, s->prof_hash);
    if (!s->rec) {
        snprintf(s->msg, sizeof s->msg, "bossrush: cannot record: out of memory");
        return false;
    }
    if (s->use_seed) recorder_set_seed(s->rec, s->seed);
    recorder_set_setup(s->rec, (int)s->difficulty, s->assist_wiggle, s->start_hp);
    snprintf(s->rec_path, sizeof s->rec_path, "%s", replay_path);
    return true;
}

bool session_recording(const Session *s) { return s->rec != NULL; }

bool session_step(Session *s, const Input *live) {
    if (s->rc) return false;
    Input in = live ? *live : (Input){0};
    if (s->run) in = script_run_input(s->run, s->w->tick + 1);
    world_step(s->w, in);
    if (s->rec) recorder_tick(s->rec, s->w, in);
    if (s->run && !script_run_check(s->run, s->w)) {
        fail(s, 1, "%s", script_run_message(s->run));
        return false;
    }
    return true;
}

bool session_done(const Session *s) { return s->script && s->w->tick >= script_end_tick(s->script); }

int session_finish(Session *s) {
    if (s->rc == 0 && s->run && !script_run_finish(s->run)) fail(s, 1, "%s", script_run_message(s->run));
    return s->rc;
}

bool session_save_recording(Session *s, char *why, size_t why_n) {
    if (!s->rec) {
        snprintf(why, why_n, "nothing is being recorded");
        return false;
    }
    bool ok = recorder_save(s->rec, s->rec_path, why, why_n);
    recorder_free(s->rec);
    s->rec = NULL;
    return ok;
}

void session_take_over(Session *s, Recorder *rec, const char *replay_path) {
    script_run_free(s->run);
    script_free(s->script);
    s->run = NULL;
    s->script = NULL;
    recorder_free(s->rec);
    s->rec = rec;
    snprintf(s->rec_path, sizeof s->rec_path, "%s", replay_path);
}

bool session_save_recording_copy(Session *s, const char *replay_path, char *why, size_t why_n) {
    if (!s->rec) {
        snprintf(why, why_n, "nothing is being recorded");
        return false;
    }
    char lp[1100];
    script_level_path_for(replay_path, s->level_path, lp, sizeof lp);
    return recorder_save_as(s->rec, replay_path, lp, why, why_n);
}

void session_drop_recording(Session *s) {
    recorder_free(s->rec);
    s->rec = NULL;
}

int session_rebless(Session *s) {
    const char *path = script_path(s->script);
    size_t len = 0, out_len = 0;
    char *text = fs_read_file(path, SCRIPT_MAX_FILE_BYTES, &len, NULL);
    if (!text) return fail(s, 2, "bossrush: %s: cannot read it again", path);
    char *out = script_rebless_text(s->script, s->run, text, len, s->lv.hash, s->prof_hash, &out_len);
    mem_free(text);
    if (!out) return fail(s, 2, "bossrush: %s: cannot write: out of memory", path);
    bool ok = fs_write_atomic(path, out, out_len);
    int why = errno;
    mem_free(out);
    if (!ok) return fail(s, 2, "bossrush: %s: cannot write: %s", path, fs_strerror(why));
    return 0;
}

void session_close(Session *s) {
    recorder_free(s->rec);
    script_run_free(s->run);
    script_free(s->script);
    world_free(s->w);
    level_free(&s->lv);
    memset(s, 0, sizeof *s);
}
