// Xlib + XInput2 for Swift. Function-like macros do not import, so the few we need are wrapped here.
#ifndef QUIRE_CX11_SHIM_H
#define QUIRE_CX11_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/extensions/XInput.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/Xrandr.h>
#include <X11/Xcursor/Xcursor.h>

static inline void quire_XISetMask(unsigned char *mask, int event) { XISetMask(mask, event); }
static inline int quire_XIMaskIsSet(const unsigned char *mask, int event) { return XIMaskIsSet(mask, event); }
static inline int quire_XIMaskLen(int event) { return XIMaskLen(event); }
// XCreateIC takes its attributes as variadic pairs, which Swift cannot call: the one input context
// Quire makes (no pre-edit or status drawn by Quire; the input method shows its own), for `window`.
static inline XIC quire_XCreateIC(XIM im, Window window) {
    return XCreateIC(im, XNInputStyle, XIMPreeditNothing | XIMStatusNothing, XNClientWindow, window, XNFocusWindow, window, NULL);
}
#endif
