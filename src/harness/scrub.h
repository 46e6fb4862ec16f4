// scrub.h -- a script or replay opened for watching: play, step, seek
// anywhere (back too) and take over, while its checks run ahead of what is
// shown. Pure C over the session and the snapshot store; the app's viewer
// and the tests drive it.
//
// One World does everything. The *scan* simulates the file in order from
// tick 0 with its checks (checksums, expectations), keeping snapshots and
// every 60th tick's state hashes; `head` is the last tick it reached. The
// World *shown* is at `cur` <= head. Stepping forward at the head scans;
// anywhere before it, it only re-simulates (already checked). Seeking
// back restores the snapshot at or before the target and re-simulates;
// seeking past the head scans up to it. scrub_scan_ahead parks the shown
// World in an image, scans on from the head's image and brings the shown
// World back, so the checks finish while you watch.
//
// Memory: the store's budget (harness/snapshot.h), two World images (the
// parked and the head's), 2 bytes per tick for the file's buttons, per
// second of the file 8 bytes plus 8 per subsystem for the hashes a
// take-over's recording needs, and a copy of the checks' progress (a
// ScriptRun: a few bytes per check and checksum) per snapshot the scan
// made, for a re-run on edit.
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "harness/pipeline.h"
#include "harness/script.h"
#include "harness/session.h"
#include "harness/snapshot.h"
#include "harness/subsys.h"

// The checks' progress after a tick (a copy of the scan's run).
typedef struct ScrubMark {
    int64_t tick;
    ScriptRun *run;
} ScrubMark;

typedef struct Scrub {
    Session *s;                // opened with session_open_script; not owned
    int64_t end;               // the file's end tick
    int64_t head;              // the last tick the scan simulated and checked (-1: none)
    int64_t cur;               // the tick the World shows
    SnapStore st;
    Input *inputs;             // the file's buttons, ticks 0..end
    InputArray in_arr;         // the same, as the scan's source
    ScriptRun *run;            // the scan's checks
    uint8_t *parked, *head_img;  // World images (scrub_scan_ahead)
    bool head_img_valid;       // head_img holds the World at head
    // What the checks found so far.
    int sums_total;            // checksum lines in the file
    int sums_ok;               // those verified (ticks <= head, before any failure)
    int64_t fail_tick;         // the first failed check's tick; -1 none
    char fail_msg[1600];       // its message, as --headless prints it
    // The state hashes at ticks 0, 60, 120 ... <= head (a take-over's recording).
    HashLog log;
    // The checks' progress at the ticks the scan kept a snapshot at, for a
    // re-run to resume from (scrub_rerun): ascending ticks.
    ScrubMark *marks;
    int mark_n, mark_cap;
    int64_t mark_every;        // the store's interval when the marks were last thinned
} Scrub;

// Builds the scrub for an opened script session whose World has not
// stepped yet. False (session_message) on no memory.
bool scrub_init(Scrub *sc, Session *s);
void scrub_free(Scrub *sc);
// One tick forward from cur (nothing at the end). The World's events are
// that tick's, for effects and sound.
void scrub_step(Scrub *sc);
// Shows tick t (clamped to 0..end): a restore and up to an interval of
// re-simulation, or a scan when t is past the head.
void scrub_seek(Scrub *sc, int64_t t);
// Scans at most max_ticks further without moving what is shown.
void scrub_scan_ahead(Scrub *sc, int max_ticks);
// True once the scan has checked the whole file.
bool scrub_verified(const Scrub *sc);
// The watched file changed: fresh is a session just opened on the new
// file (not stepped). When it runs the same World (level, leg profiles,
// seed, setup) with the same checks and checksums, only its buttons
// differ: its script moves into the scrub's session (fresh gets the old
// one; close it), the snapshots after the first tick whose buttons differ
// are dropped, the World and the checks go back to the newest snapshot
// before that tick, and the shown tick (clamped to the new end) is reached
// from there with the new buttons and checked on the way. Returns the tick
// it went back to (-1: the start), or -2 when the file changed more than
// its buttons (nothing touched: open it again from tick 0).
int64_t scrub_rerun(Scrub *sc, Session *fresh);
// Hands the World over to live play at cur: the session drops its script
// and records from now on into a replay for replay_path that holds the
// file's buttons of ticks 0..cur (with the scan's checksums) and, after
// them, whatever the session is stepped with. The scrub is freed. False
// (session_message) on no memory; the scrub is then still usable.
bool scrub_take_over(Scrub *sc, const char *replay_path);
