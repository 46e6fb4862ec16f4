// storage.js -- emcc --pre-js for the browser build (make web): the game's
// preference folder (settings, best times, replays, screenshots) lives in
// the browser's IndexedDB. Before main runs, IDBFS is mounted on it and what
// the browser stored is loaded (a run dependency holds main back until
// then), so the game's start-up reads see the last session's files without
// waiting itself (no Asyncify). src/platform/web.c checks the folder is
// the one SDL_GetPrefPath("bossrush", "bossrush") names and writes it back
// at the end of any frame in which a file was written. docs/web.md.
Module['preRun'] = [].concat(Module['preRun'] || [], function () {
    const dir = '/libsdl/bossrush/bossrush';
    FS.mkdirTree(dir);
    FS.mount(IDBFS, {}, dir);
    addRunDependency('bossrush-storage');
    FS.syncfs(true, function (err) {
        if (err) console.warn('bossrush: could not load saved files:', err);
        removeRunDependency('bossrush-storage');
    });
});
