// cli_export.c -- --replay FILE --export OUT [--from A] [--until B]
// [--debug]: a replay as PNG frames, a video (.mp4 with its sound, .gif)
// or its sound alone (.wav), simulated headless and verified as
// --headless does.
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "audio/mixdown.h"
#include "cli.h"
#include "core/fs.h"
#include "harness/bench.h"
#include "harness/script.h"
#include "render/export.h"
#include "sim/world.h"

// Opens c's replay and works out the ticks to export. 0 or the exit code.
static int open_range(const Cli *c, Session *s, int64_t *first, int64_t *last) {
    SessionSetup setup = cli_setup_for(c);
    int rc = cli_report(s, session_open_script(s, c->file, &setup));
    if (rc) return rc;
    int64_t end = script_end_tick(session_script(s));
    *last = c->has_until && c->until < end ? c->until : end;
    *first = c->has_from ? c->from : 0;
    if (*first > *last) {
        fprintf(stderr, "bossrush: --from %" PRId64 ": the replay ends at tick %" PRId64 "\n", *first, end);
        return 2;
    }
    return 0;
}

// The replay's sound mixed into the WAV file out (the export itself, or an
// .mp4's sound track); its peak and RMS on stderr when report.
static int export_sound(const Cli *c, const char *out, bool report) {
    Session s;
    int64_t first = 0, last = 0;
    int rc = open_range(c, &s, &first, &last);
    if (rc) {
        session_close(&s);
        return rc;
    }
    MixStats st;
    char why[1400];
    if (!mixdown_replay(&s, first, last, cli_assets_dir(), out, &st, why, sizeof why)) {
        rc = why[0] ? 2 : cli_report(&s, session_rc(&s));
        if (why[0]) fprintf(stderr, "bossrush: --export %s: %s\n", c->export_path, why);
    } else if (report) {
        fprintf(stderr,
                "bossrush: exported the sound of ticks %" PRId64 "..%" PRId64 " (%.1f s) to %s: peak %.2f dBFS, "
                "RMS %.2f dBFS\n",
                first, last, (double)st.frames / 44100.0, out, mixdown_dbfs(st.peak / 32768.0),
                mixdown_dbfs(st.rms));
    }
    session_close(&s);
    return rc;
}

// The frames (PNG, .gif, or .mp4 with the WAV sound when not NULL).
static int export_frames(const Cli *c, const char *sound) {
    Session s;
    int64_t first = 0, last = 0;
    int rc = open_range(c, &s, &first, &last);
    if (rc) {
        session_close(&s);
        return rc;
    }
    char why[1400];
    RenderExport *e = render_export_open(c->export_path, cli_assets_dir(), c->debug, sound, why, sizeof why);
    if (!e) {
        fprintf(stderr, "bossrush: --export %s: %s\n", c->export_path, why);
        session_close(&s);
        return 2;
    }
    double t0 = bench_now_us(), shown = t0;
    bool progress = false;
    while (rc == 0 && session_tick(&s) < last) {
        if (!session_step(&s, NULL)) {
            rc = cli_report(&s, session_rc(&s));
            break;
        }
        if (!render_export_tick(e, session_world(&s), session_tick(&s) >= first, why, sizeof why)) {
            fprintf(stderr, "bossrush: --export %s: %s\n", c->export_path, why);
            rc = 2;
            break;
        }
        double now = bench_now_us();
        if (now - shown >= 2e6) {
            shown = now;
            progress = true;
            fprintf(stderr, "\rbossrush: export: tick %" PRId64 " of %" PRId64 " (%d%%), %.0f s", session_tick(&s),
                    last, (int)(100 * (session_tick(&s) + 1) / (last + 1)), (now - t0) / 1e6);
        }
    }
    if (progress) fprintf(stderr, "\n");
    if (!render_export_close(e, rc == 0, why, sizeof why) && rc == 0) {
        fprintf(stderr, "bossrush: --export %s: %s\n", c->export_path, why);
        rc = 2;
    }
    if (rc == 0)
        fprintf(stderr, "bossrush: exported ticks %" PRId64 "..%" PRId64 " (%" PRId64 " frames) to %s in %.1f s\n",
                first, last, last - first + 1, c->export_path, (bench_now_us() - t0) / 1e6);
    session_close(&s);
    return rc;
}

int cli_export(const Cli *c) {
    ExportKind kind = render_export_kind(c->export_path);
    if (kind == EXPORT_WAV) return export_sound(c, c->export_path, true);
    char ff[1200];
    if (kind != EXPORT_PNG && !render_export_ffmpeg(ff, sizeof ff)) {
        fprintf(stderr,
                "bossrush: --export %s: ffmpeg is not installed (no ffmpeg on PATH), so no %s can be made; install "
                "it (Debian: apt-get install ffmpeg) or export PNG frames, which need nothing: --export FOLDER\n",
                c->export_path, kind == EXPORT_MP4 ? "MP4" : "GIF");
        return 2;
    }
    if (kind != EXPORT_MP4) return export_frames(c, NULL);
    // The sound first, into a temporary WAV beside the video.
    char wav[1100];
    if (!fs_temp_beside(c->export_path, wav, sizeof wav)) {
        fprintf(stderr, "bossrush: --export %s: cannot write beside it: %s\n", c->export_path, fs_strerror(errno));
        return 2;
    }
    int rc = export_sound(c, wav, false);
    if (rc == 0) rc = export_frames(c, wav);
    remove(wav);
    return rc;
}
