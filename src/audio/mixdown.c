// mixdown.c -- the offline mix of a replay (see mixdown.h).
#include "audio/mixdown.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "audio/mixer.h"
#include "audio/wav.h"
#include "core/fs.h"
#include "core/mem.h"
#include "sim/world.h"

double mixdown_dbfs(double level) { return level > 0.0 ? 20.0 * log10(level) : -999.0; }

bool mixdown_replay(Session *s, int64_t first, int64_t last, const char *assets_dir, const char *out_wav,
                    MixStats *st, char *why, size_t why_n) {
    memset(st, 0, sizeof *st);
    why[0] = '\0';
    Mixer *m = mixer_new();
    if (mixer_load(m, assets_dir) == 0) {
        snprintf(why, why_n, "no sound could be read from %s/sfx", assets_dir);
        mixer_free(m);
        return false;
    }
    mixer_music(m, true);
    int64_t ticks = last - first + 1;
    size_t frames = (size_t)(ticks > 0 ? ticks : 0) * MIX_TICK_FRAMES;
    uint8_t *file = mem_alloc(44 + frames * 4, 1);
    int16_t *pcm = (int16_t *)(void *)(file + 44);
    int16_t scratch[2 * MIX_TICK_FRAMES];
    size_t at = 0;
    bool ok = true;
    while (session_tick(s) < last) {
        if (!session_step(s, NULL)) {
            ok = false;
            break;
        }
        mixer_events(m, &session_world(s)->events);
        bool keep = session_tick(s) >= first && at < frames;
        mixer_render(m, keep ? pcm + 2 * at : scratch, MIX_TICK_FRAMES);
        if (keep) at += MIX_TICK_FRAMES;
    }
    mixer_free(m);
    if (ok) {
        double sum = 0.0;
        for (size_t i = 0; i < 2 * at; i++) {
            int v = pcm[i] < 0 ? -pcm[i] : pcm[i];
            if (v > st->peak) st->peak = v;
            sum += (double)pcm[i] * (double)pcm[i];
        }
        st->frames = (int64_t)at;
        st->rms = at ? sqrt(sum / (double)(2 * at)) / 32768.0 : 0.0;
        // The samples are little-endian in the file (every target we build is).
        wav_header(file, MIX_RATE, 2, (uint32_t)at);
        if (!fs_write_atomic(out_wav, file, 44 + at * 4)) {
            snprintf(why, why_n, "cannot write %s: %s", out_wav, fs_strerror(errno));
            ok = false;
        }
    }
    mem_free(file);
    return ok;
}
