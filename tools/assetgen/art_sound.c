// art_sound.c -- every sound effect and the music loop, synthesized from
// oscillators, envelopes and seeded noise and written as 16-bit mono PCM
// WAV files (the music as Ogg Vorbis, art_ogg.c). Deterministic: the same
// bytes on every run.
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "art.h"
#include "core/fs.h"

#define RATE 22050
#define TAU 6.283185307179586

typedef struct Buf {
    float *s;
    int n;
} Buf;

static bool buf_new(Buf *b, double seconds) {
    b->n = (int)(seconds * RATE);
    b->s = calloc((size_t)b->n, sizeof *b->s);
    return b->s != NULL;
}

// Deterministic white noise in [-1, 1).
typedef struct Noise {
    uint32_t x;
} Noise;

static float noise_next(Noise *n) {
    n->x ^= n->x << 13;
    n->x ^= n->x >> 17;
    n->x ^= n->x << 5;
    return (float)((n->x >> 8) / 8388608.0 - 1.0);
}

static uint8_t *put16(uint8_t *p, unsigned v) {
    p[0] = (uint8_t)(v & 255);
    p[1] = (uint8_t)((v >> 8) & 255);
    return p + 2;
}

static uint8_t *put32(uint8_t *p, uint32_t v) { return put16(put16(p, v & 0xffff), v >> 16); }

// Short fades at both ends: no click when a sound starts, stops or loops.
static void fade_ends(Buf *b) {
    int fin = RATE / 2000, fout = RATE / 200;
    for (int i = 0; i < fin && i < b->n; i++) b->s[i] *= (float)i / (float)fin;
    for (int i = 0; i < fout && i < b->n; i++) b->s[b->n - 1 - i] *= (float)i / (float)fout;
}

// Writes b as Ogg Vorbis, normalised to peak `peak` and faded at the ends as
// wav_save does. Frees b.
static bool ogg_save(Buf *b, const char *dir, const char *name, double peak) {
    char path[1024];
    bool ok = art_path(dir, name, path, sizeof path);
    float mx = 1e-9f;
    for (int i = 0; i < b->n; i++) mx = fabsf(b->s[i]) > mx ? fabsf(b->s[i]) : mx;
    fade_ends(b);
    for (int i = 0; i < b->n; i++) b->s[i] = (float)(b->s[i] * (peak / mx));
    ok = ok && art_ogg_save(path, b->s, b->n, RATE, 0.4f);
    free(b->s);
    return ok;
}

// Writes b as a 16-bit mono WAV, normalised to peak `peak` (0..1). Frees b.
// The file is built in memory and written atomically (temp file + rename).
static bool wav_save(Buf *b, const char *dir, const char *name, double peak) {
    char path[1024];
    bool ok = art_path(dir, name, path, sizeof path);
    float mx = 1e-9f;
    for (int i = 0; i < b->n; i++) mx = fabsf(b->s[i]) > mx ? fabsf(b->s[i]) : mx;
    uint32_t bytes = (uint32_t)b->n * 2;
    uint8_t *wav = ok ? malloc(44 + (size_t)bytes) : NULL;
    if (!wav) {
        if (ok) fprintf(stderr, "assetgen: %s: out of memory\n", path);
        free(b->s);
        return false;
    }
    uint8_t *p = wav;
    memcpy(p, "RIFF", 4);
    p = put32(p + 4, 36 + bytes);
    memcpy(p, "WAVEfmt ", 8);
    p = put32(p + 8, 16);
    p = put16(p, 1);           // PCM
    p = put16(p, 1);           // mono
    p = put32(p, RATE);
    p = put32(p, RATE * 2);
    p = put16(p, 2);
    p = put16(p, 16);
    memcpy(p, "data", 4);
    p = put32(p + 4, bytes);
    double k = peak / mx;
    fade_ends(b);
    for (int i = 0; i < b->n; i++) {
        long v = lround(b->s[i] * k * 32767.0);
        if (v > 32767) v = 32767;
        if (v < -32767) v = -32767;
        p = put16(p, (unsigned)(v & 0xffff));
    }
    ok = fs_write_atomic(path, wav, (size_t)(p - wav));
    if (!ok) fprintf(stderr, "assetgen: cannot write %s: %s\n", path, strerror(errno));
    free(wav);
    free(b->s);
    return ok;
}

