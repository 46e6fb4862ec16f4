// fight.c -- one play session of the app (see fight.h): start, tick, results
// and the one teardown; the recording kept in the replay folder and the
// ghost of the arena's best run.
//
// Cost: a recording is the recorder's text in memory (a line per button
// change, one per second for the checksums), so playing costs nothing you
// can see; the file is written once, when the arena ends, atomically, and
// pruning only ever deletes files of the folder's own name form, so what
// was saved stays saved whatever happens to the process.
#include "app/fight.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/fs.h"
#include "core/log.h"
#include "platform/replays.h"

void fight_init(Fight *f, const FightEnv *env) {
    memset(f, 0, sizeof *f);
    f->env = *env;
    f->paced_arena = -1;
}

void fight_record_path(const Fight *f, char *out, size_t n) {
    const char *file = f->env.record_path;
    if (f->mode == MODE_SINGLE) {
        snprintf(out, n, "%s", file);
        return;
    }
    size_t l = strlen(file);
    int stem = (int)(l > 4 && strcmp(file + l - 4, ".rpl") == 0 ? l - 4 : l);
    snprintf(out, n, "%.*s-%d.rpl", stem, file, f->level_idx + 1);
}

// ---------------------------------------------------------------- keeping

static void keep_start(Fight *f, const char *record_path) {
    // The level path in a replay is relative to its folder; the folder's
    // copy gets its own when it is written (session_save_recording_copy).
    char here[1200];
    if (!record_path) {
        if (!f->env.replays_dir[0]) return;
        fs_join(f->env.replays_dir, "recording.rpl", here, sizeof here);
        record_path = here;
    }
    if (!session_record(&f->play, record_path)) log_warn("cannot record: out of memory");
}

void fight_keep_cut(Fight *f, int64_t last_tick) {
    Session *s = &f->play;
    if (f->env.record_path || !f->env.replays_dir[0] || !session_world(s)) return;
    char from[1200], path[1400];
    fs_join(f->env.replays_dir, "recording.rpl", from, sizeof from);
    if (!replays_new_path(f->env.replays_dir, time(NULL), session_level_file(s), session_level(s)->hash,
                          session_world(s)->difficulty, "quit", last_tick + 1, path, sizeof path))
        return;
    // The same folder: the level path inside stays right.
    if (rename(from, path) != 0) log_warn("%s: replay not kept: %s", path, fs_strerror(errno));
    else replays_prune(f->env.replays_dir, REPLAYS_KEEP);
}

static double now_s(const Fight *f) { return f->env.now_s ? f->env.now_s() : 0.0; }

// The arena's recording ends: kept in the replay folder and, with
// --record (not for a take-over), saved to its file too.
static void keep_finish(Fight *f) {
    Session *s = &f->play;
    if (!session_recording(s) || !session_world(s)) return;
    char record_path[1200];
    bool to_file = f->env.record_path && f->mode != MODE_TAKEOVER;
    if (to_file) fight_record_path(f, record_path, sizeof record_path);
    const World *w = session_world(s);
    const char *result = w->state == GAME_WON ? "won" : w->state == GAME_LOST ? "lost" : "quit";
    // The fight's time for a win or a fall, else the ticks played.
    int64_t ticks = w->state == GAME_PLAYING ? w->tick + 1 : w->state_tick + 1;
    const char *dir = f->env.replays_dir;
    char path[1400], why[1300];
    if (dir[0] && replays_new_path(dir, time(NULL), session_level_file(s), session_level(s)->hash, w->difficulty,
                                   result, ticks, path, sizeof path)) {
        double t0 = now_s(f);
        if (session_save_recording_copy(s, path, why, sizeof why)) {
            int gone = replays_prune(dir, REPLAYS_KEEP);
            log_info("replay kept: %s (%.1f ms%s)", path, (now_s(f) - t0) * 1e3, gone ? ", older ones pruned" : "");
        } else {
            log_warn("%s: replay not kept: %s", path, why);
        }
    } else if (dir[0]) {
        log_warn("%s: cannot write a replay there", dir);
    }
    if (to_file) {
        if (session_save_recording(s, why, sizeof why)) log_info("replay saved: %s", record_path);
        else log_warn("%s: replay not saved: %s", record_path, why);
    } else {
        session_drop_recording(s);
    }
}

// ---------------------------------------------------------------- ghost

static void note(Fight *f, const char *msg) { snprintf(f->note, sizeof f->note, "%s", msg); }

// The ghost steps as a sink of the play session (session_follow_sink): one
// tick of its replay with each tick of the fight, in the fight's
// pipeline_tick, until the replay ends.
static void ghost_close(Fight *f) {
    session_remove_sink(&f->play, &f->ghost);
    session_close(&f->ghost);
}

