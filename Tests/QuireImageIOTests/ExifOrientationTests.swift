import XCTest
@testable import QuireImageIO

/// Photos whose EXIF orientation tag says how to turn them, written into real JPEGs in both TIFF byte orders.
final class ExifOrientationTests: XCTestCase {
    private enum Corner { case topLeft, topRight, bottomLeft, bottomRight }

    /// Where the stored top-left (red) and top-right (blue) corners must be seen, per EXIF's own table
    /// ("row 0 is the visual …, column 0 is the visual …").
    private let expected: [Int: (red: Corner, blue: Corner)] = [
        1: (.topLeft, .topRight), 2: (.topRight, .topLeft), 3: (.bottomRight, .bottomLeft),
        4: (.bottomLeft, .bottomRight), 5: (.topLeft, .bottomLeft), 6: (.topRight, .bottomRight),
        7: (.bottomRight, .topRight), 8: (.bottomLeft, .topLeft),
    ]

    private func colour(at corner: Corner, of image: RGBAImage, inset: Int) -> RGBAImage.Pixel {
        switch corner {
        case .topLeft: return image[inset, inset]
        case .topRight: return image[image.width - 1 - inset, inset]
        case .bottomLeft: return image[inset, image.height - 1 - inset]
        case .bottomRight: return image[image.width - 1 - inset, image.height - 1 - inset]
        }
    }

    func testEveryOrientationInBothByteOrdersPutsTheMarkedCornersWhereTheyBelong() throws {
        let stored = try JPEG.encode(ImageFixtures.markedCorners(width: 48, height: 32, mark: 8), quality: 95)
        for littleEndian in [true, false] {
            for orientation in 1...8 {
                let jpeg = ImageFixtures.withExif(stored, orientation: orientation, littleEndian: littleEndian)
                let context = "orientation \(orientation), \(littleEndian ? "II" : "MM")"
                let info = try ImageFile.probe(jpeg)
                XCTAssertEqual(info.orientation.rawValue, orientation, context)
                XCTAssertEqual([info.width, info.height], [48, 32], context)
                let sideways = orientation >= 5
                XCTAssertEqual([info.uprightWidth, info.uprightHeight], sideways ? [32, 48] : [48, 32], context)

                let image = try ImageFile.decode(jpeg)
                XCTAssertEqual([image.width, image.height], [info.uprightWidth, info.uprightHeight], context)
                let (red, blue) = expected[orientation]!
                let all: [Corner] = [.topLeft, .topRight, .bottomLeft, .bottomRight]
                for corner in all {
                    let want = corner == red ? ImageFixtures.red : corner == blue ? ImageFixtures.blue : ImageFixtures.white
                    let seen = colour(at: corner, of: image, inset: 3)
                    XCTAssertLessThanOrEqual(ImageFixtures.distance(seen, want), 24, "\(context), \(corner): \(seen)")
                }
            }
        }
    }

    func testAFittedSidewaysPhotoFitsItsUprightSize() throws {
        let stored = try JPEG.encode(ImageFixtures.markedCorners(width: 400, height: 200, mark: 40))
        let jpeg = ImageFixtures.withExif(stored, orientation: 6, littleEndian: false)
        let image = try ImageFile.decode(jpeg, fittingIn: 100)
        XCTAssertEqual([image.width, image.height], [50, 100])
        XCTAssertLessThanOrEqual(ImageFixtures.distance(image[47, 2], ImageFixtures.red), 24, "\(image[47, 2])")
        XCTAssertLessThanOrEqual(ImageFixtures.distance(image[47, 97], ImageFixtures.blue), 24, "\(image[47, 97])")
    }

    func testDamagedOrOddEXIFLeavesThePhotoUpright() throws {
        let stored = try JPEG.encode(ImageFixtures.markedCorners(width: 16, height: 8, mark: 4))
        let goodTIFF = Array(ImageFixtures.withExif(stored, orientation: 6, littleEndian: true)[12..<(12 + 8 + 2 + 24 + 4)])
        var damaged: [[UInt8]] = [
            [], [0x49, 0x49], Array("XX*\0\u{8}\0\0\0".utf8),
            [0x49, 0x49, 0x2A, 0x00, 0xFF, 0xFF, 0xFF, 0x7F],       // IFD0 far outside the block
            [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08, 0xFF, 0xFF],  // 65,535 entries, none there
            Array(goodTIFF.prefix(goodTIFF.count - 8)),             // cut inside the orientation entry
        ]
        // Every cut before the orientation's value (bytes 30 and 31) is complete.
        for cut in 0..<32 { damaged.append(Array(goodTIFF.prefix(cut))) }
        var wrongType = goodTIFF
        wrongType[24] = 4  // the orientation entry as a LONG
        damaged.append(wrongType)
        var outOfRange = goodTIFF
        outOfRange[30] = 9
        damaged.append(outOfRange)
        for tiff in damaged {
            let jpeg = ImageFixtures.withAPP1(stored, payload: Array("Exif\0\0".utf8) + tiff)
            XCTAssertEqual(try ImageFile.probe(jpeg).orientation, .upright, "\(tiff)")
            XCTAssertEqual(try ImageFile.decode(jpeg).width, 16, "\(tiff)")
        }
        XCTAssertEqual(try ImageFile.probe(ImageFixtures.withAPP1(stored, payload: Array("Exif\0\0".utf8) + goodTIFF)).orientation,
                       .turnClockwise)
    }

    func testTheOrientationTransformsAreTheirDefinedPermutations() {
        var image = RGBAImage(width: 3, height: 2)
        for y in 0..<2 { for x in 0..<3 { image[x, y] = .init(r: UInt8(x), g: UInt8(y), b: 0, a: 255) } }
        let turned = ExifOrientation.turnClockwise.apply(to: image)
        XCTAssertEqual([turned.width, turned.height], [2, 3])
        // Stored row 0 becomes the right-hand column, read top to bottom.
        XCTAssertEqual((0..<3).map { turned[1, $0].r }, [0, 1, 2])
        XCTAssertEqual((0..<3).map { turned[1, $0].g }, [0, 0, 0])
        for orientation in ExifOrientation.allCases {
            let once = orientation.apply(to: image)
            XCTAssertEqual(once.pixels.sorted(), image.pixels.sorted(), "\(orientation) must only move pixels")
        }
    }
}
