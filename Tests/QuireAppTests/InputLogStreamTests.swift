@testable import QuireApp
import Foundation
import QuireGeometry
import QuireInk
import QuireX11
import XCTest

/// Input logs are read as a stream, a line at a time: a log of millions of bytes reads exactly, lines
/// across the reader's chunks included, and a hostile one (a line of 64 MiB, never a newline) is
/// refused at the line limit, named, before the reader holds more than about two of its megabytes.
final class InputLogStreamTests: XCTestCase {
    private let folder = NSTemporaryDirectory() + "quire-input-log-\(UUID().uuidString)"

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testALogOfManyChunksReadsBackEveryEventInOrder() throws {
        let path = folder + "/long.jsonl"
        let recorder = try InputRecorder(path: path)
        var written: [WindowEvent] = []
        for i in 0..<30_000 {
            let sample = InputSample(position: Point(Double(i % 800) + 0.25, Double(i % 1000) / 3), pressure: Double(i % 100) / 100,
                                     time: Double(i) / 1000, device: .pen)
            let event: WindowEvent = i % 500 == 0 ? .pointerDown(sample, button: 1, shift: false)
                : (i % 500 == 499 ? .pointerUp(sample, button: 1, control: false) : .pointerMoved(sample))
            try recorder.record(event)
            written.append(event)
        }
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        XCTAssertGreaterThan(size, 3 << 20, "the log spans several of the reader's 1 MiB chunks")
        XCTAssertEqual(try InputLog.read(path), written)
    }

    func testALineWithoutEndIsRefusedAtTheLimitAndNamed() throws {
        let path = folder + "/endless.jsonl"
        FileManager.default.createFile(atPath: path, contents: Data(#"{"format":"quire-input/1"}"#.utf8 + [0x0a]))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        let block = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
        for _ in 0..<64 { try handle.write(contentsOf: block) }
        try handle.close()
        XCTAssertThrowsError(try InputLog.read(path)) { error in
            XCTAssertEqual(error as? InputLog.Failure,
                           .badLine(path: path, line: 2, reason: "longer than \(InputLog.maximumLineBytes) bytes"))
        }
    }

    func testAFirstLineWithoutEndIsNotAnInputLog() throws {
        let path = folder + "/noise.bin"
        FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x41, count: 3 << 20))
        XCTAssertThrowsError(try InputLog.read(path)) { error in
            XCTAssertEqual(error as? InputLog.Failure, .notAnInputLog(path: path))
        }
    }

    func testAFolderOrFIFOIsRefusedWithoutWaiting() throws {
        let fifo = folder + "/pipe.jsonl"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        for path in [folder, fifo] {
            XCTAssertThrowsError(try InputLog.read(path)) { error in
                XCTAssertEqual(error as? InputLog.Failure, .unreadable(path: path, reason: "it is not a regular file"))
            }
        }
    }

    func testTheLastLineNeedsNoNewlineAndBlankLinesAreSkipped() throws {
        let path = folder + "/short.jsonl"
        let text = #"{"format":"quire-input/1"}"# + "\n\n  \r\n" + #"{"event":{"exposed":{}}}"# + "\n" + #"{"event":{"closeRequested":{}}}"#
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try InputLog.read(path), [.exposed, .closeRequested])
    }
}
