/// An effects engine, the SpiralKit way: it adjusts the ink at each sample (width, opacity, colour,
/// rotation) and may change how the stroke is blended. Effects are chained in the order a style lists
/// them, each seeing the dab as the previous left it, and they are called once per sample, never per
/// sprite, so an existential call here costs nothing measurable.
public protocol InkEffectsEngine: Sendable {
    /// The id a style stores and the registry knows it by.
    var identifier: String { get }
    /// Reads what the effect needs from the styling (widths, curve, brush) and may change the styling's
    /// blend mode or layer opacity. Called when the styling is made and whenever it changes.
    mutating func calibrate(to styling: inout InkStyling)
    /// Adjusts the ink at one sample. Samples arrive in stroke order; effects may keep state (the last
    /// sample, a smoothed speed) between calls until `reset`.
    mutating func apply(to dab: inout DabPoint, for sample: InputSample)
    /// Forgets per-stroke state: called when a stroke ends or is cancelled.
    mutating func reset()
}