// Attack-decay envelope: linear rise over a seconds, exponential fall.
static double env(double t, double a, double decay) {
    if (t < a) return t / a;
    return exp(-(t - a) / decay);
}

static double square(double ph) { return fmod(ph, 1.0) < 0.5 ? 1.0 : -1.0; }
static double saw(double ph) { return 2.0 * fmod(ph, 1.0) - 1.0; }
static double sine(double ph) { return sin(TAU * ph); }
static double tri(double ph) { double p = fmod(ph, 1.0); return p < 0.5 ? 4 * p - 1 : 3 - 4 * p; }

// One-pole low-pass in place; cutoff in Hz.
static void lowpass(Buf *b, double hz) {
    double a = 1 - exp(-TAU * hz / RATE);
    double y = 0;
    for (int i = 0; i < b->n; i++) {
        y += a * (b->s[i] - y);
        b->s[i] = (float)y;
    }
}

// Pitch sweep oscillator: frequency glides exponentially f0 -> f1.
static void sweep(Buf *b, double f0, double f1, double (*osc)(double), double a, double decay, double gain) {
    double ph = 0, dur = b->n / (double)RATE;
    for (int i = 0; i < b->n; i++) {
        double t = i / (double)RATE;
        double f = f0 * pow(f1 / f0, t / dur);
        ph += f / RATE;
        b->s[i] += (float)(osc(ph) * env(t, a, decay) * gain);
    }
}

static void noise_burst(Buf *b, uint32_t seed, double a, double decay, double gain) {
    Noise n = {seed};
    for (int i = 0; i < b->n; i++) b->s[i] += (float)(noise_next(&n) * env(i / (double)RATE, a, decay) * gain);
}

static bool sfx_shot(const char *dir) {
    Buf b;
    if (!buf_new(&b, 0.11)) return false;
    sweep(&b, 1400, 380, square, 0.002, 0.035, 0.5);
    noise_burst(&b, 7, 0.001, 0.012, 0.4);
    lowpass(&b, 5000);
    return wav_save(&b, dir, "sfx/shot.wav", 0.7);
}

static bool sfx_enemy_shot(const char *dir) {
    Buf b;
    if (!buf_new(&b, 0.18)) return false;
    sweep(&b, 620, 180, saw, 0.004, 0.06, 0.5);
    sweep(&b, 310, 90, tri, 0.004, 0.08, 0.4);
    lowpass(&b, 2600);
    return wav_save(&b, dir, "sfx/enemy_shot.wav", 0.55);
}

static bool sfx_hit(const char *dir) {
    Buf b;
    if (!buf_new(&b, 0.12)) return false;
    noise_burst(&b, 21, 0.001, 0.03, 0.7);
    sweep(&b, 220, 70, sine, 0.001, 0.05, 0.8);
    lowpass(&b, 3200);
    return wav_save(&b, dir, "sfx/hit.wav", 0.7);
}

static bool sfx_blocked(const char *dir) {
    Buf b;
    if (!buf_new(&b, 0.16)) return false;
    sweep(&b, 1900, 1800, sine, 0.001, 0.05, 0.5);
    sweep(&b, 2870, 2800, sine, 0.001, 0.03, 0.35);
    noise_burst(&b, 33, 0.0005, 0.006, 0.3);
    return wav_save(&b, dir, "sfx/blocked.wav", 0.45);
}

