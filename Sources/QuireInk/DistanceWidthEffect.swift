import QuireGeometry

/// SpiralKit's variable width: the further apart consecutive samples are (the faster the hand), the
/// thinner the line, from the maximum width when the samples touch to the minimum at
/// `distanceForMinimumWidth`. Works the same for any device, pressure or not. Each width is averaged
/// with the previous one so uneven sample spacing does not show as wobble.
public struct DistanceWidthEffect: InkEffectsEngine {
    public static let identifier = "distance-width"
    public var identifier: String { Self.identifier }

    /// Distance between samples, in pixels, at which the line is at its thinnest.
    public var distanceForMinimumWidth: Double
    /// Weight of the newest width against the previous one.
    public var smoothing: Double

    private var minimumWidth = 1.0, maximumWidth = 1.0
    private var previousPosition: Point?
    private var previousWidth: Double?

    public init(distanceForMinimumWidth: Double = 12, smoothing: Double = 0.5) {
        self.distanceForMinimumWidth = distanceForMinimumWidth
        self.smoothing = smoothing
    }

    public mutating func calibrate(to styling: inout InkStyling) {
        minimumWidth = styling.minimumWidth
        maximumWidth = styling.maximumWidth
    }

    public mutating func apply(to dab: inout DabPoint, for sample: InputSample) {
        let distance = previousPosition.map { $0.distance(to: sample.position) } ?? 0
        let target = maximumWidth - (maximumWidth - minimumWidth) * min(1, distance / distanceForMinimumWidth)
        let width = previousWidth.map { $0 + (target - $0) * smoothing } ?? target
        dab.diameter = width
        previousPosition = sample.position
        previousWidth = width
    }

    public mutating func reset() {
        previousPosition = nil
        previousWidth = nil
    }
}
