// OpenGL core entry points (libglvnd exports them up to 4.5, so no loader), GLX for windows and
// EGL for headless rendering. Both window systems dispatch through the same libGLdispatch.
#ifndef QUIRE_CGL_SHIM_H
#define QUIRE_CGL_SHIM_H
#define GL_GLEXT_PROTOTYPES 1
#define GLX_GLXEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>
#include <GL/glx.h>
#include <GL/glxext.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>
#endif
