import QuireGeometry

extension RecognizedShape {
    /// The most samples a clean shape is drawn with: its spacing grows past `sampleSpacing` for a
    /// shape so long it would need more.
    public static let maximumSamples = 8_000
    /// Page pixels between the clean shape's samples, so that every engine draws its sides straight
    /// and its curves round whatever the hand's samples were.
    public static let sampleSpacing = 2.0

    /// Samples that draw the shape, replacing `hand`'s: every corner exactly, points at most
    /// `sampleSpacing` apart between, each with the pressure, tilt, wheel and time of the hand-drawn
    /// stroke at the same fraction of its length (so a line keeps the hand's pressure along it, and the
    /// mouse's speed-set width stays as drawn). Empty for no hand samples or no path.
    public func samples(replacing hand: [InputSample]) -> [InputSample] {
        guard let first = hand.first, path.count >= 2 else { return [] }
        var handLengths = [0.0]
        handLengths.reserveCapacity(hand.count)
        for (a, b) in zip(hand, hand.dropFirst()) { handLengths.append(handLengths[handLengths.count - 1] + a.position.distance(to: b.position)) }
        let handLength = handLengths[handLengths.count - 1]
        let total = length
        let spacing = max(Self.sampleSpacing, total / Double(Self.maximumSamples - path.count))
        var samples: [InputSample] = []
        var travelled = 0.0, handIndex = 0
        func sample(at point: Point, distance: Double) -> InputSample {
            // Where the hand was at the same fraction of the way (walked forward only: distances grow).
            let target = total > 0 ? distance / total * handLength : 0
            while handIndex + 1 < hand.count - 1, handLengths[handIndex + 1] < target { handIndex += 1 }
            guard hand.count > 1 else { return moved(first, to: point) }
            let a = hand[handIndex], b = hand[handIndex + 1]
            let span = handLengths[handIndex + 1] - handLengths[handIndex]
            let t = span > 0 ? min(1, max(0, (target - handLengths[handIndex]) / span)) : 0
            return moved(Self.blend(a, b, t), to: point)
        }
        for (a, b) in zip(path, path.dropFirst()) {
            let segment = a.distance(to: b)
            let steps = max(1, Int((segment / spacing).rounded(.up)))
            for k in 0..<steps {
                let t = Double(k) / Double(steps)
                samples.append(sample(at: a.lerp(to: b, t), distance: travelled + segment * t))
            }
            travelled += segment
        }
        samples.append(sample(at: path[path.count - 1], distance: total))
        return samples
    }

    private func moved(_ sample: InputSample, to point: Point) -> InputSample {
        var moved = sample
        moved.position = point
        return moved
    }

    /// `a` and `b` mixed at `t` (0: `a`) in every measured value; a value one of them lacks is `a`'s.
    private static func blend(_ a: InputSample, _ b: InputSample, _ t: Double) -> InputSample {
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        var mixed = a
        if let pa = a.pressure, let pb = b.pressure { mixed.pressure = mix(pa, pb) }
        if let wa = a.wheel, let wb = b.wheel { mixed.wheel = mix(wa, wb) }
        mixed.tiltX = mix(a.tiltX, b.tiltX)
        mixed.tiltY = mix(a.tiltY, b.tiltY)
        mixed.time = mix(a.time, b.time)
        return mixed
    }
}
