import CGL
import Foundation

/// Hands the GL commands queued so far to the driver (`glFlush`) once enough time has gone into
/// queueing them, so the rasterizer starts on them while the next are being set up.
///
/// Why: a software rasterizer (llvmpipe, what CI and many desktops run) bins a whole framebuffer's
/// draws into one scene and rasterizes it only when the scene is flushed. A redraw of many items into
/// one layer (a cut's ten pieces and the scraps beside them) was set up on one core while the
/// rasterizer's threads waited, then rasterized while this thread waited: about one core busy of two.
/// Flushing between items lets the two overlap: in the scissors benchmark, cuts alternating with and
/// without it in one process took about a quarter less time with it. A flush has a cost of its own (a
/// new scene), so it comes only after `interval` seconds of queueing, not after every item; on a GPU it
/// is a small submission. It changes no pixel.
struct RasterizerKick {
    /// Seconds of queued work after which the next `kickIfDue` flushes.
    var interval = 0.0005
    private var lastKick = DispatchTime.now().uptimeNanoseconds

    /// Flushes when `interval` has passed since the last flush made here.
    mutating func kickIfDue() {
        let now = DispatchTime.now().uptimeNanoseconds
        guard Double(now &- lastKick) >= interval * 1e9 else { return }
        glFlush()
        lastKick = now
    }
}
