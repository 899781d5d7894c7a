/// Shrinks an image by area averaging (a box filter sized to the scale): each output pixel is the mean of
/// the source area it covers, partial pixels weighted by how much of them it covers. For reduction this
/// neither aliases nor blurs more than needed, and it is one pass per axis.
///
/// Colours are averaged weighted by alpha, so a transparent pixel's (meaningless) colour does not bleed
/// into its opaque neighbours. Rows are resampled across once each and kept while the next output row
/// still needs them, so the cost is one pass over the source plus one over the output.
enum AreaResampler {
    /// `image` at `width`×`height`, which must not exceed its size on either axis (it only shrinks).
    static func resize(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        if image.width == width && image.height == height { return image }
        precondition(width >= 1 && height >= 1 && width <= image.width && height <= image.height,
                     "AreaResampler only shrinks")
        let columns = Contributions(source: image.width, target: width)
        let rows = Contributions(source: image.height, target: height)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        // The horizontally resampled source row last computed, and which row it was.
        var cached = [SIMD4<Float>](repeating: .zero, count: width), cachedRow = -1
        var fresh = [SIMD4<Float>](repeating: .zero, count: width)
        var sums = [SIMD4<Float>](repeating: .zero, count: width)
        image.pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                cached.withUnsafeMutableBufferPointer { cached in
                    fresh.withUnsafeMutableBufferPointer { fresh in
                        sums.withUnsafeMutableBufferPointer { sums in
                            columns.withBuffers { columns in
                                rows.withBuffers { rows in
                                    for y in 0..<height {
                                        for i in 0..<sums.count { sums[i] = .zero }
                                        let first = rows.first[y], count = rows.count[y]
                                        for k in 0..<count {
                                            let sourceY = first + k, weight = rows.weights[rows.offset[y] + k]
                                            let row: UnsafeMutableBufferPointer<SIMD4<Float>>
                                            if sourceY == cachedRow {
                                                row = cached
                                            } else if k == count - 1 {
                                                // The last row of this output row may be the first of the next one.
                                                resampleRow(source, row: sourceY, sourceWidth: image.width, columns: columns, into: cached)
                                                cachedRow = sourceY
                                                row = cached
                                            } else {
                                                resampleRow(source, row: sourceY, sourceWidth: image.width, columns: columns, into: fresh)
                                                row = fresh
                                            }
                                            for i in 0..<sums.count { sums[i] += weight * row[i] }
                                        }
                                        writeRow(sums, into: target, at: y * width * 4)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }

    /// Row `row` of the source shrunk horizontally, as alpha-weighted sums (r·a, g·a, b·a, a).
    private static func resampleRow(_ source: UnsafeBufferPointer<UInt8>, row: Int, sourceWidth: Int,
                                    columns: Contributions.Buffers, into sums: UnsafeMutableBufferPointer<SIMD4<Float>>) {
        let pixels = UnsafeBufferPointer(rebasing: source[(row * sourceWidth * 4)..<((row + 1) * sourceWidth * 4)])
        for x in 0..<columns.first.count {
            var sum = SIMD4<Float>.zero
            var i = columns.first[x] * 4, w = columns.offset[x]
            for _ in 0..<columns.count[x] {
                let pixel = SIMD4<Float>(Float(pixels[i]), Float(pixels[i + 1]), Float(pixels[i + 2]), 1)
                sum += pixel * (columns.weights[w] * Float(pixels[i + 3]))
                i += 4
                w += 1
            }
            sums[x] = sum
        }
    }

    private static func writeRow(_ sums: UnsafeMutableBufferPointer<SIMD4<Float>>, into target: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        for x in 0..<sums.count {
            let sum = sums[x], alpha = sum[3]
            let colour = alpha > 0 ? sum * (1 / alpha) : .zero
            let i = start + x * 4
            target[i] = clampedByte(colour[0])
            target[i + 1] = clampedByte(colour[1])
            target[i + 2] = clampedByte(colour[2])
            target[i + 3] = clampedByte(alpha)
        }
    }

    private static func clampedByte(_ value: Float) -> UInt8 { UInt8(min(255, max(0, value + 0.5))) }

    /// For each target index along one axis: which source indices it covers and with what weights
    /// (summing to 1).
    struct Contributions {
        var first: [Int] = [], count: [Int] = [], offset: [Int] = [], weights: [Float] = []

        init(source: Int, target: Int) {
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

        struct Buffers {
            let first, count, offset: UnsafeBufferPointer<Int>
            let weights: UnsafeBufferPointer<Float>
        }

        /// The tables as raw buffers, for the inner loops.
        func withBuffers<R>(_ body: (Buffers) -> R) -> R {
            first.withUnsafeBufferPointer { first in
                count.withUnsafeBufferPointer { count in
                    offset.withUnsafeBufferPointer { offset in
                        weights.withUnsafeBufferPointer { weights in
                            body(Buffers(first: first, count: count, offset: offset, weights: weights))
                        }
                    }
                }
            }
        }
    }
}
