// XTEST, for tests and the latency benchmark: it presses buttons and keys on a real X server as a user would.
// XFixes, for tests only: it lets a test see the pointer's picture as the server shows it.
// XInput2, for tests only: it lets a test watch what devices the server reports (valuators, touches).
#ifndef QUIRE_CXTEST_SHIM_H
#define QUIRE_CXTEST_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/XKBlib.h>
#include <X11/keysym.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/XInput.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/Xfixes.h>

// XISetMask, XIMaskIsSet and XIMaskLen are macros, which Swift does not import.
static inline void quire_xi_set_mask(unsigned char *mask, int event) { XISetMask(mask, event); }
static inline int quire_xi_mask_is_set(const unsigned char *mask, int bit) { return XIMaskIsSet(mask, bit); }
static inline int quire_xi_mask_len(int event) { return XIMaskLen(event); }

#endif
