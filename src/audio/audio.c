// audio.c -- event -> sound mapping on SDL_mixer. Only the app layer calls
// it, after each tick; the sim never knows sound exists.
#include "audio/audio.h"

#include <SDL_mixer.h>
#include <stdio.h>
#include <string.h>

#include "core/log.h"

static const char *const SFX_FILE[SFX_COUNT] = {
    "shot", "enemy_shot", "hit", "blocked", "hurt", "dead", "jump", "land",
    "step", "attach", "boss_down", "clear", "menu_move", "menu_select", "dash", "phase", "warning",
    "ping", "wiggle_empty", "wiggle_ready", "whale_tell",
};

// Per-sound loudness (0..128) before the sfx volume applies: quiet steps.
static const int SFX_GAIN[SFX_COUNT] = {70, 60, 90, 70, 120, 120, 70, 80, 28, 60, 128, 110, 70, 90, 75, 115, 70,
                                        80, 100, 95, 100};

void audio_init(Audio *a, const char *assets_dir, bool device_ok) {
    memset(a, 0, sizeof *a);
    a->music_volume = 70;
    a->sfx_volume = 80;
    if (!device_ok) return;
    if (Mix_OpenAudio(44100, MIX_DEFAULT_FORMAT, 2, 1024) != 0) {
        log_warn("no audio device (%s); playing silently", Mix_GetError());
        return;
    }
    a->ok = true;
    Mix_AllocateChannels(24);
    char path[1200];
    for (int i = 0; i < SFX_COUNT; i++) {
        snprintf(path, sizeof path, "%s/sfx/%s.wav", assets_dir, SFX_FILE[i]);
        SDL_RWops *rw = SDL_RWFromFile(path, "rb");
        if (!rw) {
            log_warn("%s: sound file missing; that sound stays silent", path);
            continue;
        }
        a->chunk[i] = Mix_LoadWAV_RW(rw, 1);
        if (!a->chunk[i]) log_warn("%s: cannot load sound (%s)", path, Mix_GetError());
    }
    snprintf(path, sizeof path, "%s/music/loop.wav", assets_dir);
    a->music = Mix_LoadMUS(path);
    if (!a->music) log_warn("%s: cannot load music (%s)", path, Mix_GetError());
    audio_set_volume(a, a->music_volume, a->sfx_volume);
}

void audio_shutdown(Audio *a) {
    if (!a->ok) return;
    Mix_HaltChannel(-1);
    Mix_HaltMusic();
    for (int i = 0; i < SFX_COUNT; i++)
        if (a->chunk[i]) Mix_FreeChunk(a->chunk[i]);
    if (a->music) Mix_FreeMusic(a->music);
    Mix_CloseAudio();
    memset(a, 0, sizeof *a);
}

void audio_play(Audio *a, AudioSfx s) {
    if (!a->ok || s < 0 || s >= SFX_COUNT || !a->chunk[s]) return;
    Mix_Chunk *c = a->chunk[s];
    Mix_VolumeChunk(c, SFX_GAIN[s] * a->sfx_volume / 100);
    Mix_PlayChannel(-1, c, 0);
}

void audio_events(Audio *a, const Events *ev) {
    if (a->step_cooldown > 0) a->step_cooldown--;
    if (!a->ok) return;
    // One sound per kind per tick: ten bullets hitting at once still make
    // one hit sound (avoids clipping and channel starvation).
    bool played[SFX_COUNT] = {false};
    for (int i = 0; i < ev->count; i++) {
        const Event *e = &ev->e[i];
        AudioSfx s;
        switch (e->type) {
        case EV_SHOT: s = SFX_SHOT; break;
        case EV_ENEMY_SHOT: s = SFX_ENEMY_SHOT; break;
        case EV_HIT: s = SFX_HIT; break;
        case EV_BLOCKED: s = e->who == WHO_TETRAN ? SFX_PING : SFX_BLOCKED; break;
        case EV_PLAYER_HURT: s = SFX_HURT; break;
        case EV_PLAYER_DEAD: s = SFX_DEAD; break;
        case EV_JUMP: s = SFX_JUMP; break;
        case EV_LAND: s = SFX_LAND; break;
        case EV_ATTACH: s = SFX_ATTACH; break;
        case EV_STEP_LANDED:
            if (a->step_cooldown > 0) continue;
            a->step_cooldown = 4;
            s = SFX_STEP;
            break;
        case EV_BOSS_DOWN: s = SFX_BOSS_DOWN; break;
        case EV_DASH: s = SFX_DASH; break;
        case EV_PHASE: s = SFX_PHASE; break;
        case EV_WIGGLE_EMPTY: s = SFX_WIGGLE_EMPTY; break;
        case EV_WIGGLE_READY: s = SFX_WIGGLE_READY; break;
        case EV_WHALE_TELL: s = SFX_WHALE_TELL; break;
        default: continue;
        }
        if (played[s]) continue;
        played[s] = true;
        audio_play(a, s);
    }
}

void audio_music(Audio *a, bool on) {
    if (!a->ok || !a->music || on == a->music_on) return;
    a->music_on = on;
    if (on) Mix_FadeInMusic(a->music, -1, 600);
    else Mix_FadeOutMusic(400);
}

void audio_set_volume(Audio *a, int music, int sfx) {
    a->music_volume = music < 0 ? 0 : (music > 100 ? 100 : music);
    a->sfx_volume = sfx < 0 ? 0 : (sfx > 100 ? 100 : sfx);
    if (a->ok) Mix_VolumeMusic(MIX_MAX_VOLUME * a->music_volume / 100);
}

void audio_pause(Audio *a, bool paused) {
    if (!a->ok) return;
    if (paused) {
        Mix_Pause(-1);
        Mix_PauseMusic();
    } else {
        Mix_Resume(-1);
        Mix_ResumeMusic();
    }
}
