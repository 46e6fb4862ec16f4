// mixer.c -- voices summed with headroom into a peak limiter (instant
// attack, 80 ms release): a burst of sounds ducks the mix for a moment
// instead of clipping. Shared by the live device and the offline export.
#include "audio/mixer.h"

#include <stdio.h>
#include <string.h>

#include "audio/ogg.h"
#include "audio/wav.h"
#include "core/fs.h"
#include "core/log.h"
#include "core/mem.h"

static const char *const SFX_FILE[SFX_COUNT] = {
    "shot", "enemy_shot", "hit", "blocked", "hurt", "dead", "jump", "land",
    "step", "attach", "boss_down", "clear", "menu_move", "menu_select", "dash", "phase", "warning",
    "ping", "wiggle_empty", "wiggle_ready", "windup", "whale_tell", "mark", "lob",
};

// Per-sound loudness (0..128) before the sfx volume applies: quiet steps.
static const int SFX_GAIN[SFX_COUNT] = {70, 60, 90, 70, 120, 120, 70, 80, 28, 60, 128, 110, 70, 90, 75, 115, 70,
                                        80, 100, 95, 85, 100, 90, 110};

// The sum is scaled by this before the limiter: a single loud sound
// passes untouched, several at once are ducked by the limiter.
#define HEADROOM 0.7f
#define RELEASE_FRAMES (MIX_RATE * 80 / 1000)

typedef struct Voice {
    int sound;                 // AudioSfx, -1 free
    int pos;                   // next frame
    float gain;
    bool held;
    uint64_t serial;           // start order: the oldest is replaced first
} Voice;

struct Mixer {
    WavSound sfx[SFX_COUNT];
    WavSound music;
    Voice voice[MIX_VOICES];
    uint64_t serial;
    int music_volume, sfx_volume;
    bool music_on, music_held;
    int music_pos;
    float fade, fade_step;     // music gain 0..1 and its change a frame
    float limit;               // the limiter's gain now, 0..1
    int step_cooldown;         // ticks: keeps leg steps from machine-gunning
};

Mixer *mixer_new(void) {
    Mixer *m = mem_alloc(1, sizeof *m);
    memset(m, 0, sizeof *m);
    for (int i = 0; i < MIX_VOICES; i++) m->voice[i].sound = -1;
    m->music_volume = 70;
    m->sfx_volume = 80;
    m->limit = 1.0f;
    return m;
}

void mixer_free(Mixer *m) {
    if (!m) return;
    for (int i = 0; i < SFX_COUNT; i++) wav_free(&m->sfx[i]);
    wav_free(&m->music);
    mem_free(m);
}

const char *mixer_sfx_name(AudioSfx s) { return s >= 0 && s < SFX_COUNT ? SFX_FILE[s] : "?"; }

static bool load_one(const char *path, WavSound *out) {
    size_t n = 0;
    FsReadError e;
    char *bytes = fs_read_file(path, (size_t)64 << 20, &n, &e);
    if (!bytes) {
        log_warn("%s: sound file missing or unreadable; that sound stays silent", path);
        return false;
    }
    char why[200];
    size_t len = strlen(path);
    bool ogg = len > 4 && strcmp(path + len - 4, ".ogg") == 0;
    bool ok = ogg ? ogg_parse(bytes, n, MIX_RATE, out, why, sizeof why) : wav_parse(bytes, n, MIX_RATE, out, why, sizeof why);
    if (!ok) log_warn("%s: cannot load sound (%s); it stays silent", path, why);
    mem_free(bytes);
    return ok;
}

int mixer_load(Mixer *m, const char *assets_dir) {
    char path[1200];
    int loaded = 0;
    for (int i = 0; i < SFX_COUNT; i++) {
        snprintf(path, sizeof path, "%s/sfx/%s.wav", assets_dir, SFX_FILE[i]);
        loaded += load_one(path, &m->sfx[i]);
    }
    snprintf(path, sizeof path, "%s/music/loop.ogg", assets_dir);
    loaded += load_one(path, &m->music);
    return loaded;
}

void mixer_play(Mixer *m, AudioSfx s) {
    if (s < 0 || s >= SFX_COUNT || !m->sfx[s].pcm) return;
    int same = 0, oldest_same = -1, oldest = -1, free_at = -1;
    for (int i = 0; i < MIX_VOICES; i++) {
        const Voice *v = &m->voice[i];
        if (v->sound < 0) {
            if (free_at < 0) free_at = i;
            continue;
        }
        if (oldest < 0 || v->serial < m->voice[oldest].serial) oldest = i;
        if (v->sound == (int)s) {
            same++;
            if (oldest_same < 0 || v->serial < m->voice[oldest_same].serial) oldest_same = i;
        }
    }
    int at = same >= MIX_SAME_VOICES ? oldest_same : free_at >= 0 ? free_at : oldest;
    m->voice[at] = (Voice){.sound = (int)s,
                           .gain = (float)SFX_GAIN[s] / 128.0f * (float)m->sfx_volume / 100.0f,
                           .serial = ++m->serial};
}

