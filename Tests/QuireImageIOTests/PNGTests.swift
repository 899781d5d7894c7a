import Foundation
import XCTest
@testable import QuireImageIO

/// Real PNG files through libpng.
final class PNGTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "quire-png-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func sampleImage() -> RGBAImage {
        var image = RGBAImage(width: 7, height: 5, fill: (255, 255, 255, 255))
        image[0, 0] = .init(r: 255, g: 0, b: 0, a: 255)
        image[6, 4] = .init(r: 0, g: 0, b: 255, a: 128)
        image[3, 2] = .init(r: 10, g: 20, b: 30, a: 0)
        return image
    }

    func testAFileRoundTripsExactly() throws {
        let path = folder + "/a.png"
        try PNG.write(sampleImage(), to: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(try PNG.read(from: path), sampleImage())
    }

    func testMemoryRoundTripsExactlyAtBothSpeeds() throws {
        for speed in [PNG.Speed.small, .fast] {
            XCTAssertEqual(try PNG.decode(try PNG.encode(sampleImage(), speed: speed)), sampleImage())
        }
    }

    func testWritingIntoAMissingFolderIsAnErrorNotACrash() {
        XCTAssertThrowsError(try PNG.write(sampleImage(), to: folder + "/missing/a.png")) { error in
            XCTAssertEqual(error as? PNGError, .fileSystem(path: folder + "/missing/a.png", operation: "open", code: .ENOENT))
            XCTAssertTrue("\(error)".contains("No such file"), "\(error)")
        }
    }

    func testATruncatedFileIsAnErrorNotACrash() throws {
        let bytes = try PNG.encode(sampleImage())
        let path = folder + "/truncated.png"
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try PNG.read(from: path)) { error in
            XCTAssertTrue("\(error)".contains("cannot read PNG \(path)"), "\(error)")
        }
    }

    func testAFileThatIsNotAPNGIsAnError() throws {
        let path = folder + "/not.png"
        try Data("hello, I am text".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try PNG.read(from: path))
        XCTAssertThrowsError(try PNG.decode([]))
    }

    func testAMissingFileSaysSo() {
        XCTAssertThrowsError(try PNG.read(from: folder + "/nope.png")) { error in
            XCTAssertEqual(error as? PNGError, .fileSystem(path: folder + "/nope.png", operation: "open", code: .ENOENT))
            XCTAssertTrue("\(error)".contains("No such file"), "\(error)")
        }
    }

    func testFlippingTwiceIsTheIdentity() {
        let image = sampleImage()
        XCTAssertEqual(image.flippedVertically()[0, 4], image[0, 0])
        XCTAssertEqual(image.flippedVertically().flippedVertically(), image)
    }
}