static bool sfx_hurt(const char *dir) {
    Buf b;
    if (!buf_new(&b, 0.32)) return false;
    double ph = 0;
    for (int i = 0; i < b.n; i++) {
        double t = i / (double)RATE;
        double f = 420 * pow(0.3, t / 0.32) * (1 + 0.06 * sin(TAU * 28 * t));
        ph += f / RATE;
        b.s[i] = (float)(saw(ph) * env(t, 0.003, 0.12) * 0.6);
    }
    noise_burst(&b, 45, 0.001, 0.04, 0.35);
    lowpass(&b, 2400);
    return wav_save(&b, dir, "sfx/hurt.wav", 0.75);
}

static bool sfx_dead(const char *dir) {
    Buf b;
    if (!buf_new(&b, 1.1)) return false;
    static const double notes[] = {440, 349.2, 293.7, 220};
    for (int k = 0; k < 4; k++) {
        int start = (int)(k * 0.18 * RATE);
        double ph = 0;
        for (int i = start; i < b.n; i++) {
            double t = (i - start) / (double)RATE;
            ph += notes[k] / RATE;
            b.s[i] += (float)(square(ph) * env(t, 0.005, k == 3 ? 0.35 : 0.1) * 0.3);
        }
    }
    lowpass(&b, 1800);
    return wav_save(&b, dir, "sfx/dead.wav", 0.7);
}

static bool sfx_jump(const char *dir) {
    Buf b;
    if (!buf_new(&b, 0.14)) return false;
    sweep(&b, 260, 720, square, 0.003, 0.06, 0.35);
    sweep(&b, 130, 360, sine, 0.003, 0.06, 0.4);
    lowpass(&b, 3000);
    return wav_save(&b, dir, "sfx/jump.wav", 0.5);
}

static bool sfx_land(const char *dir) {
    Buf b;
    if (!buf_new(&b, 0.1)) return false;
    noise_burst(&b, 57, 0.001, 0.02, 0.8);
    sweep(&b, 140, 60, sine, 0.001, 0.03, 0.7);
    lowpass(&b, 900);
    return wav_save(&b, dir, "sfx/land.wav", 0.5);
}

static bool sfx_step(const char *dir) {
    Buf b;
    if (!buf_new(&b, 0.045)) return false;
    noise_burst(&b, 63, 0.0005, 0.006, 0.6);
    sweep(&b, 1100, 700, tri, 0.0005, 0.01, 0.4);
    lowpass(&b, 2500);
    return wav_save(&b, dir, "sfx/step.wav", 0.35);
}

static bool sfx_attach(const char *dir) {
    Buf b;
    if (!buf_new(&b, 0.07)) return false;
    noise_burst(&b, 71, 0.0005, 0.01, 0.6);
    sweep(&b, 500, 300, tri, 0.0005, 0.02, 0.5);
    lowpass(&b, 1800);
    return wav_save(&b, dir, "sfx/attach.wav", 0.45);
}

static bool sfx_boss_down(const char *dir) {
    Buf b;
    if (!buf_new(&b, 2.2)) return false;
    noise_burst(&b, 89, 0.004, 0.5, 1.0);
    lowpass(&b, 700);
    Buf c;
    if (!buf_new(&c, 2.2)) {
        free(b.s);
        return false;
    }
    sweep(&c, 150, 35, sine, 0.002, 0.6, 0.9);
    noise_burst(&c, 97, 0.001, 0.08, 0.5);
    for (int i = 0; i < b.n; i++) b.s[i] += c.s[i];
    free(c.s);
    // Secondary blasts.
    for (int k = 1; k <= 3; k++) {
        int start = (int)(k * 0.28 * RATE);
        Noise n = {101u + (uint32_t)k};
        for (int i = start; i < b.n; i++) {
            double t = (i - start) / (double)RATE;
            b.s[i] += (float)(noise_next(&n) * env(t, 0.002, 0.12) * 0.45 / k);
        }
    }
    lowpass(&b, 2200);
    return wav_save(&b, dir, "sfx/boss_down.wav", 0.9);
}

