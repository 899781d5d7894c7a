/// Shrinks an image by area averaging (a box filter sized to the scale): each output pixel is the mean of
/// the source area it covers, partial pixels weighted by how much of them it covers. For reduction this
/// neither aliases nor blurs more than needed, and it is one pass per axis.
///
/// Colours are averaged weighted by alpha, so a transparent pixel's (meaningless) colour does not bleed
/// into its opaque neighbours.
enum AreaResampler {
    /// `image` at `width`×`height`, which must not exceed its size on either axis (it only shrinks).
    static func resize(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        if image.width == width && image.height == height { return image }
        precondition(width >= 1 && height >= 1 && width <= image.width && height <= image.height,
                     "AreaResampler only shrinks")
        let columns = Contributions(source: image.width, target: width)
        let rows = Contributions(source: image.height, target: height)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        var rowSum = [Float](repeating: 0, count: width * 4)
        var columnSum = [Float](repeating: 0, count: width * 4)
        image.pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                rowSum.withUnsafeMutableBufferPointer { rowSum in
                    columnSum.withUnsafeMutableBufferPointer { columnSum in
                        for y in 0..<height {
                            for i in 0..<columnSum.count { columnSum[i] = 0 }
                            for (sourceY, rowWeight) in rows.pairs(y) {
                                resampleRow(source, row: sourceY, sourceWidth: image.width, columns: columns, into: rowSum)
                                for i in 0..<columnSum.count { columnSum[i] += rowWeight * rowSum[i] }
                            }
                            writeRow(columnSum, into: target, at: y * width * 4)
                        }
                    }
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }

    /// Row `row` of the source shrunk horizontally, as alpha-weighted sums (r·a, g·a, b·a, a).
    private static func resampleRow(_ source: UnsafeBufferPointer<UInt8>, row: Int, sourceWidth: Int,
                                    columns: Contributions, into sums: UnsafeMutableBufferPointer<Float>) {
        let base = row * sourceWidth * 4
        for x in 0..<columns.target {
            var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
            let start = columns.first[x]
            for k in 0..<columns.count[x] {
                let i = base + (start + k) * 4
                let alpha = Float(source[i + 3])
                let w = columns.weights[columns.offset[x] + k] * alpha
                r += w * Float(source[i])
                g += w * Float(source[i + 1])
                b += w * Float(source[i + 2])
                a += columns.weights[columns.offset[x] + k] * alpha
            }
            sums[x * 4] = r
            sums[x * 4 + 1] = g
            sums[x * 4 + 2] = b
            sums[x * 4 + 3] = a
        }
    }

    private static func writeRow(_ sums: UnsafeMutableBufferPointer<Float>, into target: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        var i = 0
        while i < sums.count {
            let alpha = sums[i + 3]
            if alpha > 0 {
                target[start + i] = clampedByte(sums[i] / alpha)
                target[start + i + 1] = clampedByte(sums[i + 1] / alpha)
                target[start + i + 2] = clampedByte(sums[i + 2] / alpha)
            }
            target[start + i + 3] = clampedByte(alpha)
            i += 4
        }
    }

    private static func clampedByte(_ value: Float) -> UInt8 { UInt8(min(255, max(0, value + 0.5))) }

    /// For each target index along one axis: which source indices it covers and with what weights
    /// (summing to 1).
    struct Contributions {
        let target: Int
        var first: [Int] = [], count: [Int] = [], offset: [Int] = [], weights: [Float] = []

        init(source: Int, target: Int) {
            self.target = target
            let scale = Double(source) / Double(target)
            for t in 0..<target {
                let start = Double(t) * scale, end = Double(t + 1) * scale
                let firstIndex = Int(start), lastIndex = min(source - 1, Int((end - 1e-9).rounded(.down)))
                first.append(firstIndex)
                count.append(lastIndex - firstIndex + 1)
                offset.append(weights.count)
                for s in firstIndex...lastIndex {
                    let covered = min(end, Double(s + 1)) - max(start, Double(s))
                    weights.append(Float(covered / scale))
                }
            }
        }

        func pairs(_ t: Int) -> [(Int, Float)] {
            (0..<count[t]).map { (first[t] + $0, weights[offset[t] + $0]) }
        }
    }
}
