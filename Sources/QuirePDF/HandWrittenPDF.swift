import Foundation

/// PDFs cairo never writes (encrypted, empty, absurd), written by hand with a correct cross-reference
/// table so that only the point each one makes is wrong with it: for tests and the fuzzer's seeds.
public enum HandWrittenPDF {
    /// A PDF of the given objects (numbered from 1; the first is the catalog) and trailer entries.
    public static func build(_ objects: [String], trailer: String = "") -> [UInt8] {
        var text = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, body) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(index + 1) 0 obj\n\(body)\nendobj\n"
        }
        let xref = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { text += String(format: "%010d 00000 n \n", offset) }
        text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R \(trailer)>>\nstartxref\n\(xref)\n%%EOF\n"
        return Array(text.utf8)
    }

    /// One page per media box ("0 0 612 792"), nothing drawn on them; `entries` go in every page's
    /// dictionary ("/Rotate 90").
    public static func pages(mediaBoxes: [String], entries: String = "") -> [UInt8] {
        let kids = mediaBoxes.indices.map { "\($0 + 3) 0 R" }.joined(separator: " ")
        return build(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [\(kids)] /Count \(mediaBoxes.count) >>"]
            + mediaBoxes.map { "<< /Type /Page /Parent 2 0 R /MediaBox [\($0)] \(entries)>>" })
    }

    /// A one-page PDF protected by a user password (standard security handler, RC4 40-bit) whose /U entry
    /// matches no password, so a reader without one cannot open it.
    public static func encrypted() -> [UInt8] {
        let hex32 = String(repeating: "5A", count: 32)
        return build(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
                      "<< /Filter /Standard /V 1 /R 2 /O <\(hex32)> /U <\(hex32)> /P -44 >>"],
                     trailer: "/Encrypt 4 0 R /ID [<0123456789ABCDEF0123456789ABCDEF> <0123456789ABCDEF0123456789ABCDEF>] ")
    }
}
