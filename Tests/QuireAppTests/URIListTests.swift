import QuireX11
import XCTest

/// `text/uri-list` as file managers write it, read without an X server.
final class URIListTests: XCTestCase {
    private func entries(_ text: String) -> [String] { URIList.entries(in: Array(text.utf8)) }

    func testFileURIsBecomePercentDecodedPaths() {
        XCTAssertEqual(entries("file:///home/ann/My%20Photos/a%25b.png\r\n"), ["/home/ann/My Photos/a%b.png"])
        XCTAssertEqual(entries("file://localhost/tmp/%C3%A9t%C3%A9.jpg\n"), ["/tmp/été.jpg"])
        XCTAssertEqual(entries("file:/tmp/x.png"), ["/tmp/x.png"])
        XCTAssertEqual(entries("FILE:///tmp/x.png"), ["/tmp/x.png"])
    }

    func testCommentsAndBlankLinesAreSkipped() {
        XCTAssertEqual(entries("# from Files\r\n\r\nfile:///a\r\n  \r\nfile:///b"), ["/a", "/b"])
    }

    func testWhatIsNotALocalPathIsKeptAsGiven() {
        XCTAssertEqual(entries("https://example.com/a.png\r\nfile://otherhost/x.png\r\nfile:///bad%zz\r\nfile:///nul%00"),
                       ["https://example.com/a.png", "file://otherhost/x.png", "file:///bad%zz", "file:///nul%00"])
    }

    func testGarbageDoesNotTrap() {
        XCTAssertEqual(URIList.entries(in: [0xff, 0xfe, 0x0a, 0x25]), ["\u{FFFD}\u{FFFD}", "%"])
    }
}