static void ghost_start(Fight *f) {
    ghost_close(f);
    const char *dir = f->env.replays_dir;
    if (f->mode == MODE_TAKEOVER || !session_world(&f->play) || !dir[0]) return;
    ReplayList l;
    if (!replays_list(dir, &l)) return;
    char arena[REPLAYS_ARENA_MAX], path[1400];
    replays_arena_of(session_level_file(&f->play), session_level(&f->play)->hash, arena, sizeof arena);
    const ReplayInfo *best = replays_best(&l, arena, session_world(&f->play)->difficulty);
    bool found = best && fs_join(dir, best->name, path, sizeof path);
    replays_list_free(&l);
    if (!found) {
        note(f, "GHOST: NO WON RUN OF THIS ARENA AT THIS DIFFICULTY YET");
        return;
    }
    SessionSetup setup = {.legs_dir = f->env.legs_dir};
    if (session_open_script(&f->ghost, path, &setup)) {
        log_warn("ghost: %s", session_message(&f->ghost));
        note(f, "GHOST: THE BEST RUN NO LONGER PLAYS (THE ARENA CHANGED)");
        session_close(&f->ghost);
    } else if (!session_add_sink(&f->play, session_follow_sink(&f->ghost))) {
        log_warn("ghost: the fight has no room for another sink");
        session_close(&f->ghost);
    }
}

// A check of the ghost's replay failed (its World stopped where it was):
// it is put away.
static void ghost_check(Fight *f) {
    Session *g = &f->ghost;
    if (!session_world(g) || !session_rc(g)) return;
    log_warn("ghost: %s", session_message(g));
    ghost_close(f);
}

// ---------------------------------------------------------------- the fight

void fight_end(Fight *f) {
    keep_finish(f);
    ghost_close(f);
    session_close(&f->play);
}

bool fight_start(Fight *f, const char *level_path, const SessionSetup *setup, bool ghost) {
    fight_end(f);
    f->note[0] = 0;
    if (session_open_level(&f->play, level_path, setup) != 0) return false;
    int arena = (int)f->mode * MAX_LEVELS + f->level_idx;
    pace_start(&f->pace, arena == f->paced_arena);
    f->paced_arena = arena;
    f->after_end = 0;
    f->hits = 0;
    // Always recorded (the replay folder); with --record also to its file,
    // whose level path is written relative to the replay's folder, so the
    // replay plays from any working directory.
    char rpl[1200];
    if (f->env.record_path) fight_record_path(f, rpl, sizeof rpl);
    keep_start(f, f->env.record_path ? rpl : NULL);
    if (ghost) ghost_start(f);
    return true;
}

void fight_rush_begin(Fight *f, int arenas, Difficulty d) {
    rush_begin(&f->rush, arenas);
    f->rush_difficulty = d;
}

bool fight_tick(Fight *f, const Input *in, bool playing) {
    const World *w = session_world(&f->play);
    session_step(&f->play, in);   // the ghost too, as its sink
    ghost_check(f);
    pace_events(&f->pace, &w->events);
    for (int i = 0; i < w->events.count; i++) f->hits += w->events.e[i].type == EV_PLAYER_HURT;
    return w->state != GAME_PLAYING && playing && ++f->after_end >= RESULTS_DELAY;
}

bool fight_results(Fight *f, const char *level_path, bool edited, bool rush_edited) {
    keep_finish(f);
    const World *w = session_world(&f->play);
    Results *r = &f->res;
    memset(r, 0, sizeof *r);
    r->won = w->state == GAME_WON;
    r->ticks = w->state_tick + 1;
    r->hits = f->hits;
    r->hp_left = w->player.hp > 0 ? w->player.hp : 0;
    r->hp_max = w->player.hp_max;
    bool saved = false;
    if (r->won && f->mode != MODE_TAKEOVER) {      // a take-over sets no record
        char key[BEST_KEY_MAX];
        r->best =
            best_get_arena(f->env.best, level_path, session_level(&f->play)->hash, w->difficulty, key, sizeof key);
        // A level reloaded mid-fight (live tuning) sets no record.
        r->new_best = !edited && best_offer(f->env.best, key, r->ticks);
        saved = r->new_best;
    }
    if (f->mode == MODE_RUSH) {
        rush_attempt_end(&f->rush, r->won, r->ticks, r->hits, r->hp_left, r->hp_max);
        r->rush_done = f->rush.complete;
        if (r->won && !r->rush_done) r->next_hp = rush_start_hp(&f->rush);
        if (r->rush_done) {
            char key[BEST_KEY_MAX];
            best_key_rush(key, sizeof key, f->rush_difficulty);
            r->rush_best = best_get(f->env.best, key);
            r->rush_new_best = !rush_edited && best_offer(f->env.best, key, f->rush.ticks);
            saved = saved || r->rush_new_best;
        }
    }
    return saved;
}

void fight_abandon(Fight *f) {
    const World *w = session_world(&f->play);
    if (f->mode != MODE_RUSH || !w || w->state != GAME_PLAYING) return;
    rush_attempt_end(&f->rush, false, w->tick + 1, f->hits, 0, w->player.hp_max);
}

void fight_taken_over(Fight *f, const char *from, int64_t at) {
    snprintf(f->takeover_from, sizeof f->takeover_from, "%s", from);
    f->takeover_tick = at;
    f->mode = MODE_TAKEOVER;
    f->hits = 0;
    f->after_end = 0;
}