// Dash: a short airy whoosh (band-passed noise rising then falling) with a
// soft pitch glide under it.
static bool sfx_dash(const char *dir) {
    Buf b;
    if (!buf_new(&b, 0.22)) return false;
    Noise n = {113};
    double lo = 0, hi = 0;
    for (int i = 0; i < b.n; i++) {
        double t = i / (double)RATE;
        double cut = 900 + 3200 * sin(TAU * 0.5 * t / 0.22);
        double a = 1 - exp(-TAU * cut / RATE);
        lo += a * (noise_next(&n) - lo);
        hi += 0.08 * (lo - hi);
        b.s[i] = (float)((lo - hi) * env(t, 0.03, 0.07));
    }
    sweep(&b, 300, 900, sine, 0.02, 0.06, 0.15);
    return wav_save(&b, dir, "sfx/dash.wav", 0.5);
}

// A boss changes phase: a low roar (detuned saws falling) under a metallic
// ring.
static bool sfx_phase(const char *dir) {
    Buf b;
    if (!buf_new(&b, 0.9)) return false;
    sweep(&b, 110, 55, saw, 0.01, 0.35, 0.5);
    sweep(&b, 113, 56, saw, 0.01, 0.35, 0.5);
    noise_burst(&b, 127, 0.005, 0.25, 0.35);
    lowpass(&b, 900);
    sweep(&b, 1320, 1300, sine, 0.001, 0.25, 0.18);
    sweep(&b, 1870, 1850, sine, 0.001, 0.18, 0.1);
    return wav_save(&b, dir, "sfx/phase.wav", 0.85);
}

// The warning card: a two-tone klaxon, twice.
static bool sfx_warning(const char *dir) {
    Buf b;
    if (!buf_new(&b, 1.3)) return false;
    double ph = 0;
    for (int i = 0; i < b.n; i++) {
        double t = i / (double)RATE;
        double cycle = fmod(t, 0.65);
        double f = cycle < 0.32 ? 660 : 495;
        ph += f / RATE;
        double e = cycle < 0.6 ? (cycle < 0.01 ? cycle / 0.01 : 1.0) : (0.65 - cycle) / 0.05;
        b.s[i] = (float)((square(ph) * 0.4 + saw(ph * 0.5) * 0.3) * e * (t < 1.25 ? 1.0 : (1.3 - t) / 0.05));
    }
    lowpass(&b, 2400);
    return wav_save(&b, dir, "sfx/warning.wav", 0.55);
}

// A tentacle winds up a shot: a rising, swelling whine over the wind-up's
// 0.6 s (TENTACLE_WINDUP_TICKS), a wet rattle under it, cut short at the
// end where the shot's own sound takes over.
static bool sfx_windup(const char *dir) {
    Buf b;
    if (!buf_new(&b, 0.6)) return false;
    double ph = 0, ph2 = 0, dur = b.n / (double)RATE;
    Noise n = {313};
    for (int i = 0; i < b.n; i++) {
        double t = i / (double)RATE, u = t / dur;
        double f = 180 * pow(900.0 / 180.0, u * u);
        ph += f / RATE;
        ph2 += f * 1.5 / RATE;
        double swell = u < 0.9 ? 0.15 + 0.85 * u : (1.0 - u) / 0.1;
        double rattle = (fmod(t * 26.0, 1.0) < 0.3 ? 1.0 : 0.25) * noise_next(&n) * 0.25;
        b.s[i] = (float)((tri(ph) * 0.6 + saw(ph2) * 0.25 + rattle * (1.0 - u)) * swell);
    }
    lowpass(&b, 3000);
    return wav_save(&b, dir, "sfx/windup.wav", 0.5);
}

