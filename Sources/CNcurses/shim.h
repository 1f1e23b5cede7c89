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
#include <langinfo.h>
#include <wchar.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// Macros (and C globals) Swift cannot import, or cannot use safely under strict
// concurrency, get tiny inline wrappers. None of them keeps state of its own:
// static storage in a header would be duplicated per object file.

static inline int parley_wcwidth(wchar_t c) { return wcwidth(c); }

// Attributes.
static inline attr_t parley_a_normal(void) { return A_NORMAL; }
static inline attr_t parley_a_bold(void) { return A_BOLD; }
static inline attr_t parley_a_dim(void) { return A_DIM; }
static inline attr_t parley_a_reverse(void) { return A_REVERSE; }
static inline attr_t parley_a_underline(void) { return A_UNDERLINE; }
static inline attr_t parley_color_pair(int pair) { return (attr_t)COLOR_PAIR(pair); }

// Global windows and sizes (C globals; wrapped so Swift never touches shared mutable state).
static inline WINDOW *parley_stdscr(void) { return stdscr; }
static inline WINDOW *parley_curscr(void) { return curscr; }
static inline int parley_colors(void) { return COLORS; }
static inline int parley_color_pairs(void) { return COLOR_PAIRS; }
static inline int parley_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int parley_getmaxx(WINDOW *w) { return getmaxx(w); }

// The C library's standard streams (globals Swift 6 would flag as shared mutable state).
static inline FILE *parley_stdin(void) { return stdin; }
static inline FILE *parley_stdout(void) { return stdout; }

// Keys.
static inline int parley_key_f(int n) { return KEY_F(n); }

// Line-drawing fallbacks for terminals/locales without Unicode.
static inline chtype parley_acs_hline(void) { return ACS_HLINE; }
static inline chtype parley_acs_vline(void) { return ACS_VLINE; }
static inline chtype parley_acs_ulcorner(void) { return ACS_ULCORNER; }
static inline chtype parley_acs_urcorner(void) { return ACS_URCORNER; }
static inline chtype parley_acs_llcorner(void) { return ACS_LLCORNER; }
static inline chtype parley_acs_lrcorner(void) { return ACS_LRCORNER; }
static inline chtype parley_acs_ltee(void) { return ACS_LTEE; }
static inline chtype parley_acs_rtee(void) { return ACS_RTEE; }
static inline chtype parley_acs_ttee(void) { return ACS_TTEE; }
static inline chtype parley_acs_btee(void) { return ACS_BTEE; }
static inline chtype parley_acs_plus(void) { return ACS_PLUS; }

// ioctl is variadic, which Swift cannot call: ask the kernel for a tty's size.
// Returns 0 and fills rows/cols on success, -1 otherwise.
static inline int parley_tty_size(int fd, int *rows, int *cols) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0) return -1;
    *rows = ws.ws_row;
    *cols = ws.ws_col;
    return 0;
}

// Bytes waiting to be read on fd (FIONREAD). Returns 0 on success, -1 otherwise.
static inline int parley_pending_bytes(int fd, int *count) {
    return ioctl(fd, FIONREAD, count) == 0 ? 0 : -1;
}

// True when the current LC_CTYPE is UTF-8 (after setlocale).
static inline int parley_locale_is_utf8(void) {
    const char *cs = nl_langinfo(CODESET);
    if (cs == NULL) return 0;
    return (cs[0] == 'U' || cs[0] == 'u') && (cs[1] == 'T' || cs[1] == 't') && (cs[2] == 'F' || cs[2] == 'f');
}

// tigetstr returns (char *)-1 for "not a string capability"; hide that sentinel from Swift.
static inline const char *parley_tigetstr(const char *name) {
    char *s = tigetstr(name);
    if (s == NULL || s == (char *)-1) return NULL;
    return s;
}
#endif
