// export.h -- a replay as a video or as pictures (`--replay F --export
// OUT`): every tick drawn headless by SDL's software renderer at 1280x720,
// the effects and the camera ticked as in the window; frames go to ffmpeg
// (an .mp4 with H.264 at 60 frames a second, or a .gif at 30 frames a
// second and 640 px wide) or, for any other OUT, into a folder as
// tick-NNNNNN.png (no ffmpeg needed). Videos are written beside OUT under
// a temporary name and renamed over it once ffmpeg has finished, so an
// interrupted export leaves no half file. An .mp4 carries the replay's
// sound (AAC) from a WAV mixed beforehand (audio/mixdown.h); OUT.wav is
// that mix alone and needs neither ffmpeg nor a renderer.
#pragma once
#include <stdbool.h>
#include <stddef.h>

struct World;

typedef enum ExportKind {
    EXPORT_PNG = 0,            // a folder of PNG frames
    EXPORT_MP4,
    EXPORT_GIF,
    EXPORT_WAV,                // the sound alone (audio/mixdown.h)
} ExportKind;

typedef struct RenderExport RenderExport;

// What OUT asks for: .mp4 and .gif (any case) are videos, .wav the sound,
// the rest folders.
ExportKind render_export_kind(const char *out);
// True when an executable ffmpeg is on PATH (its path in buf).
bool render_export_ffmpeg(char *buf, size_t n);
// Opens the output (makes the folder, or starts ffmpeg) for frames of
// assets_dir's sprites, with the debug overlay when debug; an .mp4 takes
// its sound from the WAV file sound_wav (NULL: a silent video). NULL and
// why.
RenderExport *render_export_open(const char *out, const char *assets_dir, bool debug, const char *sound_wav,
                                 char *why, size_t why_n);
// After each tick, from the first: ticks the effects and the camera and,
// when draw, renders the frame and hands it on. False and why on a write
// failure (ffmpeg gone, disk full).
bool render_export_tick(RenderExport *e, const struct World *w, bool draw, char *why, size_t why_n);
// Finishes: waits for ffmpeg and moves the video into place (commit), or
// throws the unfinished video away (!commit). False and why when ffmpeg or
// the rename failed. Frees e.
bool render_export_close(RenderExport *e, bool commit, char *why, size_t why_n);
