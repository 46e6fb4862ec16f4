// ogg.h -- Ogg Vorbis sounds in (the music, assets/music/loop.ogg): decoded
// from bytes by Debian's libvorbisfile into the mixer's samples (wav.h's
// WavSound: mono 16-bit at the rate asked for). No SDL, no files: the
// mixer, the offline export and the unit tests read it the same way; the
// browser build links libvorbisfile built by scripts/web-libs.sh.
//
//   WavSound s;
//   if (ogg_parse(bytes, n, MIX_RATE, &s, why, sizeof why)) { ...; wav_free(&s); }
#pragma once
#include <stdbool.h>
#include <stddef.h>

#include "audio/wav.h"

// Decodes a whole Ogg Vorbis stream (mono or stereo, any rate): stereo is
// averaged to mono and the rate converted by wav_parse's interpolation.
// False with a reason on anything else (not Vorbis, corrupt, 3+ channels).
bool ogg_parse(const void *bytes, size_t n, int rate_hz, WavSound *out, char *why, size_t why_n);
