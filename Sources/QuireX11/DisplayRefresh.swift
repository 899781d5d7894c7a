import CX11

/// The refresh rate of the monitor a window is on, read from RandR: what paces Quire's frames when the
/// driver does not wait for the display itself (llvmpipe, Xvfb, many VMs honour no swap interval).
enum DisplayRefresh {
    /// Rates outside this range are not believed (a dummy mode line, a broken driver): the caller falls
    /// back to its default rather than drawing 1,000 frames a second or one every two seconds.
    static let believable: ClosedRange<Double> = 20...500

    /// Frames per second of the CRTC showing the middle of `window` (the first lit one when none shows
    /// it), or nil without RandR 1.2, without a lit CRTC, or with a rate outside `believable`.
    static func rate(display: OpaquePointer, window: Window, width: Int, height: Int) -> Double? {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XRRQueryExtension(display, &eventBase, &errorBase) != 0 else { return nil }
        var major: Int32 = 0, minor: Int32 = 0
        guard XRRQueryVersion(display, &major, &minor) != 0, major * 100 + minor >= 102 else { return nil }
        let root = XDefaultRootWindow(display)
        guard let resources = XRRGetScreenResourcesCurrent(display, root) else { return nil }
        defer { XRRFreeScreenResources(resources) }
        // The window's middle in root coordinates picks the monitor it is on.
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(display, window, root, Int32(clamping: width / 2), Int32(clamping: height / 2), &x, &y, &child)
        var chosen: Double?
        let crtcCount = Int(max(0, resources.pointee.ncrtc))
        for index in 0..<crtcCount {
            guard let crtcs = resources.pointee.crtcs, let info = XRRGetCrtcInfo(display, resources, crtcs[index]) else { continue }
            defer { XRRFreeCrtcInfo(info) }
            let crtc = info.pointee
            guard crtc.mode != 0, let rate = modeRate(crtc.mode, in: resources.pointee) else { continue }
            let contains = x >= crtc.x && y >= crtc.y && Int(x) < Int(crtc.x) + Int(crtc.width) && Int(y) < Int(crtc.y) + Int(crtc.height)
            if contains { return rate }
            if chosen == nil { chosen = rate }
        }
        return chosen
    }

    /// A mode's refresh: dot clock over the pixels of a whole frame (doubled for interlaced, halved
    /// for double scan), or nil for a mode that says nothing believable.
    private static func modeRate(_ id: RRMode, in resources: XRRScreenResources) -> Double? {
        guard let modes = resources.modes else { return nil }
        for index in 0..<Int(max(0, resources.nmode)) where modes[index].id == id {
            let mode = modes[index]
            var lines = Double(mode.vTotal)
            if mode.modeFlags & UInt(RR_DoubleScan) != 0 { lines *= 2 }
            if mode.modeFlags & UInt(RR_Interlace) != 0 { lines /= 2 }
            guard mode.hTotal > 0, lines > 0 else { return nil }
            let rate = Double(mode.dotClock) / (Double(mode.hTotal) * lines)
            return rate.isFinite && believable.contains(rate) ? rate : nil
        }
        return nil
    }
}
