// test_mixer.c -- the software mixer (audio/mixer.h) and the WAV reader
// (audio/wav.h): every sound at once, started again and again at full
// volume, never passes the limiter's ceiling (and without the limiter it
// would); one sound is at most MIX_SAME_VOICES voices; a tick's ten hits
// are one voice; the same calls give the same samples; the pause holds
// what plays; the lob at a parked player has its own two sounds; WAV
// files parse (resampled to MIX_RATE) or are refused; the Ogg Vorbis music
// decodes whole (every frame of its 16 s loop, at the level it was
// written) and anything else is refused.
// Runs from the repository root (assets/sfx).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#include "audio/mixer.h"
#include "audio/ogg.h"
#include "audio/wav.h"
#include "core/fs.h"
#include "core/mem.h"

#define CEIL_Q ((int)(MIX_CEILING * 32767.0f))

static int peak(const int16_t *pcm, int n) {
    int p = 0;
    for (int i = 0; i < n; i++) {
        int v = pcm[i] < 0 ? -pcm[i] : pcm[i];
        if (v > p) p = v;
    }
    return p;
}

static Mixer *loaded(void) {
    Mixer *m = mixer_new();
    assert_int_equal(mixer_load(m, "assets"), SFX_COUNT + 1);
    mixer_set_volume(m, 100, 100);
    return m;
}

// Every sound started every tick for two seconds, music on, all at 100.
static int storm(Mixer *m, int16_t *out, int ticks) {
    mixer_music(m, true);
    int p = 0;
    for (int t = 0; t < ticks; t++) {
        for (int s = 0; s < SFX_COUNT; s++) mixer_play(m, (AudioSfx)s);
        mixer_render(m, out, MIX_TICK_FRAMES);
        int q = peak(out, 2 * MIX_TICK_FRAMES);
        if (q > p) p = q;
    }
    return p;
}

static void test_never_past_the_ceiling(void **state) {
    (void)state;
    Mixer *m = loaded();
    static int16_t out[2 * MIX_TICK_FRAMES];
    int p = storm(m, out, 120);
    assert_true(p <= CEIL_Q);
    // The limiter worked for it: the storm reaches the ceiling.
    assert_true(p >= CEIL_Q - 2);
    mixer_free(m);
}

static void test_one_sound_voice_limit(void **state) {
    (void)state;
    Mixer *m = loaded();
    for (int i = 0; i < 10; i++) mixer_play(m, SFX_HIT);
    assert_int_equal(mixer_voices(m), MIX_SAME_VOICES);
    for (int s = 0; s < SFX_COUNT; s++)
        for (int i = 0; i < 5; i++) mixer_play(m, (AudioSfx)s);
    assert_int_equal(mixer_voices(m), MIX_VOICES);
    mixer_free(m);
}

static void test_a_tick_of_hits_is_one_voice(void **state) {
    (void)state;
    Mixer *m = loaded();
    Events ev;
    events_clear(&ev);
    for (int i = 0; i < 10; i++) events_push(&ev, EV_HIT, WHO_NONE, 0, 0, 0);
    mixer_events(m, &ev);
    assert_int_equal(mixer_voices(m), 1);
    events_clear(&ev);
    events_push(&ev, EV_STEP_LANDED, WHO_NONE, 0, 0, 0);
    mixer_events(m, &ev);
    mixer_events(m, &ev);   // within the step cooldown: no second step
    assert_int_equal(mixer_voices(m), 2);
    mixer_free(m);
}

// The lob at a parked player (Tetran's seed, the whale's blow, the
// tentacle's spore) has sounds of its own: its mark and its launch in the
// same tick as a tentacle's wind-up and an enemy shot are four voices (one
// each; a shared sound would be one voice for two events).
static void test_the_lob_has_its_own_sounds(void **state) {
    (void)state;
    Mixer *m = loaded();
    Events ev;
    events_clear(&ev);
    events_push(&ev, EV_LOB_TELL, WHO_TETRAN, 0, 0, 0);
    events_push(&ev, EV_WINDUP, WHO_TENTACLE, 0, 0, 0);
    events_push(&ev, EV_LOB_SHOT, WHO_TETRAN, 0, 0, 0);
    events_push(&ev, EV_ENEMY_SHOT, WHO_TETRAN, 1, 0, 0);
    mixer_events(m, &ev);
    assert_int_equal(mixer_voices(m), 4);
    mixer_free(m);
}

static void test_same_calls_same_samples(void **state) {
    (void)state;
    static int16_t a[2 * MIX_TICK_FRAMES], b[2 * MIX_TICK_FRAMES];
    Mixer *m1 = loaded(), *m2 = loaded();
    for (int t = 0; t < 60; t++) {
        if (t % 7 == 0) {
            mixer_play(m1, SFX_SHOT);
            mixer_play(m2, SFX_SHOT);
        }
        mixer_render(m1, a, MIX_TICK_FRAMES);
        mixer_render(m2, b, MIX_TICK_FRAMES);
        assert_memory_equal(a, b, sizeof a);
    }
    mixer_free(m1);
    mixer_free(m2);
}

