// mixer.h -- the game's software mixer: the sound effects and the music
// summed in plain C with voice limits, headroom and a peak limiter, so the
// mix never clips. The live device (audio.c) and the offline export
// (--export OUT.wav / .mp4) run this same code: a replay's export is the
// sound a player heard, sample for sample, minus the device's timing.
//
//   Mixer *m = mixer_new();
//   mixer_load(m, "assets");                 // sfx/*.wav, music/loop.ogg
//   mixer_music(m, true);
//   each tick: mixer_events(m, &world->events);
//              mixer_render(m, buf, MIX_TICK_FRAMES);   // offline
//   mixer_free(m);
//
// No SDL, no clock: the output depends only on the calls made. Memory: the
// sounds (about 2 MB at MIX_RATE); nothing is allocated after mixer_load.
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "audio/audio.h"
#include "sim/events.h"

#define MIX_RATE 44100                     // output frames a second (stereo)
#define MIX_TICK_FRAMES (MIX_RATE / 60)    // one sim tick's frames (SIM_TICK_HZ = 60)
#define MIX_VOICES 24                      // sounds playing at once
#define MIX_SAME_VOICES 3                  // of them, at most this many of one sound
// The limiter's ceiling, 0.87 of full scale (-1.2 dBFS): no output sample
// goes past it, whatever is playing.
#define MIX_CEILING 0.87f

typedef struct Mixer Mixer;

Mixer *mixer_new(void);
void mixer_free(Mixer *m);
// Loads assets_dir/sfx/NAME.wav for every AudioSfx and music/loop.ogg. A
// missing or unreadable file warns once and that sound stays silent.
// Returns how many files loaded.
int mixer_load(Mixer *m, const char *assets_dir);
// The file name (no folder, no .wav) of a sound.
const char *mixer_sfx_name(AudioSfx s);

// Starts a sound at its own gain times the sfx volume. A sound already
// playing MIX_SAME_VOICES times replaces its oldest voice; with every voice
// busy the oldest voice of all is replaced.
void mixer_play(Mixer *m, AudioSfx s);
// The sounds of one tick's events: one voice per sound a tick (ten bullets
// hitting at once make one hit sound), leg steps at most every 4 ticks.
void mixer_events(Mixer *m, const Events *ev);
// Music on (fades in over 600 ms from the loop's start) or off (fades out
// over 400 ms).
void mixer_music(Mixer *m, bool on);
void mixer_set_volume(Mixer *m, int music_0_100, int sfx_0_100);
// Holds every sound playing now and the music (the pause screen); sounds
// started while held play. Releasing resumes them.
void mixer_hold(Mixer *m, bool held);
// Mixes the next frames frames into out (interleaved stereo, 2 * frames
// values), every sample within MIX_CEILING of full scale.
void mixer_render(Mixer *m, int16_t *out, int frames);
// Voices playing now (the tests' view).
int mixer_voices(const Mixer *m);
