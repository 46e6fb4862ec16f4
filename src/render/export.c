// export.c -- replays rendered headless into PNG frames or, through an
// ffmpeg child process fed raw BGRA frames on a pipe, into a video (see
// export.h). ffmpeg is started with execvp (no shell), so any file name
// is safe.
#include "render/export.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/fs.h"
#include "core/log.h"
#include "platform/png.h"
#include "render/fx.h"
#include "render/render.h"
#include "sim/world.h"

struct RenderExport {
    ExportKind kind;
    char out[1024];            // the folder, or the video's final name
    char tmp[1100];            // the video while ffmpeg writes it
    SDL_Surface *s;
    SDL_Renderer *r;
    RenderCtx rc;
    bool rc_ok;                // render_init succeeded
    pid_t ffmpeg;
    int pipe_fd;               // ffmpeg's stdin
};

ExportKind render_export_kind(const char *out) {
    size_t n = strlen(out);
    if (n > 4 && strcasecmp(out + n - 4, ".mp4") == 0) return EXPORT_MP4;
    if (n > 4 && strcasecmp(out + n - 4, ".gif") == 0) return EXPORT_GIF;
    if (n > 4 && strcasecmp(out + n - 4, ".wav") == 0) return EXPORT_WAV;
    return EXPORT_PNG;
}

bool render_export_ffmpeg(char *buf, size_t n) {
    const char *path = getenv("PATH");
    if (!path) return false;
    for (const char *p = path; *p;) {
        const char *e = strchr(p, ':');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        snprintf(buf, n, "%.*s/ffmpeg", (int)len, len ? p : ".");
        if (access(buf, X_OK) == 0 && fs_is_file(buf)) return true;
        p += len + (e ? 1 : 0);
    }
    return false;
}

// ffmpeg reading RENDER_LOGICAL_W x H BGRA frames at 60 a second from its
// stdin (and an .mp4's sound from the WAV file sound); the video into
// e->tmp in e->kind's format.
static bool start_ffmpeg(RenderExport *e, const char *sound, char *why, size_t why_n) {
    char size[32];
    snprintf(size, sizeof size, "%dx%d", RENDER_LOGICAL_W, RENDER_LOGICAL_H);
    const char *mp4[] = {"-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p",
                         "-movflags", "+faststart", "-f", "mp4", NULL};
    const char *gif[] = {"-vf", "fps=30,scale=640:-1:flags=lanczos,split[a][b];[a]palettegen=stats_mode=diff[p];"
                                "[b][p]paletteuse=dither=bayer:bayer_scale=4",
                         "-loop", "0", "-f", "gif", NULL};
    const char *argv[48] = {"ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo",
                            "-pixel_format", "bgra", "-video_size", size, "-framerate", "60", "-i", "-"};
    int k = 15;
    if (e->kind == EXPORT_MP4 && sound) {
        const char *with_sound[] = {"-i", sound, "-map", "0:v", "-map", "1:a", "-c:a", "aac", "-b:a", "160k", NULL};
        for (const char *const *a = with_sound; *a; a++) argv[k++] = *a;
    }
    for (const char *const *a = e->kind == EXPORT_MP4 ? mp4 : gif; *a; a++) argv[k++] = *a;
    argv[k++] = e->tmp;
    argv[k] = NULL;
    int p[2];
    if (pipe(p) != 0) {
        snprintf(why, why_n, "cannot start ffmpeg: %s", fs_strerror(errno));
        return false;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(p[0], 0);
        close(p[0]);
        close(p[1]);
        char *args[48];                // execvp's type; it does not write them
        memcpy(args, argv, sizeof args);
        execvp("ffmpeg", args);
        _exit(127);
    }
    close(p[0]);
    if (pid < 0) {
        close(p[1]);
        snprintf(why, why_n, "cannot start ffmpeg: %s", fs_strerror(errno));
        return false;
    }
    e->ffmpeg = pid;
    e->pipe_fd = p[1];
    return true;
}

