import CGL

/// An OpenGL 3.3 core context with no window and no X server: EGL on Mesa's surfaceless platform.
/// For exports, thumbnails and tests. A GL context is bound to the thread that made it current, so
/// create, use and drop it on one thread.
public final class HeadlessGLContext {
    private let display: EGLDisplay
    private let context: EGLContext

    public init() throws {
        // EGL_PLATFORM_SURFACELESS_MESA: a display with no window system behind it.
        guard let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) else {
            throw RenderError.noHeadlessGL(reason: "eglGetPlatformDisplay(surfaceless) returned no display")
        }
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) != 0 else {
            throw RenderError.noHeadlessGL(reason: "eglInitialize failed (EGL error 0x\(String(eglGetError(), radix: 16)))")
        }
        guard eglBindAPI(EGLenum(EGL_OPENGL_API)) != 0 else {
            eglTerminate(display)
            throw RenderError.noHeadlessGL(reason: "this EGL has no desktop OpenGL")
        }
        let attributes: [EGLint] = [
            EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
            EGL_NONE,
        ]
        // No config: EGL_KHR_no_config_context, which Mesa offers on every platform.
        guard let context = eglCreateContext(display, nil, nil, attributes) else {
            let error = eglGetError()
            eglTerminate(display)
            throw RenderError.noHeadlessGL(reason: "no OpenGL 3.3 core context (EGL error 0x\(String(error, radix: 16)))")
        }
        guard eglMakeCurrent(display, nil, nil, context) != 0 else {
            eglDestroyContext(display, context)
            eglTerminate(display)
            throw RenderError.noHeadlessGL(reason: "eglMakeCurrent failed")
        }
        self.display = display
        self.context = context
    }

    deinit {
        eglMakeCurrent(display, nil, nil, nil)
        eglDestroyContext(display, context)
        eglTerminate(display)
    }
}
