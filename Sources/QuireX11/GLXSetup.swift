import CGL
import CX11

/// The GLX pieces of a window: a framebuffer config with its visual, and an OpenGL 3.3 core context.
struct GLXSetup {
    let config: GLXFBConfig
    let visual: UnsafeMutablePointer<XVisualInfo>

    init(display: OpaquePointer, screen: Int32) throws {
        var errorBase: Int32 = 0, eventBase: Int32 = 0
        guard glXQueryExtension(display, &errorBase, &eventBase) != 0 else { throw X11Error.noGLX }
        let attributes: [Int32] = [
            GLX_X_RENDERABLE, 1,
            GLX_DRAWABLE_TYPE, GLX_WINDOW_BIT,
            GLX_RENDER_TYPE, GLX_RGBA_BIT,
            GLX_X_VISUAL_TYPE, GLX_TRUE_COLOR,
            GLX_RED_SIZE, 8, GLX_GREEN_SIZE, 8, GLX_BLUE_SIZE, 8,
            GLX_DOUBLEBUFFER, 1,
            0,
        ]
        var count: Int32 = 0
        guard let configs = glXChooseFBConfig(display, screen, attributes, &count), count > 0 else {
            throw X11Error.noFramebufferConfig
        }
        defer { XFree(configs) }
        // Prefer a config without multisampling or alpha in the window: the ink is antialiased by its
        // brush already, and a window alpha channel would make compositors show the desk through.
        var chosen: (GLXFBConfig, UnsafeMutablePointer<XVisualInfo>)?
        for i in 0..<Int(count) {
            guard let config = configs[i], let visual = glXGetVisualFromFBConfig(display, config) else { continue }
            var samples: Int32 = 0, alpha: Int32 = 0
            glXGetFBConfigAttrib(display, config, GLX_SAMPLES, &samples)
            glXGetFBConfigAttrib(display, config, GLX_ALPHA_SIZE, &alpha)
            if chosen == nil || (samples == 0 && visual.pointee.depth == 24) {
                if let previous = chosen { XFree(previous.1) }
                chosen = (config, visual)
                if samples == 0 && visual.pointee.depth == 24 && alpha == 0 { break }
            } else {
                XFree(visual)
            }
        }
        guard let (config, visual) = chosen else { throw X11Error.noFramebufferConfig }
        self.config = config
        self.visual = visual
    }

    func createCoreContext(display: OpaquePointer) throws -> GLXContext {
        let attributes: [Int32] = [
            GLX_CONTEXT_MAJOR_VERSION_ARB, 3,
            GLX_CONTEXT_MINOR_VERSION_ARB, 3,
            GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_CORE_PROFILE_BIT_ARB,
            0,
        ]
        let (context, errorCode) = XErrorTrap.catching(display) {
            glXCreateContextAttribsARB(display, config, nil, 1, attributes)
        }
        guard let context, errorCode == 0 else {
            if let context { glXDestroyContext(display, context) }
            throw X11Error.noCoreContext(reason: errorCode != 0
                ? "the X server refused it (X error \(errorCode))" : "glXCreateContextAttribsARB returned none")
        }
        return context
    }
}
