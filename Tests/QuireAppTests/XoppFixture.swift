import CZlib
import Foundation
import QuireImageIO
import QuireStorage
import QuireTestSupport
import XCTest

/// Xournal++ files as Xournal++ 1.1 writes them (XML, gzip'ed by zlib), for the import and export
/// tests, and the `quire` runs and library checks they share.
enum XoppFixture {
    /// Writes `xml` gzip'ed (as Xournal++ saves) to `path`.
    static func writeGzip(_ bytes: [UInt8], to path: String, level: Int = 6) {
        guard let file = gzopen(path, "wb\(level)") else { return XCTFail("gzopen \(path)") }
        var done = 0
        while done < bytes.count {
            let count = min(bytes.count - done, 1 << 24)
            let written = bytes.withUnsafeBytes { gzwrite(file, $0.baseAddress! + done, UInt32(count)) }
            guard written > 0 else { gzclose_w(file); return XCTFail("gzwrite \(path)") }
            done += Int(written)
        }
        XCTAssertEqual(gzclose_w(file), Z_OK)
    }

    static func writeGzip(_ xml: String, to path: String) {
        writeGzip(Array(xml.utf8), to: path)
    }

    /// A whole document around `pages` (each a `<page>…</page>` string).
    static func document(_ pages: [String]) -> String {
        """
        <?xml version="1.0" standalone="no"?>
        <xournal creator="Xournal++ 1.1.3" fileversion="4">
        <title>Xournal++ document - see https://xournalpp.github.io/</title>
        \(pages.joined(separator: "\n"))
        </xournal>

        """
    }

    static func page(width: Double = 612, height: Double = 792, background: String = ##"<background type="solid" color="#ffffffff" style="plain"/>"##,
                     layers: [String] = [""]) -> String {
        "<page width=\"\(width)\" height=\"\(height)\">\n\(background)\n"
            + layers.map { "<layer>\n\($0)\n</layer>" }.joined(separator: "\n") + "\n</page>"
    }

    /// A small opaque picture with a different colour in each quarter, as base64 PNG.
    static func pngBase64(width: Int = 40, height: Int = 20) throws -> String {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                pixels[i] = x < width / 2 ? 220 : 20
                pixels[i + 1] = y < height / 2 ? 200 : 40
                pixels[i + 2] = 90
            }
        }
        return Data(try PNG.encode(RGBAImage(width: width, height: height, pixels: pixels))).base64EncodedString()
    }

    /// Every file in `library` with its bytes: what must not change when an import is refused.
    static func snapshot(_ library: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for name in (try? FileManager.default.subpathsOfDirectory(atPath: library)) ?? [] {
            var isDirectory: ObjCBool = false
            let path = library + "/" + name
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[name] = FileManager.default.contents(atPath: path)
            }
        }
        return files
    }
}
