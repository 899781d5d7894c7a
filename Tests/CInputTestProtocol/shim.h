// The binary protocol of Xorg's `inputtest` input driver, for the test harness only.
//
// xf86-input-inputtest-protocol.h beside this file is a verbatim copy of the header that Debian ships
// in xserver-xorg-dev (/usr/include/xorg/), so building the tests never needs that package; a test
// compares the copy with the installed header where there is one. The driver reads these structs
// as raw bytes and rejects any event whose header.length differs from its sizeof, so the structs are
// taken from C rather than packed by hand, and the constructors below fill in length and type.
#ifndef QUIRE_CINPUTTESTPROTOCOL_SHIM_H
#define QUIRE_CINPUTTESTPROTOCOL_SHIM_H
#include <string.h>
#include "xf86-input-inputtest-protocol.h"

// Axis numbers of the inputtest devices (hw/xfree86/drivers/inputtest/xf86-input-inputtest.c).
enum {
    QUIRE_IT_AXIS_X = 0,        // "Abs X" (pen) / "Abs MT Position X" (touch), 0...65535
    QUIRE_IT_AXIS_Y = 1,        // "Abs Y" (pen) / "Abs MT Position Y" (touch), 0...65535
    QUIRE_IT_AXIS_HSCROLL = 2,
    QUIRE_IT_AXIS_VSCROLL = 3,
    QUIRE_IT_AXIS_PRESSURE = 4, // "Abs Pressure" (pen) 0...1000 / "Abs MT Pressure" (touch) 0...2047
};

// Touch event types as xf86PostTouchEvent takes them: XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd.
enum { QUIRE_IT_TOUCH_BEGIN = 18, QUIRE_IT_TOUCH_UPDATE = 19, QUIRE_IT_TOUCH_END = 20 };

static inline void quire_it_set_axis(xf86ITValuatorData *data, int axis, double value) {
    data->mask[axis / 8] |= (uint8_t)(1u << (axis % 8));
    data->valuators[axis] = value;
}

static inline xf86ITEventClientVersion quire_it_client_version(void) {
    xf86ITEventClientVersion e;
    memset(&e, 0, sizeof e);
    e.header.length = sizeof e;
    e.header.type = XF86IT_EVENT_CLIENT_VERSION;
    e.major = XF86IT_PROTOCOL_VERSION_MAJOR;
    e.minor = XF86IT_PROTOCOL_VERSION_MINOR;
    return e;
}

static inline xf86ITEventWaitForSync quire_it_wait_for_sync(void) {
    xf86ITEventWaitForSync e;
    memset(&e, 0, sizeof e);
    e.header.length = sizeof e;
    e.header.type = XF86IT_EVENT_WAIT_FOR_SYNC;
    return e;
}

static inline xf86ITEventMotion quire_it_motion(uint32_t is_absolute) {
    xf86ITEventMotion e;
    memset(&e, 0, sizeof e);
    e.header.length = sizeof e;
    e.header.type = XF86IT_EVENT_MOTION;
    e.is_absolute = is_absolute;
    return e;
}

static inline xf86ITEventProximity quire_it_proximity(uint32_t is_prox_in) {
    xf86ITEventProximity e;
    memset(&e, 0, sizeof e);
    e.header.length = sizeof e;
    e.header.type = XF86IT_EVENT_PROXIMITY;
    e.is_prox_in = is_prox_in;
    return e;
}

static inline xf86ITEventButton quire_it_button(int32_t button, uint32_t is_press) {
    xf86ITEventButton e;
    memset(&e, 0, sizeof e);
    e.header.length = sizeof e;
    e.header.type = XF86IT_EVENT_BUTTON;
    e.is_absolute = 1;
    e.button = button;
    e.is_press = is_press;
    return e;
}

static inline xf86ITEventKey quire_it_key(int32_t key_code, uint32_t is_press) {
    xf86ITEventKey e;
    memset(&e, 0, sizeof e);
    e.header.length = sizeof e;
    e.header.type = XF86IT_EVENT_KEY;
    e.key_code = key_code;
    e.is_press = is_press;
    return e;
}

static inline xf86ITEventTouch quire_it_touch(uint32_t touch_id, uint32_t touch_type) {
    xf86ITEventTouch e;
    memset(&e, 0, sizeof e);
    e.header.length = sizeof e;
    e.header.type = XF86IT_EVENT_TOUCH;
    e.touchid = touch_id;
    e.touch_type = touch_type;
    return e;
}

static inline uint32_t quire_it_response_header_size(void) { return sizeof(xf86ITResponseHeader); }
static inline uint32_t quire_it_server_version_size(void) { return sizeof(xf86ITResponseServerVersion); }

#endif