static bool sfx_blip(const char *dir, const char *name, double f0, double f1, double len) {
    Buf b;
    if (!buf_new(&b, len)) return false;
    int half = b.n / 2;
    double ph = 0;
    for (int i = 0; i < b.n; i++) {
        double t = i / (double)RATE;
        ph += (i < half ? f0 : f1) / RATE;
        b.s[i] = (float)(square(ph) * env(t, 0.002, len * 0.5) * 0.4);
    }
    lowpass(&b, 4000);
    return wav_save(&b, dir, name, 0.45);
}

static bool sfx_clear(const char *dir) {
    Buf b;
    if (!buf_new(&b, 1.2)) return false;
    static const double notes[] = {523.3, 659.3, 784.0, 1046.5};
    for (int k = 0; k < 4; k++) {
        int start = (int)(k * 0.11 * RATE);
        double ph = 0;
        for (int i = start; i < b.n; i++) {
            double t = (i - start) / (double)RATE;
            ph += notes[k] / RATE;
            b.s[i] += (float)((square(ph) * 0.5 + tri(ph)) * env(t, 0.004, k == 3 ? 0.4 : 0.12) * 0.25);
        }
    }
    lowpass(&b, 3500);
    return wav_save(&b, dir, "sfx/clear.wav", 0.6);
}

// Music: 8 bars of 4/4 at 120 bpm in A minor (Am F C G | Am F G E),
// bass + arpeggio + drums. Every note ends inside the loop so it repeats
// seamlessly.
static double midi_hz(int m) { return 440.0 * pow(2.0, (m - 69) / 12.0); }

static void note(Buf *b, double start_s, double len_s, int midi, double (*osc)(double), double gain, double decay) {
    int i0 = (int)(start_s * RATE), i1 = (int)((start_s + len_s) * RATE);
    if (i1 > b->n) i1 = b->n;
    double f = midi_hz(midi), ph = 0;
    for (int i = i0; i < i1; i++) {
        double t = (i - i0) / (double)RATE;
        double rel = (i1 - i) / (double)RATE;          // short release: no clicks
        double e = env(t, 0.005, decay) * (rel < 0.01 ? rel / 0.01 : 1);
        ph += f / RATE;
        b->s[i] += (float)(osc(ph) * e * gain);
    }
}

static bool music_loop(const char *dir) {
    const double beat = 0.5;
    const int bars = 8;
    Buf b, bass, drums;
    if (!buf_new(&b, bars * 4 * beat)) return false;
    if (!buf_new(&bass, bars * 4 * beat)) {
        free(b.s);
        return false;
    }
    if (!buf_new(&drums, bars * 4 * beat)) {
        free(b.s);
        free(bass.s);
        return false;
    }
    // Chord roots (MIDI) and triads per bar.
    static const int root[8] = {45, 41, 48, 43, 45, 41, 43, 40};
    static const int third[8] = {3, 4, 4, 4, 3, 4, 4, 4};
    for (int bar = 0; bar < bars; bar++) {
        double t0 = bar * 4 * beat;
        int r = root[bar];
        // Bass: driving eighths with an octave jump on the off-beats.
        for (int e = 0; e < 8; e++)
            note(&bass, t0 + e * beat / 2, beat / 2 * 0.9, r - 12 + (e % 2 ? 12 : 0), saw, 0.5, 0.18);
        // Arpeggio: sixteenths up the chord, two octaves up.
        int chord[4] = {r + 24, r + 24 + third[bar], r + 24 + 7, r + 36};
        for (int s = 0; s < 16; s++) {
            int idx = (s % 8) < 4 ? s % 4 : 3 - s % 4;
            note(&b, t0 + s * beat / 4, beat / 4 * 0.8, chord[idx], square, 0.12, 0.06);
        }
        // A lead answer in the second half of every other bar.
        if (bar % 2 == 1) {
            note(&b, t0 + 2 * beat, beat * 0.9, r + 24 + 7, tri, 0.22, 0.4);
            note(&b, t0 + 3 * beat, beat * 0.9, r + 24 + third[bar] + 12, tri, 0.22, 0.4);
        }
        // Drums: kick on 1 and 3, snare on 2 and 4, closed hats on eighths.
        Noise n = {(uint32_t)(1000 + bar)};
        for (int e = 0; e < 8; e++) {
            int i0 = (int)((t0 + e * beat / 2) * RATE);
            for (int i = i0; i < i0 + (int)(0.25 * RATE) && i < drums.n; i++) {
                double t = (i - i0) / (double)RATE;
                float v = 0;
                if (e % 4 == 0) v += (float)(sin(TAU * (50 + 120 * exp(-t / 0.03)) * t) * exp(-t / 0.12) * 0.9);
                if (e % 4 == 2) v += (float)(noise_next(&n) * exp(-t / 0.06) * 0.35);
                v += (float)(noise_next(&n) * exp(-t / 0.012) * 0.12);
                drums.s[i] += v;
            }
        }
    }
    lowpass(&bass, 700);
    lowpass(&b, 3500);
    for (int i = 0; i < b.n; i++) b.s[i] += bass.s[i] + drums.s[i];
    free(bass.s);
    free(drums.s);
    return ogg_save(&b, dir, "music/loop.ogg", 0.6);
}

