/// The hard limits on what a stroke may ask of the ink engines, whatever its samples say (they come
/// from files, input logs and devices, and any of them may be absurd). Stated in INSTALL.md.
public enum InkLimits {
    /// A sample farther than this from the page origin on either axis, in page pixels, is dropped before
    /// any engine sees it (as is one whose position is not finite). Pages are at most
    /// `PageSize.maximumSide` (16,000 px) a side, so this is far beyond anything drawn on one.
    public static let maximumCoordinate = 1_000_000.0
    /// A segment longer than this, in page pixels, is not walked (no dabs along it): only a sample
    /// outside every page makes one.
    public static let maximumSegmentLength = 1_000_000.0
    /// The most sprites one stroke produces (32 bytes each, so 64 MB); dabs beyond are not placed.
    public static let maximumSpritesPerStroke = 2_000_000
    /// The widest a stroke's style may be, in page pixels: far past the pen settings' 64 px and a
    /// Xournal++ file's 1,000 pt (1,333 px). A wider one read from a file is refused
    /// (`StrokeStyle.problem`) before the renderer sizes a buffer from it.
    public static let maximumWidth = 2_000.0
}

extension InputSample {
    /// The sample as the engines may use it, or nil if its position is not finite or lies beyond
    /// `InkLimits.maximumCoordinate`. A pressure, wheel or tilt that is not finite is treated as absent
    /// (pressure and wheel are also clamped to 0…1); a time that is not finite becomes 0.
    public var checkedForInk: InputSample? {
        let limit = InkLimits.maximumCoordinate
        guard position.x.isFinite, position.y.isFinite, abs(position.x) <= limit, abs(position.y) <= limit else {
            return nil
        }
        var s = self
        func unit(_ v: Double?) -> Double? { v.flatMap { $0.isFinite ? min(1, max(0, $0)) : nil } }
        s.pressure = unit(pressure)
        s.wheel = unit(wheel)
        if !tiltX.isFinite { s.tiltX = 0 }
        if !tiltY.isFinite { s.tiltY = 0 }
        if !time.isFinite { s.time = 0 }
        return s
    }
}