static void test_hold_keeps_voices(void **state) {
    (void)state;
    static int16_t out[2 * MIX_TICK_FRAMES];
    Mixer *m = loaded();
    mixer_play(m, SFX_BOSS_DOWN);
    mixer_hold(m, true);
    mixer_render(m, out, MIX_TICK_FRAMES);
    assert_int_equal(peak(out, 2 * MIX_TICK_FRAMES), 0);
    assert_int_equal(mixer_voices(m), 1);
    mixer_hold(m, false);
    mixer_render(m, out, MIX_TICK_FRAMES);
    assert_true(peak(out, 2 * MIX_TICK_FRAMES) > 0);
    mixer_free(m);
}

// A 16-bit file of n frames at rate, channels, holding v then -v ...
static size_t make_wav(uint8_t *buf, int rate, int channels, int n, int16_t v) {
    wav_header(buf, rate, channels, (uint32_t)n);
    for (int i = 0; i < n * channels; i++) {
        int16_t s = (int16_t)((i / channels) % 2 ? -v : v);
        buf[44 + 2 * i] = (uint8_t)s;
        buf[45 + 2 * i] = (uint8_t)((uint16_t)s >> 8);
    }
    return 44 + (size_t)(n * channels * 2);
}

static void test_wav_parse(void **state) {
    (void)state;
    static uint8_t buf[44 + 4 * 1000];
    char why[200];
    WavSound s;
    size_t n = make_wav(buf, 22050, 1, 1000, 1000);
    assert_true(wav_parse(buf, n, 44100, &s, why, sizeof why));
    assert_int_equal(s.frames, 2000);
    assert_int_equal(s.pcm[0], 1000);
    assert_int_equal(s.pcm[1], 0);          // halfway from 1000 to -1000
    assert_int_equal(s.pcm[2], -1000);
    wav_free(&s);
    n = make_wav(buf, 44100, 2, 1000, 500);
    assert_true(wav_parse(buf, n, 44100, &s, why, sizeof why));
    assert_int_equal(s.frames, 1000);
    assert_int_equal(s.pcm[1], -500);
    wav_free(&s);
    buf[34] = 8;                            // 8-bit: refused
    assert_false(wav_parse(buf, n, 44100, &s, why, sizeof why));
    assert_false(wav_parse(buf, 30, 44100, &s, why, sizeof why));
    n = make_wav(buf, 22050, 1, 1000, 1000);
    assert_false(wav_parse(buf, n - 10, 44100, &s, why, sizeof why));   // data runs past the end
}

// assets/music/loop.ogg: 8 bars of 4 beats at 120 bpm written at 22050 Hz,
// normalised to 0.6 of full scale (tools/assetgen/art_sound.c).
static void test_ogg_music(void **state) {
    (void)state;
    size_t n = 0;
    FsReadError e;
    char *bytes = fs_read_file("assets/music/loop.ogg", (size_t)16 << 20, &n, &e);
    assert_non_null(bytes);
    WavSound s;
    char why[200];
    assert_true(ogg_parse(bytes, n, 22050, &s, why, sizeof why));
    assert_int_equal(s.frames, 16 * 22050);          // the whole loop: no frame lost at either end
    int p = peak(s.pcm, s.frames);
    assert_true(p > (int)(0.55 * 32767) && p < (int)(0.70 * 32767));
    wav_free(&s);
    assert_true(ogg_parse(bytes, n, MIX_RATE, &s, why, sizeof why));
    assert_int_equal(s.frames, 16 * MIX_RATE);
    wav_free(&s);
    assert_false(ogg_parse(bytes, 200, MIX_RATE, &s, why, sizeof why));   // cut inside the headers
    assert_null(s.pcm);
    mem_free(bytes);
    bytes = fs_read_file("assets/sfx/hit.wav", (size_t)16 << 20, &n, &e);
    assert_non_null(bytes);
    assert_false(ogg_parse(bytes, n, MIX_RATE, &s, why, sizeof why));     // a WAV is not Vorbis
    mem_free(bytes);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_never_past_the_ceiling),
        cmocka_unit_test(test_one_sound_voice_limit),
        cmocka_unit_test(test_a_tick_of_hits_is_one_voice),
        cmocka_unit_test(test_the_lob_has_its_own_sounds),
        cmocka_unit_test(test_same_calls_same_samples),
        cmocka_unit_test(test_hold_keeps_voices),
        cmocka_unit_test(test_wav_parse),
        cmocka_unit_test(test_ogg_music),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
