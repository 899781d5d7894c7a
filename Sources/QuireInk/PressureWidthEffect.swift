import Foundation
import QuireGeometry

/// Width and opacity from the pen: pressure through the style's pressure curve picks a point between the
/// minimum and maximum width and opacity. A device without pressure (a mouse) uses speed instead, the
/// way ink thins when a pen moves fast; tilt widens a brush that has `tiltWidening` (a chisel).
public struct PressureWidthEffect: InkEffectsEngine {
    public static let identifier = "pressure-width"
    public var identifier: String { Self.identifier }

    /// Mouse speed, in pixels a second, at which the line is at its thinnest.
    public var speedForMinimumWidth: Double
    /// Weight of the newest speed in the running average (the rest is the previous average): mouse
    /// speeds jump from event to event and the width should not.
    public var speedSmoothing: Double

    private var minimumWidth = 1.0, maximumWidth = 1.0
    private var minimumOpacity = 1.0, maximumOpacity = 1.0
    private var curve = PressureCurve.linear
    private var tiltWidening = 0.0
    private var previous: InputSample?
    private var speed = 0.0

    public init(speedForMinimumWidth: Double = 2000, speedSmoothing: Double = 0.35) {
        self.speedForMinimumWidth = speedForMinimumWidth
        self.speedSmoothing = speedSmoothing
    }

    public mutating func calibrate(to styling: inout InkStyling) {
        minimumWidth = styling.minimumWidth
        maximumWidth = styling.maximumWidth
        minimumOpacity = styling.minimumOpacity
        maximumOpacity = styling.maximumOpacity
        curve = styling.pressureCurve
        tiltWidening = styling.brush.tiltWidening
    }

    /// 0…1: how far from the minimum towards the maximum this sample's ink is.
    public mutating func strength(for sample: InputSample) -> Double {
        defer { previous = sample }
        if let pressure = sample.pressure { return curve.value(at: pressure) }
        if let last = previous {
            let dt = sample.time - last.time
            if dt > 0 {
                let instant = last.position.distance(to: sample.position) / dt
                speed += (instant - speed) * speedSmoothing
            }
        }
        return 1 - min(1, speed / speedForMinimumWidth)
    }

    public mutating func apply(to dab: inout DabPoint, for sample: InputSample) {
        let f = strength(for: sample)
        var diameter = minimumWidth + (maximumWidth - minimumWidth) * f
        if tiltWidening != 0 {
            let tilt = min(90, (sample.tiltX * sample.tiltX + sample.tiltY * sample.tiltY).squareRoot())
            diameter *= 1 + tiltWidening * sin(tilt * .pi / 180)
        }
        dab.diameter = diameter
        let opacity = minimumOpacity + (maximumOpacity - minimumOpacity) * f
        // The base dab carries the colour's alpha times the maximum opacity; rescale to this opacity.
        if maximumOpacity > 0 { dab.color.alpha *= Float(opacity / maximumOpacity) }
    }

    public mutating func reset() {
        previous = nil
        speed = 0
    }
}