RenderExport *render_export_open(const char *out, const char *assets_dir, bool debug, const char *sound_wav,
                                 char *why, size_t why_n) {
    RenderExport *e = calloc(1, sizeof *e);
    if (!e) {
        snprintf(why, why_n, "out of memory");
        return NULL;
    }
    e->kind = render_export_kind(out);
    e->pipe_fd = -1;
    snprintf(e->out, sizeof e->out, "%s", out);
    e->s = SDL_CreateRGBSurfaceWithFormat(0, RENDER_LOGICAL_W, RENDER_LOGICAL_H, 32, SDL_PIXELFORMAT_ARGB8888);
    e->r = e->s ? SDL_CreateSoftwareRenderer(e->s) : NULL;
    e->rc_ok = e->r && render_init(&e->rc, e->r, assets_dir);
    if (!e->rc_ok) {
        snprintf(why, why_n, "the software renderer failed: %s", SDL_GetError());
        render_export_close(e, false, NULL, 0);
        return NULL;
    }
    e->rc.debug = debug;
    bool ok = true;
    if (e->kind == EXPORT_PNG) {
        if (!fs_make_dirs(out)) {
            snprintf(why, why_n, "cannot make the folder %s: %s", out, fs_strerror(errno));
            ok = false;
        }
    } else if (!fs_temp_beside(out, e->tmp, sizeof e->tmp)) {
        snprintf(why, why_n, "cannot write beside %s: %s", out, fs_strerror(errno));
        ok = false;
    } else {
        signal(SIGPIPE, SIG_IGN);      // ffmpeg gone: a write error, not death
        ok = start_ffmpeg(e, sound_wav, why, why_n);
    }
    if (!ok) {
        render_export_close(e, false, NULL, 0);
        return NULL;
    }
    return e;
}

bool render_export_tick(RenderExport *e, const World *w, bool draw, char *why, size_t why_n) {
    RenderCtx *rc = &e->rc;
    rc->time_s = (double)(w->tick + 1) / SIM_TICK_HZ;
    fx_tick(rc, w);
    render_camera_update(rc, w, 1.0 / SIM_TICK_HZ);
    if (!draw) return true;
    SDL_SetRenderDrawColor(e->r, 0, 0, 0, 255);
    SDL_RenderClear(e->r);
    render_world(rc, w);
    SDL_RenderPresent(e->r);
    if (e->kind == EXPORT_PNG) {
        char path[1200];
        snprintf(path, sizeof path, "%s/tick-%06lld.png", e->out, (long long)w->tick);
        return png_save(e->s, path, why, why_n);
    }
    // ARGB8888 in memory is B, G, R, A on little-endian machines: ffmpeg's bgra.
    for (int y = 0; y < e->s->h; y++) {
        const char *row = (const char *)e->s->pixels + (size_t)y * (size_t)e->s->pitch;
        size_t len = (size_t)e->s->w * 4, off = 0;
        while (off < len) {
            ssize_t n = write(e->pipe_fd, row + off, len - off);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                snprintf(why, why_n, "ffmpeg stopped taking frames (%s)", n < 0 ? fs_strerror(errno) : "closed");
                return false;
            }
            off += (size_t)n;
        }
    }
    return true;
}

bool render_export_close(RenderExport *e, bool commit, char *why, size_t why_n) {
    bool ok = true;
    if (e->pipe_fd >= 0) close(e->pipe_fd);
    if (e->ffmpeg > 0) {
        if (!commit) kill(e->ffmpeg, SIGTERM);
        int status = 0;
        while (waitpid(e->ffmpeg, &status, 0) < 0 && errno == EINTR) {
        }
        if (commit && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
            snprintf(why, why_n, "ffmpeg failed (%s %d)", WIFEXITED(status) ? "exit" : "signal",
                     WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
            ok = false;
        }
    }
    if (e->tmp[0]) {
        if (ok && commit) {
            if (!fs_commit(e->tmp, e->out)) {
                snprintf(why, why_n, "cannot rename the video to %s: %s", e->out, fs_strerror(errno));
                ok = false;
            }
        } else {
            remove(e->tmp);
        }
    }
    if (e->rc_ok) render_shutdown(&e->rc);
    if (e->r) SDL_DestroyRenderer(e->r);
    if (e->s) SDL_FreeSurface(e->s);
    free(e);
    return ok;
}
