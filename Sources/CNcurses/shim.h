#ifndef PARLEY_CNCURSES_SHIM_H
#define PARLEY_CNCURSES_SHIM_H
// SwiftPM drops pkg-config's -D flags, so wide-character curses is switched on here,
// before curses.h is read.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// Macros Swift cannot import get tiny inline wrappers.
static inline int parley_wcwidth(wchar_t c) { return wcwidth(c); }
#endif
