// XTEST, for tests only: it lets a test press buttons and keys on a real X server as a user would.
#ifndef QUIRE_CXTEST_SHIM_H
#define QUIRE_CXTEST_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/extensions/XTest.h>
#endif