// A shot pinging off Tetran's arm: a bright ricochet, its pitch glancing
// upward, over a short metallic knock (brighter than the generic blocked).
static bool sfx_ping(const char *dir) {
    Buf b;
    if (!buf_new(&b, 0.22)) return false;
    sweep(&b, 2300, 3900, sine, 0.001, 0.07, 0.5);
    sweep(&b, 3450, 5200, sine, 0.001, 0.04, 0.2);
    sweep(&b, 900, 700, tri, 0.0005, 0.015, 0.35);
    noise_burst(&b, 51, 0.0005, 0.004, 0.25);
    return wav_save(&b, dir, "sfx/ping.wav", 0.45);
}

// The wiggle gauge ran empty (locked out): a falling two-step buzz,
// powering down.
static bool sfx_wiggle_empty(const char *dir) {
    Buf b;
    if (!buf_new(&b, 0.42)) return false;
    double ph = 0;
    for (int i = 0; i < b.n; i++) {
        double t = i / (double)RATE;
        double f = t < 0.16 ? 330 : 220 - 120 * (t - 0.16);
        ph += f / RATE;
        double e = (t < 0.005 ? t / 0.005 : 1.0) * (t < 0.14 || t > 0.17 ? 1.0 : 0.2) * exp(-t * 4.0);
        b.s[i] = (float)((square(ph) * 0.35 + saw(ph * 1.01) * 0.35) * e * (t > 0.38 ? (0.42 - t) / 0.04 : 1.0));
    }
    lowpass(&b, 1800);
    return wav_save(&b, dir, "sfx/wiggle_empty.wav", 0.5);
}

// The wiggle gauge is usable again after a lock-out: a rising chime,
// two notes a fifth apart.
static bool sfx_wiggle_ready(const char *dir) {
    Buf b;
    if (!buf_new(&b, 0.4)) return false;
    for (int i = 0; i < b.n; i++) {
        double t = i / (double)RATE;
        double v = sine(880.0 * t) * env(t, 0.002, 0.08) * 0.45;
        if (t > 0.09) v += sine(1318.5 * (t - 0.09)) * env(t - 0.09, 0.002, 0.12) * 0.5;
        v += sine(2637.0 * t) * env(t, 0.001, 0.03) * 0.1;
        b.s[i] = (float)v;
    }
    return wav_save(&b, dir, "sfx/wiggle_ready.wav", 0.45);
}

