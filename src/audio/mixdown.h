// mixdown.h -- a replay's sound mixed offline (--export OUT.wav, and the
// sound track of --export OUT.mp4): each tick's events through the same
// mixer the live device plays (audio/mixer.h), no device, no clock, so
// the same replay always gives the same samples.
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "harness/session.h"

typedef struct MixStats {
    int64_t frames;            // stereo frames written
    int peak;                  // largest |sample|, 0..32767
    double rms;                // root mean square, 0..1 of full scale
} MixStats;

// Steps the open session s from its tick to last (music on from the start,
// as in a fight, at the default volumes), mixing MIX_TICK_FRAMES a tick,
// and writes ticks first..last to out_wav (44.1 kHz 16-bit stereo,
// atomically). False with s->rc set when the replay failed (desync), or
// with why when the sounds could not be read or the file written.
bool mixdown_replay(Session *s, int64_t first, int64_t last, const char *assets_dir, const char *out_wav,
                    MixStats *st, char *why, size_t why_n);
// dBFS of a sample level 0..1 (-inf printed as -999).
double mixdown_dbfs(double level);
