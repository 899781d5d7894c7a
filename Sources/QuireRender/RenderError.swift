/// Why rendering could not start or go on. Each case says what is missing so a user can act on it.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    case shaderCompileFailed(stage: String, log: String)
    case programLinkFailed(log: String)
    case framebufferIncomplete(status: UInt32)
    case noHeadlessGL(reason: String)
    case glError(code: UInt32, during: String)

    public var description: String {
        switch self {
        case let .shaderCompileFailed(stage, log): return "the \(stage) shader did not compile: \(log)"
        case let .programLinkFailed(log): return "the shader program did not link: \(log)"
        case let .framebufferIncomplete(status):
            return "an offscreen framebuffer is incomplete (status 0x\(String(status, radix: 16)))"
        case let .noHeadlessGL(reason):
            return "no headless OpenGL 3.3 (EGL surfaceless): \(reason). Install Mesa's EGL (libegl-mesa0, libgl1-mesa-dri)."
        case let .glError(code, during): return "OpenGL error 0x\(String(code, radix: 16)) during \(during)"
        }
    }
}
