#!/bin/sh
# audio.sh BIN -- the mix never clips: a minute of busy play in every arena
# (tests/audio/NN-arena-60s.script: fire, wiggle, dashes, jumps, lock) is
# exported with --export OUT.wav and its WAV read here (od and awk, no
# sox): a 16-bit stereo 44.1 kHz file of the whole run, not silent, every
# sample at or below -1 dBFS (29204 of 32768). The same export twice is the
# same file. With ffmpeg on PATH, an .mp4 export carries a sound track.
# Each case counts; ends "audio: N passed, M failed[, K skipped]".
BIN=${1:-./bossrush}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fails=0
skips=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }
# -1 dBFS: 32768 * 10^(-1/20) = 29204.6
LIMIT=29204

# u32 FILE OFFSET / u16 FILE OFFSET: little-endian integers from the header.
u32() { od -An -v -t u4 -j "$2" -N 4 "$1" | tr -d ' '; }
u16() { od -An -v -t u2 -j "$2" -N 2 "$1" | tr -d ' '; }

for script in tests/audio/*-60s.script; do
    name=$(basename "$script" .script)
    wav="$tmp/$name.wav"
    if ! timeout 300 "$BIN" --replay "$script" --export "$wav" 2>"$tmp/err"; then
        bad "$name: --export exited non-zero"; sed 's/^/    /' "$tmp/err" | head -3
        continue
    fi
    end=$(sed -n 's/^end \([0-9]*\).*/\1/p' "$script")
    frames=$(( (end + 1) * 735 ))
    if [ "$(head -c 4 "$wav")" != RIFF ] || [ "$(u16 "$wav" 22)" != 2 ] || [ "$(u32 "$wav" 24)" != 44100 ] \
        || [ "$(u16 "$wav" 34)" != 16 ] || [ "$(u32 "$wav" 40)" != $((frames * 4)) ]; then
        bad "$name: not a 16-bit stereo 44.1 kHz WAV of $frames frames"
        continue
    fi
    ok
    peak=$(od -An -v -t d2 -j 44 "$wav" | awk '{for (i = 1; i <= NF; i++) { v = $i < 0 ? -$i : $i; if (v > p) p = v } }
        END { print p + 0 }')
    if [ "$peak" -gt "$LIMIT" ]; then bad "$name: peak $peak of 32768 is above -1 dBFS ($LIMIT)"
    elif [ "$peak" -lt 1000 ]; then bad "$name: peak $peak: the export is (nearly) silent"
    else ok; fi
    grep -o "peak [-0-9.]* dBFS, RMS [-0-9.]* dBFS" "$tmp/err" | sed "s/^/audio: $name: /"
done

# Deterministic: the same replay exported again gives the same bytes.
first=$(ls tests/audio/*-60s.script | head -1)
if "$BIN" --replay "$first" --until 1200 --export "$tmp/a.wav" 2>/dev/null \
    && "$BIN" --replay "$first" --until 1200 --export "$tmp/b.wav" 2>/dev/null && cmp -s "$tmp/a.wav" "$tmp/b.wav"; then
    ok
else
    bad "the same export twice differs"
fi

# A video carries the sound (ffmpeg's own ffprobe reads the streams).
if command -v ffmpeg >/dev/null 2>&1 && command -v ffprobe >/dev/null 2>&1; then
    if "$BIN" --replay "$first" --from 600 --until 720 --export "$tmp/v.mp4" 2>"$tmp/err" \
        && ffprobe -v error -show_entries stream=codec_type -of csv=p=0 "$tmp/v.mp4" | grep -q audio; then
        ok
    else
        bad "an .mp4 export has no sound track"; sed 's/^/    /' "$tmp/err" | head -3
    fi
else
    echo "audio: skipped the .mp4 case (no ffmpeg)"
    skips=$((skips + 1))
fi

if [ $skips -gt 0 ]; then echo "audio: $pass passed, $fails failed, $skips skipped"
else echo "audio: $pass passed, $fails failed"; fi
[ $fails -eq 0 ]