// The whale's telegraph (a charge or a spout coming): a low moan rising and
// falling, a whale's call, with a breathy hiss on top.
static bool sfx_whale_tell(const char *dir) {
    Buf b;
    if (!buf_new(&b, 0.8)) return false;
    double ph = 0;
    for (int i = 0; i < b.n; i++) {
        double t = i / (double)RATE;
        double f = 140 + 120 * sin(TAU * 0.55 * t) + 6 * sin(TAU * 7 * t);
        ph += f / RATE;
        b.s[i] += (float)(0.5 * (sine(ph) + 0.3 * sine(2 * ph)) * env(t, 0.08, 0.35));
    }
    noise_burst(&b, 311, 0.05, 0.3, 0.12);
    lowpass(&b, 1800);
    return wav_save(&b, dir, "sfx/whale_tell.wav", 0.7);
}

// A boss marked a parked player (the lob's telegraph, creatures/lob.h;
// Tetran's seed first): a lock-on over the wind-up's 1 s, beeps that come
// faster and climb as the sight closes on him.
static bool sfx_mark(const char *dir) {
    Buf b;
    if (!buf_new(&b, 1.0)) return false;
    double ph = 0, next = 0, gap = 0.2, beep = -1;
    for (int i = 0; i < b.n; i++) {
        double t = i / (double)RATE;
        if (t >= next) {                   // the next beep: the gaps shrink 0.2 s -> 0.05 s
            beep = t;
            next = t + gap;
            gap = gap * 0.8 < 0.05 ? 0.05 : gap * 0.8;
        }
        double f = 900 * pow(1600.0 / 900.0, t);
        ph += f / RATE;
        double e = t - beep < 0.04 ? env(t - beep, 0.003, 0.02) : 0.0;
        b.s[i] = (float)((sine(ph) * 0.7 + tri(2 * ph) * 0.3) * e * (0.55 + 0.45 * t));
    }
    lowpass(&b, 5000);
    return wav_save(&b, dir, "sfx/mark.wav", 0.5);
}

// The lob leaves the boss: a hollow mortar thump falling in pitch, a puff
// of air, and a thin whistle rising as it climbs its arc.
static bool sfx_lob(const char *dir) {
    Buf b;
    if (!buf_new(&b, 0.45)) return false;
    sweep(&b, 190, 55, sine, 0.002, 0.09, 0.9);
    noise_burst(&b, 419, 0.004, 0.05, 0.25);
    lowpass(&b, 1400);
    Buf w;
    if (!buf_new(&w, 0.45)) {
        free(b.s);
        return false;
    }
    sweep(&w, 420, 1100, tri, 0.08, 0.2, 0.18);
    for (int i = 0; i < b.n; i++) b.s[i] += w.s[i];
    free(w.s);
    return wav_save(&b, dir, "sfx/lob.wav", 0.7);
}

bool art_sounds(const char *dir) {
    bool ok = true;
    ok = sfx_shot(dir) && ok;
    ok = sfx_enemy_shot(dir) && ok;
    ok = sfx_hit(dir) && ok;
    ok = sfx_blocked(dir) && ok;
    ok = sfx_hurt(dir) && ok;
    ok = sfx_dead(dir) && ok;
    ok = sfx_jump(dir) && ok;
    ok = sfx_land(dir) && ok;
    ok = sfx_step(dir) && ok;
    ok = sfx_attach(dir) && ok;
    ok = sfx_boss_down(dir) && ok;
    ok = sfx_clear(dir) && ok;
    ok = sfx_blip(dir, "sfx/menu_move.wav", 880, 880, 0.05) && ok;
    ok = sfx_blip(dir, "sfx/menu_select.wav", 660, 990, 0.12) && ok;
    ok = sfx_dash(dir) && ok;
    ok = sfx_phase(dir) && ok;
    ok = sfx_warning(dir) && ok;
    ok = sfx_windup(dir) && ok;
    ok = music_loop(dir) && ok;
    ok = sfx_ping(dir) && ok;
    ok = sfx_wiggle_empty(dir) && ok;
    ok = sfx_wiggle_ready(dir) && ok;
    ok = sfx_whale_tell(dir) && ok;
    ok = sfx_mark(dir) && ok;
    ok = sfx_lob(dir) && ok;
    return ok;
}
