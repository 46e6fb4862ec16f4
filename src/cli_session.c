// cli_session.c -- the helpers every headless mode opens its session with
// (cli.h): the data folder's assets, the session setup, the report. Here,
// not in main.c, so the cli_*.c files use them from below and main.c only
// calls into them: no file depends on main.c.
#include <stdio.h>

#include "app/app.h"
#include "cli.h"
#include "core/fs.h"
#include "core/log.h"

const char *cli_assets_dir(void) {
    static char buf[1200];
    if (!buf[0]) snprintf(buf, sizeof buf, "%sassets", app_base_dir());
    return buf;
}

SessionSetup cli_setup_for(const Cli *c) {
    static char legs[1300];
    if (!legs[0]) fs_join(cli_assets_dir(), "legs", legs, sizeof legs);
    return (SessionSetup){.legs_dir = legs, .use_seed = c->has_seed, .seed = c->seed,
                          .rebless = c->mode == MODE_REBLESS};
}

double cli_main_start_us;

int cli_report(const Session *s, int rc) {
    if (session_warning(s)[0]) log_warn("%s", session_warning(s));
    if (rc) fprintf(stderr, "%s\n", session_message(s));
    return rc;
}
