// fight.h -- one play session of the app: the arena played (its Session),
// its recording (kept in the replay folder and, with --record, in its
// file), the ghost raced beside it, the presentation timing (app/pace.h),
// the hits taken, the boss rush it belongs to and the results. Pure (no
// SDL): the app feeds it input and acts on what it reports (sounds,
// screens); unit-tested in tests/unit/test_fight.c.
//
//     fight_init(&f, &env);
//     if (!fight_start(&f, path, &setup, ghost)) ... session_message(&f.play) says why
//     each tick: if (fight_tick(&f, &in, playing)) { fight_results(&f, ...); show them }
//     fight_end(&f);              // the recording kept, the ghost and the arena closed
//
// The teardown order lives here alone: the recording is kept (it needs the
// World) before the session it records is closed.
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "app/pace.h"
#include "harness/session.h"
#include "platform/best.h"
#include "sim/rush.h"

#define MAX_LEVELS 64
#define RESULTS_DELAY 100      // ticks between the end of a fight and the results

typedef enum PlayMode {
    MODE_RUSH = 0,             // levels/*.lvl in name order, hearts carried over (sim/rush.h)
    MODE_PRACTICE,             // one arena picked on the practice screen
    MODE_SINGLE,               // --level FILE
    MODE_TAKEOVER,             // a replay taken over in the viewer (no best times; retry takes over again)
} PlayMode;

// What the results screen shows, fixed when it opens.
typedef struct Results {
    bool won;
    int64_t ticks;             // this attempt's fight time
    int hits;                  // hits taken in it
    int hp_left, hp_max;
    int64_t best;              // the arena's record before this run (0: none)
    bool new_best;
    bool rush_done;            // the last arena of a rush was won
    int next_hp;               // rush, won, more to come: hearts for the next arena
    int64_t rush_best;         // rush_done: the rush's record before (0: none)
    bool rush_new_best;
} Results;

// Where a fight keeps what it records and reads what it races; fixed for
// the app's life (the strings are the app's and must outlive the fight).
typedef struct FightEnv {
    const char *replays_dir;   // <pref>/replays; "" when there is none (nothing kept, no ghost)
    const char *record_path;   // --record FILE, or NULL
    const char *legs_dir;      // the ghost's leg profiles
    BestTimes *best;           // the records the results offer a time to
    double (*now_s)(void);     // a clock for the keep's log line (NULL: none)
} FightEnv;

typedef struct Fight {
    FightEnv env;
    Session play;              // the arena played, or the file the viewer shows
    Session ghost;             // the best run raced: play's follower sink steps it with play
    PlayMode mode;
    int level_idx;             // the arena's place in levels/ (rush, practice)
    Rush rush;
    Difficulty rush_difficulty;  // fixed when a rush begins; the settings' may change meanwhile
    int hits;                  // hits taken in the current attempt
    int after_end;             // ticks stepped since the fight ended
    Results res;
    // The presentation timing (warning card, hit-stop, slow motion) and the
    // arena its card was last shown for (mode * MAX_LEVELS + level; -1
    // none): the same again is a retry.
    Pace pace;
    int paced_arena;
    char takeover_from[1024];  // MODE_TAKEOVER: the replay and tick taken over (retry does it again)
    int64_t takeover_tick;
    char note[160];            // what the player should be told after fight_start ("" nothing)
} Fight;

// A fight with nothing open yet.
void fight_init(Fight *f, const FightEnv *env);
// Ends the fight before (fight_end), then opens level_path as a bare arena
// with setup: behind its warning card (shorter for the same arena again),
// no hits, recorded (to the replay folder, and to --record's file), the
// ghost of the arena's best run beside it when ghost. session_warning(&f->play): a
// problem that did not stop it. False when the level does not open:
// session_message(&f->play) says why; fight_end closes it.
bool fight_start(Fight *f, const char *level_path, const SessionSetup *setup, bool ghost);
// A new boss rush over `arenas` arenas at difficulty d, from the first.
void fight_rush_begin(Fight *f, int arenas, Difficulty d);
// One tick of the arena with input in (NULL: no buttons): the play
// session's one pipeline tick, whose follower sink steps the ghost with
// it; then the pacing and hits from its events. playing: the fight is on
// screen (not under the results). True when the results are due now (the
// fight ended RESULTS_DELAY ticks ago).
bool fight_tick(Fight *f, const Input *in, bool playing);
// The attempt is over: its recording kept, f->res fixed (the time, the
// hits, the records, the rush's next step). level_path: the arena's key
// for the best times; edited / rush_edited: a level reloaded mid-fight (no
// record). True when a record was beaten (the best times need saving).
bool fight_results(Fight *f, const char *level_path, bool edited, bool rush_edited);
// An attempt left before its end (retry or quit) still counts in the rush.
void fight_abandon(Fight *f);
// The viewer handed its file over to live play at tick `at`.
void fight_taken_over(Fight *f, const char *from, int64_t at);
// A recording live tuning cut short (saved up to last_tick): without
// --record it was saved under the folder's working name, so it gets its
// kept name (result `quit`) and the folder is pruned.
void fight_keep_cut(Fight *f, int64_t last_tick);
// The teardown: the recording kept (a result of won, lost or quit), the
// ghost closed, then the arena's session. Safe to call again.
void fight_end(Fight *f);
// The replay file --record FILE gives the arena played: FILE alone for
// MODE_SINGLE, else FILE-N.rpl (N the arena's place in levels/, 1-based;
// a trailing .rpl of FILE dropped).
void fight_record_path(const Fight *f, char *out, size_t n);
