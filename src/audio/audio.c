// audio.c -- the SDL audio device fed by the game's mixer (audio/mixer.c)
// from its callback. Only the app layer calls it, after each tick; the sim
// never knows sound exists. The mixer is shared with the device's thread:
// every call into it here holds the device's lock.
#include "audio/audio.h"

#include <SDL.h>
#include <string.h>

#include "audio/mixer.h"
#include "core/log.h"

static void fill(void *user, Uint8 *stream, int len) {
    mixer_render(user, (int16_t *)(void *)stream, len / 4);
}

void audio_init(Audio *a, const char *assets_dir, bool device_ok) {
    memset(a, 0, sizeof *a);
    a->music_volume = 70;
    a->sfx_volume = 80;
    if (!device_ok) return;
    SDL_AudioSpec want = {.freq = MIX_RATE, .format = AUDIO_S16SYS, .channels = 2, .samples = 1024},
                  have;
    a->mix = mixer_new();
    want.callback = fill;
    want.userdata = a->mix;
    // allowed_changes 0: SDL converts to whatever the device takes.
    a->device = SDL_OpenAudioDevice(NULL, 0, &want, &have, 0);
    if (!a->device) {
        log_warn("no audio device (%s); playing silently", SDL_GetError());
        mixer_free(a->mix);
        a->mix = NULL;
        return;
    }
    mixer_load(a->mix, assets_dir);
    a->ok = true;
    audio_set_volume(a, a->music_volume, a->sfx_volume);
    SDL_PauseAudioDevice(a->device, 0);
}

void audio_shutdown(Audio *a) {
    if (!a->ok) return;
    SDL_CloseAudioDevice(a->device);
    mixer_free(a->mix);
    memset(a, 0, sizeof *a);
}

void audio_play(Audio *a, AudioSfx s) {
    if (!a->ok) return;
    SDL_LockAudioDevice(a->device);
    mixer_play(a->mix, s);
    SDL_UnlockAudioDevice(a->device);
}

void audio_events(Audio *a, const Events *ev) {
    if (!a->ok) return;
    SDL_LockAudioDevice(a->device);
    mixer_events(a->mix, ev);
    SDL_UnlockAudioDevice(a->device);
}

void audio_music(Audio *a, bool on) {
    if (!a->ok) return;
    SDL_LockAudioDevice(a->device);
    mixer_music(a->mix, on);
    SDL_UnlockAudioDevice(a->device);
}

void audio_set_volume(Audio *a, int music, int sfx) {
    a->music_volume = music < 0 ? 0 : (music > 100 ? 100 : music);
    a->sfx_volume = sfx < 0 ? 0 : (sfx > 100 ? 100 : sfx);
    if (!a->ok) return;
    SDL_LockAudioDevice(a->device);
    mixer_set_volume(a->mix, a->music_volume, a->sfx_volume);
    SDL_UnlockAudioDevice(a->device);
}

void audio_pause(Audio *a, bool paused) {
    if (!a->ok) return;
    SDL_LockAudioDevice(a->device);
    mixer_hold(a->mix, paused);
    SDL_UnlockAudioDevice(a->device);
}