void mixer_events(Mixer *m, const Events *ev) {
    if (m->step_cooldown > 0) m->step_cooldown--;
    bool played[SFX_COUNT] = {false};
    for (int i = 0; i < ev->count; i++) {
        AudioSfx s;
        switch (ev->e[i].type) {
        case EV_SHOT: s = SFX_SHOT; break;
        case EV_ENEMY_SHOT: s = SFX_ENEMY_SHOT; break;
        case EV_HIT: s = SFX_HIT; break;
        case EV_BLOCKED: s = ev->e[i].who == WHO_TETRAN ? SFX_PING : SFX_BLOCKED; break;
        case EV_PLAYER_HURT: s = SFX_HURT; break;
        case EV_PLAYER_DEAD: s = SFX_DEAD; break;
        case EV_JUMP: s = SFX_JUMP; break;
        case EV_LAND: s = SFX_LAND; break;
        case EV_ATTACH: s = SFX_ATTACH; break;
        case EV_STEP_LANDED:
            if (m->step_cooldown > 0) continue;
            m->step_cooldown = 4;
            s = SFX_STEP;
            break;
        case EV_BOSS_DOWN: s = SFX_BOSS_DOWN; break;
        case EV_DASH: s = SFX_DASH; break;
        case EV_PHASE: s = SFX_PHASE; break;
        case EV_WIGGLE_EMPTY: s = SFX_WIGGLE_EMPTY; break;
        case EV_WIGGLE_READY: s = SFX_WIGGLE_READY; break;
        case EV_WINDUP: s = SFX_WINDUP; break;
        case EV_WHALE_TELL: s = SFX_WHALE_TELL; break;
        case EV_LOB_TELL: s = SFX_MARK; break;
        case EV_LOB_SHOT: s = SFX_LOB; break;
        default: continue;
        }
        if (played[s]) continue;
        played[s] = true;
        mixer_play(m, s);
    }
}

void mixer_music(Mixer *m, bool on) {
    if (!m->music.pcm) return;
    if (on) {
        if (m->music_on && m->fade_step >= 0.0f) return;
        if (!m->music_on) {
            m->music_pos = 0;
            m->fade = 0.0f;
        }
        m->music_on = true;
        m->fade_step = 1.0f / (float)(MIX_RATE * 600 / 1000);
    } else if (m->music_on) {
        m->fade_step = -1.0f / (float)(MIX_RATE * 400 / 1000);
    }
}

void mixer_set_volume(Mixer *m, int music, int sfx) {
    m->music_volume = music < 0 ? 0 : (music > 100 ? 100 : music);
    m->sfx_volume = sfx < 0 ? 0 : (sfx > 100 ? 100 : sfx);
}

void mixer_hold(Mixer *m, bool held) {
    for (int i = 0; i < MIX_VOICES; i++)
        if (m->voice[i].sound >= 0) m->voice[i].held = held;
    m->music_held = held;
}

int mixer_voices(const Mixer *m) {
    int n = 0;
    for (int i = 0; i < MIX_VOICES; i++) n += m->voice[i].sound >= 0;
    return n;
}

// The music's next sample times its fade and volume (0 when off or held).
static float music_sample(Mixer *m) {
    if (!m->music_on || m->music_held) return 0.0f;
    float v = (float)m->music.pcm[m->music_pos] / 32768.0f * m->fade * (float)m->music_volume / 100.0f;
    if (++m->music_pos >= m->music.frames) m->music_pos = 0;
    m->fade += m->fade_step;
    if (m->fade >= 1.0f) {
        m->fade = 1.0f;
        m->fade_step = 0.0f;
    } else if (m->fade <= 0.0f) {
        m->music_on = false;
        m->fade = 0.0f;
        m->fade_step = 0.0f;
    }
    return v;
}

void mixer_render(Mixer *m, int16_t *out, int frames) {
    const float ceiling = MIX_CEILING, release = 1.0f / (float)RELEASE_FRAMES;
    for (int f = 0; f < frames; f++) {
        float x = music_sample(m);
        for (int i = 0; i < MIX_VOICES; i++) {
            Voice *v = &m->voice[i];
            if (v->sound < 0 || v->held) continue;
            const WavSound *s = &m->sfx[v->sound];
            x += (float)s->pcm[v->pos] / 32768.0f * v->gain;
            if (++v->pos >= s->frames) v->sound = -1;
        }
        x *= HEADROOM;
        // The gain recovers toward 1, then drops at once to what keeps
        // this sample under the ceiling: no sample ever passes it.
        m->limit += (1.0f - m->limit) * release;
        float a = x < 0.0f ? -x : x;
        if (a * m->limit > ceiling) m->limit = ceiling / a;
        float y = x * m->limit;
        if (y > ceiling) y = ceiling;
        if (y < -ceiling) y = -ceiling;
        int16_t q = (int16_t)(y * 32767.0f);   // toward zero: |q| <= 0.87 * 32767
        out[2 * f] = q;
        out[2 * f + 1] = q;
    }
}
