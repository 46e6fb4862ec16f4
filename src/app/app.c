// app.c -- placeholder.
#include "app/app.h"

int app_main(const AppOptions *opt) { (void)opt; return 0; }
const char *app_base_dir(void) { return "./"; }
