import QuireRender

/// The GL a benchmark draws with (EGL, no window), its name printed; nil, with the reason printed, where
/// there is none (the benchmark is then skipped).
func benchmarkGL() -> HeadlessGLContext? {
    do {
        let gl = try HeadlessGLContext()
        print("  GL: \(GLInfo.version); \(GLInfo.renderer)")
        return gl
    } catch {
        print("  skipped: \(error)")
        return nil
    }
}
