// audio.h -- the sim's events and the music loop played on the SDL audio
// device through the game's own mixer (audio/mixer.h: voice limits and a
// limiter, so the mix never clips). Without an audio device everything is
// a silent no-op (one warning); a missing sound file warns once and that
// sound stays silent.
#pragma once
#include <stdbool.h>

#include "sim/events.h"

typedef enum AudioSfx {
    SFX_SHOT = 0,
    SFX_ENEMY_SHOT,
    SFX_HIT,
    SFX_BLOCKED,
    SFX_HURT,
    SFX_DEAD,
    SFX_JUMP,
    SFX_LAND,
    SFX_STEP,
    SFX_ATTACH,
    SFX_BOSS_DOWN,
    SFX_CLEAR,
    SFX_MENU_MOVE,
    SFX_MENU_SELECT,
    SFX_DASH,                  // the player dashed
    SFX_PHASE,                 // a boss changed phase
    SFX_WARNING,               // the warning card before a fight (the app plays it)
    SFX_PING,                  // a player shot pinged off Tetran's arm
    SFX_WIGGLE_EMPTY,          // the wiggle gauge ran empty: locked out
    SFX_WIGGLE_READY,          // the wiggle gauge is usable again after a lock-out
    SFX_WINDUP,                // a tentacle winds up a shot
    SFX_WHALE_TELL,            // the whale starts an attack's telegraph (a charge or a spout)
    SFX_MARK,                  // a boss marked a parked player for a lob (Tetran's seed, ...): a lock-on
    SFX_LOB,                   // that lob left the boss: a mortar thump
    SFX_COUNT,
} AudioSfx;

struct Mixer;

typedef struct Audio {
    bool ok;                   // a device is open
    unsigned device;           // SDL_AudioDeviceID
    struct Mixer *mix;         // read by the device's thread under its lock
    int music_volume, sfx_volume;   // 0..100
} Audio;

// Opens the device and loads assets_dir/sfx/*.wav and music/loop.ogg
// (mixer_load).
// Never fails: without a device a->ok is false and nothing plays.
void audio_init(Audio *a, const char *assets_dir, bool device_ok);
void audio_shutdown(Audio *a);
void audio_play(Audio *a, AudioSfx s);
// Plays the sounds for the events of the tick just simulated (the World's
// event queue after world_step).
void audio_events(Audio *a, const Events *ev);
// Starts (looping) or stops the music.
void audio_music(Audio *a, bool on);
void audio_set_volume(Audio *a, int music_0_100, int sfx_0_100);
// Pauses / resumes every channel (the pause screen).
void audio_pause(Audio *a, bool paused);
